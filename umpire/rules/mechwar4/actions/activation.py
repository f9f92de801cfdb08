"""Activations that are not a move: a company activated as a formation, its early end, and
a unit forming column by staying put.  Registered with `engine.action` like the turn's
other actions; the rule system says who is in formation and who may form column.
"""

from __future__ import annotations

from typing import Any

from ....core.engine import Context
from ....core.errors import UmpireError
from ..state import ALL_ROUND
from ....core.hexgrid import DIRECTIONS
from ....core.store import models as m
from ....core.play.kit import after_activation, check_no_pause, check_turn_to_act, set_unit, unit_done
from .common import activation, close_company, in_activation, set_rule_state


def _company_side(game, cid: str) -> str:
    company = next((c for c in game.companies if c.id == cid), None)
    if company is None:
        raise UmpireError(f"no company {cid!r}")
    return next(b.side for b in game.battalions if b.id == company.battalion)


def activate(ctx: Context) -> tuple[str, Any]:
    """Activate a company as a formation: each of its units in formation may then move or fire
    before the other side acts (MW4 4.1, simplified formation doctrine)."""
    game = ctx.game
    cid = ctx.params.get("company")
    side = _company_side(game, cid)
    check_turn_to_act(game, side)
    check_no_pause(ctx, None)
    if activation(game)[0]:
        raise UmpireError(f"{activation(game)[0]} is already activated: end its activation first (MW4 4.1)")
    members, _left, why = ctx.system.formation(game, cid)
    if len(members) < 2:
        raise UmpireError(f"{cid} cannot act as a formation: {why}")
    set_rule_state(ctx, active_company=cid, activation_units=tuple(members))
    ctx.log.append(why)
    return f"{cid} activated: {', '.join(members)} may each move or fire", None


def end_activation(ctx: Context) -> tuple[str, Any]:
    """End a company's activation before all its units have acted; the others wait."""
    game = ctx.game
    cid, members = activation(game)
    if cid is None:
        raise UmpireError("no company is activated")
    check_no_pause(ctx, None)
    side = _company_side(game, cid)
    waiting = [x for x in members if not (game.units[x].moved or game.units[x].acted)]
    close_company(ctx)
    after_activation(ctx, side)
    return f"{cid}'s activation ended early" + (f": {', '.join(waiting)} did not act" if waiting else ""), None


def _staying_put(ctx: Context, uid: str, doing: str):
    """The checks for a unit that changes its status in place this activation (column,
    defilade): its side's turn, no pause, in the activated formation, and a company command
    that allows a change of status (MW4 19.14: not under Rally).  Returns the unit."""
    game = ctx.game
    u = game.units.get(uid)
    if u is None:
        raise UmpireError(f"no unit {uid!r}")
    check_turn_to_act(game, u.side)
    check_no_pause(ctx, uid)
    in_activation(game, uid)
    command = game.command_of(u)
    if command and not ctx.system.commands()[command].get("status", True):
        spec = ctx.system.commands()[command]
        raise UmpireError(f"{uid} cannot {doing}: {u.company} is under a {spec['label']} command ({spec['rule']})")
    return u


def form_column(ctx: Context) -> tuple[str, Any]:
    """A unit forms column by staying put for its activation (MW4 8.11)."""
    game = ctx.game
    uid = ctx.params.get("unit")
    u = _staying_put(ctx, uid, "form column")
    problem = ctx.system.form_column_problem(game, uid)
    if problem:
        raise UmpireError(f"{uid} cannot form column: {problem[0]}" + (f" ({problem[1]})" if problem[1] else ""))
    set_unit(ctx, ctx.session.get(m.UnitRow, uid), in_column=True, acted=True, defilade=None)   # 8.13
    ctx.log.append(f"{uid} forms column in {game.map.number(u.hex)} (MW4 8.11)")
    unit_done(ctx, u.side)
    return f"{uid} forms column", None


def defilade(ctx: Context) -> tuple[str, Any]:
    """A unit takes up a defilade position in its hex, its marker facing a next hex (MW4 10.5);
    infantry covers every direction and needs no facing (10.52).  It stays put for its
    activation, like forming column."""
    game = ctx.game
    uid, facing = ctx.params.get("unit"), ctx.params.get("facing")
    u = _staying_put(ctx, uid, "enter defilade")
    try:
        toward = game.map.grid.parse(str(facing)) if facing else None
    except ValueError as e:
        raise UmpireError(f"defilade {uid}: {e}") from None
    problem = ctx.system.defilade_problem(game, uid, toward)
    if problem:
        raise UmpireError(f"{uid} cannot enter defilade: {problem[0]}" + (f" ({problem[1]})" if problem[1] else ""))
    direction = ALL_ROUND if toward is None else DIRECTIONS.index(toward - u.hex)
    # a motorcycle paused in its move takes defilade there and ends its move (MW4 19.621)
    set_unit(ctx, ctx.session.get(m.UnitRow, uid), defilade=direction, acted=True, paused=False)
    n = game.map.number
    where = "all round" if toward is None else f"facing {n(toward)}"
    ctx.log.append(f"{uid} enters defilade in {n(u.hex)}, {where} (MW4 10.5)")
    unit_done(ctx, u.side)
    return f"{uid} enters defilade {where}", None
