"""Hex Command Mechanized: direct fire of guns and anti-tank weapons (HCM 3.7.1, 3.7.3, 3.7.7,
3.7.11, 3.7.12, 1.1.4, 2.3.2, 2.3.6), free of the game state so the text's examples are tests.

The target number is the range plus the target's armour (its front value, one less for each
facing step away from the front, 3.7.7) plus modifiers of one point each; the firer rolls that
number or more.  At its auto-hit range a weapon needs only 1d10 at or under 10, less one for each
benefit the target has and each hit marker on the firer (3.7.3, 3.7.11).

Readings where the text leaves a choice (each tested in tests/rules/test_hcm_fire.py):
* Range counts as the text counts it: the neighbouring hex is range 0 (the summary at the head of
  the article, 3.7.3), so range = hex distance - 1.
* "That number or higher" (1, 3.7.1, 3.7.2, 3.7.3) against "higher than" (the summary): three
  numbered rules against one summary line, so a roll equal to the target number hits.
* Dice: 2d10, or 1d10 for a weapon that reaches 10 hexes or less (the summary) -- except infantry
  anti-tank weapons, which 3.7.3 has roll 2d10 at ranges 1-2 although they reach only 2 hexes: the
  section written for them wins over the general line.
* Facing: the side of the target the line from the firer meets is counted in whole facing steps
  (0 front ... 3 rear); a line along the corner between two faces counts the face nearer the front
  (the defender's benefit).  Armour never falls below 0.
* Front arc (SP guns 2.3.2, half-tracks 2.3.6, fixed guns in section 7): the wedge between the
  lines through the two front corner hexes, i.e. within 60 degrees of the facing.  A turreted
  vehicle fires all round but pays +1 when it turns its turret to a target outside that wedge
  (3.7.12; we apply it whenever it turns, not only in response, since the turret rests facing
  front).  AA vehicles fire all round with no penalty (2.3.2).
* "-1 combat" (hit markers 3.7.5, C damage) makes the shot harder: +1 to the target number;
  "+1 combat" (a commander, 3.10 d, 3.7.18) makes it easier: -1.  Each cover benefit of the
  target, higher ground (3.7.8) and each obscurity test failed (4.4, 3.7.16) is +1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...core.errors import UmpireError
from ...core.hexgrid import DIRECTIONS, Hex, hex_distance
from ...core.ruleset import load_table, rulesets_dir
from .damage import weight_index

SHORT_REACH = 10               # the summary: weapons reaching no further roll 1d10
INFANTRY_AT_RANGE = 2          # HCM 3.7.3
TWICE = ("VL", "L")            # HCM 1.1.4, 2.3.2: Very Light and Light guns fire twice
ARCS = ("turret", "front", "all")


@lru_cache(maxsize=None)
def guns() -> dict[str, dict]:
    """The Firing table (sample) by weight class."""
    table = load_table(Path(rulesets_dir()) / "hcm" / "firing.toml", ())
    return {e["weight"]: e for e in table.section("entry").values()}


@dataclass(frozen=True)
class Modifier:
    """One point added to (or taken from) the target number, and why."""

    label: str
    value: int
    rule: str

    def line(self) -> str:
        return f"  {self.value:+d} {self.label} (HCM {self.rule})"


def fire_range(firer: Hex, target: Hex) -> int:
    """The range as the text counts it: the neighbouring hex is 0 (our reading, module docstring)."""
    return max(0, hex_distance(firer, target) - 1)


def dice_for(reach: int, infantry_at: bool = False) -> tuple[int, int]:
    """(count, sides): 2d10, 1d10 for a weapon reaching 10 hexes or less; infantry AT 2d10 (3.7.3)."""
    return (2, 10) if infantry_at or reach > SHORT_REACH else (1, 10)


def hits(total: int, needed: int) -> bool:
    """Our reading: that number or higher hits (3.7.1), not only higher (the summary)."""
    return total >= needed


def shots(gun_weight: str) -> int:
    """HCM 1.1.4: Very Light and Light guns fire twice each time they shoot."""
    return 2 if gun_weight.upper() in TWICE else 1


def reach(gun_weight: str, own: int = 0) -> int:
    """The gun's longest range: its unit's own, else the sample Firing table's for its weight."""
    weight_index(gun_weight, "gun weight")
    return own or guns()[gun_weight.upper()]["range"]


def auto_range(gun_weight: str, own: int | None = None) -> int:
    weight_index(gun_weight, "gun weight")
    return own if own is not None else guns()[gun_weight.upper()]["auto_range"]


