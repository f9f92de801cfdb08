"""War Blog irregulars and insurgents in combat (1.20, 1.21): how they slip away.

Readings where the text leaves a choice:
* Irregulars defending in an assault (1.20: "retreat unharmed 75% of the time"): on a result
  that would touch them (EX, DR, DE) the umpire rolls percentile dice in secret; 75 or less and
  they retreat a hex with no depression, no elimination check and no morale check; otherwise
  they take the result like any unit.
* Irregulars attacking cannot force a retreat (1.20): a DR, or a DE whose elimination check is
  passed, leaves the defenders where they are with their 3 depressions (only a rout moves them).
  A stack with one regular unit among the attackers forces retreats as usual.
* Insurgents defending in an assault (1.21): the text spells the results out -- an exchange sends
  them back a hex and costs the attackers nothing, a DR or DE sends them back a hex -- so they
  lose nothing to an assault; EX costs the attackers nothing only when every defender is an
  insurgent (otherwise the others' exchange stands).
* Their "base 90% evasion chance when attacked" is read as the attacks the text does not spell
  out for them: a ranged fire or air strike that hits an insurgent is evaded on 90 or less of
  the umpire's secret percentile roll -- no damage, no morale check.
Secret: the dice never reach a side's journal (core.witness), and every line about the roll is
kept for the evading unit's own side (resolve.Outcome.tell), so the attacker reads only the
combat result and what it sees of the hex afterwards.
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from .state import kind

CHANCE = {"irregular": 75, "insurgent": 90}           # percent: 1.20, 1.21
RULE = {"irregular": "1.20", "insurgent": "1.21"}


def evades(game: Game, out, u: UnitState, dice, what: str) -> bool:
    """The umpire's secret percentile roll for an irregular or insurgent unit (1.20, 1.21); the
    line about it is kept for the unit's own side."""
    k = kind(game, u)
    if k not in CHANCE:
        return False
    roll = dice.roll(f"evasion {u.id} ({CHANCE[k]} or less, secret)", 1, 100).total
    ok = roll <= CHANCE[k]
    out.tell(u, f"  {u.id} {'slips away from' if ok else 'fails to slip away from'} the {what}: "
                f"{roll} against {CHANCE[k]}% ({RULE[k]})")
    return ok


def irregular_attack(game: Game, attackers: list[UnitState]) -> bool:
    """1.20: a stack of irregulars alone cannot force a retreat."""
    return bool(attackers) and all(kind(game, u) == "irregular" for u in attackers)


def insurgent(game: Game, u: UnitState) -> bool:
    return kind(game, u) == "insurgent"
