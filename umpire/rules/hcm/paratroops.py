"""Hex Command Mechanized paratroops dropping onto the table (HCM 2.2.1, 3.7.10).

The text drops a platoon at a time like a mortar round: the player names any hex; 1d6 of 5-6 puts
the platoon's centre there, otherwise a second die picks the off-target hex, two hexes away; then
each stand rolling 5-6 may be put by its owner in any hex within two of the target.  Umpire's
reading, stand by stand (each stand is dropped with its own action, its platoon's target named
again):

* 1d6 for the centre: 5-6 on the target; otherwise 1d6 clockwise from north (1 N, 2 NE, 3 SE, 4 S,
  5 SW, 6 NW) gives the hex two hexes off in that direction.
* 1d6 for the stand: 5-6, the owner puts it in the hex it asked for (`at`) when that lies within
  two hexes of the target, else at the centre; otherwise it comes down at the centre.
* A stand whose hex lies off the table comes down on the edge nearest it; one that comes down in
  water is lost.  It lands facing the nearest enemy unit and is on the table from then on (4.1).
* A paratroop stand is a reinforcement: it drops from its turn on, in its side's movement phase.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.hexgrid import Hex, hex_distance, neighbour
from .spotting import went_on_table
from .state import kind

LANDS_ON = 5              # 2.2.1: 5 or 6
OFF_TARGET = 2            # 2.2.1: two hexes
CLOCKWISE = ("N", "NE", "SE", "S", "SW", "NW")


def off_target(game, target: Hex, face: int) -> Hex:
    """The hex two hexes from `target` in the direction the die's face gives, clockwise from north."""
    d = game.map.grid.direction_index(CLOCKWISE[face - 1])
    h = target
    for _ in range(OFF_TARGET):
        h = neighbour(h, d)
    return h


def on_the_table(game, target: Hex, h: Hex) -> Hex:
    """A hex off the table brought back to the nearest hex on it, toward the target."""
    while not game.map.contains(h):
        h = min((n for n in (neighbour(h, d) for d in range(6))), key=lambda n: hex_distance(n, target))
    return h


def drop(game, params: dict, dice) -> tuple[str, list[Change]]:
    uid = params.get("unit")
    u = game.units.get(uid)
    n = game.map.number
    if u is None or u.side != params.get("side"):
        raise UmpireError(f"drop: {params.get('side')} has no unit {uid!r}")
    if kind(game, u) != "paratroop" or u.status != "off_map":
        raise UmpireError(f"drop: {uid} is not a paratroop stand waiting off the table (2.2.1)")
    group = next((r for r in game.reinforcements if uid in r.units), None)
    if group is None or game.turn < group.turn:
        raise UmpireError(f"drop: {uid} is not due yet" + (f" (turn {group.turn})" if group else "") + " (3.4)")
    try:
        target = game.map.grid.parse(str(params.get("hex", "")))
        at = game.map.grid.parse(str(params["at"])) if params.get("at") else None
    except ValueError as e:
        raise UmpireError(f"drop: {e}") from None
    if not game.map.contains(target):
        raise UmpireError(f"drop: {n(target)} is not on the table")
    lines = []
    first = dice.roll(f"{uid} drops at {n(target)}: on target on {LANDS_ON}-6 (2.2.1)", 1, 6).total
    if first >= LANDS_ON:
        centre = target
        lines.append(f"{uid} drops on {n(target)}: {first}, on target (2.2.1)")
    else:
        face = dice.roll(f"{uid}'s drop drifts: 1d6 clockwise from north (2.2.1)", 1, 6).total
        centre = on_the_table(game, target, off_target(game, target, face))
        lines.append(f"{uid} drops on {n(target)}: {first}, off target; {face} drifts it {CLOCKWISE[face - 1]} "
                     f"to {n(centre)} (2.2.1)")
    stand = dice.roll(f"{uid} places itself on {LANDS_ON}-6 (2.2.1)", 1, 6).total
    where = centre
    if stand >= LANDS_ON and at is not None and game.map.contains(at) and hex_distance(at, target) <= OFF_TARGET:
        where = at
        lines.append(f"  {stand}: its owner puts it in {n(at)} (2.2.1)")
    else:
        lines.append(f"  {stand}: it comes down in {n(where)}")
    if game.rules.terrain_types[game.map.terrain[where]]["move"]["foot"] is None:
        lines.append(f"  {uid} comes down in the water at {n(where)} and is lost")
        return f"{uid} is lost in the water at {n(where)}", [Change("unit", uid, {"status": "destroyed"}, tuple(lines))]
    foes = [e.hex for e in game.units.values() if e.on_map and e.side != u.side]
    facing = {}
    if foes:
        near = min(foes, key=lambda h: (hex_distance(where, h), h.q, h.r))
        facing = {"facing": min(range(6), key=lambda d: (hex_distance(neighbour(where, d), near), d))}
    landed = Change("unit", uid, {"q": where.q, "r": where.r, "status": "on_map", "moved": True, **facing},
                    tuple(lines))
    return f"{uid} lands in {n(where)}", [landed, *went_on_table(game, uid)]
