"""Lock 'n Load Tactical fire and melee on a hex (5.0, 5.2, 8.0) and the damage check (5.0 DCT).

Direct fire (5.0): the firing units of one hex roll 1d6 + firepower + the Good Order leader's
LM + the DFT modifiers; the defender rolls 1d6 + the hex's target modifier (at most +4, 5.5);
if the attacker's result is higher every unit in the hex takes a damage check: 1d6 + the
Damage Check Calculation Table's number, less a Good Order leader's LM in its hex, on the
Damage Check Table against its morale.  Several units: the strongest fires with its full
firepower, each other multi-man counter adds half of its own, rounded up (5.2).
DFT modifiers here: -1 a degrading hex on the way (10.3, at most 2), +2 against an adjacent
target or +3 when a firer has the "A" superscript (5.6), +1 against a leg unit marked Moved.

Melee (8.0): the attackers' firepower against the defenders' on the Melee Odds Ratio Table;
2d6 plus the attackers' leader's LM at or over the kill number eliminates the defenders, and
the defenders strike back the same way before anyone is removed.  Shaken defenders with no
Good Order friend in the hex are eliminated out of hand (5.0 Shaken).

Readings and what is not yet here: winners of a melee enter the hex; when both sides survive
the attackers stay where they attacked from (the series keeps them locked in melee).  Heroes
(11.2), support weapons (1.6), ordnance (14.1) and vehicles are still
to come; a 1 on a squad's damage check is noted as a hero chance for the umpire.
Opportunity fire (5.3) is fire at the hex of a unit paused mid-move: by units not marked Moved
or Fired, one point of firepower less for each firer already Ops Complete; the +1 against a
moving target is the Moved modifier.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...core.changes import Change
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, hex_distance
from . import tables
from .state import SMC, best_leader, dct_column, good_order, kind, lm, morale, tm

KINDS = ("fire", "melee")


@dataclass(frozen=True)
class AttackSheet:
    legal: bool
    reason: str = ""
    rule: str = ""
    lines: tuple[str, ...] = ()
    kind: str = "fire"
    side: str = ""
    units: tuple[str, ...] = ()
    target: Hex | None = None
    defenders: tuple[str, ...] = ()
    firepower: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()
    defence: int = 0
    odds: str = ""
    counter_odds: str = ""


def refuse(reason: str, rule: str = "") -> AttackSheet:
    return AttackSheet(False, reason, rule)


def combined_firepower(game: Game, units: list[UnitState]) -> int:
    """5.2: the strongest at full firepower, each other multi-man counter half, rounded up."""
    fps = sorted((game.unit_type(u)["firepower"] for u in units if kind(game, u) not in SMC), reverse=True)
    return (fps[0] + sum(math.ceil(f / 2) for f in fps[1:])) if fps else 0


def attack_sheet(game: Game, sight, unit_ids: list[str], target: Hex, how: str) -> AttackSheet:
    if how not in KINDS:
        return refuse(f"unknown kind of attack {how!r} (Lock 'n Load: {', '.join(KINDS)})")
    units = [game.units[x] for x in unit_ids]
    side = units[0].side
    n = game.map.number
    defenders = [v for v in game.units.values() if v.on_map and v.hex == target and v.side != side]
    if not defenders:
        return refuse(f"no enemy unit in {n(target)}")
    opportunity = any(v.paused for v in defenders)       # 5.3: at a unit spending MPs in sight
    for u in units:
        if not u.on_map:
            return refuse(f"{u.id} is not on the map")
        if not good_order(u):
            return refuse(f"{u.id} is Shaken: it may not fire or attack (5.0)", "LnLT 5.0")
        if opportunity and (u.moved or u.fired):
            return refuse(f"{u.id} is marked {'Moved' if u.moved else 'Fired'}: no opportunity fire (5.3)", "LnLT 5.3")
        if not opportunity and (u.moved or u.fired or u.acted):
            return refuse(f"{u.id} has already acted this turn (4.1)", "LnLT 4.1")
    if opportunity and how != "fire":
        return refuse("opportunity fire is fire, not melee (5.3)", "LnLT 5.3")
    dside = defenders[0].side
    defenders_line = f"Defenders: {len(defenders)} unit{'s' if len(defenders) != 1 else ''} of {game.side(dside).name}"
    if how == "melee":
        return _melee_sheet(game, units, defenders, target, side, defenders_line)
    if len({u.hex for u in units}) != 1:
        return refuse("units fire together only from one hex, the one activated (4.0, 5.2)", "LnLT 5.2")
    here = units[0].hex
    rng = hex_distance(here, target)
    for u in units:
        if rng > game.unit_type(u)["range"]:
            return refuse(f"{n(target)} is {rng} hexes away, beyond {u.id}'s range of {game.unit_type(u)['range']} "
                          "(5.0)", "LnLT 5.0")
    between = sight.degrading(here, target)
    if between is None:
        return refuse(f"no line of sight from {n(here)} to {n(target)} (10.3)", "LnLT 10.3")
    fp = combined_firepower(game, units)
    if not fp:
        return refuse("no firepower among the firing units (5.2)", "LnLT 5.2")
    mods = []
    done = [u for u in units if u.acted]
    if opportunity and done:
        mods.append(("Ops Complete firers, 1 each (5.3)", -len(done)))
    leader = best_leader(game, here, side)
    if leader:
        mods.append(("leader's LM (5.0.1)", leader))
    if between:
        mods.append(("degrading hexes on the way (10.3)", -between))
    if rng == 1:
        mods.append(("adjacent target (5.6)", 3 if any(game.unit_type(u)["assault"] for u in units) else 2))
    if any(v.moved for v in defenders):
        mods.append(("target marked Moved (6.0)", 1))
    lines = [f"{'Opportunity fire' if opportunity else 'Direct fire'} on {n(target)} by {', '.join(u.id for u in units)} "
             f"from {n(here)}, range {rng} (LnLT {'5.3' if opportunity else '5.0'})",
             f"  firepower {fp}" + (" (5.2: the strongest in full, the others half)" if len(units) > 1 else ""),
             *[f"  {why}: {v:+d}" for why, v in mods],
             defenders_line,
             f"  target modifier {tm(game, target):+d} ({game.rules.terrain_types[game.map.terrain[target]]['label'].lower()})"]
    return AttackSheet(True, "", "", tuple(lines), how, side, tuple(unit_ids), target, tuple(v.id for v in defenders),
                       fp, tuple(mods), tm(game, target))


def _melee_sheet(game, units, defenders, target, side, defenders_line) -> AttackSheet:
    n = game.map.number
    for u in units:
        if hex_distance(u.hex, target) != 1:
            return refuse(f"{u.id} is not next to {n(target)}: melee is entering the enemy's hex (8.0)", "LnLT 8.0")
    attacking = sum(game.unit_type(u)["firepower"] for u in units)
    defending = sum(game.unit_type(v)["firepower"] for v in defenders if good_order(v))
    if not attacking:
        return refuse("the attacking units have no firepower (8.0)", "LnLT 8.0")
    odds = tables.melee_odds(game.rules, attacking, max(1, defending))
    counter = tables.melee_odds(game.rules, max(1, defending), attacking) if defending else ""
    lines = [f"Melee in {n(target)} by {', '.join(u.id for u in units)} (LnLT 8.0)",
             f"  attacking firepower {attacking}", defenders_line,
             f"  defending firepower {defending}" + (" (only Shaken units: eliminated out of hand)" if not defending else ""),
             f"Odds {odds}: kill number {tables.kill_number(game.rules, odds)}"
             + (f"; the defenders strike back at {counter}, kill number {tables.kill_number(game.rules, counter)}"
                if counter else "")]
    return AttackSheet(True, "", "", tuple(lines), "melee", side, tuple(u.id for u in units), target,
                       tuple(v.id for v in defenders), attacking, (), defending, odds, counter)


def damage_check(game: Game, u: UnitState, plus: int, dice, values: dict, lines: list) -> None:
    """5.0: 1d6 + plus, less a Good Order leader's LM in the hex (leg units), on the DCT."""
    leader = best_leader(game, u.hex, u.side, exclude=u.id)
    r = dice.roll(f"damage check {u.id} (DC+{plus})", 1, 6, (("DC", plus),) + ((("leader's LM", -leader),)
                                                                               if leader else ()))
    result = tables.dct_result(game.rules, dct_column(game, u), r.total, morale(game, u))
    t = game.unit_type(u)
    marks = dict(values.get("marks", u.marks))
    if result == "Shaken":
        marks["shaken"] = True
    elif result == "Casualties":
        if t["reduces_to"]:
            values["type"] = t["reduces_to"]
            marks["shaken"] = True
        else:
            result = "Casualties: eliminated"
            values.update(status="destroyed", q=None, r=None)
    elif result == "Wounded":
        if marks.get("wounded"):
            result = "Wounded again: eliminated"
            values.update(status="destroyed", q=None, r=None)
        marks.update(shaken=True, wounded=True)
    elif result == "Eliminated":
        values.update(status="destroyed", q=None, r=None)
    values["marks"] = marks
    hero = " -- a 1: the umpire rolls for a hero (11.2.1)" if r.faces[0] == 1 and t["kind"] in ("squad", "half_squad") \
        else ""
    lines.append(f"  {u.id}: damage check {r.total} against morale {morale(game, u)}: {result}"
                 + (f", now {game.rules.unit_types[t['reduces_to']]['label']}" if values.get("type") else "") + hero)


