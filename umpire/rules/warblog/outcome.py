"""What an attack does to War Blog units (4.0, 6.0, 11.2): the values gathered for each unit
struck (`Outcome`: depressions, eliminations, retreats), who reads each line of it, and the
morale check over five depressions.  Every kind of attack (resolve.py, air.py, airlift.py,
mines.py, siege.py...) deals its result through these.

Readings where the text leaves a choice:
* A retreat is one hex, to a hex free of the enemy that the unit may enter, out of enemy zones
  of control if it can be (11.2); among those, the one farthest from the attackers, then the
  lowest hex number -- the umpire may move it elsewhere afterwards.  No hex: eliminated.
* Air assets (1.39: aircraft on the ground, with no movement) forced to retreat or routed are
  destroyed.
* A rout (6.0: a modified D10 of 10 or more; the text does not say what it does) is read as a
  retreat of one more hex.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, hex_distance
from . import combat
from .movement import step_cost
from .state import Marks, in_enemy_zoc, leader_factor, stack_limit, whole, works


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
