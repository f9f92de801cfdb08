"""The game file: round trip, atomic creation, schema versions and migrations, PostgreSQL."""

import dataclasses
import os
import sqlite3
import uuid

import pytest
from sqlalchemy import text

from umpire.core.errors import GameFileError
from umpire.core.store import db, migrations
from umpire.core.store import models as m
from umpire.core.store.db import copy_game, create_game, default_game_path, make_engine, open_game

from storekit import add_revision, as_schema


def _assert_same_as_scenario(game, sc):
    assert game.title == sc.title and game.turns == sc.turns and game.turn == 1
    assert game.map.grid == sc.map.grid
    assert game.map.terrain == sc.map.terrain
    assert game.map.elevation == sc.map.elevation
    assert game.map.hexsides == sc.map.hexsides
    assert sorted(game.map.overlays, key=repr) == sorted(sc.map.overlays, key=repr)
    assert [s.id for s in game.sides] == [s.id for s in sc.sides]
    assert game.battalions == sc.battalions and game.companies == sc.companies
    assert list(game.units) == [u.id for u in sc.units]
    for u in sc.units:
        g = game.units[u.id]
        assert (g.type, g.side, g.battalion, g.company, g.hex, g.traits, g.carried_by) == \
               (u.type, u.side, u.battalion, u.company, u.hex, u.traits, u.carried_by)
        assert g.status == ("on_map" if u.hex else "off_map")
        assert g.face_down       # every unit starts face-down: no spotting pass has run
    assert sorted(game.zones, key=lambda z: z.id) == sorted(sc.zones, key=lambda z: z.id)
    assert game.reinforcements == sc.reinforcements
    assert game.artillery == sc.artillery and game.air == sc.air
    assert game.victory == sc.victory


def test_round_trip(game_path, sample_scenario):
    game = open_game(game_path)
    _assert_same_as_scenario(game, sample_scenario)
    assert game.schema_version == m.SCHEMA_VERSION


def test_game_file_keeps_the_scenario_source(game_path, sample_scenario):
    with sqlite3.connect(game_path) as conn:
        source, digest = conn.execute("SELECT scenario_source, scenario_digest FROM game_info").fetchone()
    assert source == sample_scenario.source and digest == sample_scenario.digest


def test_existing_file_is_not_overwritten(game_path, sample_scenario):
    before = game_path.read_bytes()
    with pytest.raises(GameFileError, match="already exists"):
        create_game(sample_scenario, game_path)
    assert game_path.read_bytes() == before


def test_failure_leaves_nothing_behind(tmp_path, sample_scenario, monkeypatch):
    def boom(session, sc, seed=None):
        raise RuntimeError("disk died half way")

    monkeypatch.setattr(db, "_write_scenario", boom)
    target = tmp_path / "half.umpire"
    with pytest.raises(RuntimeError):
        create_game(sample_scenario, target)
    assert list(tmp_path.iterdir()) == []


def test_missing_folder(tmp_path, sample_scenario):
    with pytest.raises(GameFileError, match="folder does not exist"):
        create_game(sample_scenario, tmp_path / "no" / "such.umpire")


@pytest.mark.parametrize("content,words", [(b"hello", "not an SQLite database"), (b"", "not an SQLite database")])
def test_not_a_game_file(tmp_path, content, words):
    p = tmp_path / "x.umpire"
    p.write_bytes(content)
    with pytest.raises(GameFileError, match=words):
        open_game(p)


def test_sqlite_but_not_ours(tmp_path):
    p = tmp_path / "other.sqlite"
    with sqlite3.connect(p) as conn:
        conn.execute("CREATE TABLE t (x)")
    with pytest.raises(GameFileError, match="no game_info table"):
        open_game(p)


def test_newer_schema_refused(game_path):
    with sqlite3.connect(game_path) as conn:
        conn.execute("UPDATE game_info SET schema_version = ?", (m.SCHEMA_VERSION + 1,))
    with pytest.raises(GameFileError, match="newer Umpire"):
        open_game(game_path)


def test_older_schema_is_migrated(game_path, tmp_path, monkeypatch):
    """A file one revision behind head opens through that revision, which runs once."""
    with sqlite3.connect(game_path) as conn:
        conn.execute("UPDATE unit SET name = 'old'")
    add_revision(tmp_path, monkeypatch, "rename", "op.execute(\"UPDATE unit SET name = 'migrated'\")")
    game = open_game(game_path)
    assert all(u.name == "migrated" for u in game.units.values())
    assert game.schema_version == m.SCHEMA_VERSION == migrations.schema_of(migrations.head())
    with sqlite3.connect(game_path) as conn:
        conn.execute("UPDATE unit SET name = 'old'")
    assert all(u.name == "old" for u in open_game(game_path).units.values())


def test_too_old_without_migration(game_path):
    as_schema(game_path, 0)
    with pytest.raises(GameFileError, match="too old"):
        open_game(game_path)


