"""Replay: the journal re-run from the scenario kept in the game file, on a fresh game held in
memory, with the rule system -- to check that this version of Umpire plays a game the same
(`umpire replay --verify --rerun`; `verify` and `replay` here) and to rebuild a past turn that
has no snapshot.  The quick check that a file is whole, without the rules, is core.chain
(`umpire replay --verify`).

The fresh game is made once, in one in-memory database (core.store.memory), and every action
that stands is re-run on it by the engine's own `act`, in one transaction, fed the dice it
recorded: the same code that played it, without a file, a lock and a new connection for each
action.  The answer is the stored state's digest against the replayed one; when they differ,
the first action whose replay changed other rows than its journal row records is named, or
if every action replays as recorded, the state was changed outside the journal.  The replay
also keeps each turn's end, as play does: a snapshot in the file that is not what the journal
replays to at that turn's end is named (it would show a past turn that never was).
"""

from __future__ import annotations

import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from sqlmodel import Session, select

from .acting import act
from .dice import Roll
from .errors import UmpireError
from .game import Game
from .journal import digest, journal_rows, state_digest, undo_last
from .snapshots import kept_digests, restore, standing_digests
from .store import models as m
from .store.db import NO_SETUP, read_game, reading, write_new_game
from .store.memory import memory_engine, save_to

# what a tampered journal row makes an action raise on replay (a unit it names is gone, a
# value out of its range): the file's fault, told as such
REPLAY_FAILURES = (UmpireError, KeyError, ValueError, TypeError)


@dataclass
class Verdict:
    stored: str                      # the game file's state digest
    replayed: str                    # the digest of the state its journal replays to
    first_difference: str = ""      # when they differ: where the replay first parted from the journal
    # turns whose snapshot (core.snapshots) is not the state the journal replays to at their end
    snapshots_differ: list[int] = field(default_factory=list)

    @property
    def same(self) -> bool:
        return self.stored == self.replayed


def standing(location: str) -> tuple[m.ActionRow, list[m.ActionRow]]:
    """The journal's opening and the actions after it that stand (not undone)."""
    rows = [a for a in journal_rows(location) if not a.undone]
    assert rows and rows[0].kind == "open", "open_game refuses a game without its opening"
    return rows[0], rows[1:]


@dataclass
class Fresh:
    """A fresh game in memory: where replay re-runs the journal."""
    engine: Any
    session: Session
    location: str                    # its name for read_game (the cache of a map's static part)
    system: Any


@contextmanager
def fresh_game(location: str, opening_row: m.ActionRow, system_for: Callable[[Game], Any],
               load_scenario: Callable) -> Iterator[Fresh]:
    """A new game in memory from the scenario text and dice seed kept in `location`, set up by
    re-running its opening (the first row of its journal), and its rule system."""
    with reading(location) as session:
        info = session.execute(select(m.GameInfo)).scalars().one()
        source, name, seed = info.scenario_source, Path(info.scenario_path).name, info.seed
    with tempfile.TemporaryDirectory() as tmp:        # the scenario is read from a file
        src = Path(tmp) / name
        src.write_text(source, encoding="utf-8")
        scenario = load_scenario(src)
    where = f"{location} (replayed in memory)"

    def rerun_opening(session: Session, at: str) -> None:
        act(session, at, "open", opening_row.params, system_for(read_game(session, at)),
            replay=[Roll.from_json(r) for r in opening_row.rolls], side=opening_row.side_id)

    memory = memory_engine()
    session = Session(memory, expire_on_commit=False)
    try:
        write_new_game(session, where, scenario, seed, None if opening_row.params == NO_SETUP else rerun_opening)
        yield Fresh(memory, session, where, system_for(read_game(session, where)))
    finally:
        session.close()
        memory.dispose()


def rerun(fresh: Fresh, a: m.ActionRow, shown: str) -> list:
    """Re-run journal row `a` on the fresh game; the changes it made.  An action that fails on
    replay is a journal that was changed: one line naming the file and the action."""
    try:
        return act(fresh.session, fresh.location, a.kind, a.params, fresh.system,
                   replay=[Roll.from_json(r) for r in a.rolls], side=a.side_id).changes
    except REPLAY_FAILURES as e:
        problem = e.problem if isinstance(e, UmpireError) else f"{e.__class__.__name__}: {e}"
        raise UmpireError(f"journal action #{a.seq} (turn {a.turn}, {a.kind}) does not replay: {problem}",
                          file=shown) from None


def verify(location: str, system_for: Callable[[Game], Any], load_scenario: Callable) -> Verdict:
    """Re-run the journal on a fresh game and compare the stored state's digest with the
    replayed one's (equal when the engine is deterministic and nothing was tampered)."""
    first, rest = standing(location)
    shown = str(location)
    parted = ""
    with fresh_game(location, first, system_for, load_scenario) as fresh:
        for a in rest:
            try:
                changes = rerun(fresh, a, shown)
            except UmpireError as e:
                if not parted:
                    raise
                # an earlier action already played differently: that is the first fault, the
                # failure here follows from it
                raise UmpireError(f"{parted}; after it, {e.problem}", file=shown) from None
            if not parted and changes != a.changes:
                parted = f"journal action #{a.seq} (turn {a.turn}, {a.kind}: {a.summary}) replays differently"
        fresh.session.flush()
        verdict = Verdict(state_digest(location), digest(fresh.session))
        replayed_ends = standing_digests(fresh.session)      # the replay kept each turn's end too
    verdict.snapshots_differ = sorted(t for t, d in kept_digests(location).items() if replayed_ends.get(t) != d)
    if not verdict.same:
        verdict.first_difference = parted or ("every action replays as its journal row records: the "
                                               "stored state was changed outside the journal")
    return verdict


def replay(location: str, system_for: Callable[[Game], Any], load_scenario: Callable) -> tuple[str, str]:
    """The stored and the replayed digests (verify's answer without the where)."""
    v = verify(location, system_for, load_scenario)
    return v.stored, v.replayed


def replay_to_turn(location: str, until: int, target: str | Path, system_for: Callable[[Game], Any],
                   load_scenario: Callable) -> str:
    """A copy of the game at `target` as it stood at the end of turn `until` (before the next
    began): restored from that turn's snapshot, or for a game without one, the journal re-run
    up to there.  For reports of past turns."""
    if restore(location, until, target) is not None:      # its snapshot, checked: no replay
        return str(target)
    first, rest = standing(location)
    shown = str(location)
    with fresh_game(location, first, system_for, load_scenario) as fresh:
        session = fresh.session
        for a in rest:
            if a.turn > until:
                break
            rerun(fresh, a, shown)
            turn = session.execute(select(m.GameInfo.turn)).scalar()
            if turn > until:          # this one began the next turn: step back
                undo_last(session)
                break
        session.commit()
        return save_to(fresh.engine, target)
