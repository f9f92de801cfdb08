"""Hex Command Mechanized stacking, cargo and the placing of commanders: two items and one
commander a hex (HCM 3.5.6, 3.5.7), passengers and towed guns taken on (2.3.6), commanders
placed in any hex once a turn (3.6, 3.10 b).  movement.py's check_move asks these."""

from __future__ import annotations

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex
from ...core.rulesystem import MoveCheck, Step
from .state import is_commander, is_vehicle, kind, placing_now, units_at

STACK = 2                 # 3.5.6: items a hex, commanders apart (one of them)


def stack_problem(game: Game, u: UnitState, h: Hex, riders: set[str]) -> str | None:
    """3.5.6: two items and one commander to a hex, the mover and its riders apart."""
    if kind(game, u) == "aircraft":
        return None                     # 2.4.3: in the air, it takes no room
    here = [v for v in units_at(game, h, u.side) if v.id != u.id and v.id not in riders and not v.carried_by
            and kind(game, v) != "aircraft"]
    if is_commander(game, u):
        if any(is_commander(game, v) for v in here):
            return f"{game.map.number(h)} already holds a commander (3.5.6)"
        return None
    items = [v for v in here if not is_commander(game, v)]
    if len(items) + 1 > STACK:
        return f"{game.map.number(h)} already holds {len(items)} items: two to a hex (3.5.6, 3.5.7)"
    return None


def boarding(game: Game, u: UnitState, ids) -> tuple[list[str] | str, float]:
    """2.3.6: passengers of its hex taking their places; their cost to the vehicle (1 hex)."""
    if not ids:
        return [], 0.0
    t = game.unit_type(u)
    aboard = [v for v in game.units.values() if v.carried_by == u.id]
    if not is_vehicle(game, u) or not t["carries"]:
        return f"a {t['label'].lower()} carries nobody", 0.0
    taking = []
    for pid in ids:
        p = game.units.get(pid)
        if p is None or p.side != u.side or not p.on_map or p.hex != u.hex or p.carried_by:
            return f"{pid} is not a unit of its side standing free in its hex", 0.0
        if not game.unit_type(p)["cargo_size"] and kind(game, p) != "gun":
            return f"{pid} cannot ride in a vehicle", 0.0
        taking.append(p)
    everyone = aboard + taking
    guns = [p for p in everyone if kind(game, p) == "gun"]
    points = sum(game.unit_type(p)["cargo_size"] for p in everyone if kind(game, p) != "gun")
    if len(guns) > 1:
        return "a vehicle tows one gun (2.3.6)", 0.0
    if points > t["cargo"]:
        return f"{points} cargo points: a {t['label'].lower()} carries {t['cargo']} (2.3.6)", 0.0
    if len(everyone) > t["carries"]:
        return f"a {t['label'].lower()} takes {t['carries']} units", 0.0
    return [p.id for p in taking], 1.0


def place_commander(game: Game, u: UnitState, path: list[Hex]) -> MoveCheck:
    """3.6, 3.10 b: a commander is placed, once a turn, in its side's placement phase."""
    n = game.map.number

    def refuse(reason: str) -> MoveCheck:
        return MoveCheck(u.id, (), 0.0, False, reason, "HCM 3.6")

    if game.phase and not placing_now(game):
        return refuse("commanders have no movement: they are placed in their side's placement phase (3.6, 3.10 b)")
    if u.moved:
        return refuse("a commander placed this turn is not placed again (3.6, 4.6)")
    if u.status == "off_map" and len(path) == 1:
        to = path[0]
    elif u.on_map and len(path) == 2 and path[0] == u.hex:
        to = path[1]
    else:
        return refuse("a commander is placed from its hex straight to another: give the two hexes")
    if not game.map.contains(to):
        return refuse(f"{to} is off the map")
    if game.rules.terrain_types[game.map.terrain[to]]["move"]["foot"] is None:
        return refuse(f"nobody stands in {n(to)}")
    crowded = stack_problem(game, u, to, set())
    if crowded:
        return refuse(crowded)
    start = Step(path[0], 0.0, 0.0, "lifted")
    steps = (start,) if len(path) == 1 else (start, Step(to, 0.0, 0.0, "placed (3.6)"))
    # the journal says he is placed (3.6), not that he moved 0 of 0 MP
    return MoveCheck(u.id, steps, 0.0, True, says=f"is placed at {n(to)} (HCM 3.6)")
