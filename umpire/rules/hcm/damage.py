"""Hex Command Mechanized: damage blocks on vehicles (HCM 2.3.3, 2.3.5), free of the game state.

A damage block is a small cube with six faces -- C, CC, D, DD, M, MM (printed in 2.3.3): Combat,
Defence, Movement, single or double.  A hit rolls one or more blocks (how many by the Damage Block
chart, which the text does not print: resources/rulesets/hcm/damage.toml is a labelled sample) and
each block placed is kept on the vehicle (`Marks.damage`, a tuple of faces).  Damage is hidden from
the enemy: the callers journal it for the vehicle's own side and the umpire only.

Readings where the text leaves a choice:
* Rolling a block is 1d6 read in the printed order: 1 C, 2 CC, 3 D, 4 DD, 5 M, 6 MM.
* Incremental damage (2.3.3, equal weights): a face rolled adds only one step of its letter.  No
  block of that letter yet: a single block (C) is placed whatever was rolled; a single block
  there: it is turned to the double (CC); only doubles there: a new single block is placed.  The
  text's example is the first two steps (tests/rules/test_hcm_damage.py).
* The text never says what C and D do.  We read each letter as one point: C is -1 to the
  vehicle's combat value (its target number is 1 higher, HCM 3.7.5's "-1 combat" for a hit
  marker, read the same way), D is -1 to its armour (defence) value.  M is -1 hex of movement
  a letter, never below 1; any MM block leaves 1 hex a turn (2.3.5).
* "Cannot be saved or recovered" (2.3.5): a vehicle carrying three double blocks is out of the
  battle -- we mark it destroyed (knocked out and abandoned by its crew), so that it counts as a
  loss for the break point (3.3, 3.11) and no longer fires or moves.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...core.errors import UmpireError
from ...core.ruleset import load_table, rulesets_dir

WEIGHTS = ("VL", "L", "M", "H", "VH")             # HCM 1.1.4: guns, vehicles and structures
FACES = ("C", "CC", "D", "DD", "M", "MM")         # HCM 2.3.3, the faces of a block in 1d6 order
WORDS = {"C": "combat", "D": "defence", "M": "movement"}
WRECK_DOUBLES = 3                                 # HCM 2.3.5


@lru_cache(maxsize=None)
def chart() -> dict[int, dict]:
    """The Damage Block chart (sample) by weight difference."""
    table = load_table(Path(rulesets_dir()) / "hcm" / "damage.toml", ())
    return {e["difference"]: e for e in table.section("entry").values()}


def weight_index(weight: str, what: str = "weight") -> int:
    """VL=0 ... VH=4 (HCM 1.1.4); a bad class is refused in one line."""
    try:
        return WEIGHTS.index(str(weight).upper())
    except ValueError:
        raise UmpireError(f"{what} {weight!r} is not a weight class (HCM 1.1.4: one of "
                          f"{', '.join(WEIGHTS)})") from None


def blocks_for(gun: str, target: str) -> tuple[int, bool]:
    """How many blocks a hit of a `gun`-weight weapon rolls on a `target`-weight vehicle, and
    whether their damage is incremental only (HCM 2.3.3; the chart is a sample)."""
    rows = chart()
    diff = weight_index(gun, "gun weight") - weight_index(target, "target weight")
    diff = max(min(rows), min(max(rows), diff))
    return rows[diff]["blocks"], rows[diff]["incremental"]


def face(d6: int) -> str:
    """The face a block shows for 1d6 (our reading: the printed order, 2.3.3)."""
    return FACES[d6 - 1]


def place(damage: tuple[str, ...], rolled: str, incremental: bool) -> tuple[str, ...]:
    """The vehicle's blocks after one more block showing `rolled` (HCM 2.3.3)."""
    if rolled not in FACES:
        raise UmpireError(f"{rolled!r} is not a damage block face (HCM 2.3.3: {', '.join(FACES)})")
    if not incremental:
        return damage + (rolled,)
    letter = rolled[0]
    if letter not in damage:                      # no block of that letter: a single one
        return damage + (letter,)
    i = damage.index(letter)                      # a single there turns to the double
    return damage[:i] + (letter * 2,) + damage[i + 1:]


def letters(damage: tuple[str, ...], letter: str) -> int:
    """How many of that letter the blocks show (C + CC = 3)."""
    return sum(len(b) for b in damage if b[0] == letter)


def doubles(damage: tuple[str, ...]) -> int:
    return sum(1 for b in damage if len(b) == 2)


def wrecked(damage: tuple[str, ...]) -> bool:
    """HCM 2.3.5: three double blocks and the vehicle cannot be saved (our reading: destroyed)."""
    return doubles(damage) >= WRECK_DOUBLES


def combat_penalty(damage: tuple[str, ...]) -> int:
    """Our reading: each C letter is -1 to the vehicle's combat value (+1 to its target numbers)."""
    return letters(damage, "C")


def armour_penalty(damage: tuple[str, ...]) -> int:
    """Our reading: each D letter is -1 to the vehicle's armour (defence) value."""
    return letters(damage, "D")


def movement_after(movement: int, damage: tuple[str, ...]) -> int:
    """HCM 2.3.5: any MM block, 1 hex a turn; otherwise (our reading) -1 hex for each M, at least 1."""
    if "MM" in damage:
        return min(movement, 1)
    return max(min(movement, 1), movement - letters(damage, "M"))


def describe(damage: tuple[str, ...]) -> str:
    """The blocks in words for the owner and the umpire ("C, DD: -1 combat, -2 defence")."""
    if not damage:
        return "no damage"
    effects = [f"-{letters(damage, x)} {WORDS[x]}" for x in "CDM" if letters(damage, x)]
    return f"{', '.join(damage)}: {', '.join(effects)}" + (" -- MM, 1 hex a turn" if "MM" in damage else "")


def roll_blocks(damage: tuple[str, ...], gun: str, target: str, dice, who: str) -> tuple[tuple[str, ...], list[str]]:
    """Roll the blocks a hit deals (HCM 2.3.3) and place them: the new blocks and the lines saying
    so -- lines for the target's side and the umpire only, never the firer's."""
    count, incremental = blocks_for(gun, target)
    lines = [f"{who}: gun {gun} against weight {target}: {count} damage block{'s' if count != 1 else ''}"
             + (", incremental only (HCM 2.3.3)" if incremental and count else " (HCM 2.3.3)")]
    for k in range(count):
        shown = face(dice.d6(f"damage block {k + 1} on {who}"))
        damage = place(damage, shown, incremental)
        lines.append(f"  block {k + 1} shows {shown}: now {', '.join(damage)}")
    if wrecked(damage):
        lines.append(f"{who} carries {doubles(damage)} double blocks: it cannot be saved and is out (HCM 2.3.5)")
    return damage, lines
