"""Lock 'n Load Tactical melee (8.0): the attackers' firepower against the defenders' on the
Melee Odds Ratio Table; 2d6 plus the attackers' leader's LM at or over the kill number
eliminates the defenders, and the defenders strike back the same way before anyone is
removed.  Shaken defenders with no Good Order friend in the hex are eliminated out of hand
(5.0 Shaken).  A hero among the attackers shifts the odds one column right (8.0).

The attacker may choose one defender (the attack's `at`) rather than all (8.0); the others of
the hex neither add their firepower nor strike back.
Readings: winners of a melee enter the hex; when both sides survive, or enemy units not chosen
are left in the hex, the attackers stay where they attacked from (the series keeps them locked
in melee).  Vehicles do not melee (DCT).  An "M" superscript (units.toml `melee_plus`) adds 1
to a unit's firepower in melee (8.0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.hexgrid import hex_distance
from . import tables
from .state import good_order, kind, lm
from .weapons import carried, melee_firepower

if TYPE_CHECKING:
    from .combat import AttackSheet


def sheet(game, units, defenders, target, side, defenders_line, everyone=None) -> "AttackSheet":
    """`defenders`: those the attacker chose (all, or the one aimed at); `everyone`: the enemy
    units of the hex, whose Good Order ones spare Shaken friends elimination out of hand."""
    from .combat import AttackSheet, refuse
    n = game.map.number
    for u in units:
        if hex_distance(u.hex, target) != 1:
            return refuse(f"{u.id} is not next to {n(target)}: melee is entering the enemy's hex (8.0)", "LnLT 8.0")
    attacking = sum(melee_firepower(game, u) for u in units)                    # with their MGs (8.0)
    defending = sum(melee_firepower(game, v) for v in defenders if good_order(v))
    out_of_hand = not any(good_order(v) for v in (everyone or defenders))
    if not attacking:
        return refuse("the attacking units have no firepower (8.0)", "LnLT 8.0")
    odds = tables.melee_odds(game.rules, attacking, max(1, defending))
    hero = any(kind(game, u) == "hero" for u in units)
    if hero:
        odds = tables.shift_right(game.rules, odds)          # 8.0: a hero among the attackers
    counter = tables.melee_odds(game.rules, max(1, defending), attacking) if defending else ""
    lines = [f"Melee in {n(target)} by {', '.join(u.id for u in units)} (LnLT 8.0)",
             f"  attacking firepower {attacking}" + (", a hero among them: one column right (8.0)" if hero else ""),
             defenders_line,
             f"  defending firepower {defending}" + (" (only Shaken units: eliminated out of hand)" if out_of_hand else ""),
             f"Odds {odds}: kill number {tables.kill_number(game.rules, odds)}"
             + (f"; the defenders strike back at {counter}, kill number {tables.kill_number(game.rules, counter)}"
                if counter else "")]
    return AttackSheet(True, "", "", tuple(lines), "melee", side, tuple(u.id for u in units), target,
                       tuple(v.id for v in defenders), attacking, (), defending, odds, counter, out_of_hand=out_of_hand)


def resolve(game, sheet, dice, attackers, defenders, out, lines) -> str:
    n = game.map.number(sheet.target)
    lead = max((lm(game, u) for u in attackers), default=0)
    for u in attackers:
        out[u.id] = {"moved": True}
    if sheet.out_of_hand:                        # only Shaken defenders: eliminated (5.0 Shaken)
        for v in defenders:
            out[v.id] = {"status": "destroyed", "q": None, "r": None}
        lines.append("Result: the Shaken defenders, with no Good Order friend, are eliminated (5.0)")
        killed_d, killed_a = True, False
    else:
        kill = tables.kill_number(game.rules, sheet.odds)
        r = dice.roll(f"melee in {n}: attackers at {sheet.odds} (kill {kill})", 2, 6,
                      (("leader's LM", lead),) if lead else ())
        dlead = max((lm(game, v) for v in defenders), default=0)
        killed_d, killed_a, answer = r.total >= kill, False, "the chosen defenders have no Good Order unit to strike back"
        if sheet.counter_odds:
            back = tables.kill_number(game.rules, sheet.counter_odds)
            c = dice.roll(f"melee in {n}: defenders strike back at {sheet.counter_odds} (kill {back})", 2, 6,
                          (("leader's LM", dlead),) if dlead else ())
            killed_a = c.total >= back
            answer = f"defenders {c.total} against {back} -- {'attackers eliminated' if killed_a else 'no kill'}"
        lines.append(f"Result: attackers {r.total} against {kill} -- {'defenders eliminated' if killed_d else 'no kill'}; "
                     f"{answer} (8.0)")
        for v in defenders if killed_d else ():
            out[v.id] = {"status": "destroyed", "q": None, "r": None}
        for u in attackers if killed_a else ():
            out[u.id] = {"status": "destroyed", "q": None, "r": None}
    left = [v for v in game.units.values() if v.on_map and v.hex == sheet.target and not v.carried_by
            and v.side != sheet.side and v.id not in sheet.defenders]
    if killed_d and not killed_a and left:
        lines.append(f"  {len(left)} enemy unit{'s' if len(left) != 1 else ''} not chosen still hold{'s' if len(left) == 1 else ''} "
                     f"{n}: the attackers stay where they attacked from (8.0)")
    elif killed_d and not killed_a:
        for u in attackers:
            out[u.id].update(q=sheet.target.q, r=sheet.target.r)
            for w in carried(game, u):                 # their weapons go in with them (1.6)
                out.setdefault(w.id, {}).update(q=sheet.target.q, r=sheet.target.r)
        lines.append(f"  the attackers enter {n} (8.0)")
    return f"melee in {n} at {sheet.odds}: " + ("defenders eliminated" if killed_d else "defenders hold") + \
        ("; attackers eliminated" if killed_a else "")
