"""The move and end-of-turn actions on the sample game: state, knowledge, undo, replay."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, replay, state_digest, undo
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "m.umpire")


def move(path, unit, *hexes):
    return perform(path, "move", {"unit": unit, "path": list(hexes)}, system_for(path))


def test_move_updates_the_unit_and_reveals_a_moving_vehicle(game):
    res = move(game, "T1", "1928", "1927", "1926", "1925", "1924", "1923")
    g = open_game(game)
    t1 = g.units["T1"]
    assert g.map.number(t1.hex) == "1923" and t1.moved and len(t1.path) == 6
    assert ("nato", "T1") in g.contacts and not t1.face_down                 # MW4 5.21
    assert "T1 moves 1928(0)" in res.log[0] and res.detail.total == 5


def test_passengers_ride_along(game):
    move(game, "1/1", "1626", "1625")
    g = open_game(game)
    assert g.units["1/1 Rifles"].hex == g.units["1/1"].hex == g.map.grid.parse("1625")


def test_illegal_move_writes_nothing(game):
    before, n = state_digest(game), len(journal(game))
    with pytest.raises(UmpireError, match="already moved|not adjacent|MW4"):
        move(game, "T1", "1928", "1930")
    assert state_digest(game) == before and len(journal(game)) == n


def test_secret_minefield_stops_the_move_and_is_revealed(game):
    g = open_game(game)
    assert g.map.overlays_at(g.map.grid.parse("1414"))[0].secret
    perform(game, "pass", {}, system_for(game))        # the Soviets open the turn and pass
    res = move(game, "A2", "1309", "1310", "1311", "1312", "1313", "1314", "1414", "1415")
    g = open_game(game)
    assert g.map.number(g.units["A2"].hex) == "1414"
    field = g.map.overlays_at(g.map.grid.parse("1414"))[0]
    # a moving vehicle is seen at any range in a line of sight (MW4 5.21): the Soviets watching
    # the road see the mine go off under NATO's own unit, and learn of NATO's field -- nobody else
    assert system_for(game).watchers(g, g.map.grid.parse("1414"), g.units["A2"]).get("warpac")
    assert field.secret and field.side == "nato" and field.known_to == ("warpac",)
    assert any("16.13" in line for line in res.log)


def test_undo_a_move_restores_position_and_knowledge(game):
    before = state_digest(game)
    move(game, "T1", "1928", "1927", "1926", "1925", "1924", "1923")
    undo(game)
    assert state_digest(game) == before
    assert ("nato", "T1") not in open_game(game).contacts


def test_end_turn_resets_moves_and_advances(game):
    move(game, "T1", "1928", "1927")
    perform(game, "end_turn", {}, system_for(game))
    g = open_game(game)
    assert g.turn == 2 and not g.units["T1"].moved and g.units["T1"].path == ()
    if g.active_side == "nato":                # MW4 4.2 drew who acts first this turn
        perform(game, "pass", {}, system_for(game))
    move(game, "T1", "1927", "1926")          # may move again in the new turn


def test_a_played_game_replays_identically(game):
    move(game, "T1", "1928", "1927", "1926")
    move(game, "A1", "1109", "1110")
    undo(game)
    move(game, "B1", "0911", "0912")
    perform(game, "end_turn", {}, system_for(game))
    if open_game(game).active_side == "nato":
        perform(game, "pass", {}, system_for(game))
    move(game, "T1", "1926", "1925")
    stored, replayed = replay(game, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed
