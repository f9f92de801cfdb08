"""Wardogs damage to terrain and falling building sections (Wardogs p. 16), free of the game.
What happens on the table -- the overlays, who learns of them, the spread rolled each end phase,
the heat of units that go through the flames -- is fires.py.

Terrain (p. 16) -- our reading of WHEN, which the text leaves open: fire goes "into" the terrain
when it does not stop in the target, so each weapon that fired at a target and had at least one
damage die miss strikes the target's hex:
* an energy weapon sets a forested hex alight on a d10 of 2 or less (one roll per such weapon);
  the fire burns for the rest of the game -- the text gives it no end, so it never burns out --
  and only mecha and aircraft may enter it.  From the end phase of the turn after it was set,
  it may spread: a d10 for each forest hex next to it that is not burning, a 1 sets it alight.
  A unit that goes through the flames is +5 to its thermal signature for 3 turns; the smoke of
  the hex counts as a smoke dispenser's (Table 3: +3 to lock on to a unit in it);
* a kinetic (ballistic) weapon churns the hex: clear, road and forest become rough; swamp
  becomes deep lake (a forested swamp is a swamp first: deep lake).  The hex is then read as its
  new terrain by movement and sight (`terrain_at`), and a road through it is gone.
Terrain names are read loosely: any name holding "forest" is forested, "swamp" a swamp.

Falling building sections (p. 6, p. 16) are structures.py.
"""

from __future__ import annotations

from ...core.errors import UmpireError
from ...core.hexgrid import Hex

IGNITES_AT = 2            # p. 16: a d10 of 2 or less
SPREADS_AT = 1            # p. 16: a d10 of 1 in the end phase
HEAT = 5                  # p. 16: +5 to the thermal signature of a unit that went through the flames
HEAT_TURNS = 3            # p. 16: for 3 turns (our reading: the turn it is in the flames and the two after)
MAY_ENTER_FLAMES = ("mecha", "cas")      # p. 16: impassable to any unit but mecha or aircraft


def forested(terrain: str) -> bool:
    return "forest" in terrain


def churned(terrain: str) -> str | None:
    """The terrain kinetic fire leaves in a hex (a key of terrain.toml), or None if unchanged (p. 16)."""
    if "swamp" in terrain:
        return "deep_water"
    if forested(terrain) or terrain in ("clear", "road"):
        return "rough"
    return None


def terrain_at(game_map, h: Hex) -> str:
    """The terrain a hex is now on this map: the scenario's, or what kinetic fire churned it into
    (p. 16).  Given a side's view of the map, what that side knows of it."""
    for o in game_map.overlays:
        if o.kind == "churned" and o.hex == h and o.detail:
            return o.detail
    return game_map.terrain[h]


def burning(game_map, h: Hex) -> bool:
    return any(o.kind == "burning" and o.hex == h for o in game_map.overlays)


def is_churned(game_map, h: Hex) -> bool:
    return any(o.kind == "churned" and o.hex == h for o in game_map.overlays)


def _d10(d10: int, what: str) -> None:
    if not 1 <= d10 <= 10:
        raise UmpireError(f"{what}: a d10 shows 1 to 10, not {d10} (Wardogs p. 16)")


def ignites(terrain: str, d10: int) -> bool:
    """Whether an energy weapon's fire sets this hex alight (p. 16)."""
    _d10(d10, "forest fire")
    return forested(terrain) and d10 <= IGNITES_AT


def spreads(d10: int) -> bool:
    """Whether a fire spreads to one forest hex next to it this end phase (p. 16)."""
    _d10(d10, "forest fire spreading")
    return d10 <= SPREADS_AT


def may_spread(set_in: int, turn: int) -> bool:
    """p. 16: a fire spreads from the end phase of the turn AFTER the one it was set in."""
    return turn > set_in


def hot_until(turn: int) -> int:
    """The last turn a unit in the flames in `turn` has the +5 signature (p. 16: 3 turns)."""
    return turn + HEAT_TURNS - 1


def strikes_terrain(dice_hit: list[bool]) -> bool:
    """Our reading: a weapon's fire reaches the terrain when one of its dice missed the target."""
    return not all(dice_hit)
