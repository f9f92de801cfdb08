"""Victory on the toy's rules (Toy 8): objectives held, enemy units destroyed and units exited
score; the game ends after its last turn."""

import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.rules import rule_system


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "v.umpire")


def standing(path):
    g = open_game(path)
    return rule_system(g.rules).victory(g)


def place(path, unit, number):
    g = open_game(path)
    h = g.map.grid.parse(number)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, unit))


def test_nothing_is_held_at_the_start(game):
    report = standing(game)
    assert report.points == {"blue": 0, "red": 0} and report.winner is None
    assert open_game(game).rule_state.held == {}


def test_objectives_count_when_held_and_losses_on_the_unit_table(game):
    place(game, "A2", "0605")                         # Blue alone in Stonebridge: 6
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE unit SET status = 'destroyed' WHERE id IN ('R1', 'A1')")
    g = open_game(game)
    points = {k: v["points"] for k, v in g.rules.unit_types.items()}
    report = standing(game)
    assert report.points == {"blue": 6 + points["rifles"], "red": points["tanks"]}
    assert report.winner == "blue" and "Stonebridge (0605): held by Blue Force, 6 points" in report.lines
    assert "Hill (1003): not held by Red Force" in report.lines


def test_an_objective_stays_with_the_last_side_alone_in_it(game):
    """Counted in the End phase (game state `held`): A2 enters Stonebridge, holds it at the end of
    turn 1, and it stays Blue's after A2 has left."""
    perform(game, "move", {"unit": "A2", "path": ["0306", "0405", "0406", "0506", "0605"]}, system_for(game))
    for _ in range(2):
        perform(game, "next_phase", {}, system_for(game))
    g = open_game(game)
    assert g.phase == "end" and g.rule_state.held == {"0605": "blue"}
    place(game, "A2", "0306")
    assert standing(game).points["blue"] == 6
    place(game, "R1", "0605")                         # Red alone there now: Red's
    assert standing(game).points == {"blue": 0, "red": 6}


def test_units_exited_by_the_sides_exit_score(game):
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE unit SET status = 'exited', q = NULL, r = NULL WHERE id IN ('Scout', 'A1')")
    g = open_game(game)
    assert next(v for v in g.victory if v.side == "blue").exit_points == 3
    assert standing(game).points["blue"] == 2 * 3


def test_the_game_ends_after_the_last_turn(game):
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE game_info SET turn = turns")
    res = perform(game, "end_turn", {}, system_for(game))
    g = open_game(game)
    assert g.phase == "ended" and res.summary.startswith("Final result")
    with pytest.raises(UmpireError, match="the game is over"):
        perform(game, "move", {"unit": "A1", "path": ["0304", "0404"]}, system_for(game))
    with pytest.raises(UmpireError, match="the game is over"):
        perform(game, "next_phase", {}, system_for(game))
