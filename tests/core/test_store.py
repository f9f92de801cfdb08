"""The game file: round trip, atomic creation, schema versions and migrations, PostgreSQL."""

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
        assert g.face_down       # MW4 5.2: every unit starts face-down
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
    first = default_game_path("scenarios/kaltenbach-gap.toml", tmp_path)
    assert first.name == "kaltenbach-gap.umpire"
    first.write_text("x")
    assert default_game_path("scenarios/kaltenbach-gap.toml", tmp_path).name == "kaltenbach-gap-2.umpire"


def test_foreign_keys_are_enforced(game_path):
    from sqlmodel import Session

    engine = make_engine(game_path)
    with pytest.raises(Exception):
        with Session(engine) as s:
            s.add(m.UnitRow(id="ghost", position=999, type="us_m1", side_id="nobody", battalion_id="TF 2-32"))
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


def test_a_real_schema_1_file_opens_and_is_migrated(tmp_path):
    """tests/data/kaltenbach-v1.umpire was written by Umpire with schema 1 (before spotting)."""
    import shutil
    from pathlib import Path

    old = tmp_path / "old.umpire"
    shutil.copy(Path(__file__).resolve().parents[1] / "data" / "kaltenbach-v1.umpire", old)
    with sqlite3.connect(old) as conn:
        assert conn.execute("SELECT schema_version FROM game_info").fetchone() == (1,)
    game = open_game(old)
    assert game.schema_version == m.SCHEMA_VERSION
    assert len(game.seed) == 16          # schema 3 gave the old game a dice seed
    # schema 4: nobody fatigued, no company activated, no doctrine, no exits; in column only the
    # reinforcements due to arrive in column (T4-T6), as a new game of the scenario has them
    assert not any(u.marks.fatigue or u.acted for u in game.units.values())
    assert sorted(u.id for u in game.units.values() if u.marks.in_column) == ["T4", "T5", "T6"]
    assert not any(u.marks.panicked or u.marks.suppression for u in game.units.values())          # schema 5
    assert game.rule_state.active_company is None and all("doctrine" not in s.traits for s in game.sides)
    assert all(v.exit_points == 0 and not v.exit_hexes for v in game.victory)
    # schema 6: no HQ ratings, no battalion morale yet
    assert all("hq_rating" not in b.traits for b in game.battalions) and game.rule_state.battalions == {}
    # schema 7: no optional rules chosen, every unit at full ammunition
    assert game.options == {} and game.option("ammunition") == "none"
    assert all(u.marks.ammo_level == 3 for u in game.units.values())
    assert all(u.marks.defilade is None for u in game.units.values())                         # schema 8
    assert game.plots == []                                                              # schema 9
    # schema 10: the old supports have no extras and nothing used; nobody has fired indirect
    assert all(a.traits == {} for a in game.artillery)
    assert game.support_used and all(v == {} for v in game.support_used.values())
    assert all(u.marks.fired_from is None and not u.marks.unbuttoned for u in game.units.values())
    assert len(game.units) == 37 and game.contacts == {}
    assert not any(u.moved or u.fired or u.marks.camouflaged for u in game.units.values())
    with sqlite3.connect(old) as conn:
        assert conn.execute("SELECT count(*) FROM contact").fetchone() == (0,)


def test_a_schema_7_file_gains_defilade_brigades_and_formation_state(tmp_path, sample_scenario):
    """The 7 -> 8 migration on a file whose company_state already exists without the new columns."""
    path = tmp_path / "seven.umpire"
    create_game(sample_scenario, path)
    with sqlite3.connect(path) as conn:          # company_state as schema 5 made it (13 folded it away)
        conn.execute("CREATE TABLE company_state (company_id VARCHAR PRIMARY KEY, losses INTEGER NOT NULL, "
                     "panic_rise INTEGER NOT NULL)")
        conn.execute("INSERT INTO company_state (company_id, losses, panic_rise) VALUES ('A/2-32', 1, 2)")
    as_schema(path, 7, (("battalion", "parent"),))
    game = open_game(path)
    assert game.schema_version == m.SCHEMA_VERSION and (game.rule_state.company("A/2-32").losses, game.rule_state.company("A/2-32").panic_rise) == (1, 2)
    assert not game.rule_state.company("A/2-32").formation_penalty and game.rule_state.company("A/2-32").losses_checked == 0
    assert all(u.marks.defilade is None for u in game.units.values()) and all(b.parent is None for b in game.battalions)


