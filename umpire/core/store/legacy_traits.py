"""Schema 14 (migrations/versions/0014_traits.py): the columns the core once kept for what a
single rule system reads on a scenario's records, folded into each record's traits.

Before schema 14 the side, battalion, company and unit tables carried a troop quality, sides a
formation doctrine, battalions an HQ rating, reinforcements how they enter, and supports what
the scenario granted them (`features`) -- all read by one rule system alone.  They now live in
each row's `traits` column, as the game's rule system declares them (core.traits): a value moves
only where its model has a field of that name, and only when it differs from the default.

A unit's quality was kept resolved (the unit's own, else its company's, battalion's or side's);
as traits it is the unit's own, so it moves only where it differs from what the unit inherits --
as a new game of the scenario stores it.  The journal's recorded rows (a unit put in play) are
rewritten the same way, so undo and redo reach back past the upgrade.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import MetaData, Table, inspect, select, update
from sqlalchemy.engine import Connection

from ..ruleset import load_ruleset, system_class
from ..traits import TraitError, Traits, read_traits
from . import models as m

# the columns that go, by table
COLUMNS = {"side": ("quality", "doctrine"), "battalion": ("quality", "hq_rating"), "company": ("quality",),
           "unit": ("quality",), "reinforcement": ("formation",), "support": ("features",)}


def fold_into_traits(conn: Connection) -> dict[str, list[str]]:
    """Fill each table's traits from its old columns and rewrite the journal; return, by table,
    the columns the revision then drops."""
    have = {t: sorted({c["name"] for c in inspect(conn).get_columns(t)} & set(cols)) for t, cols in COLUMNS.items()}
    # game_info as this file has it: the models' table names columns of later schemas (18: keys)
    info = conn.execute(select(Table("game_info", MetaData(), autoload_with=conn))).mappings().first()
    if info is None:                    # a database being made: no game, nothing to move
        return have
    family = system_class(load_ruleset(info["rules"])).Traits
    tables = {name: Table(name, MetaData(), autoload_with=conn) for name in COLUMNS}
    rows = {name: [dict(r) for r in conn.execute(select(t)).mappings().all()] for name, t in tables.items()}
    inherited = _inherited_quality(rows)

    def traits_of(table: str, row: dict) -> dict:
        if table == "support":
            kind, old = ("air" if row.get("kind") == "air" else "artillery"), dict(row.get("features") or {})
        else:
            kind = table
            old = {c: row.get(c) for c in have[table] if row.get(c) not in (None, "")}
            if table == "unit" and "quality" in old and old["quality"] == inherited(row):
                del old["quality"]
        return _checked(family, kind, {**old, **(row.get("traits") or {})})

    for name, table in tables.items():
        key = next(iter(table.primary_key.columns))
        for row in rows[name]:
            conn.execute(update(table).where(key == row[key.name]).values(traits=traits_of(name, row)))
    _rewrite_journal(conn, traits_of)
    return have


def _checked(family: type[Traits], kind: str, values: dict) -> dict:
    """The values the rule system reads on this kind of record, as it stores them; a value its
    model refuses stays as it was, for the read's check to name."""
    model = family.model(kind)
    values = {k: v for k, v in values.items() if k in model.model_fields}
    try:
        return read_traits(model, values)
    except TraitError:
        return values


def _inherited_quality(rows: dict[str, list[dict]]):
    """What a unit's quality was when the scenario gave it none: its company's, battalion's or
    side's (the resolution the old unit column held)."""
    side = {r["id"]: r.get("quality") for r in rows["side"]}
    battalion = {r["id"]: (r.get("quality"), r["side_id"]) for r in rows["battalion"]}
    company = {r["id"]: (r.get("quality"), r["battalion_id"]) for r in rows["company"]}

    def of_battalion(bid: str) -> Any:
        quality, sid = battalion.get(bid, (None, None))
        return quality or side.get(sid)

    def of_unit(unit: dict) -> Any:
        if unit.get("company_id") in company:
            quality, bid = company[unit["company_id"]]
            return quality or of_battalion(bid)
        return of_battalion(unit.get("battalion_id"))
    return of_unit


def _rewrite_journal(conn: Connection, traits_of) -> None:
    action = m.ActionRow.__table__
    for seq, changes in conn.execute(select(action.c.seq, action.c.changes)).all():
        new = [x for c in changes or [] for x in _rewritten(c, traits_of)]
        if new != changes:
            conn.execute(update(action).where(action.c.seq == seq).values(changes=new))


def _rewritten(change: list, traits_of) -> list[list[Any]]:
    """One recorded change as schema 14 records it: none, or itself rewritten."""
    op, table, key, column, before, after = change
    gone = COLUMNS.get(table, ())
    if op == "update" and column in gone:         # play never changed them: nothing to undo
        return []
    if op in ("insert", "delete"):                # a whole row: its old columns become its traits
        row = after if op == "insert" else before
        if row and any(c in row for c in gone):
            row = {**{c: v for c, v in row.items() if c not in gone}, "traits": traits_of(table, row)}
            return [[op, table, key, None, None if op == "insert" else row, row if op == "insert" else None]]
    return [change]
