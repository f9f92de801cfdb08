"""Replay in memory (core.replay): the same verdict as re-performing every action through the
engine on a fresh game file, and a changed journal named by its first action that differs."""

import json
import sqlite3
import tempfile
from pathlib import Path

import pytest

from umpire.autoplay import autoplay
from umpire.core.engine import journal, perform, state_digest
from umpire.core.errors import UmpireError
from umpire.core.dice import Roll
from umpire.core.replay import replay_to_turn, standing, verify
from umpire.core.scenario import load_scenario
from umpire.core.store.db import create_game, open_game
from umpire.rules import rule_system


def system_for(game):
    return rule_system(game.rules)


@pytest.fixture(scope="module")
def played(sample_scenario, tmp_path_factory):
    """A toy game played by its bot over three turns (moves, attacks, turn changes)."""
    return autoplay(sample_scenario, tmp_path_factory.mktemp("played") / "auto.umpire", 3, "replay")


def copy_of(path, tmp_path) -> str:
    target = tmp_path / "copy.umpire"
    with sqlite3.connect(path) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    dst.close()
    src.close()
    return str(target)


def performed_again(path, sample_scenario) -> str:
    """The old way, one transaction an action: a fresh game file with every standing action
    re-performed through the engine, fed its recorded dice.  Returns its digest."""
    first, rest = standing(path)
    assert first.params == {}, "the played game was set up by its opening"
    with tempfile.TemporaryDirectory() as tmp:
        from umpire.core.engine import act
        from umpire.core.dice import Roll as R

        def opening(session, where):
            from umpire.core.store.db import read_game
            act(session, where, "open", {}, system_for(read_game(session, where)),
                replay=[R.from_json(r) for r in first.rolls], side=first.side_id)
        seed = open_game(path).seed
        fresh = create_game(sample_scenario, Path(tmp) / "again.umpire", seed=seed, opening=opening)
        for a in rest:
            perform(fresh, a.kind, a.params, system_for(open_game(fresh)),
                    replay=[Roll.from_json(r) for r in a.rolls], side=a.side_id)
        return state_digest(fresh)


def test_a_played_game_replays_in_memory_to_its_state(played, sample_scenario):
    assert {a.kind for a in journal(played)} >= {"move", "next_phase"} and open_game(played).turn == 3
    v = verify(played, system_for, load_scenario)
    assert v.same and v.first_difference == ""
    assert v.replayed == state_digest(played) == performed_again(played, sample_scenario)


def test_a_changed_state_differs_and_every_action_replays_as_recorded(played, tmp_path):
    game = copy_of(played, tmp_path)
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE unit SET steps_lost = steps_lost + 1 WHERE id = 'A1'")
    conn.close()
    v = verify(game, system_for, load_scenario)
    assert not v.same and v.replayed == verify(played, system_for, load_scenario).replayed
    assert "changed outside the journal" in v.first_difference


def test_a_changed_journal_row_is_named(played, tmp_path):
    """The last move's path changed in the journal (the state left as played): replay moves the
    unit elsewhere, and names that action as the first that replays differently."""
    game = copy_of(played, tmp_path)
    moves = [a for a in journal(game) if a.kind == "move" and not a.undone and len(a.params["path"]) >= 2]
    target = moves[-1]
    g = open_game(game)
    start = g.map.grid.parse(target.params["path"][0])
    others = [h for h in g.map.on_map_neighbours(start) if g.map.number(h) != target.params["path"][1]]
    changed = None
    for h in others:            # a step the toy's rules allow: the row must still replay
        params = dict(target.params, path=[target.params["path"][0], g.map.number(h)])
        with sqlite3.connect(game) as conn:
            conn.execute("UPDATE action SET params = ? WHERE seq = ?", (json.dumps(params), target.seq))
        conn.close()
        try:
            v = verify(game, system_for, load_scenario)
        except UmpireError as e:
            assert f"journal action #{target.seq}" in str(e) and "does not replay" in str(e)
            assert "\n" not in e.one_line()
            continue
        changed = v
        break
    assert changed is not None, "no other step replays"
    assert not changed.same
    assert changed.first_difference.startswith(f"journal action #{target.seq} (turn {target.turn}, move")


def test_a_row_that_cannot_replay_is_one_line_naming_it(played, tmp_path):
    game = copy_of(played, tmp_path)
    move = next(a for a in journal(game) if a.kind == "move" and not a.undone)
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE action SET params = json_set(params, '$.unit', 'nobody') WHERE seq = ?", (move.seq,))
    conn.close()
    with pytest.raises(UmpireError) as info:
        verify(game, system_for, load_scenario)
    line = info.value.one_line()
    assert line.startswith(f"{game}: journal action #{move.seq} (turn {move.turn}, move) does not replay")
    assert "\n" not in line


def test_replay_to_a_turn_end_stops_before_the_next_turn_began(played, tmp_path):
    past = replay_to_turn(played, 1, tmp_path / "past.umpire", system_for, load_scenario)
    assert open_game(past).turn == 1
    kept = [(a.seq, a.kind, a.summary) for a in journal(past) if not a.undone]
    assert kept == [(a.seq, a.kind, a.summary) for a in journal(played) if a.turn == 1]
