"""Wardogs damage to terrain and falling building sections (Wardogs p. 16), free of the game.

Terrain (p. 16) -- our reading of WHEN, which the text leaves open: fire goes "into" the terrain
when it does not stop in the target, so each weapon that fired at a target and had at least one
damage die miss strikes the target's hex:
* an energy weapon sets a forested hex alight on a d10 of 2 or less (one roll per such weapon);
  the fire burns for the rest of the game (a public "burning" overlay): only mecha and aircraft
  may enter it.  Its spread (a d10 of 1 each end phase) and the +5 signature of units crossing
  it are NOT modelled yet;
* a kinetic (ballistic) weapon churns the hex: clear, road and forest become rough; swamp
  becomes deep lake (a forested swamp is a swamp first: deep lake).  Kept as a public "churned"
  overlay whose detail is the new terrain.
Terrain names are read loosely: any name holding "forest" is forested, "swamp" a swamp.

Falling sections (p. 16): each hex of a building is its own target; when one is destroyed, each
neighbouring section of the same building loses 1 AR.  A section brought to AR 0 that way does
not collapse (no chain), but is open to penetration.
"""

from __future__ import annotations

from ...core.errors import UmpireError

IGNITES_AT = 2            # p. 16: a d10 of 2 or less


def forested(terrain: str) -> bool:
    return "forest" in terrain


def churned(terrain: str) -> str | None:
    """The terrain kinetic fire leaves in a hex, or None if unchanged (p. 16)."""
    if "swamp" in terrain:
        return "deep_lake"
    if forested(terrain) or terrain in ("clear", "road"):
        return "rough"
    return None


def ignites(terrain: str, d10: int) -> bool:
    """Whether an energy weapon's fire sets this hex alight (p. 16)."""
    if not 1 <= d10 <= 10:
        raise UmpireError(f"forest fire: a d10 shows 1 to 10, not {d10} (Wardogs p. 16)")
    return forested(terrain) and d10 <= IGNITES_AT


def strikes_terrain(dice_hit: list[bool]) -> bool:
    """Our reading: a weapon's fire reaches the terrain when one of its dice missed the target."""
    return not all(dice_hit)


def falling_section(destroyed, sections: dict) -> list[tuple[str, int]]:
    """(section id, its AR after) for each neighbour of a destroyed building section (p. 16).
    sections: {hex: (section id, AR now)} of the same building's standing sections."""
    from ...core.hexgrid import neighbours
    out = []
    for h in neighbours(destroyed):
        if h in sections:
            sid, ar = sections[h]
            out.append((sid, max(0, ar - 1)))
    return out
