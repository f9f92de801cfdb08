"""Wardogs weapons: range bands, damage dice and arcs of fire (Wardogs p. 14-15, Tables 4-6).

* Range (p. 14, Table 4): a weapon's range rating 1-6 gives short/medium/long bands of r, 2r and
  3r hexes; a record sheet may print its own bands instead (the Sand Devil's 75 mm: 3/6/11).
  Beyond long the weapon cannot reach.  A target in the firer's own hex is at short range.
* Damage die (p. 15, Table 5): DMG 1-5 rolls d4, d6, d8, d10, d12; enhancements never take it
  past 5 (p. 15), nor below 1.
* Range modifier (p. 15, Table 6): +1 short, +0 medium, -1 long, added to each damage die.
* Arcs (p. 14): infantry and turrets fire all round; a torso or hull mount fires into the 180
  degrees in front (our reading of "forward or backward": a mount the sheet records as "rear"
  fires into the 180 degrees behind); a left-arm weapon into the 180 degrees on the unit's left,
  a right-arm weapon on its right.  A hand-carried weapon whose hand the sheet does not say
  fires into the front 180 degrees, like a hull mount (our reading).  A target exactly on the dividing line is inside (our
  reading; Displays 1-3 are absent).  A damaged turret fires forward only (Table 9, 7).
Facings are the core's six hex directions (umpire.core.hexgrid.DIRECTIONS, counter-clockwise).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...core.errors import UmpireError
from ...core.hexgrid import DIRECTIONS, Hex
from ...core.ruleset import load_table, rulesets_dir

BANDS = ("short", "medium", "long")
MOUNTS = ("torso", "hull", "rear", "left_arm", "right_arm", "hand", "turret", "infantry")


@lru_cache(maxsize=None)
def table():
    return load_table(Path(rulesets_dir()) / "wardogs" / "damage.toml", ())


def bands_for(range_rating: int) -> tuple[int, int, int]:
    """Table 4: short, medium and long range of a range rating."""
    for row in table().section("rating").values():
        if row["range_rating"] == range_rating:
            return row["short"], row["medium"], row["long"]
    raise UmpireError(f"range rating {range_rating!r} is not 1 to 6 (Wardogs p. 14, Table 4)")


def band_at(distance: int, bands: tuple[int, int, int]) -> str | None:
    """'short', 'medium' or 'long' for a target this many hexes away, or None out of range (p. 14)."""
    for name, limit in zip(BANDS, bands):
        if distance <= limit:
            return name
    return None


def range_modifier(band: str) -> int:
    """Table 6: added to each damage die."""
    for row in table().section("band").values():
        if row["band"] == band:
            return row["modifier"]
    raise UmpireError(f"{band!r} is not a range band (Wardogs p. 15, Table 6: short, medium, long)")


def die_for(dmg: int, enhancement: int = 0) -> int:
    """Table 5: the sides of the damage die of a DMG rating, enhancements capped at 5 (p. 15)."""
    rating = max(1, min(5, dmg + enhancement))
    if not 1 <= dmg <= 5:
        raise UmpireError(f"DMG rating {dmg!r} is not 1 to 5 (Wardogs p. 15, Table 5)")
    for row in table().section("die").values():
        if row["dmg"] == rating:
            return row["sides"]
    raise UmpireError(f"no Table 5 row for DMG {rating} (Wardogs p. 15)")


def _vector(d: Hex) -> tuple[int, int]:
    """A hex offset scaled so that signs of dot and cross products are exact integers."""
    return 2 * d.q + d.r, d.r


def _dot(a: Hex, b: Hex) -> int:
    (ax, ar), (bx, br) = _vector(a), _vector(b)
    return 3 * ax * bx + 9 * ar * br


def _cross(a: Hex, b: Hex) -> int:
    (ax, ar), (bx, br) = _vector(a), _vector(b)
    return ax * br - ar * bx


def in_arc(mount: str, facing: int, firer: Hex, target: Hex, turret_damaged: bool = False) -> bool:
    """Whether a weapon on this mount bears on the target (p. 14; Displays 1-3 absent, our reading)."""
    if mount not in MOUNTS:
        raise UmpireError(f"weapon mount {mount!r} is not one of {', '.join(MOUNTS)} (Wardogs p. 14)")
    if target == firer or (mount in ("turret", "infantry") and not turret_damaged):
        return True
    ahead, to = DIRECTIONS[facing % 6], target - firer
    if mount in ("torso", "hull", "hand", "turret"):
        return _dot(ahead, to) >= 0
    if mount == "rear":
        return _dot(ahead, to) <= 0
    # counter-clockwise is the unit's left: the cross product is negative there (y-down frame)
    side = _cross(ahead, to)
    return side <= 0 if mount == "left_arm" else side >= 0
