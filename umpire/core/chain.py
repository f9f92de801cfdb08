"""The journal checked as a chain (`umpire replay GAME --verify`): is this game file whole and
consistent, without re-running the rules.

Every action's journal row records each row it changed as [op, table, key, column-or-row,
before, after] (core.journal.Recorder).  Starting from the scenario kept in the file, written
afresh in memory, the chain applies those changes action by action and checks as it goes:
* every `before` is what the chained state holds at that point (an update's old value, a
  deleted row as it stood, no row yet where one is inserted) -- else the first action whose
  changes do not follow from the ones before it is named: the file was altered;
* the journal's numbers run without a gap (a deleted row is named by its number);
* every turn-end snapshot (core.snapshots), its digest and its rows, is the chained state just
  before the action that began the next turn -- else that turn is named;
* the end is the stored state's digest -- else the state was changed outside the journal.

The rules are not run, so this does not say that this version of Umpire still plays the game
the same way: that is `--rerun` (core.replay.verify), which re-runs every action with the dice
it recorded.  A journal forged with care -- a die and every change that follows from it altered
together -- chains; only the rerun sees it.

The state is held as plain dictionaries, one per table, loaded when a change first names the
table: a chained action costs microseconds, where performing it costs the rules' time and a
transaction.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from sqlalchemy import select
from sqlalchemy.sql import sqltypes
from sqlmodel import Session, SQLModel

from .errors import UmpireError
from .journal import LATER_STATE, STATE_COLUMNS, STATE_JSON, journal_rows, put_at, state_digest
from .store import models as m
from .store.db import reading, write_new_game
from .store.memory import memory_engine

ABSENT = object()          # a key the chained state does not hold


@dataclass
class ChainVerdict:
    stored: str                      # the game file's state digest
    chained: str                     # the digest of the state its journal's changes chain to ("" if broken)
    first_difference: str = ""      # the first action whose changes do not chain, or where the state parted
    snapshots_differ: list[int] = field(default_factory=list)    # turns whose snapshot is not the chain's

    @property
    def same(self) -> bool:
        return self.stored == self.chained


class Broken(Exception):
    """A change whose `before` is not what the chain holds (the message says which)."""


class Chain:
    """The game's state as dictionaries: table -> primary key (a tuple) -> row."""

    def __init__(self, session: Session, rules: str) -> None:
        self.session = session
        self.rules = rules
        self.tables: dict[str, dict[tuple, dict]] = {}
        self.models: dict[str, Any] | None = None

    def table(self, name: str) -> dict[tuple, dict]:
        rows = self.tables.get(name)
        if rows is None:
            table = SQLModel.metadata.tables[name]
            key = [c.name for c in table.primary_key.columns]
            rows = {}
            for r in self.session.execute(select(table)).mappings():
                rows[tuple(r[k] for k in key)] = dict(r)
            self.tables[name] = rows
        return rows

    def canonical(self, tname: str, data: dict) -> dict:
        """What the game file keeps of a rule-system state (as journal.apply stores it)."""
        if self.models is None:
            from .ruleset import load_ruleset, system_class
            system = system_class(load_ruleset(self.rules))
            self.models = {"unit": system.Marks, "game_info": system.State}
        return self.models[tname].read(data).stored()

    def step(self, change: list) -> None:
        """Check one change's `before` against the chain, then apply its `after`."""
        op, tname, key, column, before, after = change
        table = SQLModel.metadata.tables[tname]
        rows = self.table(tname)
        k = tuple(key[c.name] for c in table.primary_key.columns)
        row = rows.get(k)
        where = f"{tname} {_shown_key(key)}"
        if op == "insert":
            if row is not None:
                raise Broken(f"inserts {where}, which is already there")
            rows[k] = {c: _as_stored(table.c[c], v) if c in table.c else v for c, v in after.items()}
            return
        if row is None:
            raise Broken(f"{'deletes' if op == 'delete' else 'changes'} {where}, which is not there")
        if op == "delete":
            if _plain(row) != before:
                raise Broken(f"deletes {where} as {_short(before)}, but it stands as {_short(_plain(row))}")
            del rows[k]
        elif isinstance(column, list):            # a key of the rule system's JSON state
            name, path = column[0], column[1:]
            data = row.get(name) or {}
            held = _get(data, path)
            if (None if held is ABSENT else held) != before and \
                    self.canonical(tname, put_at(data, path, before)) != self.canonical(tname, data):
                raise Broken(f"changes {where} {'.'.join(map(str, column))} from {_short(before)}, "
                             f"but the state holds {_short(None if held is ABSENT else held)}")
            row[name] = self.canonical(tname, put_at(data, path, after))
        else:
            held = _plain(row.get(column))
            if STATE_JSON.get(tname) == column:          # journaled whole before schema 13
                if self.canonical(tname, before or {}) != self.canonical(tname, held or {}):
                    raise Broken(f"changes {where} {column} from {_short(before)}, but the state holds {_short(held)}")
                after = self.canonical(tname, after or {})
            elif held != before:
                raise Broken(f"changes {where} {column} from {_short(before)}, but the state holds {_short(held)}")
            row[column] = _as_stored(table.c[column], after)

    def state(self) -> dict[str, list[dict]]:
        return {name: list(self.table(name).values()) for name in STATE_COLUMNS}


