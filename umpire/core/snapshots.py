"""Snapshots of the state at each turn's end (issue 18): a report of a past turn restores one
instead of replaying the journal from the start.

The end of turn N is the state just before the action that began turn N+1 -- what replay
reaches when it stops there (core.replay.replay_to_turn).  That action writes the snapshot
(`take`), in its own transaction: the state before it is the state after it with its changes
undone, which a savepoint gives without touching what it commits.  A snapshot holds while that
action stands: undone, it is ignored; a new action ending that redo branch deletes it
(`forget_undone`).  Restoring one (`restore`) copies the game's fixed part (map, order of
battle) and the snapshot's rows into a new game file and checks the state's digest: a snapshot
changed outside Umpire is refused, and reported in one line naming the file and the turn.

A snapshot is the umpire's truth, as the game file is: reports built from it show each side
only what its view shows, as they do for the current turn.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, SQLModel

from .errors import GameFileError
from .journal import STATE_COLUMNS, apply, digest
from .store import models as m
from .store.db import make_engine, open_game, reading, shown

SNAPSHOT = "turn_snapshot"
# never copied from the game into a restored turn: the journal after that turn and the snapshots
JOURNAL = ("action", SNAPSHOT)


def _table(name: str):
    return SQLModel.metadata.tables[name]


def state_of(conn: Connection) -> dict[str, list[dict]]:
    """The rows of the state tables: whole rows, or for game_info and support (mostly the
    scenario's) their key and the columns play changes."""
    state = {}
    for name, keep in STATE_COLUMNS.items():
        table = _table(name)
        key = [c.name for c in table.primary_key.columns]
        cols = [c for c in table.columns if keep is None or c.name in keep or c.name in key]
        state[name] = [dict(r._mapping) for r in conn.execute(select(*cols))]
    return state


def take(session: Session, changes: list, turn: int, seq: int) -> None:
    """Snapshot the end of `turn`, inside the action `seq` that began the next one and made
    `changes` (already flushed): undone in a savepoint, read, and the savepoint rolled back."""
    session.flush()
    point = session.begin_nested()
    try:
        apply(session, changes, backwards=True)
        conn = session.connection()
        state, sealed = state_of(conn), digest(session)
    finally:
        point.rollback()
    session.execute(delete(m.TurnSnapshotRow).where(m.TurnSnapshotRow.turn == turn))
    session.add(m.TurnSnapshotRow(turn=turn, seq=seq, digest=sealed, state=state))


def forget_undone(session: Session) -> None:
    """Before a new action ends the redo branch (its undone rows deleted): the snapshots those
    actions wrote go with them."""
    undone = select(m.ActionRow.seq).where(m.ActionRow.undone == True)  # noqa: E712
    session.execute(delete(m.TurnSnapshotRow).where(m.TurnSnapshotRow.seq.in_(undone)))


def standing_snapshot(session: Session, turn: int) -> m.TurnSnapshotRow | None:
    """The snapshot of the end of `turn`, if the action that wrote it stands."""
    return session.execute(
        select(m.TurnSnapshotRow).join(m.ActionRow, m.ActionRow.seq == m.TurnSnapshotRow.seq)
        .where(m.TurnSnapshotRow.turn == turn, m.ActionRow.undone == False)  # noqa: E712
    ).scalars().first()


def standing_digests(session: Session) -> dict[int, str]:
    """Turn -> the digest of its snapshot, for the snapshots whose actions stand."""
    return dict(session.execute(
        select(m.TurnSnapshotRow.turn, m.TurnSnapshotRow.digest)
        .join(m.ActionRow, m.ActionRow.seq == m.TurnSnapshotRow.seq)
        .where(m.ActionRow.undone == False)).all())  # noqa: E712


def kept_digests(location: str) -> dict[int, str]:
    """standing_digests of the game at `location`."""
    with reading(location) as session:
        return standing_digests(session)


def restore(location: str, turn: int, target: str | Path) -> str | None:
    """A new game file at `target` holding the game as it stood at the end of `turn`, from its
    snapshot, the journal kept up to there; None when the game has no standing snapshot of
    that turn (a game made before schema 16: replay it).  GameFileError if the snapshot's
    state does not match its digest."""
    open_game(location)                    # an older file is migrated first (it gains the table)
    source = make_engine(location)
    try:
        with source.connect() as src:
            with Session(bind=src) as session:
                snap = standing_snapshot(session, turn)
                if snap is None:
                    return None
                seq, sealed, state = snap.seq, snap.digest, snap.state
            try:
                write_state(src, Path(target), seq, state)
            except (SQLAlchemyError, KeyError, TypeError, ValueError, AttributeError) as e:
                Path(target).unlink(missing_ok=True)
                raise GameFileError(f"the snapshot of turn {turn}'s end is damaged ({e.__class__.__name__}): "
                                    f"cannot report that turn from it", file=shown(location)) from None
    finally:
        source.dispose()
    _check(location, target, turn, sealed)
    return str(target)


def write_state(src: Connection, target: Path, seq: int, state: dict) -> None:
    """The game's tables into a new SQLite file: the fixed ones as they are, the journal up
    to action `seq`, the state tables from the snapshot."""
    engine = make_engine(target, write=True)
    try:
        with engine.begin() as dst:
            SQLModel.metadata.create_all(dst)
            for table in SQLModel.metadata.sorted_tables:         # parents before children
                name = table.name
                if name == SNAPSHOT:
                    continue
                keep = STATE_COLUMNS.get(name, ())
                if name in STATE_COLUMNS and keep is None:
                    rows = state.get(name, [])                  # whole rows: the snapshot's (none
                    # in a snapshot sealed before the table was: journal.LATER_STATE)
                else:
                    query = select(table)
                    if name == "action":
                        query = query.where(table.c.seq < seq, table.c.undone == False)  # noqa: E712
                    rows = [dict(r._mapping) for r in src.execute(query)]
                if rows:
                    dst.execute(insert(table), rows)
                if keep:                                         # the columns play changes
                    key = [c.name for c in table.primary_key.columns]
                    for row in state[name]:
                        where = [table.c[k] == row[k] for k in key]
                        dst.execute(update(table).where(*where).values({k: v for k, v in row.items() if k not in key}))
    finally:
        engine.dispose()


def _check(location: str, target: str | Path, turn: int, sealed: str) -> None:
    with reading(target) as session:
        restored = digest(session)
    if restored != sealed:
        Path(target).unlink(missing_ok=True)
        raise GameFileError(f"the snapshot of turn {turn}'s end does not match its digest (changed outside "
                            f"Umpire?): cannot report that turn from it", file=shown(location))
