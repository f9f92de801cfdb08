"""An action and its journal row, in the caller's transaction (`act`), and what actions are made
of: their context, their log, their result, the core's register of them.  The engine runs an
action in a write transaction of its own (engine.perform); a replay runs a whole journal in one
transaction on a game held in memory (core.replay).

Rule-system procedures are passed in (the core never imports a rule system): `system` is any
object with the methods an action needs (`spot(game, roll)` for spotting, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable

from sqlalchemy import delete, func, select
from sqlmodel import Session

from .actionspec import ActionField, ActionSpec
from . import umpires
from .dice import Dice, Roll, TypeIn
from .errors import UmpireError
from .game import Game
from .journal import Recorder
from .store import models as m
from .snapshots import forget_undone, take
from .store.db import read_game


UMPIRE_ONLY = "umpire"


class Log(list):
    """An action's journal lines, in order.  The side that acts reads them all but those kept
    for another reader: lines telling of the enemy's hidden state (its company's losses, its
    passengers, its depressions) are for that side and the umpire; some for the umpire alone."""

    def __init__(self) -> None:
        super().__init__()
        # line index -> who reads it instead of the actor: a side, UMPIRE_ONLY, or a list of the
        # sides that all witnessed it (`share`)
        self.readers: dict[int, str | list[str]] = {}

    def add(self, lines, reader: str | None = None, indent: str = "") -> None:
        """Append lines; `reader` None: the acting side reads them; a side id: that side alone;
        UMPIRE_ONLY: nobody but the umpire."""
        for line in lines:
            if reader is not None:
                self.readers[len(self)] = reader
            self.append(indent + line)

    def keep(self, line: str, reader: str = UMPIRE_ONLY) -> None:
        self.add((line,), reader)

    def share(self, start: int, sides) -> None:
        """The lines from `start` on that the actor would read are kept for `sides`, the actor's
        own among them: what several sides saw happen (mines striking a unit) -- each reads it
        once, in its own words.  Lines kept for one reader stay that reader's."""
        for i in range(start, len(self)):
            self.readers.setdefault(i, list(sides))


@dataclass
class Context:
    game: Game                       # the state before the action
    session: Session
    rec: Recorder
    dice: Dice
    system: Any
    params: dict[str, Any]
    log: Log = field(default_factory=Log)
    seq: int = 0                     # the action's number in the journal (what past contacts say "until")
    location: str = ""               # the game file (read_game's name for it): an action that runs
                                     # another inside itself reads the game afresh after it (End Turn's held orders)


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


# What the core keeps in step with some kinds of action, in their own row: kind -> functions run
# (ctx, kind, acting side) once the action has run (core.play.inbox counts the held orders files so).
KEPT_IN_STEP: dict[str, list[Callable[[Context, str, str | None], None]]] = {}


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


def act(session: Session, location: str, kind: str, params: dict[str, Any], system: Any,
        typed: TypeIn | None = None, replay: list[Roll] | None = None, side: str | None = None) -> ActionResult:
    """One action and its journal row in the caller's transaction: perform's, or for the
    opening the one that creates the game file."""
    game = read_game(session, location)
    turn = game.turn
    # a new action ends the redo branch, and the snapshots its actions wrote
    forget_undone(session)
    session.execute(delete(m.ActionRow).where(m.ActionRow.undone == True))  # noqa: E712
    seq = (session.execute(select(func.max(m.ActionRow.seq))).scalar() or 0) + 1
    ctx = Context(game, session, Recorder(session), Dice(game.seed, seq, typed, replay), system, params, seq=seq,
                  location=location)
    spec = spec_of(kind, system)
    if side is None:                 # whose action it is: the side that reads its row (core.witness)
        side = spec.actor(game, params)
    who = umpires.name_now()
    if kind != "open":               # several umpires: an assistant acts only where his seat allows
        problem = umpires.refusal(umpires.seat_of(session, game.map.grid, who), game, kind, params, side)
        if problem:
            raise UmpireError(problem)
    summary, detail = spec.run(ctx)
    for keep in KEPT_IN_STEP.get(kind, ()):
        keep(ctx, kind, side)
    # the dice are the umpire's: a side reads its results in the worksheets' own lines
    ctx.log.add([r.describe() for r in ctx.dice.rolls], UMPIRE_ONLY)
    session.flush()
    if kind != "open" and session.execute(select(m.GameInfo.turn)).scalar() > turn:
        take(session, ctx.rec.changes, turn, seq)        # it began a new turn: keep how the last ended
    row = m.ActionRow(seq=seq, turn=game.turn, kind=kind, side_id=side, params=params,
                      rolls=[r.to_json() for r in ctx.dice.rolls], changes=ctx.rec.changes,
                      log=list(ctx.log), readers={str(i): x for i, x in ctx.log.readers.items()},
                      summary=summary, at=datetime.now(timezone.utc).isoformat(timespec="seconds"), umpire=who)
    session.add(row)
    session.flush()
    changed = {c[1] for c in ctx.rec.changes}
    return ActionResult(seq, kind, summary, row.log, ctx.dice.rolls, changed, detail, row.changes)
