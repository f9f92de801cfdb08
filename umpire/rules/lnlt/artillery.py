"""Lock 'n Load Tactical off-board artillery (18.2): a leader calls a fire mission of one of his
side's supports (the scenario's [[artillery]]: `strength` is the mission's firepower,
`concentrations` the missions it may fire) on a hex in his line of sight.

The spotting round drifts: 1d6 for the distance -- plus the degrading hexes on the way, less the
leader's LM, halved and rounded up -- and 1d6 for the direction (1 north, then clockwise).  If it
lands in his sight he brings it one hex back toward his aim, and the Fire For Effect falls there.
Each hex of the mission's pattern holding units is attacked: 1d6 + the mission's firepower
against 1d6 + the hex's target modifier; a higher attack makes every unit there take a damage
check (5.0), friend or foe.

Missions here: standard (the FFE hex and the six around it at full firepower), loose (every hex
within two at the loose firepower, 18.2's chart) and concentrated (the FFE hex at 1.5 times,
rounded up, the six around it at half, rounded down).  Readings: the spotting round and the fire
for effect are one impulse of the leader's; the line and walking barrage missions are still to
come, and so are mortar weapon teams (18.1).
"""

from __future__ import annotations

import math

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game
from ...core.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex, hex_distance
from . import tables
from .combat import damage_check
from .state import acting_unit, good_order, kind, lm, tm

MISSIONS = ("standard", "loose", "concentrated")
COMPASS = ("N", "NE", "SE", "S", "SW", "NW")       # 18.2: a 1 is north, then clockwise


def missions_left(game: Game, support) -> int:
    return support.concentrations - int(game.support_used.get(support.id, {}).get("missions", 0))


def pattern(game: Game, ffe: Hex, mission: str, fp: int) -> list[tuple[Hex, int]]:
    ring = [h for h in game.map.on_map_neighbours(ffe)]
    if mission == "loose":
        loose = tables.loose_firepower(game.rules, fp)
        return [(h, loose) for h in game.map.hexes() if hex_distance(h, ffe) <= 2]
    if mission == "concentrated":
        return [(ffe, math.ceil(1.5 * fp))] + [(h, fp // 2) for h in ring]
    return [(ffe, fp)] + [(h, fp) for h in ring]


def drift(game: Game, target: Hex, direction_die: int, distance: int) -> Hex:
    """The hex `distance` away from the target toward the die's compass point, stopping at the
    map's edge."""
    names = DIRECTION_NAMES[game.map.grid.orientation]
    step = DIRECTIONS[names.index(COMPASS[direction_die - 1])] if COMPASS[direction_die - 1] in names else DIRECTIONS[0]
    h = target
    for _ in range(distance):
        if not game.map.contains(h + step):
            break
        h = h + step
    return h


def fire_mission(game: Game, sight, params: dict, dice) -> tuple[str, list]:
    n = game.map.number
    u = game.units.get(params.get("unit"))
    if u is not None and u.side == params.get("side") and (kind(game, u) != "leader" or not good_order(u)):
        raise UmpireError(f"fire mission: {u.id} is not a Good Order leader: leaders call the artillery (18.2)")
    u = acting_unit(game, params, "fire mission")
    side, uid = u.side, u.id
    mission = params.get("mission") or "standard"
    if mission not in MISSIONS:
        raise UmpireError(f"fire mission: unknown mission {mission!r} (here: {', '.join(MISSIONS)})")
    supports = [a for a in game.artillery if a.side == side and a.from_turn <= game.turn
                and missions_left(game, a) > 0 and (params.get("support") in (None, a.id))]
    if not supports:
        later = [a.from_turn for a in game.artillery if a.side == side and a.from_turn > game.turn
                 and params.get("support") in (None, a.id)]
        raise UmpireError(f"fire mission: {game.side(side).name} has no artillery mission left"
                          + (f" from {params['support']}" if params.get("support") else "")
                          + (f" before turn {min(later)}" if later else ""))
    support = supports[0]
    try:
        aim = game.map.grid.parse(params.get("hex"))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"fire mission: {e}") from None
    between = sight.degrading(u.hex, aim)
    if between is None:
        raise UmpireError(f"fire mission: {n(aim)} is out of {uid}'s line of sight (18.2)")
    white = dice.roll(f"spotting round drift: distance ({uid} at {n(aim)})", 1, 6,
                      (("degrading hexes", between), ("leader's LM", -lm(game, u)))).total
    colour = dice.roll("spotting round drift: direction (1 = north)", 1, 6).total
    distance = math.ceil(max(0, white) / 2)
    landed = drift(game, aim, colour, distance)
    lines = [f"Fire mission ({mission}) of {support.label} called by {uid} on {n(aim)} (LnLT 18.2)",
             f"  the spotting round drifts {distance} hex{'es' if distance != 1 else ''} {COMPASS[colour - 1]} to {n(landed)}"]
    ffe = landed
    if landed != aim and sight.degrading(u.hex, landed) is not None:
        closer = [h for h in game.map.on_map_neighbours(landed) if sight.degrading(u.hex, h) is not None]
        if closer:
            ffe = min(closer, key=lambda h: (hex_distance(h, aim), n(h)))
            lines.append(f"  in {uid}'s sight: shifted one hex to {n(ffe)}")
    lines.append(f"Result: fire for effect on {n(ffe)}")
    out: dict[str, dict] = {uid: {"acted": True, "marks": {**u.marks, "ops_complete": True}}}
    for h, fp in pattern(game, ffe, mission, support.strength):
        here = [v for v in game.units.values() if v.on_map and v.hex == h]
        if not here or fp <= 0:
            continue
        mods = (("firepower", fp),) + ((("target marked Moved", 1),) if any(v.moved for v in here) else ())
        a = dice.roll(f"artillery on {n(h)}: firepower {fp}", 1, 6, mods).total
        d = dice.roll(f"defence in {n(h)}: target modifier {tm(game, h)}", 1, 6, (("TM", tm(game, h)),)).total
        dc = tables.dc_number(game.rules, a, d)
        lines.append(f"  {n(h)}: {a} against {d}" + (f" -- damage checks at DC+{dc}" if dc is not None else " -- no effect"))
        if dc is not None:
            for v in here:              # friend or foe: the spotter too, if it falls on him
                damage_check(game, v, dc, dice, out.setdefault(v.id, {}), lines)
    used = dict(game.support_used.get(support.id, {}))
    used["missions"] = int(used.get("missions", 0)) + 1
    changes = [Change("note", "", {}, tuple(lines)), Change("support", support.id, {"used": used})]
    changes += [Change("unit", k, v) for k, v in out.items() if v]
    return f"{uid} calls a {mission} mission of {support.label} on {n(aim)}: it falls on {n(ffe)}", changes