def test_a_schema_9_file_gains_support_use_and_impact_hexes(tmp_path, sample_scenario):
    """The 9 -> 10 migration: supports' features and use, where units fired from, impact hexes."""
    path = tmp_path / "nine.umpire"
    create_game(sample_scenario, path)
    as_schema(path, 9, (("support", "traits"), ("support", "used"), ("plot", "impact"), ("plot", "outcome")))
    game = open_game(path)
    assert game.schema_version == m.SCHEMA_VERSION
    assert sorted(game.support_used) == ["A-10 pair", "Sov MRL", "Sov Regt Arty", "US DS"]
    assert all(v == {} for v in game.support_used.values()) and game.plots == []
    assert not any(u.marks.unbuttoned or u.marks.fired_from for u in game.units.values())


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
    from umpire.actions import new_game
    from umpire.core.engine import journal

    path = new_game(sample_scenario, tmp_path / "eleven.umpire", seed="11")
    # as a file at schema 11 would be had Umpire used Alembic then: stamped at 0011
    as_schema(path, 11, (("action", "readers"), ("overlay", "known_to")), alembic=True)
    game = open_game(path)
    assert game.schema_version == m.SCHEMA_VERSION
    field = next(o for o in game.map.overlays if o.kind == "minefield")
    assert field.secret and field.known_to == () and field.known_by("nato") and not field.known_by("warpac")
    (opening,) = journal(path)
    assert opening.readers == {} and opening.rolls


def test_a_schema_12_file_folds_one_rule_systems_columns_into_its_state(tmp_path, sample_scenario):
    """The 12 -> 13 migration: the unit columns, game columns and tables one rule system alone
    used go into its marks and game state, and the journal's changes with them (undo works)."""
    import json

    from umpire.actions import new_game, system_for
    from umpire.core.engine import journal, perform, undo

    path = new_game(sample_scenario, tmp_path / "twelve.umpire", seed="12")
    perform(path, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(path))
    with sqlite3.connect(path) as conn:          # the columns and table as schema 12 had them
        for column, kind in (("suppression", "INTEGER DEFAULT 0 NOT NULL"), ("fatigue", "INTEGER DEFAULT 0 NOT NULL"),
                             ("ammo_level", "INTEGER DEFAULT 3 NOT NULL"), ("in_column", "BOOLEAN DEFAULT 0 NOT NULL")):
            conn.execute(f"ALTER TABLE unit ADD COLUMN {column} {kind}")
        conn.execute("ALTER TABLE game_info ADD COLUMN active_company VARCHAR")
        conn.execute("CREATE TABLE company_state (company_id VARCHAR PRIMARY KEY, losses INTEGER NOT NULL, "
                     "panic_rise INTEGER NOT NULL, formation_penalty BOOLEAN NOT NULL, grace_until INTEGER, "
                     "losses_checked INTEGER NOT NULL)")
        conn.execute("INSERT INTO company_state VALUES ('Tank Co', 1, 2, 0, NULL, 1)")
        conn.execute("UPDATE unit SET marks = '{}', suppression = 2, fatigue = 1 WHERE id = 'T2'")
        conn.execute("UPDATE unit SET marks = '{}', in_column = 1 WHERE id = 'T1'")
        conn.execute("UPDATE game_info SET active_company = 'Tank Co', rule_state = '{}'")
        # the move's journal as schema 12 wrote it: a change of the column, not of the marks
        seq, changes = conn.execute("SELECT seq, changes FROM action WHERE kind = 'move'").fetchone()
        old = [c for c in json.loads(changes) if c[3] != ["marks", "in_column"]]
        old.append(["update", "unit", {"id": "T1"}, "in_column", False, True])
        conn.execute("UPDATE action SET changes = ? WHERE seq = ?", (json.dumps(old), seq))
    as_schema(path, 12, alembic=True)
    game = open_game(path)
    assert game.schema_version == m.SCHEMA_VERSION
    assert game.units["T2"].marks.suppression == 2 and game.units["T2"].marks.fatigue == 1
    assert game.units["T1"].marks.in_column and game.rule_state.active_company == "Tank Co"
    tank_co = game.rule_state.company("Tank Co")
    assert (tank_co.losses, tank_co.panic_rise, tank_co.losses_checked) == (1, 2, 1)
    with sqlite3.connect(path) as conn:
        assert "suppression" not in [r[1] for r in conn.execute("PRAGMA table_info(unit)")]
        assert not conn.execute("SELECT name FROM sqlite_master WHERE name = 'company_state'").fetchall()
    move = next(r for r in journal(path) if r.kind == "move")
    assert ["update", "unit", {"id": "T1"}, ["marks", "in_column"], False, True] in move.changes
    undo(path)                                   # the rewritten change undoes
    t1 = open_game(path).units["T1"]
    assert not t1.marks.in_column and open_game(path).map.number(t1.hex) == "1928"
