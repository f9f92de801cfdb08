"""Wardogs penetration damage (Wardogs p. 16-17, Tables 8 and 9), free of the game state.

A unit's internal damage (state.Marks.damage) maps a system to the times it was damaged -- 1
damaged, 2 or more destroyed (a "destroyed" result writes 2) -- where a system is
"cockpit", "crew", "power_plant", "turret", "drive", "arm_left"/"arm_right", "leg_left"/
"leg_right", "weapon:<name>" or "equipment:<name>".  It is hidden from the enemy (only its owner
and the umpire read it).  Rules (p. 16): a system damaged twice is destroyed; a destroyed system
hit again absorbs the hit, which does not move on to another system.

Our readings (the text is silent or ambiguous):
* Table 8 (mecha) rolls 2d6; Table 9 (vehicles, and aircraft and boats, which have no table) a d10.
* Without a turret a Table 9 roll of 3 reads as 2 and 7 as 6 (the table's own example).
* Limbs: a d6, odd the right one, even the left (Table 8 note).
* "One system / weapon": the first in the record sheet's order that can take it -- for "equipment
  destroyed" (Table 8, 3; Table 9, 2) the first still undamaged, otherwise the first not yet
  destroyed.  None left: the hit is absorbed.
* An arm or turret destroyed destroys the weapons mounted on it (Table 8, 4; Table 9, 3).
* Leg damage takes MP / legs, rounded half up, from the ground MP (twice that if blown off); a
  damaged drive halves the MP, rounding the remainder up; a destroyed drive leaves 0 MP.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...core.errors import UmpireError
from ...core.ruleset import load_table, rulesets_dir

KILLERS = ("cockpit", "crew", "power_plant")

# the systems as a record sheet and a player name them (a weapon or equipment by its sheet's name)
SYSTEMS = {"cockpit": "cockpit", "crew": "crew compartment", "power_plant": "power plant", "turret": "turret",
           "drive": "drive", "arm_left": "left arm", "arm_right": "right arm", "leg_left": "left leg",
           "leg_right": "right leg"}


def system_label(key: str, names: dict[str, str] | None = None) -> str:
    """A system in words: "left leg", or what `names` calls it ("weapon:x" -> "30mm Autocannon")."""
    names = names or {}
    return names.get(key) or SYSTEMS.get(key) or key.partition(":")[2].replace("_", " ") or key.replace("_", " ")


@lru_cache(maxsize=None)
def rows(section: str) -> dict[int, dict]:
    t = load_table(Path(rulesets_dir()) / "wardogs" / "penetration.toml", ())
    return {e["roll"]: e for e in t.section(section).values()}


def table_row(kind: str, roll: int, has_turret: bool = True) -> dict:
    """The row of Table 8 (mecha, 2-12) or Table 9 (others, 1-10) for this roll."""
    section = "mecha" if kind == "mecha" else "vehicle"
    if section == "vehicle" and not has_turret and roll in (3, 7):
        roll -= 1                      # Table 9 note **: no turret, one less
    table = rows(section)
    if roll not in table:
        raise UmpireError(f"penetration roll {roll} is not on Table {8 if section == 'mecha' else 9} "
                          f"({min(table)}-{max(table)}) (Wardogs p. 17)")
    return table[roll]


def dice_for(kind: str) -> tuple[int, int]:
    """(count, sides) of one penetration roll: 2d6 on Table 8, a d10 on Table 9 (our reading)."""
    return (2, 6) if kind == "mecha" else (1, 10)


@dataclass(frozen=True)
class Hit:
    damage: dict
    system: str | None          # what took it (None: nothing left to take it)
    effect: str                 # "damaged", "destroyed" or "absorbed"
    killed: bool
    line: str


DESTROYED = 2                    # p. 16: damaged twice is destroyed


def state_of(damage: dict, system: str) -> str | None:
    """None, "damaged" or "destroyed" for a system of the unit's damage record."""
    n = damage.get(system, 0)
    return None if n <= 0 else "damaged" if n < DESTROYED else "destroyed"


def _pick(damage: dict, names: list[str], prefix: str, undamaged_only: bool) -> str | None:
    for n in names:
        key = f"{prefix}:{n}"
        state = state_of(damage, key)
        if state is None or (not undamaged_only and state != "destroyed"):
            return key
    return None


