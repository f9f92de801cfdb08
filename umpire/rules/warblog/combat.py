"""War Blog combat arithmetic (print-and-play rules, sections 2.4-2.6, 3.1, 4.0, 6.0, 8.1, 9.3,
11.1-11.6) on
its transcribed tables (resources/rulesets/warblog: crt.toml, combat.toml).

A first part of the War Blog rule system (issue 8): the numbers of an assault, a ranged fire,
an air battle, attrition and an objective's capture, free of the game state so that the
text's worked examples are tests.  Not yet a playable rule system: no scenario, no turn.

Readings where the text leaves a choice:
* Attack = the sum over the attacking units of strength (after depressions) x unit match, then
  x flank and x leadership; each extra hex attacked from +10%, each leader point +10% (11.3's
  second example: ((5-1) x 1.1 x 1.7 + 4 x 1.1) x 1.1 = 13).
* The unit match against a mixed defending stack is the least favourable of the pairings (11.3's
  third example: armour against infantry with mechanised support uses 1.2, not 1.7); anti-tank
  has its own "armour only" and "mixed" factors (11.1).
* Odds: the larger strength divided by the smaller, rounded down for the attacker's favour
  (8.5 : 4 is 2-1) and up against it (10.12 : 10.56 is 1-2), within 1-4 and 7-1.  11.3 calls its
  second example (13 : 4) "essentially 2-1"; by the rule the other two fix it is 3-1.
* Depressions (11.3 note, 4.0): 1-2 take a point off, 3 or more halve the strength or defence,
  never below 1.
* 11.3's third example prints 10.12 and 10.56, which its own formulas do not give (10.648 and
  9.9); we follow the formulas, and its conclusion (1-2) holds with the reading above.
* 11.4 counts a mountain as x3 for defence; 2.1's terrain chart gives mountain 4.  Terrain is a
  parameter here until the terrain chart is data.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...core.ruleset import load_table, rulesets_dir

ODDS = ("1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1")
# ranged fire damage: the D10's modifier by the odds column (11.5), transcribed
DAMAGE_MODIFIER = {"1-4": -9, "1-3": -8, "1-2": -8, "1-1": -7, "2-1": -7, "3-1": -6, "4-1": -6, "5-1": -5,
                   "6-1": -5, "7-1": -4}


@lru_cache(maxsize=None)
def tables() -> dict:
    folder = Path(rulesets_dir()) / "warblog"
    return {name: load_table(folder / f"{name}.toml", ()).section("entry") for name in ("crt", "combat")}


@dataclass(frozen=True)
class Force:
    """One unit in a combat: its kind (tank, mechanised, infantry, motorised, anti_tank...), its
    strength or defence, and its depressions."""

    kind: str
    strength: float
    depressions: int = 0


def depressed(value: float, depressions: int) -> float:
    """11.3 note, 4.0: 1-2 depressions are a point less, 3 or more half -- never below 1."""
    if depressions >= 3:
        return max(1, value / 2) if value else value
    return max(1, value - 1) if depressions >= 1 and value else value


MAX_DEPRESSIONS = 10                  # 4.0: the counters go 1 to 10


def depression_limits(depressions: int) -> list[str]:
    """4.0: what a depressed unit may no longer do."""
    out = []
    if depressions >= 5:
        out.append("may not advance towards any enemy")
    if depressions >= 7:
        out.append("may not attack, only defend")
    if depressions >= MAX_DEPRESSIONS:
        out.append("must move at least one hex away from the enemy each turn")
    return out


def recovered(depressions: float, moved: bool) -> float:
    """4.0, 7.1: a unit that did not move sheds one depression at the end of its side's turn."""
    return depressions if moved else max(0, depressions - 1)


def morale_check_needed(depressions: int) -> bool:
    """6.0: only units over 5 depressions check."""
    return depressions > 5


def routs(d10: int, depressions: int, leader: int = 0, works: str | None = None) -> bool:
    """6.0: a D10, +1 for each depression over 5, -1 a leader point, routs on 10 or more.  Our
    reading of the defences' "+1 dug in, +2 entrenched, +3 fortified (not cumulative)": they
    steady the unit, so they count against the roll."""
    steady = {"dug_in": 1, "entrenched": 2, "fortified": 3}.get(works or "", 0)
    return d10 + max(0, depressions - 5) - leader - steady >= 10


def stacking_problem(strengths: list[float], terrain: str = "", earthworks: bool = False,
                     limit: int | None = None) -> str | None:
    """3.1: at most 5 units or 45 strength in a hex; 2 in hills or behind earthworks, 1 in mountains
    (`limit`: the hex's unit limit as the terrain chart gives it, instead of the names)."""
    if limit is None:
        limit = 1 if terrain == "mountain" else (2 if terrain == "hills" or earthworks else 5)
    if len(strengths) > limit:
        return f"at most {limit} unit{'s' if limit != 1 else ''} in this hex (War Blog 3.1)"
    if sum(strengths) > 45:
        return f"at most 45 strength in a hex, not {sum(strengths):g} (War Blog 3.1)"
    return None


def unit_match(attacker: str, defenders: list[str]) -> float:
    """The unit match multiplier of one attacking kind against the defending stack (11.1): armour's
    bonus over every other kind (1.3), mechanised infantry's over infantry (1.2), armour's 1.5
    against motorised infantry (1.17)."""
    factors = {(e["attacker"], e["defender"]): e["factor"] for e in tables()["combat"].values()
               if e["kind"] == "match" and e.get("operational", True)}
    armour = {"tank", "mechanised"}
    if attacker == "anti_tank":
        if defenders and set(defenders) <= armour:
            return factors[("anti_tank", "armour_only")]
        return factors[("anti_tank", "armour_mixed")] if set(defenders) & armour else 1.0
    if attacker == "air_defence":
        return factors[("air_defence", "non_air")] if any(d != "air" for d in defenders) else 1.0
    return min((factors.get((attacker, d), 1.0) for d in defenders), default=1.0)


