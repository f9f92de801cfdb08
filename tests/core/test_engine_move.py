"""The move and end-of-turn actions on the sample game: state, knowledge, mines, undo, replay."""

import pytest

from dicekit import dice
from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, replay, state_digest, undo
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "m.umpire")


def move(path, unit, *hexes, typed=None):
    return perform(path, "move", {"unit": unit, "path": list(hexes)}, system_for(path), typed=typed)


def test_move_updates_the_unit_and_shows_it_to_the_enemy_it_comes_into_sight_of(game):
    assert ("red", "A2") not in open_game(game).contacts
    res = move(game, "A2", "0306", "0405", "0406", "0506", "0605")
    g = open_game(game)
    a2 = g.units["A2"]
    assert g.map.number(a2.hex) == "0605" and a2.moved and len(a2.path) == 5
    assert ("red", "A2") in g.contacts and not a2.face_down       # in Stonebridge, in Red's sight
    assert "A2 moves 0306(0)" in res.log[0] and res.detail.total == 4


def test_passengers_ride_along(game):
    move(game, "B2 Truck", "0307", "0308")
    g = open_game(game)
    assert g.units["B2"].hex == g.units["B2 Truck"].hex == g.map.grid.parse("0308")
    assert g.units["B2"].carried_by == "B2 Truck"


def test_illegal_move_writes_nothing(game):
    before, n = state_digest(game), len(journal(game))
    with pytest.raises(UmpireError, match="not adjacent"):
        move(game, "A1", "0304", "0306")
    assert state_digest(game) == before and len(journal(game)) == n


def test_secret_minefield_stops_the_move_and_is_revealed(game):
    g = open_game(game)
    assert g.map.overlays_at(g.map.grid.parse("0806"))[0].secret
    res = move(game, "Scout", "0505", "0605", "0705", "0805", "0806", "0906", typed=dice(1))
    g = open_game(game)
    assert g.map.number(g.units["Scout"].hex) == "0806" and g.units["Scout"].marks.shaken
    assert "stopped by mines" in res.summary and any("(Toy 7)" in line for line in res.log)
    # Red's field: the side whose unit it struck knows of it now
    field = g.map.overlays_at(g.map.grid.parse("0806"))[0]
    assert field.secret and field.side == "red" and field.known_to == ("blue",)


@pytest.mark.parametrize("watched", [False, True])
def test_a_field_striking_its_owners_unit_is_told_to_those_who_see_it(game, watched):
    """R2 walks into Red's own field: Blue learns of it if and only if a Blue unit sees 0806."""
    if watched:
        move(game, "Scout", "0505", "0605", "0706")            # next to 0806
    else:
        perform(game, "pass", {}, system_for(game))
    g = open_game(game)
    seen = system_for(game).watchers(g, g.map.grid.parse("0806"), g.units["R2"]).get("blue")
    assert bool(seen) == watched
    move(game, "R2", "0807", "0806", typed=dice(1))
    field = open_game(game).map.overlays_at(g.map.grid.parse("0806"))[0]
    assert field.known_to == (("blue",) if watched else ())


def test_undo_a_move_restores_position_and_knowledge(game):
    before = state_digest(game)
    move(game, "A2", "0306", "0405", "0406", "0506", "0605")
    undo(game)
    assert state_digest(game) == before
    assert ("red", "A2") not in open_game(game).contacts


def test_end_turn_resets_moves_and_advances(game):
    move(game, "A1", "0304", "0404")
    perform(game, "pass", {}, system_for(game))        # Red passes: Blue acts on alone
    with pytest.raises(UmpireError, match="already acted"):
        move(game, "A1", "0404", "0504")               # once a turn (Toy 3)
    perform(game, "end_turn", {}, system_for(game))
    g = open_game(game)
    assert g.turn == 2 and not g.units["A1"].moved and g.units["A1"].path == ()
    assert g.active_side == "blue"             # the first player opens every Movement phase (Toy 2)
    move(game, "A1", "0404", "0504")          # may move again in the new turn


def test_a_played_game_replays_identically(game):
    move(game, "A2", "0306", "0405", "0406")
    move(game, "R1", "0804", "0803")
    undo(game)
    move(game, "D1", "1006", "1005")
    move(game, "Scout", "0505", "0605", "0705", "0805", "0806")        # into the mines: a die
    perform(game, "end_turn", {}, system_for(game))
    move(game, "A2", "0406", "0506")
    stored, replayed = replay(game, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed
