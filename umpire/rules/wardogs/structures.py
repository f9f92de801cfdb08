"""Wardogs structures of several hexes (Wardogs p. 6, p. 16): each hex of a building is a section,
a unit of its own (kind "structure" in units.toml), and the building stands while one does.

Readings:
* p. 6: the sections of one building share the scenario's `building` trait (a unit without one
  is a building of one hex); the building is destroyed when its last section is (p. 6: "all of
  the hexes ... must be eliminated").
* p. 16: a section destroyed weakens the standing sections of its building next to it: -1 AR
  each, at once.  One brought to AR 0 does not collapse (no chain), but is open to penetration.
* p. 16: fire at a section from the far side of a destroyed section of its building -- the last
  hex the line crosses before the target is that ruin -- meets no armour: its dice are read
  against AR 0 ("treated as unarmored").  A section destroyed this damage phase opens nothing
  until the next (the fire is simultaneous, p. 15).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.hexgrid import neighbours
from ...core.los import crossing
from .state import armour, kind, traits

RULE = "Wardogs p. 16"


def building_of(u) -> str:
    """The building a section belongs to: its `building` trait, else itself alone (p. 6)."""
    return traits(u).building or u.id


def is_section(game, u) -> bool:
    return kind(game, u) == "structure"


def same_building(game, a, b) -> bool:
    return a.id != b.id and is_section(game, a) and is_section(game, b) and building_of(a) == building_of(b)


def breach(game, firer, target):
    """The destroyed section of the target's building that the firer's line crosses last before
    the target (p. 16: fire "through the hex" at the sections behind it), or None."""
    if not is_section(game, target):
        return None
    crossed = [t.hex for t in crossing(firer.hex, target.hex).touches
               if t.kind == "through" and t.hex not in (firer.hex, target.hex)]
    if not crossed or crossed[-1] not in neighbours(target.hex):
        return None
    return next((x for x in game.units.values() if x.status == "destroyed" and x.hex == crossed[-1]
                 and same_building(game, x, target)), None)


def fallen(game, dead, marks: dict, killed: set) -> list[Change]:
    """p. 16: a section destroyed takes 1 AR off each standing section of its building next to
    it (its owner reads it); p. 6: the building falls with its last section."""
    out = []
    near = set(neighbours(dead.hex))
    for x in sorted(game.units.values(), key=lambda x: x.id):
        if x.on_map and x.id not in killed and x.hex in near and same_building(game, x, dead):
            ar = max(0, (armour(game, x) if marks[x.id].ar is None else marks[x.id].ar) - 1)
            marks[x.id] = marks[x.id].but(ar=ar)
            out.append(Change("unit", x.id, {"marks": marks[x.id]},
                              (f"{x.id} is weakened by the fall of {dead.id}: AR {ar} ({RULE})",), x.side))
    standing = [x for x in game.units.values() if x.on_map and x.id not in killed and same_building(game, x, dead)]
    if not standing and building_of(dead) != dead.id:
        out.append(Change("note", "", {}, (f"the last section of {building_of(dead)} is down: the building is "
                                           f"destroyed (Wardogs p. 6)",), dead.side))
    return out
