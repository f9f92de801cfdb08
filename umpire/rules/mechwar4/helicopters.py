"""MechWar 4 helicopters (VH units) among the other units (MW4 17.0-17.25); line of sight (17.22,
17.32) is in los.py, flak (17.31-17.34) in special.py.

* 17.12: a helicopter enters and leaves hexes holding any units, friend or enemy, except a hex
  with another helicopter; ground units ignore helicopters when they move and stack.
* 17.13: only transport helicopters carry, and only infantry and engineers (the catalogue's
  `carries`: 0 for attack helicopters; passengers are units on foot, 9.11).
* 17.14: a transport helicopter mounting or dismounting is on the ground, so never in a woods or
  town hex.
* 17.23: a helicopter can always fire at a unit in its hex or next to it, a unit in its own hex
  at a range of one hex.
* 17.24: a target fired at by a helicopter loses the benefit of slopes and crests (hilltops and
  hexsides: the defilade of the ground), keeping its woods or town.
* 17.25: a helicopter's ammunition depletes after each shot as G class missiles do (6.84), on
  its catalogue `ammo` rating (ammunition.py).
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex

GROUNDED_IN = ("light_woods", "heavy_woods", "town")      # 17.14: "a forest or city hex"


def flies(game: Game, u: UnitState) -> bool:
    return game.unit_type(u)["move_class"] == "helicopter"


def closed_hexes(game: Game, mover: UnitState) -> dict[Hex, str]:
    """The hexes the mover may not enter (but as an overrun's last), with the reason: for a
    helicopter those with another helicopter (17.12); for a ground unit those with an enemy
    ground unit (8.25) -- helicopters in them do not count (17.12)."""
    out: dict[Hex, str] = {}
    for v in game.units.values():
        if not v.on_map or v.carried_by or v.id == mover.id:
            continue
        if flies(game, mover) and flies(game, v):
            out[v.hex] = "another helicopter (17.12)"
        elif not flies(game, mover) and not flies(game, v) and v.side != mover.side and not passes(game, mover, v):
            out.setdefault(v.hex, "an enemy unit (only an overrun may enter it)")
    return out


def passes(game: Game, mover: UnitState, enemy: UnitState) -> bool:
    """19.624: a vehicle moves through an enemy motorcycle's hex (stopping there is an overrun)."""
    return bool(game.unit_type(enemy).get("motorcycle")) and game.unit_type(mover)["move_class"] in ("vehicle", "truck")


def stacks_with(game: Game, mover: UnitState, other: UnitState) -> bool:
    """Whether `other` counts against the mover's stacking limit (8.5): never across the ground
    and the air (17.12)."""
    return flies(game, mover) == flies(game, other)


def landing_problem(game: Game, carrier: UnitState, where: Hex) -> tuple[str, str] | None:
    """17.14: a transport helicopter lands to mount or dismount: not in woods or a town."""
    if flies(game, carrier) and game.map.terrain.get(where) in GROUNDED_IN:
        label = game.rules.terrain_types[game.map.terrain[where]]["label"].lower()
        return f"a helicopter lands to mount or dismount: not in {label} ({game.map.number(where)})", "MW4 17.14"
    return None


def point_blank(game: Game, firer: UnitState, distance: int) -> bool:
    """17.23: a helicopter always has a shot at a unit in its hex or next to it."""
    return flies(game, firer) and distance <= 1


def loses_ground_cover(game: Game, firer: UnitState) -> bool:
    """17.24: fired at by a helicopter, a unit loses its slope and crest benefits."""
    return flies(game, firer)
