"""The journal: every engine action, what it changed, and its dice; undo, redo, replay, digest.

An action runs inside one database transaction.  It changes rows only through a `Recorder`,
which keeps each change with its value before and after; the action row stores them with the
action's parameters and dice.  So:
* undo applies the befores in reverse and marks the action undone; redo applies the afters;
* replay builds a fresh game from the scenario text kept in the game file and re-runs every
  action that stands, feeding it the dice it recorded, then compares state digests;
* a crash loses at most the action in progress: the transaction either committed or did not.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy import and_, delete, insert, select, update
from sqlmodel import Session, SQLModel

from .errors import UmpireError
from .store import models as m
from .store.db import open_game, reading

# what a digest covers: the state, not the journal nor where and when the file was made
STATE_COLUMNS = {"game_info": ("turn", "phase", "active_side", "passed", "rule_state"),
                 "unit": None, "contact": None, "overlay": None, "command": None, "plot": None,
                 "support": ("id", "used"), "past_contact": None}
# tables added to the state since snapshots were first sealed: counted in a digest only when they
# hold rows, so that a digest sealed before them (an older file's snapshot) still holds
LATER_STATE = ("past_contact",)

# The rule system's own state, JSON in these columns (core.rulestate): a change to it is journaled
# key by key -- ["update", table, key, ["marks", "suppression"], 0, 1] -- so that a journal stays
# small and undo touches only what the action changed.
STATE_JSON = {"unit": "marks", "game_info": "rule_state"}


def _key(row: SQLModel) -> dict[str, Any]:
    table = row.__table__
    return {c.name: getattr(row, c.name) for c in table.primary_key.columns}


def _row_dict(row: SQLModel) -> dict[str, Any]:
    return {c.name: getattr(row, c.name) for c in row.__table__.columns}


class Recorder:
    """Makes and remembers row changes for one action."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.changes: list[list[Any]] = []

    def set(self, row: SQLModel, **values: Any) -> None:
        for column, after in values.items():
            before = getattr(row, column)
            if before == after:
                continue
            if STATE_JSON.get(row.__tablename__) == column:
                for path, b, a in _diff(_plain(before) or {}, _plain(after) or {}, [column]):
                    self.changes.append(["update", row.__tablename__, _key(row), path, b, a])
            else:
                self.changes.append(["update", row.__tablename__, _key(row), column, _plain(before), _plain(after)])
            setattr(row, column, after)
        self.session.add(row)

    def insert(self, row: SQLModel) -> None:
        self.session.add(row)
        self.session.flush()
        self.changes.append(["insert", row.__tablename__, _key(row), None, None, _plain(_row_dict(row))])

    def delete(self, row: SQLModel) -> None:
        self.changes.append(["delete", row.__tablename__, _key(row), None, _plain(_row_dict(row)), None])
        self.session.delete(row)


def _plain(v: Any) -> Any:
    """Values as JSON keeps them (tuples become lists), so before/after compare after a round trip."""
    return json.loads(json.dumps(v))


def _diff(before: dict, after: dict, path: list) -> list[tuple[list, Any, Any]]:
    """(path, before, after) for every value that differs, down through nested mappings; a key
    that is absent reads as None."""
    out = []
    for k in sorted(set(before) | set(after), key=str):
        b, a = before.get(k), after.get(k)
        if isinstance(b, dict) and isinstance(a, dict):
            out += _diff(b, a, path + [k])
        elif b != a:
            out.append((path + [k], b, a))
    return out


def put_at(data: dict, path: list, value: Any) -> dict:
    """A copy of `data` with `value` at `path` (None: the key taken out)."""
    data = dict(data)
    k, rest = path[0], path[1:]
    if rest:
        data[k] = put_at(data.get(k) or {}, rest, value)
    elif value is None:
        data.pop(k, None)
    else:
        data[k] = value
    return data


def _where(table, key: dict[str, Any]):
    return and_(*[table.c[k] == v for k, v in key.items()])


def apply(session: Session, changes: list[list[Any]], backwards: bool) -> None:
    tables = SQLModel.metadata.tables
    canonical = _canonical(session)
    for op, tname, key, column, before, after in (reversed(changes) if backwards else changes):
        table = tables[tname]
        if op == "update" and isinstance(column, list):     # a key of the rule system's state
            name, path = column[0], column[1:]
            data = session.execute(select(table.c[name]).where(_where(table, key))).scalar() or {}
            data = canonical(tname, put_at(data, path, before if backwards else after))
            session.execute(update(table).where(_where(table, key)).values({name: data}))
        elif op == "update":
            value = before if backwards else after
            if STATE_JSON.get(tname) == column:          # journaled whole before schema 13
                value = canonical(tname, value)
            session.execute(update(table).where(_where(table, key)).values({column: value}))
        elif (op == "insert") != backwards:      # redo an insert, or undo a delete
            session.execute(insert(table).values(after if op == "insert" else before))
        else:                                     # undo an insert, or redo a delete
            session.execute(delete(table).where(_where(table, key)))


def _canonical(session: Session):
    """What the game file keeps of a rule-system state: its model's stored form (no defaults)."""
    from .ruleset import load_ruleset, system_class
    rules = session.execute(select(m.GameInfo.rules)).scalar()
    system = system_class(load_ruleset(rules))
    models = {"unit": system.Marks, "game_info": system.State}
    return lambda table, data: models[table].read(data).stored()


def undo_last(session: Session) -> m.ActionRow:
    row = session.execute(select(m.ActionRow).where(m.ActionRow.undone == False)  # noqa: E712
                          .order_by(m.ActionRow.seq.desc())).scalars().first()
    if row is None or row.kind in UNDOABLE_NOT:
        raise UmpireError("nothing to undo")
    apply(session, row.changes, backwards=True)
    row.undone = True
    session.add(row)
    return row


def redo_next(session: Session) -> m.ActionRow:
    row = session.execute(select(m.ActionRow).where(m.ActionRow.undone == True)  # noqa: E712
                          .order_by(m.ActionRow.seq.asc())).scalars().first()
    if row is None:
        raise UmpireError("nothing to redo")
    apply(session, row.changes, backwards=False)
    row.undone = False
    session.add(row)
    return row


UNDOABLE_NOT = {"open"}      # the opening spotting pass belongs to the set-up


def digest(session: Session) -> str:
    """A hash of the game state (not the journal): equal digests, equal games."""
    h = hashlib.sha256()
    tables = SQLModel.metadata.tables
    for name, keep in STATE_COLUMNS.items():
        table = tables[name]
        # a unit's traits are the scenario's, as a side's or a battalion's are: not its state
        cols = [c for c in table.columns if (keep is None or c.name in keep) and c.name != "traits"
                and not (name == "overlay" and c.name == "id")]
        rows = session.execute(select(*cols)).all()
        if not rows and name in LATER_STATE:
            continue
        for r in sorted(json.dumps(list(r), default=str, sort_keys=True) for r in rows):
            h.update(r.encode())
        h.update(b"|")
    return h.hexdigest()


def journal_rows(location: str) -> list[m.ActionRow]:
    """Every row of the game's journal, in order, detached from the session that read them (an
    older file is migrated first, by open_game)."""
    open_game(location)
    with reading(location) as session:
        rows = session.execute(select(m.ActionRow).order_by(m.ActionRow.seq)).scalars().all()
        for r in rows:
            session.expunge(r)
        return list(rows)


def state_digest(location: str) -> str:
    """The digest of the game's state as its file holds it."""
    with reading(location) as session:
        return digest(session)


def signature(count: int, undone: int, top) -> tuple:
    """What tells two looks at a journal apart: how many actions (the opening left out), how
    many of them undone, and the newest standing one as (seq, kind, params, summary) -- the
    counts alone hide an Undo then a new action (the new row takes the undone one's number).
    params as JSON text, so a tuple a window passed and the list the file holds compare equal."""
    if top is not None:
        seq, kind, params, summary = top
        top = (seq, kind, json.dumps(params, sort_keys=True, default=str), summary)
    return count, undone, top


def journal_signature(session: Session) -> tuple:
    """The journal's signature, read with two small queries (never the rows' logs and changes)."""
    from sqlalchemy import case, func
    action = m.ActionRow
    count, undone = session.execute(
        select(func.count(), func.coalesce(func.sum(case((action.undone == True, 1), else_=0)), 0))  # noqa: E712
        .where(action.kind != "open")).one()
    top = session.execute(select(action.seq, action.kind, action.params, action.summary)
                          .where(action.undone == False, action.kind != "open")  # noqa: E712
                          .order_by(action.seq.desc()).limit(1)).first()
    return signature(int(count), int(undone), tuple(top) if top is not None else None)


class MovedOn(UmpireError):
    """An action judged on a look at the game that another umpire's action has overtaken."""
