"""Lock 'n Load Tactical off-board artillery (18.2): a leader calls a fire mission of one of his
side's supports (the scenario's [[artillery]]: `strength` is the mission's firepower,
`concentrations` the missions it may fire) on a hex in his line of sight.

The spotting round drifts: 1d6 for the distance -- plus the degrading hexes on the way, less the
leader's LM, halved and rounded up -- and 1d6 for the direction (1 north, then clockwise).  If it
lands in his sight he brings it one hex back toward his aim, and the Fire For Effect falls there.
Each hex of the mission's pattern holding units is attacked: 1d6 + the mission's firepower
against 1d6 + the hex's target modifier; a higher attack makes every unit there take a damage
check (5.0), friend or foe.

The five missions: standard (the FFE hex and the six around it at full firepower), loose (every
hex within two at the loose firepower, 18.2's chart), concentrated (the FFE hex at 1.5 times,
rounded up, the six around it at half, rounded down), line (every hex on the straight line
between two FFE markers at full firepower) and walking barrage (each FFE marker's hex at full
firepower, then at the start of each of the next two Operations phases, before any impulse,
the markers walk one hex in the direction chosen and strike again).
Readings: the spotting round and the fire for effect are one impulse of the leader's.  A line
(and a walking barrage laid as a line) has one spotting round: the leader names both ends in
his sight, the round drifts the first, and the second keeps its place relative to it (the
line's far end is cut at the map's edge).  Walking markers leaving the map are gone.  Mortar
weapon teams (18.1) fire through `attack_hex` too, with the better of two dice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game
from ...core.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex, hex_distance, hex_line
from . import pickup, tables
from .combat import strike
from .state import SPOTTERS, Barrage, acting_unit, aircraft, good_order, kind, lm, lowest_armour, tm, vehicle

MISSIONS = ("standard", "loose", "concentrated", "line", "walking")      # 18.2.1, chosen before the round
WALKS = 2                                          # 18.2: the next two turns
COMPASS = ("N", "NE", "SE", "S", "SW", "NW")       # 18.2: a 1 is north, then clockwise


def missions_left(game: Game, support) -> int:
    return support.concentrations - int(game.support_used.get(support.id, {}).get("missions", 0))


def ready(game: Game, side: str, support_id: str | None = None) -> list:
    """The side's supports with a mission to fire this turn (the scenario's `from_turn` and
    `concentrations`), or only the one named."""
    return [a for a in game.artillery if a.side == side and a.from_turn <= game.turn
            and missions_left(game, a) > 0 and support_id in (None, a.id)]


def may_call(game: Game, u) -> bool:
    """Whether unit u could call a mission now (18.2): a fire mission is a leader's or scout's
    impulse, so a Good Order one on the map that has not acted this turn, its side with a
    mission to fire.  Whose impulse it is, is the turn's to say (the engine's)."""
    return (kind(game, u) in SPOTTERS and u.on_map and good_order(u) and not (u.moved or u.fired or u.acted)
            and bool(ready(game, u.side)))


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


def attack_hex(game: Game, h: Hex, fp: int, dice, out: dict, lines: list, side: str, best_of_two: bool = False,
               modifiers: tuple = ()) -> list[Change]:
    """18.2: 1d6 + the firepower (+1 against a target marked Moved) against 1d6 + the target
    modifier; the leg units share the hex's defence roll, each vehicle rolls its own adding its
    lowest armour and, struck, checks damage however closed it is.  Friend or foe alike.  A
    mortar weapon team (18.1) takes the better of 2d6 and brings its own DFT `modifiers`."""
    n = game.map.number
    # an aircraft over the hex (19.1.1) is a level above it: not under the fire
    here = [v for v in game.units.values() if v.on_map and v.hex == h and not v.carried_by and not aircraft(game, v)]
    if not here or fp <= 0:
        return []
    extra: list[Change] = []
    legs = [v for v in here if not vehicle(game, v)]
    for group in ([legs] if legs else []) + [[v] for v in here if vehicle(game, v)]:
        # 17.3: an armoured vehicle under artillery adds its lowest armour to its defence roll
        armour = lowest_armour(game, group[0]) if vehicle(game, group[0]) else 0
        mods = (("firepower", fp),) + (tuple(modifiers) if best_of_two else
                                       ((("target marked Moved", 1),) if any(v.moved for v in group) else ()))
        if best_of_two:                                    # 18.1: the better of the two dice
            r = dice.roll(f"mortar fire on {n(h)}: firepower {fp}, the better of 2d6", 2, 6)
            a = max(r.faces) + sum(v for _w, v in mods)
        else:
            a = dice.roll(f"artillery on {n(h)}: firepower {fp}", 1, 6, mods).total
        d = dice.roll(f"defence in {n(h)}: target modifier {tm(game, h)}" + (f", armour {armour}" if armour else ""),
                      1, 6, (("TM", tm(game, h)),) + ((("armour", armour),) if armour else ())).total
        dc = tables.dc_number(game.rules, a, d)
        whom = f" ({group[0].id})" if vehicle(game, group[0]) else ""
        lines.append(f"  {n(h)}{whom}: {a} against {d}" + (f" -- damage checks at DC+{dc}" if dc is not None
                                                           else " -- no effect"))
        if dc is not None:
            extra += strike(game, group, dc, "dft", dice, out, lines, all_levels=True, attacker=side)
    return extra


def _defenders(game: Game, hexes: list[Hex]) -> list[str]:
    """The "Defenders: ... of <side>" lines a side's report reads the fire it came under by."""
    struck = [u for u in game.units.values() if u.on_map and u.hex in hexes and not u.carried_by]
    return [f"Defenders: {k} unit{'s' if k != 1 else ''} of {game.side(s).name}"
            for s in game.side_ids() if (k := sum(1 for u in struck if u.side == s))]


