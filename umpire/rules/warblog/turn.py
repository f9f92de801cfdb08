"""War Blog's turn: alternating player turns (7.0, 7.1), what a player's turn does as it ends
(recovery 4.0, digging in 2.4.1-2.4.2, objectives 8.1) and how the game stands (8.0).

Readings where the text leaves a choice:
* A unit "did not move" (7.1) when it neither moved nor assaulted in its turn; ranged fire and
  attrition count as standing still (11.6 keeps the attrition attacker's defences).
* Objectives (8.1): a scenario's [[victory]] objective worth `points` starts at +points for the
  side holding it (its units stand in it; else the side listing it); at the end of each player's turn its units in the hex swing the score towards it by
  their strength (after depressions); the hex changes hands at the far end of the scale -- or,
  listed in the scenario's [warblog] destroy, is destroyed there for good (8.2, hearts.py).
* Medical units (1.22: they "heal units to 1 greater than their total disruption") are read as
  one depression more shed at the end of the turn by every unit of their side in their hex,
  whether it moved or not (on top of the 7.1 recovery of a unit that stood still).
* War Blog has no victory conditions (8.0); Umpire reports who holds which objective and names
  the side holding the most objective points as ahead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.changes import Change
from ...core.game import Game
from . import combat
from .state import DUG_IN_TURNS, ENTRENCHED_TURNS, Objective, depressions, whole


def objectives_at_start(game: Game) -> list:
    """Each objective's score track.  An objective both sides list is held at the start by the
    side with units in it, else by the side listing it first."""
    state = {}
    for v in game.victory:
        for o in v.objectives:
            number = game.map.number(o.hex)
            if number in state:
                continue
            here = {u.side for u in game.units.values() if u.on_map and u.hex == o.hex}
            owner = next(iter(here)) if len(here) == 1 else v.side
            state[number] = Objective(label=o.label or number, owner=owner, holder=owner, rating=o.points,
                                      score=o.points)
    return [Change("game", "state", {"objectives": state})] if state else []


def end_of_player_turn(game: Game, side: str) -> list:
    out: list = []
    for u in sorted(game.units.values(), key=lambda u: u.id):
        if u.side != side or not u.on_map:
            continue
        marks = u.marks
        lines = []
        if whole(depressions(u)) >= combat.MAX_DEPRESSIONS and not u.moved:
            lines.append(f"{u.id} had 10 depressions and did not move away from the enemy (4.0): the umpire decides")
        if u.moved or u.acted:
            marks = marks.but(still=0)
        else:
            still = marks.still + 1
            marks = marks.but(still=still)
            if still == DUG_IN_TURNS:
                lines.append(f"{u.id} digs in: defence x1.5 (2.4.1)")
            elif still == ENTRENCHED_TURNS:
                lines.append(f"{u.id} is entrenched: defence x2 (2.4.2)")
            d = depressions(u)
            if d:
                marks = marks.but(depressions=round(combat.recovered(d, moved=False), 2))
                lines.append(f"{u.id} stood still and recovers a depression: {marks.depressions:g} (4.0, 7.1)")
        if marks.depressions and _medics(game, u):
            marks = marks.but(depressions=round(max(0.0, marks.depressions - 1), 2))
            lines.append(f"{u.id} is tended by medical units: a depression more, {marks.depressions:g} (1.22)")
        marks = marks.but(zoc=False)
        if marks != u.marks or lines:          # a line for the umpire even when nothing changed (4.0)
            out.append(Change("unit", u.id, {"marks": marks}, tuple(lines)))
    out += _objectives(game, side)
    return out


def _medics(game: Game, u) -> bool:
    """1.22: a friendly medical unit in the unit's hex."""
    return any(v.on_map and v.side == u.side and v.hex == u.hex and game.unit_type(v).get("medical")
               for v in game.units.values())


def _objectives(game: Game, side: str) -> list:
    from .hearts import destroyable
    state = dict(game.rule_state.objectives)
    lines = []
    for number, o in game.rule_state.objectives.items():
        if o.destroyed:
            continue                   # 8.2: it moves no more
        h = game.map.grid.parse(number)
        here = [u for u in game.units.values() if u.on_map and u.hex == h and u.side == side]
        strength = sum(combat.depressed(game.unit_type(u)["strength"], whole(depressions(u))) for u in here)
        if not strength:
            continue
        toward = 1 if side == o.owner else -1
        score = max(-o.rating, min(o.rating, o.score + toward * strength))
        if score == o.score:
            continue
        lines.append(f"{o.label} ({number}): score {o.score:g} -> {score:g} by {strength:g} strength (8.1)")
        o = state[number] = o.but(score=score)
        if score in (o.rating, -o.rating):
            holder = o.owner if score > 0 else side
            if holder != o.holder:
                o = state[number] = o.but(holder=holder)
                if number in destroyable(game):
                    state[number] = o.but(destroyed=True)
                    lines.append(f"{o.label} ({number}) is destroyed by {game.side(holder).name} (8.2)")
                else:
                    lines.append(f"{o.label} ({number}) is captured by {game.side(holder).name} (8.1)")
    return [Change("game", "state", {"objectives": state}, tuple(lines))] if lines else []


@dataclass
class Standing:
    lines: list[str] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    final: bool = False

    def text(self, game: Game) -> str:
        head = "Final standing" if self.final else f"Standing after turn {game.turn}"
        score = ", ".join(f"{game.side(s).name} {p}" for s, p in self.points.items())
        best = max(self.points.values(), default=0)
        top = [s for s, p in self.points.items() if p == best]
        ahead = f"{game.side(top[0]).name} ahead" if len(top) == 1 else "level"
        return "\n".join([f"{head}: objective points held {score} -- {ahead} (War Blog 8.0 sets no victory "
                          "conditions; Umpire counts objectives held)"] + [f"  {x}" for x in self.lines])


def standing(game: Game, final: bool = False) -> Standing:
    rep = Standing(points={s: 0 for s in game.side_ids()}, final=final)
    for number, o in sorted(game.rule_state.objectives.items()):
        rep.points[o.holder] = rep.points.get(o.holder, 0) + o.rating
        rep.lines.append(f"{o.label} ({number}): " + (
            f"destroyed by {game.side(o.holder).name} (8.2)" if o.destroyed else
            f"held by {game.side(o.holder).name}, score {o.score:g} of {o.rating} (8.1)"))
    from .hearts import lines
    rep.lines += lines(game)
    return rep
