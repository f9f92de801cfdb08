"""Actions the shells call.  Each runs in one transaction, through the journal, and returns a
record of what changed so that a shell refreshes only that (and can undo it).

Rule-system procedures are passed in (the core never imports a rule system): `system` is any
object with the methods an action needs (`spot(game, roll)` for spotting, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from sqlalchemy import delete, func, select
from sqlmodel import Session

from .actionspec import ActionField, ActionSpec
from .dice import Dice, Roll, TypeIn
from .errors import UmpireError
from .game import Game
from .journal import Recorder, digest, redo_next, undo_last
from .store import models as m
from .store.db import make_engine, open_game, read_game, writing


UMPIRE_ONLY = "umpire"


class Log(list):
    """An action's journal lines, in order.  The side that acts reads them all but those kept
    for another reader: lines telling of the enemy's hidden state (its company's losses, its
    passengers, its depressions) are for that side and the umpire; some for the umpire alone."""

    def __init__(self) -> None:
        super().__init__()
        self.readers: dict[int, str] = {}       # line index -> who reads it instead of the actor

    def add(self, lines, reader: str | None = None, indent: str = "") -> None:
        """Append lines; `reader` None: the acting side reads them; a side id: that side alone;
        UMPIRE_ONLY: nobody but the umpire."""
        for line in lines:
            if reader is not None:
                self.readers[len(self)] = reader
            self.append(indent + line)

    def keep(self, line: str, reader: str = UMPIRE_ONLY) -> None:
        self.add((line,), reader)


@dataclass
class Context:
    game: Game                       # the state before the action
    session: Session
    rec: Recorder
    dice: Dice
    system: Any
    params: dict[str, Any]
    log: Log = field(default_factory=Log)


@dataclass
class ActionResult:
    seq: int
    kind: str
    summary: str
    log: list[str]
    rolls: list[Roll]
    changed: set[str]                # tables the action changed (what a shell should refresh)
    detail: Any = None
    changes: list = field(default_factory=list)     # as journaled: what a replay compares


# The core's actions, by their kind in the journal (core.play registers them); a rule system's
# own come from its `actions()`.  A plain function registered here is the umpire's action.
ACTIONS: dict[str, ActionSpec | Callable[[Context], tuple[str, Any]]] = {}


def action(kind: str, label: str = "", who: Any = "unit", fields: tuple[ActionField, ...] = (), rule: str = "",
           worksheet: bool = False):
    """Register one of the core's actions, with what the shells need to offer it."""
    def register(fn):
        ACTIONS[kind] = ActionSpec(kind, label or kind.replace("_", " ").capitalize(), fn, who, fields, rule,
                                   (fn.__doc__ or "").strip(), worksheet)
        return fn
    return register


def spec_of(kind: str, system: Any) -> ActionSpec | None:
    """The action of that kind: the core's, else the rule system's own."""
    spec = ACTIONS.get(kind)
    if spec is None:
        spec = system.actions().get(kind) if system is not None else None
    elif not isinstance(spec, ActionSpec):
        spec = ActionSpec(kind, kind, spec, "umpire")
    return spec


def perform(location: str, kind: str, params: dict[str, Any], system: Any, typed: TypeIn | None = None,
            replay: list[Roll] | None = None, side: str | None = None) -> ActionResult:
    """Run one action and journal it, all in one write transaction.  The game is read inside it,
    under the write lock: an action is judged on the state it changes, whoever else writes."""
    if spec_of(kind, system) is None:
        raise UmpireError(f"unknown action {kind!r}")
    if kind == "open":
        raise UmpireError("a game is set up once, in the transaction that creates its file")
    with writing(location) as session:
        return act(session, location, kind, params, system, typed, replay, side)


def act(session: Session, location: str, kind: str, params: dict[str, Any], system: Any,
        typed: TypeIn | None = None, replay: list[Roll] | None = None, side: str | None = None) -> ActionResult:
    """One action and its journal row in the caller's transaction: perform's, or for the
    opening the one that creates the game file."""
    game = read_game(session, location)
    # a new action ends the redo branch
    session.execute(delete(m.ActionRow).where(m.ActionRow.undone == True))  # noqa: E712
    seq = (session.execute(select(func.max(m.ActionRow.seq))).scalar() or 0) + 1
    ctx = Context(game, session, Recorder(session), Dice(game.seed, seq, typed, replay), system, params)
    spec = spec_of(kind, system)
    if side is None:                 # whose action it is: the side that reads its row (core.witness)
        side = spec.actor(game, params)
    summary, detail = spec.run(ctx)
    # the dice are the umpire's: a side reads its results in the worksheets' own lines
    ctx.log.add([r.describe() for r in ctx.dice.rolls], UMPIRE_ONLY)
    row = m.ActionRow(seq=seq, turn=game.turn, kind=kind, side_id=side, params=params,
                      rolls=[r.to_json() for r in ctx.dice.rolls], changes=ctx.rec.changes,
                      log=list(ctx.log), readers={str(i): x for i, x in ctx.log.readers.items()},
                      summary=summary, at=datetime.now(timezone.utc).isoformat(timespec="seconds"))
    session.add(row)
    session.flush()
    changed = {c[1] for c in ctx.rec.changes}
    return ActionResult(seq, kind, summary, row.log, ctx.dice.rolls, changed, detail, row.changes)


def opening(system: Any) -> Callable[[Session, str], None]:
    """The opening of a new game (the "open" action: the rule system's set-up, the first
    spotting pass, the first phase), for create_game to run in the transaction that writes the
    file, so that no game file exists without it."""
    def run(session: Session, location: str) -> None:
        act(session, location, "open", {}, system)
    return run


def undo(location: str) -> m.ActionRow:
    return _step(location, undo_last)


def redo(location: str) -> m.ActionRow:
    return _step(location, redo_next)


def _step(location: str, fn) -> m.ActionRow:
    with writing(location) as session:       # under the write lock, as an action
        row = fn(session)
        session.flush()
    return row


def journal(location: str) -> list[m.ActionRow]:
    open_game(location)
    engine = make_engine(location)
    try:
        with Session(engine) as session:
            rows = session.execute(select(m.ActionRow).order_by(m.ActionRow.seq)).scalars().all()
            for r in rows:
                session.expunge(r)
            return list(rows)
    finally:
        engine.dispose()


def state_digest(location: str) -> str:
    engine = make_engine(location)
    try:
        with Session(engine) as session:
            return digest(session)
    finally:
        engine.dispose()


# Replay lives in core.replay (it re-runs actions through `act`); these names stay here, where
# the shells and tests have always found them.

def replay(location: str, system_for: Callable[[Game], Any], load_scenario: Callable) -> tuple[str, str]:
    """Re-run the journal on a fresh game from the scenario kept in the file; return the stored
    and the replayed digests (equal when the engine is deterministic and nothing was tampered)."""
    from . import replay as replaying
    return replaying.replay(location, system_for, load_scenario)


def replay_to_turn(location: str, until: int, target: str | Path, system_for: Callable[[Game], Any],
                   load_scenario: Callable) -> str:
    """A copy of the game at `target` as it stood at the end of turn `until` (before the next
    began).  For reports of past turns."""
    from . import replay as replaying
    return replaying.replay_to_turn(location, until, target, system_for, load_scenario)
