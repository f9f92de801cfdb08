"""War Blog attack results: the dice of an assault, an attrition attack or a ranged fire and
the table's result (11.2, 11.5, 11.6); what they do to each unit is outcome.py's (4.0, 6.0).

Readings where the text leaves a choice:
* AE (listed in 11.2's table, never explained): the attackers' elimination check, as DE.
* After winning an assault (the defenders retreat or are eliminated), attackers stopped in the
  enemy's zone of control may move on with what they have left (3.2, 3.5).
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from . import civil, combat, evasion, exploit
from .battle import ASSAULT_COST, AttackSheet
from .outcome import Outcome, morale
from .state import depressions, kind, leader_factor, terrain_defence, whole, works

RESULTS = {
    "AR": "the attackers retreat with 3 depressions",
    "AE": "the attackers' elimination check (else 3 depressions and retreat)",
    "EX": "both sides take 1 depression",
    "DR": "the defenders retreat with 2 depressions",
    "DE": "the defenders' elimination check (else 3 depressions and retreat)",
}


def resolve(game: Game, sheet: AttackSheet, dice) -> tuple[str, list]:
    out = Outcome(game, sheet.side)
    attackers = [game.units[x] for x in sheet.units]
    defenders = [game.units[x] for x in sheet.defenders]
    n = game.map.number(sheet.target)
    if sheet.kind == "ranged":
        summary = _ranged(game, sheet, dice, out, attackers, defenders)
    elif sheet.kind == "attrition":
        summary = _attrition(game, sheet, dice, out, attackers, defenders)
    elif sheet.kind == "strike":
        summary = evasion.strike(game, sheet, dice, out, attackers, defenders, spend, morale)
    elif sheet.kind == "siege":
        from .siege import resolve as siege
        summary = siege(game, sheet, dice, out)
    elif civil.microwaved(game, attackers, defenders):
        summary = civil.microwave(game, out, attackers, defenders, dice, spend, morale, ASSAULT_COST)
    else:
        summary = _assault(game, sheet, dice, out, attackers, defenders)
    return f"{', '.join(sheet.units)} {summary.replace('{hex}', n)}", out.notes() + out.changes()


def spend(game: Game, out: Outcome, u: UnitState, cost: float, **flags) -> None:
    left = game.unit_type(u)["movement"]
    out.set(u, mp_spent=min(float(left), u.mp_spent + cost), **flags)


def _assault(game, sheet, dice, out, attackers, defenders) -> str:
    roll = dice.roll(f"combat at {sheet.column} on {game.map.number(sheet.target)}", 1, 12).total
    result = combat.combat_result(sheet.column, roll)
    out.lines.append(f"Result: {result} on a D12 of {roll} at {sheet.column} -- {RESULTS[result]} (11.2)")
    for u in attackers:
        spend(game, out, u, ASSAULT_COST, acted=True)
        out.set(u, marks=out.marks(u).but(still=0))
    from_hexes = [u.hex for u in attackers]
    if result in ("AR", "AE"):
        for u in attackers:
            if result == "AE":
                r = dice.roll(f"elimination check {u.id}", 1, 10).total
                if combat.eliminated(whole(depressions(u)), r):
                    out.eliminate(u, f"elimination check {r} under its {depressions(u):g} depressions (11.2)")
                    continue
            out.depress(u, 3)
            out.retreat(u, [sheet.target])
    elif result == "EX":
        slipped = _slip_away(game, out, defenders, dice, from_hexes)
        free = all(evasion.insurgent(game, v) for v in defenders)        # 1.21: costs the attackers nothing
        if free:
            out.lines.append("  the insurgents' exchange costs the attackers nothing (1.21)")
        struck = ([] if free else attackers) + [v for v in defenders if v not in slipped]
        for u in struck:
            out.depress(u, 1)
        for u in struck:
            morale(game, out, u, dice, [sheet.target] if u in attackers else from_hexes)
    else:
        slipped = _slip_away(game, out, defenders, dice, from_hexes)
        held = evasion.irregular_attack(game, attackers)             # 1.20: no retreat forced
        if held:
            out.lines.append("  irregulars cannot force a retreat: 3 depressions instead (1.20)")
        for u in defenders:
            if u in slipped:
                continue
            if held and result == "DR":
                out.depress(u, 3)
                morale(game, out, u, dice, from_hexes)
                continue
            if result == "DE":
                r = dice.roll(f"elimination check {u.id}", 1, 10).total
                if combat.eliminated(whole(depressions(u)), r):
                    out.eliminate(u, f"elimination check {r} under its {depressions(u):g} depressions (11.2)")
                    continue
                out.tell(u, f"  {u.id} passes its elimination check on {r} (11.2)")
            out.depress(u, 2 if result == "DR" else 3)
            if not held:
                out.retreat(u, from_hexes)
            if result == "DR":
                morale(game, out, u, dice, from_hexes)
        if all(out.hex_of(u) != sheet.target for u in defenders):
            for u in attackers:
                if out.marks(u).zoc:
                    out.set(u, marks=out.marks(u).but(zoc=False))
                    out.lines.append(f"  {u.id} won: it may move on with what it has left (3.2)")
            emptied = not any(v.side != sheet.side and out.hex_of(v) == sheet.target and not out.dead(v)
                              for v in game.units.values() if v.on_map)
            for u in attackers if emptied else ():
                before = u.marks.exploit_in(game.turn)
                out.set(u, marks=exploit.mark(game, u, sheet.target, out.marks(u)))
                if before is None:
                    out.lines.append(f"  {u.id} may advance into {game.map.number(sheet.target)} (3.5)")
    for u in attackers:            # one exploitation a turn: a later combat ends what is left of it
        if u.marks.exploit_in(game.turn) is not None:
            out.set(u, marks=exploit.mark(game, u, None, out.marks(u)))
    return f"attack {{hex}} at {sheet.column}: {result} (D12 {roll})"


def _slip_away(game, out, defenders, dice, away) -> list:
    """Irregulars that win the umpire's secret roll, and insurgents always, retreat a hex
    unharmed instead of taking the result (1.20, 1.21; evasion.py)."""
    gone = []
    for v in defenders:
        if evasion.insurgent(game, v) or evasion.evades(game, out, v, dice, "assault"):
            if evasion.insurgent(game, v):
                out.tell(v, f"  {v.id} falls back unharmed (1.21)")
            gone.append(v)
            out.retreat(v, away)
    return gone


def _attrition(game, sheet, dice, out, attackers, defenders) -> str:
    a = dice.roll(f"attrition: attacker's 0-{int(sheet.attack)}", 1, int(sheet.attack) + 1).total - 1
    d = dice.roll(f"attrition: defender's 0-{int(sheet.defence)}", 1, int(sheet.defence) + 1).total - 1
    loss = combat.attrition_loss(a, d) if a > d else 0.0
    out.lines.append(f"Result: attrition {a} against {d}: {loss:g} depressions to each defender (11.6)")
    for u in attackers:        # no movement left, but its defences stay (11.6)
        spend(game, out, u, game.unit_type(u)["movement"], fired=True)
    if loss:
        for u in defenders:
            out.depress(u, loss)
            morale(game, out, u, dice, [x.hex for x in attackers])
    return f"attrition on {{hex}}: {a} against {d}, {loss:g} depressions"


DAMAGE_DIVISOR = {"tank": 8, "mechanised": 4, "irregular": 2, "insurgent": 2}      # 1.18


def _ranged(game, sheet, dice, out, attackers, defenders) -> str:
    targets = sorted(defenders, key=lambda v: (-game.unit_type(v)["strength"], v.id))[:2]
    terrain = terrain_defence(game, sheet.target)
    leader = leader_factor(game, sheet.defending_side, [sheet.target])
    hits = 0
    for k, v in enumerate(targets):
        need = combat.ranged_hit_needs(sheet.range, game.unit_type(v)["formation"], k + 1)[k]
        roll = dice.roll(f"ranged fire: hit on target {k + 1} (needs {need})", 1, 6).total
        if roll < need:
            out.lines.append(f"  target {k + 1} missed: {roll}, needed {need} (11.5)")
            continue
        hits += 1
        out.lines.append(f"  target {k + 1} hit: {roll}, needed {need} (11.5)")
        if evasion.insurgent(game, v) and evasion.evades(game, out, v, dice, "fire"):
            continue                                                  # 1.21: no damage, no check
        defence = combat.defence_strength([combat.Force(kind(game, v), game.unit_type(v)["defence"],
                                                        whole(depressions(v)))], terrain, works(game, v), leader)
        mod = combat.ranged_damage_modifier(sheet.attack, defence)
        d10 = dice.roll(f"ranged fire: damage to target {k + 1}", 1, 10).total
        damage = max(0, d10 + mod) / DAMAGE_DIVISOR.get(kind(game, v), 1)
        # the damage shows the target's defence and depressions: its own side's to read
        out.tell(v, f"  {v.id} hit ({roll}, needed {need}): damage D10 {d10} {mod:+d} at "
                    f"{combat.odds(sheet.attack, defence)}" + (f", divided by {DAMAGE_DIVISOR[kind(game, v)]} (1.18)"
                                                                if kind(game, v) in DAMAGE_DIVISOR else ""))
        if damage:
            out.depress(v, round(damage, 2))
        morale(game, out, v, dice, [u.hex for u in attackers])      # every hit checks (11.5)
    out.lines.insert(0, f"Result: {hits} of {len(targets)} target{'s' if len(targets) != 1 else ''} hit (11.5)")
    for u in attackers:
        spend(game, out, u, ASSAULT_COST, fired=True)
    return f"fire on {{hex}}: {hits} of {len(targets)} hit"
