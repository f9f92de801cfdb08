"""Snapshots of each turn's end (core.snapshots): what replay reaches, for every turn; ignored
once the action that wrote them is undone; refused in one line when changed; on SQLite and
PostgreSQL."""

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from umpire.actions import new_game, system_for
from umpire.autoplay import autoplay
from umpire.core.engine import journal, perform, redo, state_digest, undo
from umpire.core.errors import GameFileError
from umpire.core.replay import replay_to_turn
from umpire.core.scenario import load_scenario
from umpire.core.snapshots import restore
from umpire.core.store.db import open_game
from umpire.rules import rule_system

from storekit import PG_URL, as_schema, postgres_database

ROOT = Path(__file__).resolve().parents[2]


def systems(game):
    return rule_system(game.rules)


@pytest.fixture(scope="module")
def played(sample_scenario, tmp_path_factory):
    return autoplay(sample_scenario, tmp_path_factory.mktemp("played") / "auto.umpire", 4, "snap")


def copy_of(path, target) -> str:
    with sqlite3.connect(path) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    src.close()
    dst.close()
    return str(target)


def snapshots(path) -> dict[int, tuple[int, str]]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT turn, seq, digest FROM turn_snapshot").fetchall()
    conn.close()
    return {t: (s, d) for t, s, d in rows}


def next_turn(game) -> None:
    """Play phases on until the turn changes."""
    turn = open_game(game).turn
    while open_game(game).turn == turn:
        perform(game, "next_phase", {}, system_for(game))


def test_every_turns_snapshot_is_the_state_replay_reaches(played, tmp_path):
    assert open_game(played).turn == 4
    assert sorted(snapshots(played)) == [1, 2, 3]
    # the same game without its snapshots: reports of past turns replay it (an older game's way)
    bare = copy_of(played, tmp_path / "bare.umpire")
    with sqlite3.connect(bare) as conn:
        conn.execute("DELETE FROM turn_snapshot")
    conn.close()
    for turn in (1, 2, 3):
        restored = restore(played, turn, tmp_path / f"restored{turn}.umpire")
        assert restored is not None and restore(bare, turn, tmp_path / f"none{turn}.umpire") is None
        replayed = replay_to_turn(bare, turn, tmp_path / f"replayed{turn}.umpire", systems, load_scenario)
        assert state_digest(restored) == state_digest(replayed) == snapshots(played)[turn][1]
        a, b = open_game(restored), open_game(replayed)
        assert a.turn == b.turn == turn and a.phase == b.phase
        assert {u: (s.hex, s.status, s.steps_lost) for u, s in a.units.items()} == \
               {u: (s.hex, s.status, s.steps_lost) for u, s in b.units.items()}
        assert a.contacts == b.contacts
        # the journal of the restored turn stops where the turn ended, as the replayed one's
        kept = [r.seq for r in journal(restored)]
        assert kept == [r.seq for r in journal(replayed) if not r.undone] == \
               [r.seq for r in journal(played) if r.turn <= turn]


def test_undoing_the_turn_change_ignores_its_snapshot_and_a_new_action_drops_it(sample_scenario, tmp_path):
    game = new_game(sample_scenario, tmp_path / "g.umpire", seed="7")
    next_turn(game)
    assert open_game(game).turn == 2 and list(snapshots(game)) == [1]
    assert restore(game, 1, tmp_path / "a.umpire") is not None
    undo(game)
    assert open_game(game).turn == 1
    assert restore(game, 1, tmp_path / "b.umpire") is None and not (tmp_path / "b.umpire").exists()
    redo(game)
    assert restore(game, 1, tmp_path / "c.umpire") is not None
    undo(game)
    perform(game, "spot", {}, system_for(game))       # ends the redo branch: the snapshot goes too
    assert snapshots(game) == {}
    next_turn(game)
    seq = max(r.seq for r in journal(game) if r.kind == "next_phase")
    assert snapshots(game)[1][0] == seq
    assert state_digest(restore(game, 1, tmp_path / "d.umpire")) == snapshots(game)[1][1]


