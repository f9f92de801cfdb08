"""The 13 -> 14 migration (revision 0014_traits): the columns the core kept for one rule system's
scenario keys -- troop quality, doctrine, HQ rating, how reinforcements enter, a support's
features -- move into each row's traits, on SQLite and PostgreSQL, and the game plays on."""

from __future__ import annotations

import json
import sqlite3

import pytest
from sqlalchemy import inspect

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, replay, undo
from umpire.core.scenario import load_scenario
from umpire.core.store import db
from umpire.core.store import models as m
from umpire.core.store.db import make_engine, open_game
from umpire.rules import rule_system
from umpire.rules.mechwar4.traits import quality_of

from storekit import PG_URL, as_schema, copy_to_postgresql, postgres_database

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL to run against PostgreSQL"))]

# the columns schema 13 had, as its revisions made them
OLD_COLUMNS = (("side", "quality", "VARCHAR NOT NULL DEFAULT ''"), ("side", "doctrine", "VARCHAR"),
               ("battalion", "quality", "VARCHAR"), ("battalion", "hq_rating", "VARCHAR"),
               ("company", "quality", "VARCHAR"), ("unit", "quality", "VARCHAR NOT NULL DEFAULT ''"),
               ("reinforcement", "formation", "VARCHAR NOT NULL DEFAULT 'free'"),
               ("support", "features", "JSON NOT NULL DEFAULT '{}'"))
TABLES = ("side", "battalion", "company", "unit", "reinforcement", "support")
# a unit put in play, as schema 13 journaled its row (no MechWar 4 action makes one: written in)
NEW_UNIT = {"id": "T9", "position": 99, "type": "sov_t72", "side_id": "warpac", "battalion_id": "1 MRB",
            "company_id": "Tank Co", "name": "", "quality": "first_line", "q": None, "r": None,
            "status": "off_map", "marks": {}}


def schema_13_game(tmp_path, sample_scenario, mrb_quality: str | None = None) -> str:
    """A Kaltenbach Gap game, a tank moved, made a schema-13 file: the old columns hold the values
    (a unit's quality resolved, as schema 13 kept it), the traits columns gone.  `mrb_quality`:
    a quality for the Soviet battalion, which the scenario does not give it."""
    path = new_game(sample_scenario, tmp_path / "thirteen.umpire", seed="13")
    perform(path, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(path))
    with sqlite3.connect(path) as conn:
        for table, column, kind in OLD_COLUMNS:
            conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        for s in sample_scenario.sides:
            conn.execute("UPDATE side SET quality = ?, doctrine = ? WHERE id = ?",
                         (s.traits["quality"], s.traits.get("doctrine"), s.id))
        conn.execute("UPDATE battalion SET hq_rating = 'C' WHERE id = 'TF 2-32'")
        conn.execute("UPDATE battalion SET hq_rating = 'D', quality = ? WHERE id = '1 MRB'", (mrb_quality,))
        conn.execute("UPDATE company SET quality = 'first_line' WHERE id = 'Tank Co'")
        for u in sample_scenario.units:
            quality = quality_of(sample_scenario, u)
            if mrb_quality and u.battalion == "1 MRB" and u.company != "Tank Co":
                quality = mrb_quality
            conn.execute("UPDATE unit SET quality = ? WHERE id = ?", (quality, u.id))
        conn.execute("UPDATE reinforcement SET formation = 'column'")
        conn.execute("""UPDATE support SET features = '{"multiples": 2, "fascam": 2}' WHERE id = 'US DS'""")
        conn.execute("""UPDATE support SET features = '{"advanced": true}' WHERE id = 'A-10 pair'""")
        seq, changes = conn.execute("SELECT seq, changes FROM action WHERE kind = 'move'").fetchone()
        changes = json.loads(changes) + [["insert", "unit", {"id": "T9"}, None, None, NEW_UNIT]]
        conn.execute("UPDATE action SET changes = ? WHERE seq = ?", (json.dumps(changes), seq))
    conn.close()
    as_schema(path, 13, tuple((table, "traits") for table in TABLES), alembic=True)
    db._STATIC.clear()          # another process reads the file afresh; this one kept its static part
    return path


def columns(location, table: str) -> set[str]:
    engine = make_engine(location)
    try:
        return {c["name"] for c in inspect(engine).get_columns(table)}
    finally:
        engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_schema_13_file_moves_one_rule_systems_columns_into_traits(backend, tmp_path, sample_scenario):
    sqlite_file = schema_13_game(tmp_path, sample_scenario, mrb_quality="reserve")
    with postgres_database("umpire_traits") if backend == "postgresql" else _nothing(sqlite_file) as location:
        if backend == "postgresql":
            copy_to_postgresql(sqlite_file, location)
        game = open_game(location)
        assert game.schema_version == m.SCHEMA_VERSION >= 15
        # the columns are gone, each table has its traits
        for table, column, _kind in OLD_COLUMNS:
            assert column not in columns(location, table) and "traits" in columns(location, table)
        # the values moved, as the rule system declares them
        assert {s.id: s.traits for s in game.sides} == {"nato": {"quality": "first_line", "doctrine": "nato"},
                                                        "warpac": {"quality": "second_line", "doctrine": "soviet"}}
        assert {b.id: b.traits for b in game.battalions} == {"TF 2-32": {"hq_rating": "C"},
                                                             "1 MRB": {"hq_rating": "D", "quality": "reserve"}}
        assert next(c for c in game.companies if c.id == "Tank Co").traits == {"quality": "first_line"}
        assert game.reinforcements[0].traits == {"formation": "column"}
        assert next(a for a in game.artillery if a.id == "US DS").traits == {"multiples": 2, "fascam": 2}
        assert game.air[0].traits == {"advanced": True}
        # a unit keeps its own quality only: Scout 1's; the others inherit theirs, resolved as before
        assert {u.id: u.traits for u in game.units.values() if u.traits} == {
            "Scout 1": {"quality": "seasoned"}, "Scout 2": {"quality": "seasoned"}}
        assert quality_of(game, game.units["T1"]) == "first_line" and quality_of(game, game.units["1/1"]) == "reserve"
        assert quality_of(game, game.units["TOW 1"]) == "first_line"
        # the journal's recorded unit row, rewritten
        move = next(r for r in journal(location) if r.kind == "move")
        row = next(c[5] for c in move.changes if c[:2] == ["insert", "unit"])
        assert "quality" not in row and row["traits"] == {}          # first_line: Tank Co's own
        # the game plays on and undoes past the upgrade
        system = system_for(location)
        assert perform(location, "move", {"unit": "Scout 1", "path": ["1910", "1911"]}, system).summary.startswith(
            "Scout 1 moved to 1911")
        undo(location)
        undo(location)
        assert open_game(location).map.number(open_game(location).units["T1"].hex) == "1928"


def test_a_migrated_game_replays_as_its_scenario_made_today(tmp_path, sample_scenario):
    """The traits a new game of the kept scenario stores are those the migration moved."""
    path = schema_13_game(tmp_path, sample_scenario)
    game = open_game(path)
    assert {u.id: u.traits for u in game.units.values()} == {u.id: u.traits for u in sample_scenario.units}
    assert [(s.id, s.traits) for s in game.sides] == [(s.id, s.traits) for s in sample_scenario.sides]
    stored, replayed = replay(path, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed


class _nothing:
    """A stand-in for postgres_database on SQLite: the file itself."""

    def __init__(self, location) -> None:
        self.location = location

    def __enter__(self):
        return self.location

    def __exit__(self, *_):
        return False
