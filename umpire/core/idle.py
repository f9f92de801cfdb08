"""Units that could still act: what a pass, the next phase or the end of the turn would take
their chance away from.  The window asks before one key does that to twenty units.

A unit could still act when it is on the map, not carried, belongs to a side that acts in the
phases ahead (see `acting_sides`), and has neither moved, fired nor acted this turn.  A rule
system may forbid some of them to act for its own reasons (Shaken, out of command): the
question names them all and the umpire decides -- it is a reminder, never a rule.
"""

from __future__ import annotations

from typing import Callable

from .game import Game, UnitState

ENDINGS = ("pass", "next_phase", "end_turn")


def acting_sides(game: Game, phases: tuple, ending: str, opener: str | None = None) -> list[str]:
    """The sides whose units lose their chance to act by `ending`:

    * pass -- the side to act, in an alternating phase;
    * next_phase -- in an alternating phase, every side that has not passed; in a player
      turn, that player (`opener`: the side whose player turn comes first this turn, the
      rule system's `turn_opener`; by default the scenario's first player); in a phase the
      rules carry out, none;
    * end_turn -- the same for this phase, and every side that acts in a later phase of the
      turn (a second player's turn still to come)."""
    if ending not in ENDINGS:
        raise ValueError(f"unknown ending {ending!r}")
    keys = [p.key for p in phases]
    if ending == "pass":
        if pass_ends_phase(game, phases):
            ending = "next_phase"         # the last of the passes in a row that end the phase
        else:
            return [game.active_side] if game.active_side else []
    if game.phase not in keys:
        return []
    ahead = phases[keys.index(game.phase):] if ending == "end_turn" else phases[keys.index(game.phase):][:1]
    sides: list[str] = []
    for n, phase in enumerate(ahead):
        if phase.player is not None:
            order = game.side_ids()
            found = [order[(order.index(opener or game.first_player) + phase.player) % len(order)]]
        elif phase.alternating:
            # a side that passed is done for the phase -- unless passing only hands the turn
            # over (impulses that so many passes in a row end: Phase.passes_to_end), when it acts
            # again next impulse
            found = [s for s in game.side_ids() if n > 0 or phase.passes_to_end or s not in game.passed]
        else:
            found = []
        sides += [s for s in found if s not in sides]
    return sides


def pass_ends_phase(game: Game, phases: tuple) -> bool:
    """Whether a pass now is the last of the passes in a row that end the phase (the third,
    where three end it), and so takes every side's chance to act, not the passer's impulse only."""
    phase = next((p for p in phases if p.key == game.phase), None)
    return (phase is not None and phase.passes_to_end is not None
            and len(game.passed) + 1 >= phase.passes_to_end)


def untouched(u: UnitState) -> bool:
    """The core's own answer: on the map, not carried, and has neither moved, fired nor acted."""
    return u.on_map and not u.carried_by and not (u.moved or u.fired or u.acted)


def idle_units(game: Game, phases: tuple, ending: str, opener: str | None = None,
               may_act_now: Callable[[Game, UnitState], bool] | None = None) -> list[UnitState]:
    """The units that could still act and would not, in order of play (`acting_sides`).
    `may_act_now`: the rule system's answer for this phase (RuleSystem.may_act_now) -- a
    commander to be placed, not a tank in the placement phase; without it, `untouched`.  At the
    end of the turn a unit that could act in a phase still to come counts too (`untouched`)."""
    sides = acting_sides(game, phases, ending, opener)
    now = may_act_now or (lambda _g, u: untouched(u))
    later = ending == "end_turn"
    return [u for s in sides for u in game.units.values()
            if u.side == s and (now(game, u) or (later and untouched(u)))]
