"""War Blog attack results: what the dice of an assault, an attrition attack or a ranged fire
do to the units (11.2, 11.5, 11.6, 6.0, 4.0).

Readings where the text leaves a choice:
* A retreat is one hex, to a hex free of the enemy that the unit may enter, out of enemy zones
  of control if it can be (11.2); among those, the one farthest from the attackers, then the
  lowest hex number -- the umpire may move it elsewhere afterwards.  No hex: eliminated.
* AE (listed in 11.2's table, never explained): the attackers' elimination check, as DE.
* Air assets (1.39: aircraft on the ground, with no movement) forced to retreat or routed are
  destroyed.
* A rout (6.0: a modified D10 of 10 or more; the text does not say what it does) is read as a
  retreat of one more hex.
* After winning an assault (the defenders retreat or are eliminated), attackers stopped in the
  enemy's zone of control may move on with what they have left (3.2, 3.5).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, hex_distance
from . import civil, combat, evasion, exploit
from .battle import ASSAULT_COST, AttackSheet
from .movement import step_cost
from .state import Marks, depressions, in_enemy_zoc, kind, leader_factor, stack_limit, terrain_defence, whole, works

RESULTS = {
    "AR": "the attackers retreat with 3 depressions",
    "AE": "the attackers' elimination check (else 3 depressions and retreat)",
    "EX": "both sides take 1 depression",
    "DR": "the defenders retreat with 2 depressions",
    "DE": "the defenders' elimination check (else 3 depressions and retreat)",
}


class Kept(str):
    """A journal line for one side alone (and the umpire): what befell its unit."""

    def __new__(cls, text: str, side: str) -> "Kept":
        line = super().__new__(cls, text)
        line.side = side
        return line


class Outcome:
    """The units' new values, gathered so that a unit struck twice in one attack (depressions,
    then a retreat) gets one change, and the journal's lines.  `side` is the side that acts:
    it reads the result and what befell its own units; the enemy's depressions, checks and
    retreats are kept for the enemy (its hidden state: only the result is public)."""

    def __init__(self, game: Game, side: str | None = None) -> None:
        self.game = game
        self.side = side
        self.values: dict[str, dict] = {}
        self.lines: list[str] = []
        self.where: dict[str, Hex | None] = {}

    def tell(self, u: UnitState, line: str) -> None:
        """A line of what befell unit u: for the acting side if u is its own, else for u's side."""
        self.lines.append(line if self.side is None or u.side == self.side else Kept(line, u.side))

    def notes(self) -> list[Change]:
        """The lines as journal notes, in order, each run with its reader (None: the actor)."""
        out: list[Change] = []
        for line in self.lines:
            reader = getattr(line, "side", None)
            if out and out[-1].reader == reader:
                out[-1] = Change("note", "", {}, out[-1].lines + (str(line),), reader)
            else:
                out.append(Change("note", "", {}, (str(line),), reader))
        return out

    def marks(self, u: UnitState) -> Marks:
        """The unit's marks as the values gathered so far leave them."""
        return self.values.get(u.id, {}).get("marks", u.marks)

    def hex_of(self, u: UnitState) -> Hex | None:
        return self.where.get(u.id, u.hex)

    def set(self, u: UnitState, **values) -> None:
        self.values.setdefault(u.id, {}).update(values)

    def depress(self, u: UnitState, more: float) -> None:
        m = self.marks(u)
        m = m.but(depressions=min(combat.MAX_DEPRESSIONS, round(m.depressions + more, 2)))
        self.set(u, marks=m)
        self.tell(u, f"  {u.id}: {more:g} depression{'s' if more != 1 else ''}, now {m.depressions:g} (4.0)")

    def eliminate(self, u: UnitState, why: str) -> None:
        self.set(u, status="destroyed", q=None, r=None)
        self.where[u.id] = None
        if self.side is not None and u.side != self.side:       # seen to go; the why is its side's
            self.lines.append(f"  {u.id} is eliminated")
        self.tell(u, f"  {u.id} is eliminated: {why}")

    def retreat(self, u: UnitState, away: list[Hex]) -> None:
        h = self.hex_of(u)
        if h is None:
            return
        if self.game.unit_type(u).get("grounded"):
            self.eliminate(u, "air assets cannot retreat and are destroyed (1.39)")
            return
        to = retreat_hex(self.game, u, h, away, self)
        if to is None:
            self.eliminate(u, "no hex to retreat into (11.2)")
            return
        self.where[u.id] = to
        self.set(u, q=to.q, r=to.r, marks=self.marks(u).but(still=0, zoc=False))
        self.tell(u, f"  {u.id} retreats to {self.game.map.number(to)} (11.2)")

    def dead(self, u: UnitState) -> bool:
        return self.values.get(u.id, {}).get("status") == "destroyed"

    def changes(self) -> list[Change]:
        return [Change("unit", uid, v) for uid, v in self.values.items()]


def retreat_hex(game: Game, u: UnitState, h: Hex, away: list[Hex], out: Outcome) -> Hex | None:
    t = game.unit_type(u)
    options = []
    for n in game.map.on_map_neighbours(h):
        cost, _note, _stops = step_cost(game, t, h, n, u.side)
        if cost is None:
            continue
        here = [v for v in game.units.values() if v.id != u.id and out.hex_of(v) == n and not out.dead(v)]
        if any(v.side != u.side for v in here) or len(here) + 1 > stack_limit(game, n):
            continue
        zoc = in_enemy_zoc(game, n, u.side) and not t["ignores_zoc"]
        far = min((hex_distance(n, a) for a in away), default=0)
        options.append((zoc, -far, game.map.number(n), n))
    return min(options)[3] if options else None


def morale(game: Game, out: Outcome, u: UnitState, dice, away: list[Hex]) -> None:
    """6.0: a unit over 5 depressions rolls a D10, +1 a depression over 5, less its leader and
    its defences; 10 or more routs."""
    d = whole(out.marks(u).depressions)
    if out.dead(u) or not combat.morale_check_needed(d):
        return
    here = out.hex_of(u)
    leader = leader_factor(game, u.side, [here]) if here is not None else 0
    w = works(game, u) if out.where.get(u.id, u.hex) == u.hex else None
    roll = dice.roll(f"morale check {u.id} ({d} depressions)", 1, 10).total
    if combat.routs(roll, d, leader, w):
        out.tell(u, f"  {u.id} fails its morale check on {roll} and routs (6.0)")
        out.retreat(u, away)
    else:
        out.tell(u, f"  {u.id} holds: morale check {roll} (6.0)")


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
