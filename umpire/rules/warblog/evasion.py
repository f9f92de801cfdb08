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
* The insurgents' own attack (1.21): moving into an enemy hex is read as attacking from next to
  it, singling out one unit there (the attack's `at`); 50% less 5% for each point of the
  target's printed defence above 1, on percentile dice; success costs it 3 depressions (and a
  morale check, 6.0).  Like any combat it costs 2 movement points (11.0).
Secret: the dice never reach a side's journal (core.witness), and every line about the roll is
kept for the evading unit's own side (outcome.Outcome.tell), so the attacker reads only the
combat result and what it sees of the hex afterwards.
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, hex_distance
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


def strike_chance(defence: int) -> int:
    """1.21: 50% less 5% a defence point above 1, never below 0."""
    return max(0, 50 - 5 * max(0, defence - 1))


def strike_sheet(game: Game, units: list[UnitState], target: Hex, aim: str):
    """1.21: insurgents single out one unit of the hex next to them."""
    from .battle import AttackSheet, refuse
    if not units or not all(insurgent(game, u) for u in units):
        return refuse("War Blog attacks the whole hex, not one unit in it (11.0); only insurgents single "
                      "one out (1.21), and special forces a command unit (1.13)", "WB 1.21")
    n = game.map.number
    for u in units:
        if not u.on_map or hex_distance(u.hex, target) != 1:
            return refuse(f"{u.id} is not next to {n(target)} (1.21)", "WB 1.21")
        if game.unit_type(u)["movement"] - u.mp_spent < 1:
            return refuse(f"{u.id} has no movement point left to fight with (11.0)", "WB 11.0")
    v = game.units[aim]
    chance = strike_chance(game.unit_type(v)["defence"])
    lines = (f"Insurgents' attack on {v.id} in {n(target)} by {', '.join(u.id for u in units)} (War Blog 1.21)",
             f"  {chance}% (50% less 5% for each point of its printed defence above 1): 3 depressions")
    return AttackSheet(True, "", "", lines, "strike", units[0].side, tuple(u.id for u in units), target, (v.id,),
                       v.side, 0.0, float(game.unit_type(v)["defence"]), f"{chance}%")


def strike(game: Game, sheet, dice, out, attackers, defenders, spend, morale) -> str:
    """1.21: the percentile roll against the chance; success, 3 depressions on the target."""
    v = defenders[0]
    chance = strike_chance(int(sheet.defence))
    roll = dice.roll(f"insurgents' attack on {v.id} ({chance} or less)", 1, 100).total
    for u in attackers:
        spend(game, out, u, 2, acted=True)
    if roll > chance:
        out.lines.append(f"Result: {roll} against {chance}% -- the attack fails (1.21)")
        return f"insurgents' attack on {v.id}: fails"
    out.lines.append(f"Result: {roll} against {chance}% -- {v.id} takes 3 depressions (1.21)")
    out.depress(v, 3)
    morale(game, out, v, dice, [u.hex for u in attackers])
    return f"insurgents' attack on {v.id}: 3 depressions"
