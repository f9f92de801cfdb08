"""The game file's Alembic migrations: the chain, stamping files from before Alembic, head
against the models, and revisions run inside the write that opens the file (SQLite batch mode
too).  The real files older Umpires wrote are MechWar 4 games: tests/migrations/test_mw4_files.py."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from umpire.actions import new_game, system_for
from umpire.core.engine import perform, state_digest
from umpire.core.errors import GameFileError
from umpire.core.store import migrations
from umpire.core.store import models as m
from umpire.core.store.db import make_engine, open_game, writing
from umpire.core.store.migrations.__main__ import new_revision

from storekit import PG_URL, add_revision, as_schema, differences, postgres_database, replays_identically, where

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL to run against PostgreSQL (.ci/run starts a server and sets it)"))]


def script() -> ScriptDirectory:
    cfg = Config()
    cfg.set_main_option("script_location", str(migrations.FOLDER))
    return ScriptDirectory.from_config(cfg)


def never_migrates(monkeypatch) -> None:
    def refuse(*_args, **_kw):
        raise AssertionError("migrated")
    monkeypatch.setattr(migrations, "upgrade", refuse)


# --- the chain ---------------------------------------------------------------------------------

def test_the_chain_is_linear_numbered_and_ends_at_schema_version():
    """0001, 0002, ... each the one before's only successor; a revision's id is its file's
    name and starts with its schema number; head's number is SCHEMA_VERSION."""
    scripts = script()
    chain = list(reversed(list(scripts.walk_revisions())))
    assert scripts.get_bases() == ["0001_first"] and scripts.get_heads() == [migrations.head()]
    for number, rev in enumerate(chain, start=1):
        assert migrations.schema_of(rev.revision) == number
        assert rev.path.endswith(f"/versions/{rev.revision}.py")
        assert rev.down_revision == (chain[number - 2].revision if number > 1 else None)
        assert not rev.branch_labels and not rev.dependencies
    assert migrations.revisions() == {n: r.revision for n, r in enumerate(chain, start=1)}
    assert migrations.schema_of(migrations.head()) == m.SCHEMA_VERSION == len(chain)


def test_a_new_revision_is_the_next_file(tmp_path):
    folder = tmp_path / "migrations"
    shutil.copytree(migrations.FOLDER, folder, ignore=shutil.ignore_patterns("__pycache__"))
    path = new_revision("units_to_rules", folder=folder)
    assert path == folder / "versions" / f"{m.SCHEMA_VERSION + 1:04d}_units_to_rules.py"
    text_ = path.read_text()
    assert f"down_revision = {migrations.head()!r}" in text_ and f"schema({m.SCHEMA_VERSION + 1})" in text_
    cfg = Config()
    cfg.set_main_option("script_location", str(folder))
    assert ScriptDirectory.from_config(cfg).get_current_head() == path.stem
    with pytest.raises(ValueError, match="lower-case"):
        new_revision("Units To Rules", folder=folder)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_chain_from_an_empty_database_builds_the_models_tables(backend, tmp_path):
    def check(location):
        engine = make_engine(location, write=True)
        with engine.begin() as conn:
            migrations.upgrade(conn)
        engine.dispose()
        assert differences(location) == []

    if backend == "sqlite":
        empty = tmp_path / "empty.umpire"
        sqlite3.connect(empty).close()
        check(empty)
    else:
        with postgres_database() as url:
            check(url)


def test_migrations_never_commit_on_their_own(game_path, tmp_path, monkeypatch):
    before = where(game_path)
    add_revision(tmp_path, monkeypatch, "pending", "op.execute(\"UPDATE unit SET name = 'migrated'\")")
    engine = make_engine(game_path)
    with engine.connect() as conn, pytest.raises(RuntimeError, match="inside the write transaction"):
        migrations.upgrade(conn)         # outside a transaction, Alembic would commit its own
    engine.dispose()
    assert where(game_path) == before


# --- files from before Alembic, and today's --------------------------------------------------

def test_a_new_game_is_created_at_head_and_opens_without_migrating(tmp_path, sample_scenario, monkeypatch):
    game = new_game(sample_scenario, tmp_path / "g.umpire", seed="1")
    assert where(game) == ([migrations.head()], m.SCHEMA_VERSION)
    never_migrates(monkeypatch)
    monkeypatch.setattr(migrations, "stamp", lambda *_a: pytest.fail("stamped"))
    assert open_game(game).schema_version == m.SCHEMA_VERSION
    perform(game, "move", {"unit": "A1", "path": ["0304", "0404"]}, system_for(game))


def test_a_file_of_todays_schema_from_before_alembic_is_stamped_by_its_first_write(game_path, monkeypatch):
    """Read as it is (a read-only file too); the first write records where it stands."""
    as_schema(game_path, m.SCHEMA_VERSION)
    before = game_path.read_bytes()
    never_migrates(monkeypatch)
    assert open_game(f"sqlite:///file:{game_path}?mode=ro&uri=true").schema_version == m.SCHEMA_VERSION
    open_game(game_path)
    assert game_path.read_bytes() == before
    perform(str(game_path), "spot", {}, system_for(game_path))
    assert where(game_path) == ([migrations.head()], m.SCHEMA_VERSION)