def resolve(game: Game, sheet: AttackSheet, dice) -> tuple[str, list]:
    n = game.map.number(sheet.target)
    lines: list[str] = []
    out: dict[str, dict] = {}
    attackers = [game.units[x] for x in sheet.units]
    defenders = [game.units[x] for x in sheet.defenders]
    if sheet.kind == "melee":
        summary = _melee(game, sheet, dice, attackers, defenders, out, lines)
    else:
        a = dice.roll(f"direct fire on {n}: firepower {sheet.firepower}", 1, 6, (("firepower", sheet.firepower),)
                      + sheet.modifiers)
        d = dice.roll(f"defence in {n}: target modifier {sheet.defence}", 1, 6, (("TM", sheet.defence),))
        dc = tables.dc_number(game.rules, a.total, d.total)
        if dc is None:
            lines.append(f"Result: {a.total} against {d.total} -- no effect (5.0)")
        else:
            lines.append(f"Result: {a.total} against {d.total} -- damage checks at DC+{dc} (5.0)")
            for v in defenders:
                values: dict = {}
                damage_check(game, v, dc, dice, values, lines)
                out[v.id] = values
        for u in attackers:
            out.setdefault(u.id, {})["fired"] = True
        summary = f"fire on {n}: {a.total} against {d.total}" + (f", DC+{dc}" if dc is not None else ", no effect")
    return f"{', '.join(sheet.units)} {summary}", [Change("note", "", {}, tuple(lines))] + \
        [Change("unit", k, v) for k, v in out.items() if v]


