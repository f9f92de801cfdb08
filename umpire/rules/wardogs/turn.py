"""Wardogs turn (Wardogs p. 7): the initiative, who moves first, the record sheets carried into
the next turn, and the victory count.

Readings:
* p. 7 step 1: each side (not each player) rolls a d10, ties rolled again.  The LOWEST roll moves
  first (step 2: "low roll moves one non-infantry unit first"), and the sides alternate one unit
  at a time; a side with nothing left to move passes and the other moves on alone.
* p. 7 step 9, Table 7: the armour a unit has as a turn begins is what the next turn's fire is
  rolled against (`ar_start`); shields come back each turn (p. 16).
* Victory: Basic Training sets no victory rule.  Umpire counts the scenario's objectives held
  (the last side alone in the hex) and the size of the enemy units destroyed.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from .fires import heat_standing
from .state import armour, is_infantry, on_table

RULE = "Wardogs p. 7"


def initiative(game: Game, dice) -> list[Change]:
    """p. 7 step 1: a d10 for each side, ties rolled again; the low roll moves first."""
    sides = game.side_ids()
    lines = []
    while True:
        rolls = {s: dice.roll(f"initiative of {game.side(s).name} ({RULE} step 1)", 1, 10).total for s in sides}
        lines.append(f"Initiative ({RULE} step 1): " + ", ".join(f"{game.side(s).name} {r}" for s, r in rolls.items()))
        if len(set(rolls.values())) == len(rolls):
            break
        lines.append("  a tie: the sides roll again")
    low = min(sides, key=lambda s: rolls[s])
    lines.append(f"{game.side(low).name} rolled lowest and moves first ({RULE} step 2)")
    return [Change("game", "state", {"initiative": rolls, "declarations": {}, "revealed": False},
                   tuple(lines), list(sides))]


def low_side(game: Game) -> str:
    """The side that rolled lowest this turn (the scenario's first player before any roll)."""
    rolls = game.rule_state.initiative
    if not rolls:
        return game.first_player
    return min(rolls, key=lambda s: (rolls[s], s))


def mover_order(game: Game, infantry: bool) -> tuple[str, ...]:
    """The units still to move in this movement phase, the sides alternating from the low roll
    (p. 7 steps 2-3): the order a side's units are listed in is the reminder's, not a rule --
    each side chooses which of its own moves next."""
    first = low_side(game)
    sides = [first] + [s for s in game.side_ids() if s != first]
    queues = [[u.id for u in on_table(game, s) if is_infantry(game, u) == infantry and not u.moved
               and game.unit_type(u)["mp"] + game.unit_type(u)["air_mp"] > 0] for s in sides]
    out: list[str] = []
    while any(queues):
        for q in queues:
            if q:
                out.append(q.pop(0))
    return tuple(out)


def record_sheets(game: Game) -> list[Change]:
    """p. 7 step 9 and the turn's end: the armour now is what next turn's fire meets (Table 7);
    shields come back (p. 16); the hexes moved start again from 0 (Table 3); a stand-up's half MP
    lasts its turn (p. 11); cover in a building is declared anew each turn (p. 13); a unit standing
    in a burning hex is in the flames again (p. 16).  Each side's own units only: the changes are read by their owner."""
    out = []
    for u in sorted(game.units.values(), key=lambda u: u.id):
        if u.status != "on_map":
            continue
        m = u.marks
        full = game.unit_type(u)["shields"]
        new = m.but(ar_start=armour(game, u), shields=full, hexes_moved=0, half_mp=False, checks=(), cover="",
                    hot_until=heat_standing(game, u, game.turn + 1))      # p. 16: still in the flames
        if new != m:
            out.append(Change("unit", u.id, {"marks": new}, (), u.side))
    return out


def holders(game: Game) -> dict[str, str]:
    """An objective is held by the side alone in it now (Umpire's rule)."""
    held: dict[str, str] = {}
    for v in game.victory:
        for o in v.objectives:
            here = {u.side for u in game.units.values() if u.on_map and u.hex == o.hex}
            if len(here) == 1:
                held[game.map.number(o.hex)] = here.pop()
    return held


class Standing:
    """The score: objectives held and the sizes of the enemy units destroyed (Umpire's count:
    Basic Training names no victory rule)."""

    def __init__(self, game: Game, final: bool) -> None:
        self.final = final
        self.points = {s: 0 for s in game.side_ids()}
        self.lines: list[str] = []
        held = holders(game)
        for v in game.victory:
            name = game.side(v.side).name
            for o in v.objectives:
                number = game.map.number(o.hex)
                label = f"{o.label} ({number})" if o.label else number
                if held.get(number) == v.side:
                    self.points[v.side] += o.points
                    self.lines.append(f"{label}: held by {name}, {o.points} points")
                else:
                    self.lines.append(f"{label}: not held by {name}")
        for side in game.side_ids():
            lost = [u for u in game.units.values() if u.side != side and u.status == "destroyed"]
            score = sum(game.unit_type(u)["size"] for u in lost)
            self.points[side] += score
            if lost:
                self.lines.append(f"{game.side(side).name}: {len(lost)} enemy units destroyed, {score} points (their sizes)")

    @property
    def winner(self) -> str | None:
        best = max(self.points.values())
        top = [s for s, p in self.points.items() if p == best]
        return top[0] if len(top) == 1 else None

    def text(self, game: Game) -> str:
        head = "Final result" if self.final else f"Standing in turn {game.turn}"
        score = ", ".join(f"{game.side(s).name} {p}" for s, p in self.points.items())
        result = f"{game.side(self.winner).name} wins" if self.winner else "drawn"
        return "\n".join([f"{head}: {score} -- {result} (Umpire's count: Wardogs Basic Training sets no victory rule)"]
                         + [f"  {x}" for x in self.lines])
