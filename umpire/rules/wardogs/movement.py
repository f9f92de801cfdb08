"""Wardogs movement (Wardogs pp. 9-10, Table 1): a path priced and checked for the core's move.

Readings:
* p. 9: a unit pays Table 1 for each hex it enters and 1 MP for each hexside it turns its front.
  It may move forward or backward at the same cost: each step is taken facing the way it goes,
  or backing (front to the opposite side), whichever needs fewer turns (forward on a tie); the
  front ends where the last step left it.  Moving backward through terrain that is not clear
  costs a stability penalty to rolls made (Table 2), noted on the move.
* p. 9: a change of more than one level in one step multiplies the cost of the hex entered by
  the levels changed (level 1 to 4 into rough: 2 x 3 = 6).  Umpire reads "change" both ways:
  down as well as up.
* p. 9: infantry move one hex a turn whatever the terrain and turn freely.
* p. 10: a unit in full flight prices every hex as clear and pays no climbing; it must move at
  least a third of its air MP (rounded up) -- a shorter move is refused, for it would stall.
* p. 11: a fallen unit must stand up before it moves (stability.py); a unit that stood up has
  half of what was left after the 2 MP the attempt cost.
* Tables 8-9: damaged legs and drives cut the ground MP (`ground_mp`).
* Umpire's readings where the text is silent: a unit may enter a hex where units of either side
  stand (p. 13: units never block; nothing forbids it), so a move never tells of a hidden enemy.
* p. 16: a churned hex costs what its new terrain costs, and a road through it is gone; a
  burning hex may be entered by mecha and aircraft only (fires.may_enter).
* p. 10, passengers: a carrier unloads squads at the end of its move (`dismount`); squads load
  by the `load` action after both ended their moves in one hex (actions.py).
"""

from __future__ import annotations

import math

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game
from ...core.hexgrid import DIRECTIONS, Hex, Hexside, hex_distance
from ...core.rulesystem import MoveCheck, Step
from . import crash
from .fires import may_enter
from .state import DRIVE, LEGS, is_infantry
from .terrain_fire import is_churned, terrain_at

RULE = "Wardogs p. 9"
MOVE_PHASES = ("movement", "infantry")


def turns_between(a: int, b: int) -> int:
    """Hexsides turned from facing a to facing b (p. 9: 1 MP each)."""
    d = abs(a - b) % 6
    return min(d, 6 - d)


def direction(a: Hex, b: Hex) -> int:
    return DIRECTIONS.index(b - a)


def terrain_cost(game: Game, move_class: str, a: Hex, b: Hex) -> tuple[float | None, str]:
    """Table 1: what entering b from a costs, a road along the hexside replacing the hex's cost;
    a hex churned by fire is its new terrain, its road gone (p. 16)."""
    t = game.rules.terrain_types[terrain_at(game.map, b)]
    cost, note = t["move"][move_class], t["label"].lower()
    if is_churned(game.map, b):
        return (None if cost is None else float(cost)), f"{note}, churned by fire (Wardogs p. 16)"
    for kind in dict(game.map.features(Hexside.between(a, b))):
        f = game.rules.hexside_features.get(kind)
        if f and f["crossing"] == "replaces" and f["move"][move_class] is not None:
            cost, note = f["move"][move_class], f["label"].lower()
    return (None if cost is None else float(cost)), note


def climbing(game: Game, a: Hex, b: Hex) -> int:
    """p. 9: the levels changed in one step, when more than one (the multiplier); else 1."""
    change = abs(game.map.elevation.get(b, 0) - game.map.elevation.get(a, 0))
    return change if change > 1 else 1