def test_damaged_file_is_one_line(game_path):
    with sqlite3.connect(game_path) as conn:
        conn.execute("DROP TABLE unit")
    with pytest.raises(GameFileError, match="damaged game file") as info:
        open_game(game_path)
    assert "\n" not in info.value.one_line()


def test_save_as_copy(game_path, tmp_path):
    target = tmp_path / "copy.umpire"
    copy_game(game_path, target)
    assert open_game(target).units.keys() == open_game(game_path).units.keys()
    with pytest.raises(GameFileError, match="already exists"):
        copy_game(game_path, target)


def test_default_game_path_never_clobbers(tmp_path):
    first = default_game_path("tests/toy/skirmish.toml", tmp_path)
    assert first.name == "skirmish.umpire"
    first.write_text("x")
    assert default_game_path("tests/toy/skirmish.toml", tmp_path).name == "skirmish-2.umpire"


def test_foreign_keys_are_enforced(game_path):
    from sqlmodel import Session

    engine = make_engine(game_path)
    with pytest.raises(Exception):
        with Session(engine) as s:
            s.add(m.UnitRow(id="ghost", position=999, type="tanks", side_id="nobody", battalion_id="1 Bn",
                            quality=""))
            s.commit()
    engine.dispose()


PG_URL = os.environ.get("UMPIRE_TEST_POSTGRES_URL")


@pytest.mark.skipif(not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL to run against PostgreSQL "
                    "(.ci/run starts a server and sets it)")
def test_postgresql_round_trip(sample_scenario):
    """The same models, created and read back on PostgreSQL, in a fresh database."""
    from sqlalchemy import create_engine

    name = f"umpire_test_{uuid.uuid4().hex[:8]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = PG_URL.rsplit("/", 1)[0] + "/" + name
    try:
        create_game(sample_scenario, url)
        _assert_same_as_scenario(open_game(url), sample_scenario)
        with pytest.raises(GameFileError, match="already holds a game"):
            create_game(sample_scenario, url)
    finally:
        engine = make_engine(url)
        engine.dispose()
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def test_a_schema_10_file_gains_rule_system_counters(tmp_path, sample_scenario):
    """The 10 -> 11 migration: a rule system's counters on units and its game-wide state, empty."""
    path = tmp_path / "ten.umpire"
    create_game(sample_scenario, path)
    as_schema(path, 10, (("unit", "marks"), ("game_info", "rule_state")))
    game = open_game(path)
    assert game.schema_version == m.SCHEMA_VERSION
    assert game.rule_state.stored() == {} and all(u.marks.stored() == {} for u in game.units.values())
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM unit WHERE marks = '{}'").fetchone()[0] == len(game.units)


def test_a_schema_11_file_gains_line_readers_and_known_markers(tmp_path, sample_scenario):
    """The 11 -> 12 migration: a journal with no readers named (a side reads its rows as
    before, without the dice) and secret markers known to their owner alone."""
    from umpire.actions import new_game, system_for
    from umpire.core.engine import journal, perform

    path = new_game(sample_scenario, tmp_path / "eleven.umpire", seed="11")
    perform(path, "pass", {}, system_for(path))             # Blue passes; Red's R2 walks into its own
    perform(path, "move", {"unit": "R2", "path": ["0807", "0806"]}, system_for(path))      # mines: a die
    # as a file at schema 11 would be had Umpire used Alembic then: stamped at 0011
    as_schema(path, 11, (("action", "readers"), ("overlay", "known_to")), alembic=True)
    game = open_game(path)
    assert game.schema_version == m.SCHEMA_VERSION
    field = next(o for o in game.map.overlays if o.kind == "minefield")
    assert field.secret and field.known_to == () and field.known_by("red") and not field.known_by("blue")
    opening, _pass, move = journal(path)
    assert opening.readers == move.readers == {} and move.rolls


def test_engines_are_kept_but_every_transaction_opens_the_file_afresh(tmp_path, sample_scenario):
    """An engine is kept for each file and mode, with the SQL it compiled (an action used to
    compile its statements again: a third of its time); it keeps no connection open, so a file
    replaced between two transactions -- Save As over it, a restore -- is the one read."""
    import os

    from umpire.core.store.db import KEPT_ENGINES, create_game, make_engine, open_game

    first = create_game(sample_scenario, tmp_path / "a.umpire")
    assert make_engine(first) is make_engine(first) and make_engine(first) is not make_engine(first, write=True)
    open_game(first)
    other = dataclasses.replace(sample_scenario, title="Another Game")
    os.replace(create_game(other, tmp_path / "b.umpire"), first)
    assert open_game(first).title == "Another Game"
    kept = make_engine(first)
    for i in range(KEPT_ENGINES + 2):                   # a few at a time, the least used let go
        make_engine(tmp_path / f"x{i}.umpire")
    assert make_engine(first) is not kept