@pytest.mark.parametrize("change,problem", [
    ("UPDATE alembic_version SET version_num = '0099_future'",
     "written by a newer Umpire (revision 0099_future; this Umpire reads up to {head}): update Umpire to open it"),
    ("UPDATE game_info SET schema_version = 11",
     "damaged game file: alembic_version says revision {head}, game_info says schema 11"),
    ("INSERT INTO alembic_version VALUES ('0011_rule_state')", "damaged game file: alembic_version names 2 revisions"),
])
def test_where_a_file_stands_is_checked_in_one_line(game_path, change, problem):
    with sqlite3.connect(game_path) as conn:
        conn.execute(change)
    conn.close()
    expected = f"{game_path}: {problem.format(head=migrations.head())}"
    with pytest.raises(GameFileError) as info:
        open_game(game_path)
    assert info.value.one_line() == expected
    r = subprocess.run([sys.executable, "-m", "umpire.cli", "status", str(game_path)], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.strip() == f"umpire: error: {expected}"


# --- revisions run inside the write ----------------------------------------------------------

# A revision dropping columns of unit (as 0013 did, moving a rule system's to its marks): on
# SQLite batch mode recreates the table, which contact, and so on, refer to
DROP_OBSOLETE = '''
with op.batch_alter_table("unit") as batch:
    batch.drop_column("obsolete")
'''


def with_obsolete_column(location) -> None:
    engine = make_engine(location, write=True)
    with engine.begin() as conn:
        conn.execute(text("ALTER TABLE unit ADD COLUMN obsolete INTEGER DEFAULT 7 NOT NULL"))
    engine.dispose()


def columns(location, table="unit") -> set[str]:
    engine = make_engine(location)
    try:
        return {c["name"] for c in inspect(engine).get_columns(table)}
    finally:
        engine.dispose()


def test_sqlite_batch_mode_recreates_a_table_others_refer_to_inside_the_write(tmp_path, sample_scenario,
                                                                               monkeypatch):
    game = new_game(sample_scenario, tmp_path / "g.umpire", seed="1")
    with sqlite3.connect(game) as conn:
        assert conn.execute("SELECT count(*) FROM contact").fetchone()[0] > 0      # rows naming units
    conn.close()
    with_obsolete_column(game)
    before = state_digest(game)
    revision = add_revision(tmp_path, monkeypatch, "drop_obsolete", DROP_OBSOLETE)
    assert open_game(game).schema_version == m.SCHEMA_VERSION
    assert where(game) == ([revision], m.SCHEMA_VERSION) and "obsolete" not in columns(game)
    assert state_digest(game) == before and differences(game) == []
    with writing(game) as session:        # foreign keys are enforced again after the migration
        assert session.connection().exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    perform(game, "move", {"unit": "A1", "path": ["0304", "0404"]}, system_for(game))
    assert replays_identically(game)


def test_sqlite_refuses_the_recreation_while_it_enforces_foreign_keys(tmp_path, sample_scenario, monkeypatch):
    """Why writing() migrates an SQLite file on a connection without them: with them, the same
    revision fails (and leaves the file as it was)."""
    game = new_game(sample_scenario, tmp_path / "g.umpire", seed="1")
    with_obsolete_column(game)
    before = Path(game).read_bytes()
    add_revision(tmp_path, monkeypatch, "drop_obsolete", DROP_OBSOLETE)
    monkeypatch.setattr(migrations, "can_migrate", lambda conn: True)
    with pytest.raises(GameFileError, match="FOREIGN KEY constraint failed"):
        open_game(game)
    assert Path(game).read_bytes() == before


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_failed_migration_leaves_the_file_as_it_was(backend, tmp_path, sample_scenario, monkeypatch):
    def run(location):
        new_game(sample_scenario, location, seed="1")
        with_obsolete_column(location)
        before = state_digest(location), where(location), columns(location)
        head = [migrations.head()], m.SCHEMA_VERSION
        add_revision(tmp_path, monkeypatch, "fails", DROP_OBSOLETE + 'op.execute("SELECT * FROM no_such_table")')
        with pytest.raises(GameFileError) as info:
            open_game(location)
        line = info.value.one_line()
        assert line.startswith(f"{location}: damaged game file: ") and "no_such_table" in line, line
        assert (state_digest(location), where(location), columns(location)) == before
        assert "obsolete" in before[2] and before[1] == head

    if backend == "sqlite":
        game = tmp_path / "g.umpire"
        run(str(game))
    else:
        with postgres_database() as url:
            run(url)


def test_references_a_migration_broke_are_refused_before_the_commit(game_path, tmp_path, monkeypatch):
    before = game_path.read_bytes()
    add_revision(tmp_path, monkeypatch, "orphans", "op.execute(\"DELETE FROM side WHERE id = 'blue'\")")
    with pytest.raises(GameFileError, match=r"damaged game file: row \d+ of \w+ names a side that does not exist"):
        open_game(game_path)
    assert game_path.read_bytes() == before