def _hex(game: Game, text, what: str) -> Hex:
    try:
        return game.map.grid.parse(text)
    except (ValueError, TypeError) as e:
        raise UmpireError(f"fire mission: {what}: {e}") from None


def _markers(barrages: Sequence[Barrage]) -> list[Change]:
    """The walking barrages' FFE markers on the map, public (everyone hears it fall)."""
    return [Change("overlay", "ffe", {"clear": True})] + [
        Change("overlay", "ffe", {"q": q, "r": r, "side": b.side, "detail": f"{b.support}, walking"})
        for b in barrages for q, r in b.hexes]


def walk_barrages(game: Game, dice) -> list:
    """18.2: at the start of the Operations phase, before any impulse, each walking barrage's
    markers move one hex its way and strike what is under them; after two walks it ends."""
    barrages = game.rule_state.barrages
    if not barrages:
        return []
    n = game.map.number
    out: dict[str, dict] = {}
    lines: list[str] = []
    extra: list[Change] = []
    left: list[Barrage] = []
    for b in barrages:
        hexes = [h + DIRECTIONS[b.direction] for h in b.markers]
        hexes = [h for h in hexes if game.map.contains(h)]
        lines.append(f"Walking barrage of {b.support} moves one hex to {', '.join(n(h) for h in hexes) or 'off the map'}"
                     " (18.2)")
        for h in hexes:
            extra += attack_hex(game, h, b.fp, dice, out, lines, b.side)
        if b.left > 1 and hexes:
            left.append(b.but(left=b.left - 1, hexes=tuple((h.q, h.r) for h in hexes)))
        else:
            lines.append(f"  the walking barrage of {b.support} ends (18.2)")
    pickup.fate_of_carried(game, out)
    return [Change("note", "", {}, tuple(lines)), Change("game", "state", {"barrages": left})] + \
        [Change("unit", k, v) for k, v in out.items() if v] + extra + _markers(left)


