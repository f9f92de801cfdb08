"""The move and halt actions: a unit moves along a path the rule system prices and checks
(`check_move`), pausing where the umpire asks -- or where the rule system stops it by itself
(`move_stop`: the enemy's standing orders) -- for opportunity fire, then goes on or halts.
Passengers ride along, a stack may move as one, minefields strike on the way in and out.
What else a move meets is the rule system's (`move_starts`, `move_ends`: a panic check before
it sets out, barrages and overruns at its end)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ..changes import Change, apply, learners
from ..actionspec import ActionField
from ..engine import Context, action
from ..errors import UmpireError, cited
from ..hexgrid import Hex
from ..store import models as m
from .kit import check_may_act, check_no_pause, check_turn_to_act, set_unit, unit_done
from .spotting import spot_pass


@action("move", "Move", who="unit", fields=(
    ActionField("unit", "Unit", kind="unit"), ActionField("path", "Path (its hex first)", kind="hexes"),
    ActionField("until", "Pause in hex", required=False, kind="hex"),
    ActionField("pace", "Pace", required=False), ActionField("exit", "Leave the map", required=False, kind="flag"),
    ActionField("with", "Units moving with it", required=False, kind="units")))
def _move(ctx: Context) -> tuple[str, Any]:
    """Move a unit along a path (the rule system prices and checks it), then spot again.

    params: unit, path (hex numbers), and optionally `until` (a hex of the path) where the move
    pauses for opportunity fire.  A paused unit goes on with another move, or halts.  Also
    optional, priced by the rule system: pace, column (True/False), mount and dismount (unit
    ids), exit (True: leave the map after the last hex), with (unit ids of its hex moving with
    it as one stack), overrun and target.
    """
    game, session, system = ctx.game, ctx.session, ctx.system
    uid = ctx.params.get("unit")
    try:
        path = [game.map.grid.parse(n) for n in ctx.params.get("path", [])]
        until = game.map.grid.parse(ctx.params["until"]) if ctx.params.get("until") else None
    except ValueError as e:
        raise UmpireError(f"move {uid}: {e}") from None
    how = {k: ctx.params[k] for k in ("pace", "column", "mount", "dismount", "exit", "overrun", "with")
           if k in ctx.params}
    if uid in game.units:
        u = game.units[uid]
        check_turn_to_act(game, u.side)
        check_no_pause(ctx, uid)
        check_may_act(ctx, uid, "move")
        _check_orders(ctx, uid, in_place=len(path) == 1 and not how.get("exit") and u.on_map)
    check = system.check_move(game, uid, path, how)
    if not check.legal:
        raise UmpireError(f"{uid} cannot move: " + cited(check.reason, check.rule))
    n = game.map.number
    mover = game.units[uid]
    ended = system.move_starts(ctx, uid, check)       # a panic before it sets out...
    if ended:
        unit_done(ctx, mover.side)
        return ended, None
    start = mover.hex
    if not mover.paused and (len(path) > 1 or how.get("exit")) and mine_attack(ctx, uid, start, leaving=True):
        if mover.status != "on_map":                    # whatever the result, it may leave
            spot_pass(ctx)
            unit_done(ctx, mover.side)
            return f"{uid} is destroyed leaving the mined hex {n(start)}{_cite(ctx, 'leaving')}", None
    steps = list(check.steps)
    standing = system.move_stop(game, uid, check) if until is None else None
    stop = until if until is not None else (standing[0] if standing else None)
    if stop is not None and stop == check.engages and until is None:
        stop = None               # the enemy there fights the mover on arrival, not before
    if stop is not None:
        if stop not in [s.hex for s in steps[1:]]:
            raise UmpireError(f"move {uid}: the pause hex {n(stop)} is not on its path")
        steps = steps[: [s.hex for s in steps].index(stop, 1) + 1]
    paused = stop is not None and steps[-1].hex != check.steps[-1].hex
    if paused and check.companions:
        raise UmpireError(f"move {uid}: a stack moving together goes to its last hex without pausing")
    end = steps[-1].hex
    walked = ([[h.q, h.r] for h in mover.path] if mover.paused else []) + \
        [[s.hex.q, s.hex.r] for s in (steps if not mover.paused else steps[1:])]
    # a paused move's dismount and exit wait for the rest of the move
    leaving = () if paused else check.leaving
    gone = check.exits and not paused
    aboard = [v.id for v in game.units.values() if v.carried_by == uid and v.id not in leaving]
    spent = steps[-1].total + (0.0 if paused else check.end_cost)
    rows = {r.id: r for r in session.execute(select(m.UnitRow).where(
        m.UnitRow.id.in_([uid, *aboard, *check.boarding, *leaving]))).scalars()}
    where = dict(q=None, r=None, status="exited") if gone else dict(q=end.q, r=end.r, status="on_map")
    marks = system.marks_after_move(game, uid, check, paused, gone or end != start)
    set_unit(ctx, rows[uid], moved=True, path=walked, mp_spent=spent, paused=paused, **where,
             **({"marks": marks} if marks is not None else {}))
    for cid in check.companions:  # the rest of the stack moves with it
        companion = {"marks": check.companion_marks[cid]} if cid in check.companion_marks else {}
        set_unit(ctx, session.get(m.UnitRow, cid), moved=True, path=walked, mp_spent=spent, **where, **companion)
    for pid in aboard:           # passengers ride along and spend nothing
        set_unit(ctx, rows[pid], moved=True, **where)
    for pid in check.boarding:
        set_unit(ctx, rows[pid], moved=True, carried_by=uid, mp_spent=check.passenger_cost, **where)
    for pid in leaving:
        set_unit(ctx, rows[pid], moved=True, carried_by=None, mp_spent=check.passenger_cost,
                 q=end.q, r=end.r, status="on_map")
    _carried_along(ctx, {uid, *check.companions, *aboard, *check.boarding, *leaving})
    riders = aboard + list(check.boarding)
    ctx.log.append(f"{uid} {check.says}" if check.says else
                   f"{uid} moves " + " ".join(f"{n(s.hex)}({s.total:g})" for s in steps)
                   + f": {spent:g} of {check.allowance:g} MP" + (f", carrying {', '.join(riders)}" if riders else "")
                   + (f", with {', '.join(check.companions)}" if check.companions else ""))
    ctx.log.extend(f"  {x}" for x in check.notes + (() if paused else check.end_notes))
    for h, who in check.watchers.items():
        if h in [s.hex for s in steps[1:]]:
            ctx.log.append(f"  entering {n(h)} in sight of {', '.join(who)}: opportunity fire possible"
                           + (f" ({system.opportunity_rule})" if system.opportunity_rule else ""))
    if paused:
        why = standing[1] if standing else "for opportunity fire" + (f" ({system.pause_rule})" if system.pause_rule else "")
        ctx.log.append(f"  {uid} pauses in {n(end)} {why}; it may go on afterwards"
                       + (f" ({system.go_on_rule})" if system.go_on_rule else ""))
    mined = check.stop_at is not None and check.stop_at == end
    if mined:
        ctx.log.append(f"  {uid} enters a minefield in {n(check.stop_at)} and stops{_cite(ctx, 'stops')}")
        mine_attack(ctx, uid, end, leaving=False)
    ended = system.move_ends(ctx, uid, start, [s.hex for s in steps[1:]], paused, check)   # barrages, overruns...
    spot_summary, _change = spot_pass(ctx)
    if not paused and not system.hold_problem(game, None):
        unit_done(ctx, mover.side)
    state = f"pauses in {n(end)}" if paused else (f"left the map from {n(end)}" if gone else f"moved to {n(end)}")
    if ended:
        state = ended
    elif mined and mover.status != "on_map":
        state = f"is destroyed by mines in {n(end)}{_cite(ctx, 'destroyed')}"
    elif mined:
        state = f"moved to {n(end)} and is stopped by mines there{_cite(ctx, 'stops')}"
    elif mover.status != "on_map" and not gone:
        state = f"is destroyed on its way to {n(end)}"
    elif check.stopped:
        state = f"{state}: {check.stopped}"
    return f"{uid} {state} ({spent:g} MP). {spot_summary}", check


def _check_orders(ctx: Context, uid: str, in_place: bool) -> None:
    """A formation's command for the turn may forbid moving, or changing status in place (getting
    in or out of a carrier): its `moves` and `status` (RuleSystem.commands)."""
    game = ctx.game
    u = game.units[uid]
    command = game.command_of(u)
    if not command:
        return
    spec = ctx.system.commands().get(command, {})
    if in_place and not spec.get("status", True):
        raise UmpireError(f"{uid} cannot mount or dismount: {u.company} is under a {spec['label']} command "
                          f"({spec['rule']})")
    if not in_place and spec["moves"] == "never":
        raise UmpireError(f"{uid} cannot move: {u.company} is under a {spec['label']} command ({spec['rule']})")


def _carried_along(ctx: Context, moving: set[str]) -> None:
    """What the moving units carry goes where they went (a squad's support weapon, a weapon
    aboard a vehicle), however deep."""
    game = ctx.game
    frontier = set(moving)
    while frontier:
        nested = [u for u in game.units.values() if u.carried_by in frontier and u.id not in moving
                  and u.status in ("on_map", "exited")]
        frontier = set()
        for u in nested:
            c = game.units[u.carried_by]
            set_unit(ctx, ctx.session.get(m.UnitRow, u.id), q=c.hex.q if c.hex else None,
                     r=c.hex.r if c.hex else None, status=c.status)
            moving.add(u.id)
            frontier.add(u.id)


def _cite(ctx: Context, event: str) -> str:
    rule = ctx.system.mine_rules.get(event)
    return f" ({rule})" if rule else ""


def mine_attack(ctx: Context, uid: str, where: Hex | None, leaving: bool) -> bool:
    """A unit entering or leaving a mined hex: the rule system says what the mines do
    (`mine_attack`); a field that struck, and what it did, is told to the unit's side and to
    those who saw it strike -- the field's owner among them when its units watched (a move's
    lines were the mover's alone, and only its summary reached its journal).  True when the
    mines struck."""
    game = ctx.game
    kind = ctx.system.mine_type(game, where) if where is not None else None
    if kind is None:
        return False
    changes = ctx.system.mine_attack(game, uid, kind, leaving, ctx.dice)
    if not changes:
        return False
    first = len(ctx.log)
    apply(ctx, changes, indent="  ")
    ctx.log.share(first, learners(ctx, uid, where))
    apply(ctx, [Change("overlay", "minefield", {"reveal": True, "q": where.q, "r": where.r, "seen_with": uid})])
    return True


@action("halt", "Halt", who="unit", fields=(ActionField("unit", "Unit", kind="unit"),))
def _halt(ctx: Context) -> tuple[str, Any]:
    """A unit paused for opportunity fire ends its move where it is."""
    game = ctx.game
    uid = ctx.params.get("unit")
    u = game.units.get(uid)
    if u is None or not u.paused or not u.on_map:
        raise UmpireError(f"{uid} is not paused in a move")
    check_may_act(ctx, uid, "halt")
    ctx.system.halts(ctx, uid)
    set_unit(ctx, ctx.session.get(m.UnitRow, uid), paused=False)
    unit_done(ctx, u.side)
    return f"{uid} ends its move in {game.map.number(u.hex)}", None
