"""Actions the shells call.  Each runs in one transaction, through the journal, and returns a
record of what changed so that a shell refreshes only that (and can undo it).

What an action is made of, and `act` (one action in the caller's transaction), are in
core.acting; their names are kept here too, where the actions and the shells import them.
Rule-system procedures are passed in (the core never imports a rule system): `system` is any
object with the methods an action needs (`spot(game, roll)` for spotting, ...).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from sqlmodel import Session

from . import replay as replaying
from . import umpires
from .acting import ACTIONS, UMPIRE_ONLY, ActionResult, Context, Log, act, action, spec_of
from .actionspec import ActionSpec
from .dice import Roll, RollAsked, TypeIn
from .errors import UmpireError
from .journal import MovedOn, journal_rows, journal_signature, redo_next, state_digest, undo_last
from .store import models as m
from .store.db import writing

__all__ = ["ACTIONS", "ActionSpec", "UMPIRE_ONLY", "ActionResult", "Context", "Log", "act", "action", "spec_of", "perform",
           "opening", "rolls_asked", "undo", "redo", "journal", "state_digest", "replay", "replay_to_turn", "Roll"]


class _RollBack(Exception):
    """Raised inside a write transaction to roll it back, carrying what the action gave."""

    def __init__(self, result: ActionResult | None = None) -> None:
        super().__init__()
        self.result = result


def _check_kind(kind: str, system: Any) -> None:
    if spec_of(kind, system) is None:
        raise UmpireError(f"unknown action {kind!r}")
    if kind == "open":
        raise UmpireError("a game is set up once, in the transaction that creates its file")


def perform(location: str, kind: str, params: dict[str, Any], system: Any, typed: TypeIn | None = None,
            replay: list[Roll] | None = None, side: str | None = None,
            keep_unchanged: bool = True, seen: tuple | None = None) -> ActionResult:
    """Run one action and journal it, all in one write transaction.  The game is read inside it,
    under the write lock: an action is judged on the state it changes, whoever else writes.
    keep_unchanged False: an action that changes nothing in the game (the umpire pressing
    Update Spotting again with nothing moved) is rolled back, journal row and all -- its result
    comes back with seq 0 -- rather than filling the journal with passes that saw nothing new.
    seen: the journal's signature (core.journal.journal_signature) when the caller last looked;
    if the game has moved on since (another umpire acted), MovedOn is raised and nothing is done:
    the action was chosen on a picture of the game that is no longer true."""
    _check_kind(kind, system)
    try:
        with writing(location) as session:
            if seen is not None and journal_signature(session) != seen:
                raise MovedOn("the game changed since you last looked (another umpire acted): "
                              "nothing was done; look at the game as it is now and act again")
            result = act(session, location, kind, params, system, typed, replay, side)
            if not keep_unchanged and not result.changes:
                raise _RollBack(result)
            return with_held_orders(result, session, location, system)
    except _RollBack as nothing:
        return dataclasses.replace(nothing.result, seq=0)


def with_held_orders(result: ActionResult, session: Session, location: str, system: Any) -> ActionResult:
    """The action's result, and the held orders files its phase now applies (issue 23, their own
    journal rows in this transaction: core.play.inbox) -- told in its summary and log, their
    tables among those a shell refreshes."""
    from .play.inbox import apply_held        # core.play registers actions with this module
    held = apply_held(session, location, system)
    if not held:
        return result
    return dataclasses.replace(result, summary="; ".join([result.summary] + [h.summary for h in held]),
                               log=list(result.log) + [line for h in held for line in [h.summary, *h.log]],
                               changed=set(result.changed).union(*(h.changed for h in held)))


def rolls_asked(location: str, kind: str, params: dict[str, Any], system: Any, faces: list[list[int]],
                side: str | None = None) -> list[RollAsked]:
    """The rolls an action would make, in order, if its first rolls showed `faces` (the program
    rolling the rest): it is tried in a write transaction that is rolled back, so nothing in the
    game changes.  For typing in real dice: the umpire is asked for every die of an action at
    once, and what later rolls are asked for follows from the faces typed for earlier ones.
    An action the engine refuses raises here, as perform would."""
    asked: list[RollAsked] = []
    queue = list(faces)

    def typed(purpose: str, count: int, sides: int) -> list[int] | None:
        asked.append((purpose, count, sides))
        return queue.pop(0) if queue else None
    _check_kind(kind, system)
    try:
        with writing(location) as session:
            act(session, location, kind, params, system, typed, None, side)
            raise _RollBack
    except _RollBack:
        pass
    return asked


def opening(system: Any) -> Callable[[Session, str], None]:
    """The opening of a new game (the "open" action: the rule system's set-up, the first
    spotting pass, the first phase), for create_game to run in the transaction that writes the
    file, so that no game file exists without it."""
    def run(session: Session, location: str) -> None:
        act(session, location, "open", {}, system)
    return run


def undo(location: str) -> m.ActionRow:
    return _step(location, undo_last, undoing=True)


def redo(location: str) -> m.ActionRow:
    return _step(location, redo_next, undoing=False)


def _step(location: str, fn, undoing: bool) -> m.ActionRow:
    with writing(location) as session:       # under the write lock, as an action
        row = fn(session)
        problem = umpires.step_refusal(session, row, undoing)
        if problem:
            raise UmpireError(problem)       # rolls the step back
        session.flush()
    return row


# Reading the journal and replaying it live in core.journal and core.replay; these names stay
# here, where the shells and tests have always found them.
journal = journal_rows
replay = replaying.replay
replay_to_turn = replaying.replay_to_turn
