"""Hex Command Mechanized turn: the initiative (HCM 3.1), the two halves of the turn, what a
turn's end clears, and victory (3.11).

Readings:
* 3.1: each side rolls 1d10 and the higher becomes the phasing player; the text shows each side
  its overall commander's Initiative value but does not say how it counts, so Umpire leaves it
  out of the roll (command.py uses it for what the text does say: 2.1.1, 3.4).  A tie is rolled
  again.  The winner is phasing for the turn's first half, the other side for its second
  (3.1 option 1, "A/B": each side's whole force in turn).
* 3.11: an objective is held by the last side to have had units alone in it among the units
  on the table (spotting.py: a hidden unit takes nothing until it shows itself), judged at the
  start of play and as each half of the turn ends (its rally phase).  Who holds one is
  public -- both sides are told as it changes -- so each side's report says it as the rule has
  it (objective_status), not from the counters its map shows there now.  The public holding
  counts every counter on the table, dummies and commanders too: what the enemy sees there is a
  marker, and a holding that went to real units only would tell it which markers are real (4.1,
  7.2).  The umpire keeps a second record by real units alone (held_by_units, never announced);
  the final result scores that one -- a dummy or a lone commander takes nothing in the end
  (7.2, 3.10 c) -- while a standing during play scores the public one.
* 3.11: each side's losses are its units lost (destroyed or captured; dummies and commanders
  apart) out of the units it began with; a side whose losses reach the break point
  ([hcm] break_point, percent, 40 by default as 3.3 has it) has lost unless its enemy's are as
  high.  Otherwise the objectives of the scenario's [[victory]] held at the end score their
  points; the higher score wins.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from . import contact
from .spotting import on_table
from .state import is_commander, is_dummy

BREAK_POINT = 40          # 3.3: "usually 40%"
FIRST_HALF, SECOND_HALF = "a_", "b_"


def other_side(game: Game, side: str) -> str:
    return next(s for s in game.side_ids() if s != side)


def initiative(game: Game, dice) -> list[Change]:
    """3.1: both sides roll 1d10, re-rolling ties; the higher is the phasing player."""
    sides = game.side_ids()
    lines = []
    while True:
        rolls = {s: dice.roll(f"initiative of {game.side(s).name} (3.1)", 1, 10).total for s in sides}
        lines.append("Initiative (3.1): " + ", ".join(f"{game.side(s).name} {r}" for s, r in rolls.items()))
        best = max(rolls.values())
        top = [s for s in sides if rolls[s] == best]
        if len(top) == 1:
            break
        lines.append("  a tie: both roll again (3.1)")
    winner = top[0]
    lines.append(f"{game.side(winner).name} wins the initiative and is the phasing player first (3.1)")
    return [Change("game", "state", {"initiative": rolls, "opener": winner, "phasing": winner},
                   tuple(lines), list(sides))]


def second_half(game: Game) -> list[Change]:
    """3.1 (A/B): the other side becomes the phasing player for the turn's second half."""
    opener = game.rule_state.opener or game.first_player
    side = other_side(game, opener)
    return [Change("game", "state", {"phasing": side},
                   (f"{game.side(side).name} is now the phasing player (3.1)",), list(game.side_ids()))]


def turn_end(game: Game) -> list[Change]:
    """What lasts a turn: facing changes (2.3.1), shots (1.1.4), a wheeled vehicle stuck (3.5.1),
    a defender's spent melee bonus (3.8 e note), a flank contact that has ended (3.8 j).
    A unit that moved or fired direct this turn stays on the table (4.1) when its marks of the
    turn are cleared."""
    shown = {u.id for u in game.units.values() if u.on_map and on_table(game, u)}
    out = [] if shown <= set(game.rule_state.on_table) else [
        Change("game", "state", {"on_table": tuple(sorted(shown | set(game.rule_state.on_table)))})]
    for u in sorted(game.units.values(), key=lambda u: u.id):
        m = u.marks
        pinned = contact.still_pinning(game, u)
        if m.facing_changes or m.shots or m.stuck or m.melee_won_turn is not None or pinned != m.pinned_by:
            out.append(Change("unit", u.id, {"marks": m.but(facing_changes=0, shots=0, stuck=False,
                                                            melee_won_turn=None, pinned_by=pinned)}))
    return out


