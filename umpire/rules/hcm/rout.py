"""Hex Command Mechanized: where a routed or pushed-back stand goes (HCM 3.7.19, 3.8 d, g), on the
game; the zones of control are zones.py's (in_enemy_zone, 3.5.5).

Readings where the text leaves a choice (tested in tests/rules/test_hcm_melee.py):
* The rout move (3.7.19: "immediately moved their move distance away"): hex by hex, up to its
  movement in hexes, each step to the free neighbour farthest from the nearest enemy unit on the
  table (the lower hex number on a tie), never into an enemy's hex, a zone of control (routed
  units avoid them, 3.7.19), impassable ground or a full hex (two items, 3.5.6); it stops where
  no step takes it farther.  Leaving the board is the owner's later move (3.7.19), not this one.
* Pushed back (3.8 d, g): to the hex straight away from the enemy, else one beside it; into a
  zone of control only if nothing else is free, and then routed; nowhere: destroyed.
"""

from __future__ import annotations

from ...core.hexgrid import Hex, direction_to, hex_distance, neighbour, neighbours
from .zones import in_enemy_zone
from .state import kind, units_at

STACK = 2                          # HCM 3.5.6


def passable(game, u, h: Hex) -> bool:
    """The unit may stand in h: on the map, ground its movement class enters, no enemy, room."""
    if not game.map.contains(h):
        return False
    cost = game.rules.terrain_types[game.map.terrain[h]]["move"].get(game.unit_type(u)["move_class"])
    items = [x for x in units_at(game, h) if x.id != u.id and kind(game, x) != "commander" and not x.carried_by]
    return cost is not None and all(x.side == u.side for x in items) and len(items) < STACK


def push_back(game, u, away_from: Hex) -> tuple[Hex | None, bool]:
    """HCM 3.8 d, g: the hex a unit is pushed back to, and whether it routs doing so."""
    back = direction_to(away_from, u.hex) if hex_distance(away_from, u.hex) == 1 else (
        ((u.marks.facing or 0) + 3) % 6)
    free = [h for h in (neighbour(u.hex, back + k) for k in (0, -1, 1)) if passable(game, u, h)]
    calm = [h for h in free if not in_enemy_zone(game, h, u.side)]
    if calm:
        return calm[0], False
    return (free[0], True) if free else (None, True)


def rout_path(game, u) -> list[Hex]:
    """HCM 3.7.19: the hexes a stand that has just routed runs through, its own hex first."""
    enemies = [e.hex for e in game.units.values() if e.on_map and e.side != u.side and not e.carried_by
               and kind(game, e) not in ("commander", "dummy")]
    if not enemies or u.hex is None:
        return [u.hex]

    def distance(h: Hex) -> int:
        return min(hex_distance(h, e) for e in enemies)
    path = [u.hex]
    for _ in range(game.unit_type(u)["movement"]):
        steps = [h for h in neighbours(path[-1]) if h not in path and passable(game, u, h)
                 and not in_enemy_zone(game, h, u.side)]
        if not steps:
            break
        best = max(steps, key=lambda h: (distance(h), -int(game.map.number(h))))
        if distance(best) <= distance(path[-1]):
            break
        path.append(best)
    return path
