"""Actions the shells call.  Each runs in one transaction, through the journal, and returns a
record of what changed so that a shell refreshes only that (and can undo it).

Rule-system procedures are passed in (the core never imports a rule system): `system` is any
object with the methods an action needs (`spot(game, roll)` for spotting, ...).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from sqlalchemy import delete, func, select
from sqlmodel import Session

from .dice import Dice, Roll, TypeIn
from .errors import UmpireError
from .game import Game
from .journal import Recorder, digest, redo_next, undo_last
from .store import models as m
from .store.db import create_game, make_engine, open_game


@dataclass
class Context:
    game: Game                       # the state before the action
    session: Session
    rec: Recorder
    dice: Dice
    system: Any
    params: dict[str, Any]
    log: list[str] = field(default_factory=list)


@dataclass
class ActionResult:
    seq: int
    kind: str
    summary: str
    log: list[str]
    rolls: list[Roll]
    changed: set[str]                # tables the action changed (what a shell should refresh)
    detail: Any = None


ACTIONS: dict[str, Callable[[Context], tuple[str, Any]]] = {}


def action(kind: str):
    def register(fn):
        ACTIONS[kind] = fn
        return fn
    return register


def perform(location: str, kind: str, params: dict[str, Any], system: Any, typed: TypeIn | None = None,
            replay: list[Roll] | None = None, side: str | None = None) -> ActionResult:
    """Run one action and journal it, all in one transaction."""
    if kind not in ACTIONS:
        raise UmpireError(f"unknown action {kind!r}")
    game = open_game(location)
    engine = make_engine(location)
    try:
        with Session(engine) as session:
            # a new action ends the redo branch
            session.execute(delete(m.ActionRow).where(m.ActionRow.undone == True))  # noqa: E712
            seq = (session.execute(select(func.max(m.ActionRow.seq))).scalar() or 0) + 1
            ctx = Context(game, session, Recorder(session), Dice(game.seed, seq, typed, replay), system, params)
            summary, detail = ACTIONS[kind](ctx)
            row = m.ActionRow(seq=seq, turn=game.turn, kind=kind, side_id=side, params=params,
                              rolls=[r.to_json() for r in ctx.dice.rolls], changes=ctx.rec.changes,
                              log=ctx.log + [r.describe() for r in ctx.dice.rolls], summary=summary,
                              at=datetime.now(timezone.utc).isoformat(timespec="seconds"))
            session.add(row)
            session.commit()
            changed = {c[1] for c in ctx.rec.changes}
            return ActionResult(seq, kind, summary, row.log, ctx.dice.rolls, changed, detail)
    finally:
        engine.dispose()


def undo(location: str) -> m.ActionRow:
    return _step(location, undo_last)


def redo(location: str) -> m.ActionRow:
    return _step(location, redo_next)


def _step(location: str, fn) -> m.ActionRow:
    open_game(location)            # migrates an old file first
    engine = make_engine(location)
    try:
        with Session(engine) as session:
            row = fn(session)
            session.commit()
            session.refresh(row)
            session.expunge(row)
            return row
    finally:
        engine.dispose()


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


def _fresh_game(location: str, target: Path, system_for: Callable[[Game], Any], load_scenario: Callable):
    """A new game file at `target` from the scenario text and dice seed kept in `location`, and
    its rule system: where a replay starts."""
    open_game(location)            # a file that is not a game is refused before it is read
    engine = make_engine(location)
    with Session(engine) as session:
        info = session.execute(select(m.GameInfo)).scalars().one()
        source, name, seed = info.scenario_source, Path(info.scenario_path).name, info.seed
    engine.dispose()
    src = target.with_name(name)
    src.write_text(source, encoding="utf-8")
    fresh = create_game(load_scenario(src), target, seed=seed)
    return fresh, system_for(open_game(fresh))


def _rerun(fresh: str, system, a: m.ActionRow) -> None:
    perform(fresh, a.kind, a.params, system, replay=[Roll.from_json(r) for r in a.rolls], side=a.side_id)


def replay(location: str, system_for: Callable[[Game], Any], load_scenario: Callable) -> tuple[str, str]:
    """Re-run the journal on a fresh game from the scenario kept in the file; return the stored
    and the replayed digests (equal when the engine is deterministic and nothing was tampered)."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh, system = _fresh_game(location, Path(tmp) / "replay.umpire", system_for, load_scenario)
        for a in journal(location):
            if not a.undone:
                _rerun(fresh, system, a)
        return state_digest(location), state_digest(fresh)


def replay_to_turn(location: str, until: int, target: str | Path, system_for: Callable[[Game], Any],
                   load_scenario: Callable) -> str:
    """A copy of the game as it stood at the end of turn `until` (before the next began), the
    journal re-run up to there.  For reports of past turns."""
    fresh, system = _fresh_game(location, Path(target), system_for, load_scenario)
    for a in journal(location):
        if a.undone:
            continue
        if a.turn > until:
            break
        _rerun(fresh, system, a)
        if open_game(fresh).turn > until:         # this one began the next turn: step back
            undo(fresh)
            break
    return fresh


from . import turn  # noqa: E402,F401  (registers the turn's actions; it imports this module)
from . import activation, assault, commands, fire, moves, overrun, plots, rule_actions, split_fire  # noqa: E402,F401
from .turn import KnowledgeChange, contacts_of  # noqa: E402,F401  (what the shells import from here)