def _special(side: str, kind: str) -> dict | None:
    return next((e for e in tables()["combat"].values() if e["kind"] == "special" and e.get(side) == kind), None)


def special_attack(attacker: str, stack_strength: float | None) -> float:
    """A unit type's own attack multiplier against a small stack, by the defending stack's
    printed strength (what the counters show): special forces x3 against 10 or less (1.13),
    irregulars x4 against 5 or less (1.20)."""
    e = _special("attacker", attacker)
    if e is None or stack_strength is None or stack_strength > e["up_to"]:
        return 1.0
    return e["factor"]


def special_defence(defender: str, attackers: list[str]) -> float:
    """1.7: an anti-tank unit defends x5 against a stack with armour or mechanised infantry."""
    e = _special("defender", defender)
    return e["factor"] if e is not None and set(attackers) & {"tank", "mechanised"} else 1.0


def irregular_urban(places: list[str]) -> float | None:
    """1.20: an irregular's defence in a village x2, a town or light urban hex x4, a city or dense
    urban hex x6, a conurbation x8 (the best of the hex's), or None outside them."""
    factors = [e["factor"] for e in tables()["combat"].values()
               if e["kind"] == "irregular_urban" and e["defender"] in places]
    return max(factors) if factors else None


def attack_strength(attackers: list[Force], defenders: list[Force], extra_hexes: int = 0, leader: int = 0,
                    elevation: int = 0, obstacle: str | None = None, stack: float | None = None) -> float:
    """11.3: the sum of strength x unit match (x a special unit's own factor against a small
    `stack`, its printed strength: 1.13, 1.20), x flank x leadership (x elevation 2.6.1, x an
    earthwork, stream or bridged river 2.4.5, 2.5)."""
    kinds = [d.kind for d in defenders]
    total = sum(depressed(a.strength, a.depressions) * unit_match(a.kind, kinds) * special_attack(a.kind, stack)
                for a in attackers)
    total *= (1 + 0.1 * extra_hexes) * (1 + 0.1 * leader) * elevation_factor(elevation)
    if obstacle is not None:
        total *= tables()["combat"][obstacle]["factor"]
    return total


def defence_strength(defenders: list[Force], terrain: float = 1.0, works: str | None = None, leader: int = 0) -> float:
    """11.3: the sum of defence (after depressions) x entrenchment x leadership x terrain;
    dug in x1.5, entrenched x2, fortified x3 (2.4.1-2.4.3), multiplied with terrain (2.4.4)."""
    works_factor = tables()["combat"][works]["factor"] if works else 1.0
    return sum(depressed(d.strength, d.depressions) * works_factor * (1 + 0.1 * leader) * terrain for d in defenders)


def elevation_factor(difference: int) -> float:
    """2.6.1: by the elevation difference in steps of 10, beyond 60 as 60."""
    step = max(-60, min(60, int(round(difference / 10.0)) * 10))
    return next(e["factor"] for e in tables()["combat"].values() if e["kind"] == "elevation" and e["difference"] == step)


def odds(attack: float, defence: float) -> str:
    """The odds column (11.3's examples fix the rounding)."""
    if defence <= 0:
        return ODDS[-1]
    if attack >= defence:
        return ODDS[min(9, 2 + int(attack // defence))]
    if attack <= 0:
        return ODDS[0]
    return ODDS[max(0, 4 - math.ceil(defence / attack))]


def combat_result(column: str, d12: int) -> str:
    crt = tables()["crt"]["crt"]
    return crt["rows"][d12 - 1][crt["columns"].index(column)]


def eliminated(depressions: int, d10: int) -> bool:
    """11.2 DE: eliminated when the D10 is less than the depression level (fresh units never)."""
    return d10 < depressions


def ranged_hit_needs(range_hexes: int, formation: str = "company", units_in_stack: int = 1) -> list[int]:
    """11.5: the D6 each unit of the stack needs to be hit, in order: 2 or more after -1 a hex
    beyond 2, +1 battalion, +3 regiment or larger, -1 for each unit after the first."""
    bonus = {"company": 0, "battalion": 1, "regiment": 3}[formation] - max(0, range_hexes - 2)
    return [2 - bonus + k for k in range(units_in_stack)]


def ranged_damage_modifier(attack: float, defence: float) -> int:
    """11.5: the D10 damage roll's modifier by the odds."""
    return DAMAGE_MODIFIER[odds(attack, defence)]


def air_combat(difference: int) -> str:
    """9.3: one aircraft against one, D6 plus air combat value each."""
    difference = abs(difference)
    return "stand-off" if difference == 0 else ("loser aborted" if difference <= 2 else "loser eliminated")


def attrition_loss(roll_a: int, roll_b: int) -> float:
    """11.6: the difference of the two sides' rolls over 5, in depressions, at most 2."""
    return min(2.0, abs(roll_a - roll_b) / 5)


def turns_to_capture(score: int, strength_in_hex: int) -> int:
    """8.1: an objective rated `score` swings to minus that by the occupiers' strength a turn."""
    return math.ceil(2 * abs(score) / strength_in_hex)
