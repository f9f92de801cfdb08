"""Short halt fire (MW4 19.3, 19.31): a tank with effective gun stabilisation, paused in its
move, fires without ending it -- at a target that came into sight during the move (a) or at a
unit that fired at it by opportunity fire (b) -- for 2 movement points and -2 on the die; then
it goes on with the rest of its movement allowance, or halts.

Our readings: the unit must be paused in its move (the window's and `move --until`'s pause),
which is where the text's halt happens; any enemy unit its side observes then is a target that
came into sight (a) -- an opportunity firer is observed by firing (5.21), which gives (b); the
catalogue's `short_halt = true` marks the stabilised tanks; the panic check before firing
(13.0) is rolled, and a unit that panics ends its move there (13.1)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ....core.engine import Context
from ....core.errors import UmpireError
from ....core.hexgrid import hex_distance
from ....core.play.kit import check_no_pause, check_turn_to_act, set_unit, unit_done
from ....core.play.spotting import spot_pass
from ....core.store import models as m
from .common import panics
from .fire import apply_result, refusal, resolve_shot

HALT_MP = 2          # MW4 19.31


def target_unit(game, side: str | None, name: str | None) -> str | None:
    """The enemy unit a side names: by the label of its contact (what the side's view and
    docs/mechwar4.md call it, "C1") or, as the umpire's view may, by its id."""
    for (s, uid), c in game.contacts.items():
        if s == side and c.label == name:
            return uid
    return name


def targets(game, side: str, unit: str) -> tuple[str, ...]:
    """The labels of the enemy units `side` observes now (MW4 6.41), nearest to `unit` first --
    the form's choices, read from the side's own contacts: never a unit it has not seen."""
    u = game.units.get(unit)
    seen = [c for (s, _uid), c in game.contacts.items() if s == side and c.status == "seen"]
    if u is not None and u.on_map:
        seen.sort(key=lambda c: (hex_distance(c.hex, u.hex), c.label))
    return tuple(c.label for c in seen)


def cannot_halt(game, u) -> str | None:
    """Why `u` cannot fire a short halt now (MW4 19.3, 19.31), or None: the window greys the
    entry and says this."""
    kind = game.unit_type(u)
    if not kind.get("short_halt"):
        return f"{u.id} has no effective gun stabilisation (MW4 19.3)"
    if not u.on_map or not u.paused:
        return f"{u.id} is not paused in a move: pause it on the way (MW4 19.31)"
    if u.fired:
        return f"{u.id} has already fired this turn (MW4 19.31)"
    if float(kind["movement"]) - u.mp_spent < HALT_MP:
        return f"{u.id} has less than the {HALT_MP} MP a short halt costs (MW4 19.31)"
    return None


def short_halt(ctx: Context) -> tuple[str, Any]:
    """params: unit (a paused mover), target (an enemy unit its side observes: its contact's
    label or its id)."""
    game, system = ctx.game, ctx.system
    uid = ctx.params.get("unit")
    u = game.units.get(uid)
    target = target_unit(game, u.side if u is not None else None, ctx.params.get("target"))
    ctx.params["target"] = target          # journaled by id, as fire is: the witness names the contact
    t = game.units.get(target)
    if u is None or t is None:
        raise UmpireError(f"short halt: no unit {uid if u is None else target!r}")
    check_turn_to_act(game, u.side)
    check_no_pause(ctx, uid)
    if not u.paused or not u.on_map:
        raise UmpireError(f"{uid} is not paused in a move: a short halt is fired during the move (MW4 19.31)")
    kind = game.unit_type(u)
    if not kind.get("short_halt"):
        raise UmpireError(f"{uid} has no effective gun stabilisation: no short halt fire (MW4 19.3)")
    if u.fired:
        raise UmpireError(f"{uid} has already fired this turn (MW4 19.31)")
    left = float(kind["movement"]) - u.mp_spent
    if left < HALT_MP:
        raise UmpireError(f"a short halt costs {HALT_MP} MP; {uid} has {left:g} left (MW4 19.31)")
    contact = game.contacts.get((u.side, target))
    if contact is None or contact.status != "seen":
        raise UmpireError(f"short halt: {game.side(u.side).name} does not observe that unit now (MW4 6.41)")
    sheet = system.fire_sheet(game, uid, target, "main", short_halt=True)
    if why := refusal([sheet]):
        raise UmpireError(f"short halt refused, nothing rolled: {why}")
    rows = {r.id: r for r in ctx.session.execute(select(m.UnitRow)).scalars()}
    ctx.log.append(f"{uid} halts short in {game.map.number(u.hex)} to fire: {HALT_MP} MP (MW4 19.31)")
    set_unit(ctx, rows[uid], mp_spent=u.mp_spent + HALT_MP)
    if panics(ctx, rows[uid], "fire"):
        set_unit(ctx, rows[uid], paused=False)          # 13.1: neither moves nor fires on
        spot_pass(ctx)
        unit_done(ctx, u.side)
        return f"{uid} panicked at its short halt and stops (MW4 13.1)", [sheet]
    die = ctx.dice.roll(f"short halt fire {uid} at {target}", 1, 6).total
    result = resolve_shot(ctx, sheet, die)
    ctx.log.extend(sheet.text(f"{target} ({contact.label})"))
    set_unit(ctx, rows[uid], fired=True, short_halt=True)
    if not t.marks.fired_on:
        set_unit(ctx, rows[target], fired_on=True)        # MW4 7.15
    apply_result(ctx, rows, target, result)
    for unit_id, values, line in system.after_fire(game, game.units[uid], sheet, ctx.dice):
        if values:
            set_unit(ctx, rows[unit_id], **values)
        ctx.log.append(line)
    spot_summary, _change = spot_pass(ctx)
    going_on = game.units[uid].on_map and game.units[uid].paused
    tail = f"; {uid} may go on with {float(kind['movement']) - game.units[uid].mp_spent:g} MP or halt" if going_on else ""
    return f"Short halt fire at {contact.label}: {result}{tail}. {spot_summary}", [sheet]