def ground_mp(game: Game, u) -> int:
    """The ground MP its damage leaves (Tables 8-9).  Table 8: a damaged leg takes MP / legs off,
    rounded to the nearest, a destroyed one twice that (Umpire rounds the share once, then
    doubles it: the text does not say).  Table 9: a damaged drive halves the MP, rounded up; a
    destroyed one leaves 0."""
    t = game.unit_type(u)
    mp = t["mp"]
    legs = t["legs"]
    if legs:
        share = math.floor(mp / legs + 0.5)
        mp -= sum(share * min(u.marks.damage.get(leg, 0), 2) for leg in LEGS)
    drive = u.marks.damage.get(DRIVE, 0)
    if drive:
        mp = 0 if drive >= 2 else math.ceil(mp / 2)
    return max(mp, 0)


def allowance(game: Game, u) -> float:
    """The MP it has this turn: air MP in flight (p. 10), else ground MP as damage leaves it;
    after standing up, the 2 MP spent and half the rest (p. 11); infantry one hex (p. 9)."""
    t = game.unit_type(u)
    mp = t["air_mp"] if u.marks.flying else ground_mp(game, u)
    if u.marks.half_mp:
        return u.mp_spent + math.floor(max(mp - u.mp_spent, 0) / 2)
    return float(mp)


def least_flight(game: Game, u) -> int:
    """p. 10: a unit in full flight moves at least 1/3 of its air MP (rounded up) each turn."""
    return math.ceil(game.unit_type(u)["air_mp"] / 3)


def check_move(game: Game, uid: str, path: list[Hex], how: dict | None = None) -> MoveCheck:
    how = how or {}
    n = game.map.number
    u = game.units.get(uid)
    if u is None:
        return MoveCheck(uid, (), 0, False, f"no unit {uid!r}")
    t = game.unit_type(u)
    mp = allowance(game, u)

    def refuse(reason: str, rule: str = RULE) -> MoveCheck:
        return MoveCheck(uid, (), mp, False, reason, rule)

    extra = sorted(set(how) - {"dismount"})
    if extra:
        return refuse(f"Wardogs moves have no {extra[0]!r} option")
    infantry = is_infantry(game, u)
    wanted = "infantry" if infantry else "movement"
    if game.phase not in ("", wanted):
        return refuse(f"{'infantry' if infantry else 'non-infantry units'} move in the "
                      f"{'Infantry movement' if infantry else 'Movement'} phase", f"Wardogs p. 7 step {3 if infantry else 2}")
    if not path:
        return refuse("the path is empty")
    if not u.on_map:
        return refuse(f"it is {u.status.replace('_', ' ')}")
    if u.carried_by:
        return refuse(f"it rides in {u.carried_by}: it unloads at the end of its carrier's move", "Wardogs p. 10")
    if u.marks.fallen:
        return refuse("it has fallen: it must stand up first (the stand_up action)", "Wardogs p. 11")
    if u.moved and not u.paused:
        return refuse("it has already moved this turn")
    if path[0] != u.hex:
        return refuse(f"the path must start in its hex, {n(u.hex)}")
    if mp <= 0:
        return refuse("it has no movement points", "Wardogs p. 9")
    move_class = "air" if u.marks.flying else t["move_class"]
    spent = u.mp_spent          # MP already spent this turn: turning in place, standing up (p. 11)
    steps = [Step(u.hex, 0.0, spent, "start")]
    facing = u.marks.facing if u.marks.facing is not None else 0
    notes: list[str] = []
    for a, b in zip(path, path[1:]):
        if not game.map.contains(b):
            return refuse(f"{b} is off the map")
        if hex_distance(a, b) != 1:
            return refuse(f"{n(a)} and {n(b)} are not adjacent")
        flames = may_enter(game, u, b)
        if flames:
            return refuse(flames.removesuffix(" (Wardogs p. 16)"), "Wardogs p. 16")
        cost, note = terrain_cost(game, move_class, a, b)
        if cost is None:
            return refuse(f"a {t['label']} may not enter {note}", "Wardogs Table 1")
        if infantry:
            cost, note = 1.0, f"{note}, ignored by infantry"
        else:
            d = direction(a, b)
            ahead, back = turns_between(facing, d), turns_between(facing, (d + 3) % 6)
            backing = back < ahead
            turn = back if backing else ahead
            facing = (d + 3) % 6 if backing else d
            if not u.marks.flying:
                times = climbing(game, a, b)
                if times > 1:
                    cost, note = cost * times, f"{note} x {times} levels"
            if backing and not game.rules.terrain_types[terrain_at(game.map, b)]["clear"] and not u.marks.flying:
                notes.append(f"backs into {n(b)}: -1 to stability rolls this turn (Wardogs Table 2)")
            if turn:
                cost, note = cost + turn, f"{turn} hexside turn{'s' if turn > 1 else ''} + {note}"
        total = steps[-1].total + cost
        if total > mp:
            return refuse(f"{n(b)} is beyond its reach: {total:g} of {mp:g} movement points")
        steps.append(Step(b, cost, total, note))
    hexes = len(steps) - 1
    if u.marks.flying and hexes < least_flight(game, u) and len(path) > 1:
        return refuse(f"in full flight it must move at least {least_flight(game, u)} hexes or stall", "Wardogs p. 10")
    leaving = tuple(how.get("dismount") or ())
    for pid in leaving:
        p = game.units.get(pid)
        if p is None or p.carried_by != uid:
            return refuse(f"{pid} is not riding in {uid}", "Wardogs p. 10")
    marks = u.marks.but(facing=facing, hexes_moved=u.marks.hexes_moved + hexes,
                        cover=u.marks.cover if hexes == 0 else "")   # p. 13: cover is declared where it stands
    return MoveCheck(uid, tuple(steps), mp, True, leaving=leaving, marks=marks, notes=tuple(notes),
                     end_notes=tuple(f"{p} unloads at the rear of {uid} (Wardogs p. 10)" for p in leaving))


