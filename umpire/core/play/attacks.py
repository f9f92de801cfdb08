"""The attack on a hex: several units of a side attack one enemy-held hex together, and the rule
system settles the whole combat (an assault into the hex, ranged fire, attrition, a melee: its
`attack_kinds`).  At the hex of an enemy unit paused mid-move it is opportunity fire, made out
of turn; the rule system's sheet says who may make it.

The core checks whose turn it is and that the side knows of an enemy there; the rule system
prices the attack (`assault_sheet`) and says what its dice change (`resolve_assault`):
retreats, eliminations, counters on units.
"""

from __future__ import annotations

from typing import Any

from ..changes import apply
from ..actionspec import ActionField
from ..engine import Context, action
from ..errors import UmpireError, cited
from ..store import models as m
from .kit import check_no_pause, check_turn_to_act, set_unit, unit_done
from .spotting import spot_pass


@action("assault", "Attack hex", who="units", worksheet=True, fields=(
    ActionField("units", "Attacking units", kind="units"), ActionField("hex", "Hex attacked", kind="hex"),
    ActionField("kind", "Kind of attack", required=False), ActionField("at", "Single out", required=False, kind="enemy")))
def _assault(ctx: Context) -> tuple[str, Any]:
    """Units of one side attack an enemy-held hex together.

    params: units (ids of one side), hex (the target hex number), kind (the rule system's
    kind of attack; assault, attrition, ranged...) and, optionally, at (one enemy unit
    in the hex the attack singles out, one the side sees there)."""
    game, system = ctx.game, ctx.system
    units = list(ctx.params.get("units") or [])
    kind = ctx.params.get("kind") or "assault"
    if not units:
        raise UmpireError("attack: name at least one attacking unit")
    unknown = [x for x in units if x not in game.units]
    if unknown:
        raise UmpireError(f"attack: no unit {unknown[0]!r}")
    if len(set(units)) != len(units):
        raise UmpireError("attack: a unit is named twice")
    sides = {game.units[x].side for x in units}
    if len(sides) != 1:
        raise UmpireError("attack: the attacking units must all be of one side")
    side = sides.pop()
    try:
        target = game.map.grid.parse(ctx.params.get("hex"))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"attack: {e}") from None
    # an attack on the hex of an enemy unit paused mid-move is opportunity fire, out of turn;
    # the rule system says whether its kind and units may make one
    mover = next((u for u in game.units.values() if u.paused and u.on_map and u.hex == target and u.side != side),
                 None)
    if mover is not None:
        check_no_pause(ctx, mover.id)
    else:
        check_turn_to_act(game, side)
        check_no_pause(ctx, None)
    # the side attacks what it knows is there: a unit it sees in the hex now
    if not any(c.side == side and c.status == "seen" and c.hex == target for c in game.contacts.values()):
        raise UmpireError(f"attack: {game.side(side).name} sees no enemy unit in {game.map.number(target)}")
    aim = ctx.params.get("at") or None
    if aim is not None and not any(c.side == side and c.unit == aim and c.status == "seen" and c.hex == target
                                   for c in game.contacts.values()):
        raise UmpireError(f"attack: {game.side(side).name} sees no unit {aim!r} in {game.map.number(target)}")
    sheet = system.assault_sheet(game, units, target, kind, aim)
    if not sheet.legal:
        raise UmpireError("attack refused, nothing rolled: " + cited(sheet.reason, sheet.rule))
    # a line of the defenders' hidden state is theirs to read, not the attacker's (sheet.kept)
    kept = getattr(sheet, "kept", {})
    for i, line in enumerate(sheet.lines):
        ctx.log.add((line,), kept.get(i))
    summary, changes = system.resolve_assault(game, sheet, ctx.dice)
    apply(ctx, changes)
    spot_pass(ctx)
    if mover is None:
        unit_done(ctx, side)
    elif game.units[mover.id].status != "on_map":
        set_unit(ctx, ctx.session.get(m.UnitRow, mover.id), paused=False)    # no move left to go on with
        unit_done(ctx, mover.side)           # the mover's impulse ends with it
    return ("Opportunity fire: " if mover is not None else "") + summary, sheet