def fire_mission(game: Game, sight, params: dict, dice) -> tuple[str, list]:
    n = game.map.number
    u = game.units.get(params.get("unit"))
    if u is not None and u.side == params.get("side") and (kind(game, u) not in SPOTTERS or not good_order(u)):
        raise UmpireError(f"fire mission: {u.id} is not a Good Order leader or scout: they call the artillery (18.2)")
    u = acting_unit(game, params, "fire mission")
    side, uid = u.side, u.id
    mission = params.get("mission") or "standard"
    if mission not in MISSIONS:
        raise UmpireError(f"fire mission: unknown mission {mission!r} (here: {', '.join(MISSIONS)})")
    supports = ready(game, side, params.get("support"))
    if not supports:
        later = [a.from_turn for a in game.artillery if a.side == side and a.from_turn > game.turn
                 and params.get("support") in (None, a.id)]
        raise UmpireError(f"fire mission: {game.side(side).name} has no artillery mission left"
                          + (f" from {params['support']}" if params.get("support") else "")
                          + (f" before turn {min(later)}" if later else "") + " (18.2)")
    support = supports[0]
    aim = _hex(game, params.get("hex"), "hex")
    between = sight.degrading(u.hex, aim)
    if between is None:
        raise UmpireError(f"fire mission: {n(aim)} is out of {uid}'s line of sight (18.2)")
    far = _hex(game, params["to"], "to") if params.get("to") and mission in ("line", "walking") else None
    if mission == "line" and far is None:
        raise UmpireError("fire mission: a line mission needs its second hex ('to', 18.2)")
    if params.get("to") and mission not in ("line", "walking"):
        raise UmpireError(f"fire mission: a {mission} mission has one aiming hex; 'to' is for line and walking (18.2)")
    if far is not None and sight.degrading(u.hex, far) is None:
        raise UmpireError(f"fire mission: {n(far)} is out of {uid}'s line of sight (18.2)")
    walk = None
    if mission == "walking":
        names = DIRECTION_NAMES[game.map.grid.orientation]
        if params.get("direction") not in names:
            raise UmpireError(f"fire mission: a walking barrage needs its direction ({', '.join(names)}, 18.2)")
        walk = names.index(params["direction"])
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
    markers = [ffe]
    if far is not None:
        end = far + (ffe - aim)
        markers = [h for h in hex_line(ffe, end) if game.map.contains(h)]     # cut at the map's edge
    lines.append(f"Result: fire for effect on {', '.join(n(h) for h in markers)}")
    hexes = [h for h, _fp in pattern(game, ffe, mission, support.strength)] if mission in ("standard", "loose",
                                                                                        "concentrated") else markers
    lines += _defenders(game, hexes)
    out: dict[str, dict] = {uid: {"acted": True, "marks": u.marks.but(ops_complete=True)}}
    extra: list[Change] = []
    for h, fp in (pattern(game, ffe, mission, support.strength) if mission in ("standard", "loose", "concentrated")
                  else [(h, support.strength) for h in markers]):
        extra += attack_hex(game, h, fp, dice, out, lines, side)
    if walk is not None:
        walking = game.rule_state.barrages + (
            Barrage(side=side, support=support.label, fp=support.strength, direction=walk, left=WALKS,
                    hexes=tuple((h.q, h.r) for h in markers)),)
        extra.append(Change("game", "state", {"barrages": walking},
                            (f"  the barrage walks {params['direction']} in each of the next {WALKS} turns (18.2)",)))
        extra += _markers(walking)
    pickup.fate_of_carried(game, out)
    used = dict(game.support_used.get(support.id, {}))
    used["missions"] = int(used.get("missions", 0)) + 1
    changes = [Change("note", "", {}, tuple(lines)), Change("support", support.id, {"used": used})]
    changes += [Change("unit", k, v) for k, v in out.items() if v] + extra
    return f"{uid} calls a {mission} mission of {support.label} on {n(aim)}" + \
        (f"-{n(far)}" if far is not None else "") + f": it falls on {n(ffe)}", changes