def face(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """p. 9: a unit that has not moved turns in place, 1 MP a hexside (infantry freely); it moves
    on with what is left in a later turn of the phase."""
    uid = params.get("unit")
    u = game.units.get(uid)
    if u is None or u.side != params.get("side") or not u.on_map or u.carried_by:
        raise UmpireError(f"face: {params.get('side')} has no unit {uid!r} standing on the table")
    if u.moved:
        raise UmpireError(f"face: {uid} has moved; it turns as it moves ({RULE})")
    if u.marks.fallen:
        raise UmpireError(f"face: {uid} has fallen: it must stand up first (Wardogs p. 11)")
    try:
        to = game.map.grid.direction_index(str(params.get("facing", "")))
    except ValueError as e:
        raise UmpireError(f"face: {e}") from None
    cost = 0 if is_infantry(game, u) else turns_between(u.marks.facing or 0, to)
    if u.mp_spent + cost > allowance(game, u):
        raise UmpireError(f"face: turning {cost} hexsides costs {cost} MP, it has {allowance(game, u) - u.mp_spent:g} ({RULE})")
    name = game.map.grid.direction_name(to)
    return f"{uid} faces {name}", [Change("unit", uid, {"mp_spent": u.mp_spent + cost, "facing": to},
                                          (f"{uid} turns to face {name}: {cost} MP ({RULE})",))]


def stalling(game: Game, side: str | None = None) -> list:
    """p. 10: the units in full flight (of `side`, or every side) that have flown less than a
    third of their air MP this turn: they stall as the Movement phase ends."""
    return [u for u in sorted(game.units.values(), key=lambda u: u.id)
            if u.on_map and u.marks.flying and game.unit_type(u)["flight"] == "full"
            and u.marks.hexes_moved < least_flight(game, u) and (side is None or u.side == side)]


def stalls(game: Game, dice) -> list[Change]:
    """p. 10: a unit in full flight that moved less than a third of its air MP this turn stalls
    and crashes -- judged as the Movement phase ends."""
    out: list[Change] = []
    for u in stalling(game):
        out += crash.crash(game, u, dice, f"stalled: {u.marks.hexes_moved} of the {least_flight(game, u)} hexes it must fly")
    return out
