"""Hex Command Mechanized zones of control (HCM 3.5.5): the three hexes of a unit's front.

A unit with a hit marker, routed or in a melee this turn has none, nor have commanders and
aircraft; a dummy marker has one, like the unit it pretends to be (a move through its front
unhindered would tell the enemy what it is, 7.2).  movement.py stops a move entering one.

Hidden units (4.1) -- the reading taken: a unit still on the judge's map holds no zone unless it is
a vehicle.  4.1 lists what brings a hidden unit onto the table (moving, firing; a vehicle when an
enemy comes next to it); being walked up to is on that list for vehicles alone, so a hidden stand
that stopped a mover would tell the mover's side of it while it stays hidden.  A hidden vehicle's
front hexes are its neighbours, so whoever enters one identifies it (4.1, 7.2) and the stop tells
nothing more.  A hidden stand may still ambush (3.8.3) a unit entering its hex.
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, neighbour
from .aircraft import is_aircraft
from .spotting import on_table
from .state import is_commander, is_vehicle


def zone_holders(game: Game, side: str) -> list[UnitState]:
    """The enemy units with a zone of control (3.5.5): faced, no hit marker, not routed, not
    in a melee this turn; commanders and aircraft have none (dummies do, as the units they
    pretend to be); a hidden unit only if it is a vehicle (4.1, the reading above)."""
    return [e for e in game.units.values()
            if e.on_map and e.side != side and not e.carried_by and e.marks.facing is not None
            and (on_table(game, e) or is_vehicle(game, e))
            and not e.marks.hits and not e.marks.routed and e.marks.melee_turn != game.turn
            and not is_commander(game, e) and not is_aircraft(game, e)]


def front_hexes(u: UnitState) -> tuple[Hex, ...]:
    """3.5.5: the three hexes of a unit's front."""
    f = u.marks.facing
    return () if f is None or u.hex is None else tuple(neighbour(u.hex, f + k) for k in (-1, 0, 1))


def in_enemy_zone(game: Game, h: Hex, side: str) -> list[str]:
    return [e.id for e in zone_holders(game, side) if h in front_hexes(e)]
