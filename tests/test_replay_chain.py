"""`umpire replay GAME --verify` checks the journal as a chain of its recorded changes (core.chain);
`--verify --rerun` re-runs the rules (core.replay).  Each kind of tampering is named by the chain;
what only the rules can see (a die changed, the changes left as they were) only the rerun sees."""

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from umpire.autoplay import autoplay
from umpire.core.chain import digest_of, verify_chain
from umpire.core.engine import journal, state_digest
from umpire.core.errors import UmpireError
from umpire.core.replay import verify
from umpire.core.scenario import load_scenario
from umpire.core.snapshots import state_of
from umpire.core.store.db import make_engine, open_game
from umpire.rules import rule_system

from conftest import SAMPLE
from storekit import PG_URL, postgres_database

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))


def systems(game):
    return rule_system(game.rules)


def cli(*args):
    return subprocess.run([sys.executable, "-m", "umpire.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """MechWar 4's sample played by its bot for three turns: moves, fire, snapshots of turns 1 and 2."""
    return autoplay(load_scenario(SAMPLE), tmp_path_factory.mktemp("chain") / "auto.umpire", 3, "chain")


def copy_of(path, tmp_path, name="copy.umpire") -> str:
    target = tmp_path / name
    with sqlite3.connect(path) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    src.close()
    dst.close()
    return str(target)


def sql(game, statement, *params):
    with sqlite3.connect(game) as conn:
        out = conn.execute(statement, params).fetchall()
    conn.close()
    return out


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_rule_systems_played_game_chains_to_its_state(scenario, tmp_path):
    """The chained state is the stored one, to the digest, for each bundled rule system (its JSON
    state journaled key by key, float columns, inserts and deletes): and the rerun agrees."""
    path = autoplay(load_scenario(scenario), tmp_path / "g.umpire", 2, "chain-all")
    assert len(journal(path)) > 5
    v = verify_chain(path, load_scenario)
    assert v.same and v.chained == state_digest(path) and v.first_difference == "" and v.snapshots_differ == []
    assert verify(path, systems, load_scenario).replayed == v.chained


def test_a_state_held_as_rows_has_the_journals_digest(played):
    engine = make_engine(played)
    with engine.connect() as conn:
        rows = state_of(conn)
    engine.dispose()
    assert digest_of(rows) == state_digest(played)
    rows["unit"][0]["steps_lost"] += 1
    assert digest_of(rows) != state_digest(played)


def test_a_before_that_does_not_chain_names_its_action(played, tmp_path):
    game = copy_of(played, tmp_path)
    move = next(a for a in journal(game) if a.kind == "move" and not a.undone
                and any(c[0] == "update" and c[3] in ("q", "r") for c in a.changes))
    changes = [list(c) for c in move.changes]
    i = next(i for i, c in enumerate(changes) if c[0] == "update" and c[3] in ("q", "r"))
    changes[i][4] = changes[i][4] + 7                        # it says the unit came from elsewhere
    sql(game, "UPDATE action SET changes = ? WHERE seq = ?", json.dumps(changes), move.seq)
    v = verify_chain(game, load_scenario)
    assert not v.same and v.chained == ""
    assert v.first_difference.startswith(f"journal action #{move.seq} (turn {move.turn}, move: ")
    assert "does not chain" in v.first_difference and "but the state holds" in v.first_difference
    r = cli("replay", game, "--verify")
    assert r.returncode == 1 and "THE JOURNAL DOES NOT CHAIN" in r.stdout and f"#{move.seq}" in r.stdout


def test_a_deleted_journal_row_is_named(played, tmp_path):
    game = copy_of(played, tmp_path)
    rows = [a for a in journal(game) if not a.undone]
    gone = rows[len(rows) // 2]
    sql(game, "DELETE FROM action WHERE seq = ?", gone.seq)
    v = verify_chain(game, load_scenario)
    assert not v.same and v.first_difference == f"journal action #{gone.seq} is missing: the file was altered"


def test_the_last_row_deleted_leaves_the_state_unexplained(played, tmp_path):
    game = copy_of(played, tmp_path)
    last = max(a.seq for a in journal(game))
    assert sql(game, "SELECT changes FROM action WHERE seq = ?", last)[0][0] != "[]"
    sql(game, "DELETE FROM action WHERE seq = ?", last)
    v = verify_chain(game, load_scenario)
    assert not v.same and v.chained and "changed outside the journal" in v.first_difference


def test_a_state_changed_outside_the_journal_is_told(played, tmp_path):
    game = copy_of(played, tmp_path)
    sql(game, "UPDATE unit SET steps_lost = steps_lost + 1 WHERE id = (SELECT id FROM unit LIMIT 1)")
    v = verify_chain(game, load_scenario)
    assert not v.same and v.chained == verify_chain(played, load_scenario).chained
    assert v.first_difference.startswith("every action chains as its journal row records")
    r = cli("replay", game, "--verify")
    assert r.returncode == 1 and "changed outside the journal" in r.stdout


@pytest.mark.parametrize("how", ["rows", "rows and digest"])
def test_an_altered_snapshot_is_named_by_its_turn(played, tmp_path, how):
    """A snapshot's rows changed (MW4 steps lost, say), with or without its digest made to fit:
    the chain reaches another state at that turn's end and names the turn."""
    game = copy_of(played, tmp_path)
    assert sorted(t for (t,) in sql(game, "SELECT turn FROM turn_snapshot")) == [1, 2]
    state = json.loads(sql(game, "SELECT state FROM turn_snapshot WHERE turn = 2")[0][0])
    state["unit"][0]["steps_lost"] += 1
    sql(game, "UPDATE turn_snapshot SET state = ? WHERE turn = 2", json.dumps(state))
    if how == "rows and digest":
        sql(game, "UPDATE turn_snapshot SET digest = ? WHERE turn = 2", digest_of(state))
    v = verify_chain(game, load_scenario)
    assert v.same and v.snapshots_differ == [2]
    r = cli("replay", game, "--verify")
    assert r.returncode == 1 and "THE JOURNAL DIFFERS from the snapshot of turn 2's end" in r.stdout


def test_a_whole_file_passes_both_checks_on_the_command_line(played):
    r = cli("replay", played, "--verify")
    assert r.returncode == 0 and "the journal chains to the stored state" in r.stdout
    assert "--rerun" in r.stdout                      # it says what it did not check
    r = cli("replay", played, "--verify", "--rerun")
    assert r.returncode == 0 and "replay matches the stored state" in r.stdout


def test_only_the_rerun_sees_a_die_changed_with_its_changes_left_to_fit(played, tmp_path):
    """A forger who changes a recorded die and leaves the changes (which still chain) passes the
    chain; re-running the rules with that die plays differently, or not at all, and names the action."""
    assert verify(played, systems, load_scenario).same
    candidates = [a for a in journal(played) if a.kind == "fire" and a.rolls and not a.undone]
    assert candidates
    for a in candidates[:6]:
        rolls = json.loads(json.dumps(a.rolls))
        first = rolls[0]
        for face in range(1, first["sides"] + 1):
            if face == first["faces"][0]:
                continue
            game = copy_of(played, tmp_path, f"die-{a.seq}-{face}.umpire")
            first["faces"][0] = face
            sql(game, "UPDATE action SET rolls = ? WHERE seq = ?", json.dumps(rolls), a.seq)
            assert verify_chain(game, load_scenario).same          # the chain does not read dice
            try:
                rerun = verify(game, systems, load_scenario)
            except UmpireError as e:        # a later action cannot replay: the die's action is named first
                assert e.problem.startswith(f"journal action #{a.seq} "), e.problem
                return
            if not rerun.same:
                assert rerun.first_difference.startswith(f"journal action #{a.seq} ")
                return
    pytest.fail("no die of the first fires changes their outcome")


def test_a_never_set_up_game_is_refused_in_one_line(tmp_path, sample_scenario):
    from umpire.core.store.db import create_game
    game = create_game(sample_scenario, tmp_path / "g.umpire")
    sql(game, "DELETE FROM action")
    r = cli("replay", game, "--verify")
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and str(game) in r.stderr


def test_undone_actions_are_left_out_of_the_chain(tmp_path, sample_scenario):
    """An undone move stays in the journal (for redo) but not in the state: the chain skips it;
    redone, it counts again."""
    from umpire.core.engine import perform, redo, undo
    from umpire.actions import new_game
    game = new_game(sample_scenario, tmp_path / "u.umpire")
    system = rule_system(sample_scenario.rules)
    perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, system)
    undo(game)
    assert [a.undone for a in journal(game)][-1] is True
    v = verify_chain(game, load_scenario)
    assert v.same and v.chained == state_digest(game)
    redo(game)
    assert verify_chain(game, load_scenario).chained == state_digest(game)


@pytest.mark.parametrize("damage", ["not a change", "unknown table", "a mark the rules refuse"])
def test_damaged_changes_are_named_by_their_action(played, tmp_path, damage):
    game = copy_of(played, tmp_path)
    a = next(a for a in journal(game) if a.kind == "move" and not a.undone and a.changes)
    changes = [list(c) for c in a.changes]
    if damage == "not a change":
        changes[0] = ["update", "unit"]
    elif damage == "unknown table":
        changes[0][1] = "no_such_table"
    else:                                        # a fatigue level (MW4 8.16: 0-3) that is not a number
        unit = next(c[2] for c in changes if c[1] == "unit")
        changes.append(["update", "unit", unit, ["marks", "fatigue"], None, "very tired"])
    sql(game, "UPDATE action SET changes = ? WHERE seq = ?", json.dumps(changes), a.seq)
    v = verify_chain(game, load_scenario)
    assert not v.same and v.first_difference.startswith(f"journal action #{a.seq} (turn {a.turn}, move: ")
    assert "does not chain" in v.first_difference and "\n" not in v.first_difference


@pytest.mark.skipif(not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL to run against PostgreSQL")
def test_the_chain_holds_on_postgresql(sample_scenario):
    """A game kept in PostgreSQL (its types read back as PostgreSQL gives them) chains to its
    state and its turn's snapshot, as the rerun says."""
    from umpire.actions import new_game
    from umpire.core.engine import perform
    with postgres_database("umpire_chain") as url:
        new_game(sample_scenario, url, seed="7")
        system = rule_system(sample_scenario.rules)
        perform(url, "move", {"unit": "T1", "path": ["1928", "1927"]}, system)
        turn = open_game(url).turn
        while open_game(url).turn == turn:          # on to the next turn: a snapshot of turn 1's end
            perform(url, "next_phase", {}, system)
        v = verify_chain(url, load_scenario)
        assert v.same and v.snapshots_differ == [] and v.chained == verify(url, systems, load_scenario).replayed
