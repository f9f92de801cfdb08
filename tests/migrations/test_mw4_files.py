"""Game files MechWar 4 games left behind, migrated to head: the real schema-1 file Umpire wrote
before spotting (tests/data/kaltenbach-v1.umpire, a Kaltenbach Gap game), and files of older
schemas made from the Kaltenbach Gap -- their MechWar 4 columns and tables (suppression,
fatigue, company_state...) are what the migrations fold into MechWar 4's marks and state.
The migrations themselves, on any game, are tested on the toy rule system in
tests/core/test_store.py and tests/core/test_migrations.py."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from storekit import PG_URL, as_schema, copy_to_postgresql, differences, postgres_database, replays_identically, where
from umpire.actions import system_for
from umpire.core.engine import journal, perform, replay
from umpire.core.scenario import load_scenario
from umpire.core.store import migrations
from umpire.core.store import models as m
from umpire.core.store.db import create_game, make_engine, open_game
from umpire.rules import rule_system

SCHEMA_1 = Path(__file__).resolve().parents[1] / "data" / "kaltenbach-v1.umpire"


def schema_1_copy(tmp_path):
    old = tmp_path / "old.umpire"
    shutil.copy(SCHEMA_1, old)
    return old


def move_and_pass(location) -> None:
    """Play on: a Soviet tank moves and the Soviets pass (a game from before the turn sequence
    names the side that passes)."""
    moved = perform(str(location), "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(location))
    assert moved.summary.startswith("T1 moved to 1927")
    assert "passes" in perform(str(location), "pass", {"side": "warpac"}, system_for(location)).summary
    assert [r.kind for r in journal(str(location))] == ["open", "move", "pass"]


def test_each_revision_sets_its_schema_version(tmp_path):
    """Step by step from the schema-1 file, each revision in a transaction of its own."""
    old = schema_1_copy(tmp_path)
    engine = make_engine(old, write=True, foreign_keys=False)
    with engine.begin() as conn:
        migrations.stamp(conn, "0001_first")
    for number, revision in sorted(migrations.revisions().items())[1:]:
        with engine.begin() as conn:
            migrations.upgrade(conn, to=revision)
        assert where(old) == ([revision], number)
    engine.dispose()


def test_the_schema_1_file_migrates_to_head_and_plays_on(tmp_path):
    old = schema_1_copy(tmp_path)
    assert open_game(old).schema_version == m.SCHEMA_VERSION
    assert where(old) == ([migrations.head()], m.SCHEMA_VERSION)
    assert differences(old) == []
    assert replays_identically(old)          # the scenario it keeps, made today, is the same game
    move_and_pass(old)
    assert replays_identically(old)


@pytest.mark.skipif(not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL to run against PostgreSQL")
def test_a_schema_1_game_on_postgresql_migrates_and_plays_on():
    with postgres_database() as url:
        copy_to_postgresql(SCHEMA_1, url)
        engine = create_engine(url)
        with engine.connect() as conn:
            assert conn.execute(text("SELECT schema_version FROM game_info")).scalar() == 1
        engine.dispose()
        game = open_game(url)
        assert game.schema_version == m.SCHEMA_VERSION and len(game.units) == 37
        assert where(url) == ([migrations.head()], m.SCHEMA_VERSION)
        assert differences(url) == []
        move_and_pass(url)
        assert replays_identically(url)


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


def test_a_schema_14_file_keeps_its_orders_hexes_under_their_new_names(tmp_path, sample_scenario):
    """Schema 15 renames command.ambush_q/_r to hex_q/_r: an ambush ordered before (MW4 6.913)
    keeps its hex, and the journal's recorded rows follow, so undo and replay still work."""

    from umpire.actions import new_game
    from umpire.core.engine import undo

    path = new_game(sample_scenario, tmp_path / "fourteen.umpire", seed="orders")
    perform(path, "orders", {"side": "nato", "turn": 1, "commands": {"B/2-32": "ambush"},
                             "ambush": {"B/2-32": "1414"}}, system_for(path), side="nato")
    hexed = open_game(path).commands[(1, "B/2-32")]
    assert hexed[0] == "ambush" and hexed[1] is not None
    with sqlite3.connect(path) as conn:          # the file as schema 14 wrote it
        conn.execute("ALTER TABLE command RENAME COLUMN hex_q TO ambush_q")
        conn.execute("ALTER TABLE command RENAME COLUMN hex_r TO ambush_r")
        for seq, changes in conn.execute("SELECT seq, changes FROM action").fetchall():
            conn.execute("UPDATE action SET changes = ? WHERE seq = ?",
                         (changes.replace('"hex_q"', '"ambush_q"').replace('"hex_r"', '"ambush_r"'), seq))
        recorded = " ".join(r[0] for r in conn.execute("SELECT changes FROM action"))
    conn.close()
    assert '"ambush_q"' in recorded
    as_schema(path, 14, alembic=True)
    game = open_game(path)
    assert game.schema_version == m.SCHEMA_VERSION >= 15 and game.commands[(1, "B/2-32")] == hexed
    with sqlite3.connect(path) as conn:
        names = {row[1] for row in conn.execute("PRAGMA table_info(command)")}
        recorded = " ".join(r[0] for r in conn.execute("SELECT changes FROM action"))
    conn.close()
    assert {"hex_q", "hex_r"} <= names and "ambush_q" not in names and '"ambush_q"' not in recorded
    stored, replayed = replay(path, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed
    undo(path)
    assert (1, "B/2-32") not in open_game(path).commands