def _angle(d: Hex) -> float:
    """The angle of an axial offset in degrees, in a frame where direction i is at -60 i."""
    return math.degrees(math.atan2(d.r * math.sqrt(3) / 2, d.q + d.r / 2))


def off_front(facing: int, unit: Hex, other: Hex) -> float:
    """How far from the unit's front the line to `other` lies, in degrees (0-180)."""
    if unit == other:
        return 0.0
    diff = abs(_angle(other - unit) - _angle(DIRECTIONS[facing % 6])) % 360
    return min(diff, 360 - diff)


def facing_steps(facing: int, target: Hex, firer: Hex) -> int:
    """HCM 3.7.7: 0 the front face of `target` is toward the firer, 1 a front side, 2 a rear
    side, 3 the rear (a line along a corner counts the face nearer the front)."""
    return max(0, math.ceil(off_front(facing, target, firer) / 60 - 0.5 - 1e-9))


def facing_armour(front: int, steps: int) -> int:
    """HCM 3.7.7: one point less than the front value for each facing step away from it."""
    return max(0, front - steps)


def in_front_arc(facing: int, firer: Hex, target: Hex) -> bool:
    """The front arc: within 60 degrees of the facing (our reading, module docstring)."""
    return off_front(facing, firer, target) <= 60 + 1e-9


def arc_check(arc: str, facing: int | None, firer: Hex, target: Hex, who: str) -> tuple[str | None, list[Modifier]]:
    """(why it may not fire, None if it may; the turret's modifier if it turns) by its arc."""
    if arc not in ARCS:
        raise UmpireError(f"{who}: arc {arc!r} is not one of {', '.join(ARCS)} (HCM 2.3.2)")
    if arc == "all" or facing is None or in_front_arc(facing, firer, target):
        return None, []
    if arc == "front":
        return (f"{who} fires only into its front arc and the target is outside it (HCM 2.3.2, 2.3.6, 3.7.12)",
                [])
    return None, [Modifier("turret turned to a target outside its front arc", 1, "3.7.12")]


def target_number(range_: int, armour: int, modifiers: list[Modifier]) -> int:
    """HCM 3.7.1: range + armour + modifiers."""
    return range_ + armour + sum(m.value for m in modifiers)


def commander_modifier(bonus: int, cvs: bool = False) -> Modifier:
    """The commander with the firer: +1 combat (3.10 d, 3.7.18), or with the scenario's optional
    `cvs_combat` his CVS Combat value added to the roll instead (3.10 d optional, cvs_combat.py)."""
    if cvs:
        return Modifier(f"commander's CVS Combat {bonus} added to the firer's roll (optional)", -bonus, "3.10 d")
    return Modifier(f"commander with the firer, +{bonus} combat", -bonus, "3.10 d, 3.7.18")


def firer_modifiers(hit_markers: int = 0, combat_damage: int = 0, commander: int = 0,
                    commander_cvs: bool = False) -> list[Modifier]:
    """What the firer's own state does to the target number (3.7.5, 2.3.3, 3.10 d)."""
    out = []
    if hit_markers:
        out.append(Modifier(f"{hit_markers} hit marker{'s' if hit_markers > 1 else ''} on the firer, "
                            "-1 combat each", hit_markers, "3.7.5"))
    if combat_damage:
        out.append(Modifier(f"C damage on the firer, -{combat_damage} combat (our reading)", combat_damage, "2.3.3"))
    if commander:
        out.append(commander_modifier(commander, commander_cvs))
    return out


def target_modifiers(cover: int = 0, higher: bool = False, obscured: int = 0) -> list[Modifier]:
    """What the target's position does to the target number (3.7.8, 4.4, 3.7.16)."""
    out = []
    if cover:
        out.append(Modifier(f"target in cover ({cover})", cover, "3.7.11"))
    if higher:
        out.append(Modifier("target on higher ground, counted as cover", 1, "3.7.8"))
    if obscured:
        out.append(Modifier(f"target obscured ({obscured} test{'s' if obscured > 1 else ''} failed)", obscured,
                            "4.4, 3.7.16"))
    return out


def auto_hit_needs(benefits: int) -> int:
    """HCM 3.7.3, 3.7.11: at auto-hit range 1d10 must roll this or less: 10, less one for each
    benefit of the target and hit marker on the firer (each a 10% drop from certainty)."""
    return max(0, 10 - benefits)


def infantry_at_weight(infantry_weight: str) -> str:
    """HCM 3.7.3: infantry fire anti-vehicle weapons of their own weight class (generally)."""
    weight_index(infantry_weight, "infantry weight")
    return infantry_weight.upper()
