"""Schema 13 (migrations/versions/0013_rule_state.py): the columns and tables the core once kept
for a single rule system, folded into that rule system's own state.

Before schema 13 the unit table carried one rule system's markers as columns, the game record
its activation and overwatch, and two tables its company and battalion morale.  They now live
in the rule system's typed state (core.rulestate): the unit's `marks`, the game's
`rule_state`.  A value moves only where the game's rule system declares a field of that name
(`companies` and `battalions` for the two tables' rows); the rest were never its own and go.
The journal's recorded changes are rewritten the same way, so undo and redo reach back past
the upgrade.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import MetaData, Table, inspect, select, update
from sqlalchemy.engine import Connection

from ..ruleset import load_ruleset, system_class
from . import models as m

# the unit columns and their old defaults (a value at its default is left out of the marks)
UNIT_COLUMNS = {"camouflaged": False, "improved": False, "cb_q": None, "cb_r": None, "in_column": False,
                "fatigue": 0, "panicked": False, "suppression": 0, "g_spent": False, "ammo_level": 3,
                "defilade": None, "fired_on": False, "fired_from": None, "unbuttoned": False}
GAME_COLUMNS = {"active_company": None, "activation_units": [], "overwatch_targets": []}
# the tables: rows keyed by their id column, kept under this key of the game state
TABLES = {"company_state": ("company_id", "companies"), "battalion_state": ("battalion_id", "battalions")}


def fold_into_rule_state(conn: Connection) -> tuple[list[str], list[str], list[str]]:
    """Move the values and rewrite the journal; return what the revision then drops: the unit
    columns, the game_info columns and the tables."""
    tables = {name: Table(name, MetaData(), autoload_with=conn) for name in TABLES if inspect(conn).has_table(name)}
    unit_have = sorted({c["name"] for c in inspect(conn).get_columns("unit")} & set(UNIT_COLUMNS))
    game_have = sorted({c["name"] for c in inspect(conn).get_columns("game_info")} & set(GAME_COLUMNS))
    # game_info as this file has it: the models' table names columns of later schemas (18: keys)
    info = conn.execute(select(Table("game_info", MetaData(), autoload_with=conn))).mappings().first()
    if info is None:                    # a database being made: no game, nothing to move
        return unit_have, game_have, sorted(tables)
    system = system_class(load_ruleset(info["rules"]))
    marks_fields, state_fields = set(system.Marks.model_fields), set(system.State.model_fields)

    def marks_of(row: dict) -> dict:
        marks = dict(row.get("marks") or {})
        for col in unit_have:
            if col in marks_fields and row.get(col) != UNIT_COLUMNS[col]:
                marks[col] = row[col]
        return system.Marks.read(marks).stored()

    unit = Table("unit", MetaData(), autoload_with=conn)          # the columns as they are now
    for row in conn.execute(select(unit)).mappings().all():
        conn.execute(update(unit).where(unit.c.id == row["id"]).values(marks=marks_of(dict(row))))
    state = dict(info["rule_state"] or {})
    raw = conn.execute(select(Table("game_info", MetaData(), autoload_with=conn))).mappings().one()
    for col in game_have:
        if col in state_fields and raw[col] not in (GAME_COLUMNS[col], None):
            state[col] = raw[col]
    for name, (id_col, key) in TABLES.items():
        if name in tables and key in state_fields:
            rows = conn.execute(select(tables[name])).mappings().all()
            state[key] = {r[id_col]: {c: v for c, v in r.items() if c != id_col} for r in rows}
    conn.execute(update(m.GameInfo.__table__).values(rule_state=system.State.read(state).stored()))
    _rewrite_journal(conn, marks_fields, state_fields, marks_of)
    return unit_have, game_have, sorted(tables)


def _rewrite_journal(conn: Connection, marks_fields: set, state_fields: set, marks_of) -> None:
    action = m.ActionRow.__table__
    for seq, changes in conn.execute(select(action.c.seq, action.c.changes)).all():
        new = [x for c in changes or [] for x in _rewritten(c, marks_fields, state_fields, marks_of)]
        if new != changes:
            conn.execute(update(action).where(action.c.seq == seq).values(changes=new))


def _rewritten(change: list, marks_fields: set, state_fields: set, marks_of) -> list[list[Any]]:
    """One recorded change as schema 13 records it: none, or one or more."""
    op, table, key, column, before, after = change
    if isinstance(column, list):          # already a key of a rule system's state
        return [change]
    if table == "unit" and op == "update" and column in UNIT_COLUMNS:
        return [[op, table, key, ["marks", column], before, after]] if column in marks_fields else []
    if table == "unit" and op in ("insert", "delete"):      # a new unit's whole row
        row = after if op == "insert" else before
        row = {**{c: v for c, v in row.items() if c not in UNIT_COLUMNS}, "marks": marks_of(row)}
        return [[op, table, key, None, None if op == "insert" else row, row if op == "insert" else None]]
    if table == "game_info" and op == "update" and column in GAME_COLUMNS:
        return [[op, table, key, ["rule_state", column], before, after]] if column in state_fields else []
    if table in TABLES:
        id_col, state_key = TABLES[table]
        if state_key not in state_fields:
            return []
        path = ["rule_state", state_key, key[id_col]]
        game = {"id": 1}
        if op == "update":
            return [["update", "game_info", game, path + [column], before, after]]
        strip = (lambda r: {c: v for c, v in r.items() if c != id_col} if r else None)
        return [["update", "game_info", game, path, strip(before), strip(after)]]
    return [change]