def digest_of(state: dict[str, list[dict]]) -> str:
    """journal.digest of a state held as rows (the chain's, or a snapshot's): the same columns,
    the same text, so that equal games give equal digests whichever way they were read."""
    h = hashlib.sha256()
    tables = SQLModel.metadata.tables
    for name, keep in STATE_COLUMNS.items():
        cols = [c.name for c in tables[name].columns if (keep is None or c.name in keep) and c.name != "traits"
                and not (name == "overlay" and c.name == "id")]
        rows = state.get(name, [])
        if not rows and name in LATER_STATE:
            continue
        for r in sorted(json.dumps([row.get(c) for c in cols], default=str, sort_keys=True) for row in rows):
            h.update(r.encode())
        h.update(b"|")
    return h.hexdigest()


def verify_chain(location: str, load_scenario: Callable) -> ChainVerdict:
    """Chain the journal's recorded changes from the scenario kept in `location` and check each
    step, each kept turn end and the end (module docstring)."""
    shown = str(location)
    rows = journal_rows(location)              # an older file is migrated first
    stored = state_digest(location)
    with reading(location) as session:
        info = session.execute(select(m.GameInfo)).scalars().one()
        source, name, seed, rules = info.scenario_source, Path(info.scenario_path).name, info.seed, info.rules
        snapshots = {s.seq: (s.turn, s.digest, s.state) for s in session.execute(select(m.TurnSnapshotRow)).scalars()}
    verdict = ChainVerdict(stored, "")
    broken_at = None
    missing = _missing_number(rows)
    scenario = _scenario(source, name, load_scenario)
    memory = memory_engine()
    session = Session(memory, expire_on_commit=False)
    try:
        write_new_game(session, f"{shown} (chained in memory)", scenario, seed, None)
        session.flush()
        chain = Chain(session, rules)
        for a in rows:
            if a.undone:
                continue
            if a.seq in snapshots:                  # it began a turn: the last one's end stands here
                turn, sealed, kept = snapshots[a.seq]
                here = digest_of(chain.state())
                if sealed != here or digest_of(kept) != here:
                    verdict.snapshots_differ.append(turn)
            try:
                for change in a.changes:
                    chain.step(change)
            except Broken as e:
                verdict.first_difference = (f"journal action #{a.seq} (turn {a.turn}, {a.kind}: {a.summary}) "
                                            f"does not chain: it {e}")
                broken_at = a.seq
                break
            except (KeyError, TypeError, ValueError, IndexError, UmpireError) as e:
                # a change that cannot be read, or a rule-system state it would make that its
                # model refuses: the row was altered
                why = e.problem if isinstance(e, UmpireError) else e.__class__.__name__
                verdict.first_difference = (f"journal action #{a.seq} (turn {a.turn}, {a.kind}: {a.summary}) "
                                            f"does not chain: its changes are damaged ({why})")
                broken_at = a.seq
                break
        else:
            verdict.chained = digest_of(chain.state())
    finally:
        session.close()
        memory.dispose()
    verdict.snapshots_differ.sort()
    if missing is not None and (broken_at is None or missing < broken_at):     # the earlier fault first
        verdict.first_difference = f"journal action #{missing} is missing: the file was altered"
        verdict.chained = ""
    if verdict.chained and not verdict.same:
        verdict.first_difference = ("every action chains as its journal row records: the stored state was "
                                    "changed outside the journal (or its last actions were taken out of it)")
    return verdict


def _missing_number(rows: list[m.ActionRow]) -> int | None:
    """The first number missing from the journal: actions are numbered one after another from the
    opening (core.acting: the next is the last + 1; a new action deletes the undone ones above
    it first), so a gap is a row taken out of the file."""
    seqs = [a.seq for a in rows]
    start = seqs[0] if seqs else 0
    for want, got in enumerate(seqs, start):
        if got != want:
            return want
    return None


def _scenario(source: str, name: str, load_scenario: Callable):
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:        # the scenario is read from a file
        src = Path(tmp) / name
        src.write_text(source, encoding="utf-8")
        return load_scenario(src)


def _as_stored(column, value: Any) -> Any:
    """A value as the database gives it back: a journal keeps 1 where a float column reads 1.0,
    and the digest's text would differ."""
    if value is None:
        return None
    kind = column.type
    if isinstance(kind, sqltypes.Float):
        return float(value)
    if isinstance(kind, sqltypes.Boolean):
        return bool(value)
    if isinstance(kind, sqltypes.Integer) and isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _get(data: Any, path: list) -> Any:
    for k in path:
        if not isinstance(data, dict) or k not in data:
            return ABSENT
        data = data[k]
    return data


def _plain(v: Any) -> Any:
    return json.loads(json.dumps(v, default=str))


def _shown_key(key: dict) -> str:
    return ", ".join(str(v) for v in key.values())


def _short(v: Any) -> str:
    text = json.dumps(v, default=str, sort_keys=True)
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = ["ChainVerdict", "Chain", "digest_of", "verify_chain"]