def holders(game: Game, real_only: bool = False) -> dict[str, str]:
    """3.11: who holds each objective now: the last side with counters alone in it, on the table
    (the public record); `real_only`: dummies and commanders left out (the umpire's record)."""
    held = dict(game.rule_state.held_by_units if real_only else game.rule_state.held)
    for v in game.victory:
        for o in v.objectives:
            here = {u.side for u in game.units.values() if u.on_map and u.hex == o.hex and not u.carried_by
                    and on_table(game, u) and not (real_only and (is_dummy(game, u) or is_commander(game, u)))}
            if len(here) == 1:
                held[game.map.number(o.hex)] = here.pop()
    return held


def objective_status(game: Game, side: str, h) -> str | None:
    """3.11 in a side's report: who holds the objective by the rule.  Public: a holding changes
    only when a side's units stand alone in it on the table, and both sides are told (objectives
    below).  None while nobody has held it: the report reads the side's map."""
    holder = game.rule_state.held.get(game.map.number(h))
    if holder is None:
        return None
    who = "us" if holder == side else "the enemy"
    return f"held by {who} (HCM 3.11: the last side to have had units alone in it)"


def objectives(game: Game) -> list[Change]:
    """The public holdings as they change, told to both sides; the umpire's record by real units
    written with no line (turn's docstring)."""
    held, real = holders(game), holders(game, real_only=True)
    out = []
    if real != dict(game.rule_state.held_by_units):
        out.append(Change("game", "state", {"held_by_units": real}))
    if held != dict(game.rule_state.held):
        lines = tuple(f"{number} is held by {game.side(side).name} (3.11)" for number, side in sorted(held.items())
                      if game.rule_state.held.get(number) != side)
        out.append(Change("game", "state", {"held": held}, lines, list(game.side_ids())))
    return out


def counted(game: Game, side: str) -> list:
    """The units a side's losses are counted among (3.3, 3.11): not dummies, not commanders."""
    return [u for u in game.units.values() if u.side == side and not is_dummy(game, u) and not is_commander(game, u)]


def losses_percent(game: Game, side: str) -> int:
    units = counted(game, side)
    lost = [u for u in units if u.status == "destroyed"]
    return round(100 * len(lost) / len(units)) if units else 0


def break_point(game: Game) -> int:
    return int(game.rule_state.scenario.get("break_point", BREAK_POINT))


class Standing:
    """3.11: break points first, then the objectives' points."""

    def __init__(self, game: Game, final: bool) -> None:
        self.final = final
        self.points = {s: 0 for s in game.side_ids()}
        self.losses = {s: losses_percent(game, s) for s in game.side_ids()}
        self.lines: list[str] = []
        bp = break_point(game)
        for s in game.side_ids():
            self.lines.append(f"{game.side(s).name}: {self.losses[s]}% of its force lost (break point {bp}%, 3.11)")
        held = game.rule_state.held_by_units if final else game.rule_state.held     # the docstring's reading
        for v in game.victory:
            name = game.side(v.side).name
            for o in v.objectives:
                label = f"{o.label} ({game.map.number(o.hex)})" if o.label else game.map.number(o.hex)
                if held.get(game.map.number(o.hex)) == v.side:
                    self.points[v.side] += o.points
                    self.lines.append(f"{label}: held by {name}, {o.points} points")
                else:
                    self.lines.append(f"{label}: not held by {name}")
        broken = [s for s in game.side_ids() if self.losses[s] >= bp]
        self.broken = broken

    @property
    def winner(self) -> str | None:
        if len(self.broken) == 1:
            return next(s for s in self.points if s not in self.broken)
        best = max(self.points.values())
        top = [s for s, p in self.points.items() if p == best]
        return top[0] if len(top) == 1 else None

    def text(self, game: Game) -> str:
        head = "Final result" if self.final else f"Standing in turn {game.turn}"
        score = ", ".join(f"{game.side(s).name} {p}" for s, p in self.points.items())
        why = f" ({game.side(self.broken[0]).name} has reached its break point)" if len(self.broken) == 1 else ""
        result = f"{game.side(self.winner).name} wins{why}" if self.winner else "drawn"
        return "\n".join([f"{head}: {score} — {result} (HCM 3.11)"] + [f"  {x}" for x in self.lines])