def penetrate(kind: str, roll: int, damage: dict, weapons: list[tuple[str, str]], equipment: list[str],
              has_turret: bool = True, side_d6: int | None = None, names: dict[str, str] | None = None) -> Hit:
    """One penetration roll on the unit's internals (Tables 8/9).  weapons: (name, mount) in the
    sheet's order; side_d6: the d6 for which limb (odd right, even left), asked for limb rows;
    names: "weapon:<key>" / "equipment:<key>" -> the sheet's name, for the line a person reads."""
    row = table_row(kind, roll, has_turret)
    system, effect = row["system"], row["effect"]
    if system in ("arm", "leg"):
        if side_d6 is None:
            raise UmpireError(f"penetration {roll}: a d6 is needed for which {system} (Wardogs p. 17, Table 8 *)")
        system = f"{system}_{'right' if side_d6 % 2 else 'left'}"
    elif system == "weapon":
        system = _pick(damage, [w for w, _ in weapons], "weapon", False)
    elif system == "equipment":
        system = _pick(damage, equipment, "equipment", effect == "destroyed")
    if system is None:
        return Hit(dict(damage), None, "absorbed", False,
                   f"penetration {roll}: {row['label'].lower()} -- nothing left to take it (Wardogs p. 16)")
    before = state_of(damage, system)
    new = dict(damage)
    if before == "destroyed":
        return Hit(new, system, "absorbed", False,
                   f"penetration {roll}: {system_label(system, names)} is already destroyed; the hit is absorbed (Wardogs p. 16)")
    new[system] = DESTROYED if effect == "destroyed" else new.get(system, 0) + 1
    now = state_of(new, system)
    if now == "destroyed" and system in ("arm_left", "arm_right", "turret"):
        mount = "turret" if system == "turret" else f"{system.split('_')[1]}_arm"
        for w, m in weapons:
            if m == mount:
                new[f"weapon:{w}"] = DESTROYED
    twice = " (damaged twice: destroyed, p. 16)" if before == "damaged" else ""
    killed = now == "destroyed" and system in KILLERS
    table_name = "Table 8" if kind == "mecha" else "Table 9"
    return Hit(new, system, now, killed,
               f"penetration {roll}: {row['label'].lower()} -- {system_label(system, names)} {now}{twice} (Wardogs p. 17, {table_name})")


def ground_mp(mp: int, legs: int, damage: dict) -> int:
    """MP left after leg or drive damage (Table 8, 5 and 9; Table 9, 4 and 8; our rounding)."""
    if state_of(damage, "drive") == "destroyed":
        return 0
    if state_of(damage, "drive") == "damaged":
        mp = (mp + 1) // 2
    if legs:
        share = (2 * mp + legs) // (2 * legs)          # MP / legs, half up
        for leg in ("leg_left", "leg_right"):
            mp -= {"damaged": share, "destroyed": 2 * share}.get(state_of(damage, leg), 0)
    return max(0, mp)


def roll_internal(game, t, marks, count: int, dice) -> tuple[object, list[str], bool]:
    """`count` penetration rolls on unit t (Tables 8/9, with the limb d6 when a row asks for it):
    its marks after them, the lines (for its owner and the umpire) and whether it is destroyed."""
    from .state import kind, weapons as sheet_weapons
    tk, sheet = kind(game, t), game.unit_type(t)
    weapons = [(k, w["mount"]) for k, w in sheet_weapons(game, t)]
    equipment = list(sheet.get("equipment", ()))
    turret = bool(sheet.get("turret", False))
    gear = game.rules.tables["units"].section("equipment")
    names = {f"weapon:{k}": w["label"] for k, w in sheet_weapons(game, t)}
    names.update({f"equipment:{k}": gear[k]["label"] for k in equipment if k in gear})
    lines, dead = [], False
    for _ in range(count):
        n, sides = dice_for(tk)
        roll = dice.roll(f"penetration on {t.id} (Wardogs p. 17, Table {8 if tk == 'mecha' else 9})", n, sides).total
        row = table_row(tk, roll, turret)
        limb = dice.roll(f"which limb of {t.id}: odd right, even left (Wardogs p. 17, Table 8 *)", 1, 6).total \
            if row["system"] in ("arm", "leg") else None
        hit = penetrate(tk, roll, dict(marks.damage), weapons, equipment, turret, limb, names)
        marks = marks.but(damage=hit.damage)
        lines.append(hit.line)
        dead = dead or hit.killed
    return marks, lines, dead