def test_a_changed_snapshot_is_refused_in_one_line(played, tmp_path):
    game = copy_of(played, tmp_path / "changed.umpire")
    with sqlite3.connect(game) as conn:
        state = json.loads(conn.execute("SELECT state FROM turn_snapshot WHERE turn = 2").fetchone()[0])
        state["unit"][0]["steps_lost"] += 1
        conn.execute("UPDATE turn_snapshot SET state = ? WHERE turn = 2", (json.dumps(state),))
    conn.close()
    with pytest.raises(GameFileError) as info:
        restore(game, 2, tmp_path / "out.umpire")
    line = info.value.one_line()
    assert line.startswith(f"{game}: the snapshot of turn 2's end does not match its digest") and "\n" not in line
    assert not (tmp_path / "out.umpire").exists()
    assert restore(game, 1, tmp_path / "one.umpire") is not None       # the others still serve
    # as `umpire report --turn` tells it: one line, no traceback
    r = subprocess.run([sys.executable, "-m", "umpire.cli", "report", game, "--turn", "2", "--side", "blue",
                        "--out", str(tmp_path / "r.pdf")], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [f"umpire: error: {line}"]


def test_a_damaged_snapshot_is_refused_in_one_line(played, tmp_path):
    game = copy_of(played, tmp_path / "damaged.umpire")
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE turn_snapshot SET state = '{\"unit\": 3}' WHERE turn = 1")
    conn.close()
    with pytest.raises(GameFileError, match=r"snapshot of turn 1's end is damaged") as info:
        restore(game, 1, tmp_path / "out.umpire")
    assert info.value.file == game and "\n" not in info.value.one_line()


def test_a_schema_15_game_gains_the_table_and_replays_its_past_turns(sample_scenario, tmp_path):
    game = new_game(sample_scenario, tmp_path / "fifteen.umpire", seed="15")
    next_turn(game)
    with sqlite3.connect(game) as conn:
        conn.execute("DROP TABLE turn_snapshot")
    conn.close()
    as_schema(game, 15, alembic=True)
    assert restore(game, 1, tmp_path / "none.umpire") is None         # migrated: the table, empty
    past = replay_to_turn(game, 1, tmp_path / "past.umpire", systems, load_scenario)
    assert open_game(past).turn == 1
    next_turn(game)                                                    # and it plays on
    assert restore(game, 2, tmp_path / "two.umpire") is not None


@pytest.mark.skipif(not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL to run against PostgreSQL")
def test_snapshots_on_postgresql(sample_scenario, tmp_path):
    with postgres_database("umpire_snap") as url:
        new_game(sample_scenario, url, seed="7")
        next_turn(url)
        path = restore(url, 1, tmp_path / "one.umpire")
        assert path is not None and open_game(path).turn == 1
        undo(url)
        assert restore(url, 1, tmp_path / "undone.umpire") is None
        redo(url)
        replayed = replay_to_turn(url, 1, tmp_path / "again.umpire", systems, load_scenario)
        assert replayed == str(tmp_path / "again.umpire") and state_digest(replayed) == state_digest(path)


def test_replay_names_a_snapshot_changed_with_its_digest(played, tmp_path):
    """A snapshot changed and sealed again (its digest made to fit) passes restore's check, but
    not replay's: the journal does not reach that state at the turn's end."""
    from umpire.core.replay import verify

    assert verify(played, systems, load_scenario).snapshots_differ == []
    game = copy_of(played, tmp_path / "resealed.umpire")
    with sqlite3.connect(game) as conn:
        state = json.loads(conn.execute("SELECT state FROM turn_snapshot WHERE turn = 2").fetchone()[0])
        state["unit"][0]["steps_lost"] += 1
        conn.execute("UPDATE turn_snapshot SET state = ? WHERE turn = 2", (json.dumps(state),))
    conn.close()
    with pytest.raises(GameFileError):
        restore(game, 2, tmp_path / "x.umpire")
    resealed = digest_of_snapshot(game, 2, tmp_path)
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE turn_snapshot SET digest = ? WHERE turn = 2", (resealed,))
    conn.close()
    assert restore(game, 2, tmp_path / "y.umpire") is not None
    v = verify(game, systems, load_scenario)
    assert v.same and v.snapshots_differ == [2]
    r = subprocess.run([sys.executable, "-m", "umpire.cli", "replay", game, "--verify", "--rerun"], capture_output=True,
                       text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 1 and "REPLAY DIFFERS from the snapshot of turn 2's end" in r.stdout


def digest_of_snapshot(game, turn, tmp_path) -> str:
    """The digest a snapshot's (changed) state has: what a forger would write beside it."""
    from umpire.core import snapshots

    with sqlite3.connect(game) as conn:
        seq, state = conn.execute("SELECT seq, state FROM turn_snapshot WHERE turn = ?", (turn,)).fetchone()
    conn.close()
    from sqlalchemy import create_engine
    src = create_engine(f"sqlite:///{game}")
    out = tmp_path / "forged.umpire"
    with src.connect() as conn:
        snapshots.write_state(conn, out, seq, json.loads(state))
    src.dispose()
    return state_digest(str(out))
