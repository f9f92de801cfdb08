"""Wardogs minefields and mine sweeper arrays (Wardogs p. 7 step 4, p. 18).

A field is a secret map overlay (kind "minefield", its layer's side, detail the mine kind of
resources/rulesets/wardogs/mines.toml).  Its layer knows of it; the enemy learns of it when a
sweeper detects it or a unit sets it off (p. 18) -- until then nothing this module returns tells
the enemy of it (a sweeper's failed roll is its owner's alone to read).

* Attack (p. 18): a d6 for strength, then that many d10 against the unit's armour as damage dice
  (Table 7, p. 15; no range modifier, our reading), applied as fire damage (p. 16).  A unit the
  mines hit makes a stability check (p. 7 step 5; Table 2 -8 is WA's stability).
* Sweeper (p. 18): entering a hex next to a field, a d10, odd detects; detected, a turn spent
  inactive and a d6, odd clears the field wholly, even leaves it live.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...core.errors import UmpireError
from ...core.ruleset import load_table, rulesets_dir
from .damage import Die, result_of


@lru_cache(maxsize=None)
def kinds() -> dict[str, dict]:
    return load_table(Path(rulesets_dir()) / "wardogs" / "mines.toml", ()).section("entry")


def kind_of(name: str) -> dict:
    try:
        return kinds()[name]
    except KeyError:
        raise UmpireError(f"minefield kind {name!r} is not one of {', '.join(kinds())} (Wardogs p. 18)") from None


def attack_dice(faces: list[int], armour: int) -> list[Die]:
    """The mine attack's d10s read against the unit's armour (p. 18, Table 7, no range modifier)."""
    out = []
    for f in faces:
        if not 1 <= f <= 10:
            raise UmpireError(f"mine attack: a d10 shows 1 to 10, not {f} (Wardogs p. 18)")
        row = result_of(f, armour)
        out.append(Die(f, f, row["hit"], row["penetration"]))
    return out


def attack(dice, unit_id: str, armour: int, mine_kind: str = "land") -> tuple[int, list[Die]]:
    """Roll the attack on a unit entering the field: strength on the kind's die, then that many
    attack dice (p. 18)."""
    k = kind_of(mine_kind)
    strength = dice.roll(f"mine strength against {unit_id} (Wardogs p. 18)", 1, k["strength_sides"]).total
    faces = list(dice.roll(f"mine attack dice against {unit_id} (Wardogs p. 18)", strength, k["attack_sides"]).faces)
    return strength, attack_dice(faces, armour)


def detects(d10: int) -> bool:
    """A sweeper's detection roll (p. 18): odd detects."""
    if not 1 <= d10 <= 10:
        raise UmpireError(f"mine sweeper: a d10 shows 1 to 10, not {d10} (Wardogs p. 18)")
    return d10 % 2 == 1


def clears(d6: int) -> bool:
    """A sweeper's clearing roll (p. 18): odd (1, 3, 5) clears the whole field."""
    if not 1 <= d6 <= 6:
        raise UmpireError(f"mine sweeper: a d6 shows 1 to 6, not {d6} (Wardogs p. 18)")
    return d6 % 2 == 1


def fields_next_to(game, h, side: str) -> list:
    """Enemy minefields next to hex h that `side` does not yet know of (for a sweeper entering h)."""
    from ...core.hexgrid import neighbours
    near = set(neighbours(h))
    return [o for o in game.map.overlays if o.kind == "minefield" and o.hex in near and not o.known_by(side)]