def _melee(game, sheet, dice, attackers, defenders, out, lines) -> str:
    n = game.map.number(sheet.target)
    lead = max((lm(game, u) for u in attackers), default=0)
    for u in attackers:
        out[u.id] = {"moved": True}
    if not sheet.defence:                        # only Shaken defenders: eliminated (5.0 Shaken)
        for v in defenders:
            out[v.id] = {"status": "destroyed", "q": None, "r": None}
        lines.append("Result: the Shaken defenders, with no Good Order friend, are eliminated (5.0)")
        killed_d, killed_a = True, False
    else:
        kill = tables.kill_number(game.rules, sheet.odds)
        r = dice.roll(f"melee in {n}: attackers at {sheet.odds} (kill {kill})", 2, 6,
                      (("leader's LM", lead),) if lead else ())
        dlead = max((lm(game, v) for v in defenders), default=0)
        back = tables.kill_number(game.rules, sheet.counter_odds)
        c = dice.roll(f"melee in {n}: defenders strike back at {sheet.counter_odds} (kill {back})", 2, 6,
                      (("leader's LM", dlead),) if dlead else ())
        killed_d, killed_a = r.total >= kill, c.total >= back
        lines.append(f"Result: attackers {r.total} against {kill} -- {'defenders eliminated' if killed_d else 'no kill'}; "
                     f"defenders {c.total} against {back} -- {'attackers eliminated' if killed_a else 'no kill'} (8.0)")
        for v in defenders if killed_d else ():
            out[v.id] = {"status": "destroyed", "q": None, "r": None}
        for u in attackers if killed_a else ():
            out[u.id] = {"status": "destroyed", "q": None, "r": None}
    if killed_d and not killed_a:
        for u in attackers:
            out[u.id].update(q=sheet.target.q, r=sheet.target.r)
        lines.append(f"  the attackers enter {n} (8.0)")
    return f"melee in {n} at {sheet.odds}: " + ("defenders eliminated" if killed_d else "defenders hold") + \
        ("; attackers eliminated" if killed_a else "")
