"""The core's actions of play that the toy rule system takes part in: a move paused and gone on
with or halted, an attack on a hex and an opportunity attack on a paused mover, a rule
system's own action, its typed marks and game state kept through play, undo and replay, a unit
leaving the map, a passenger getting off, an optional rule."""

import sqlite3

import pytest

from dicekit import dice
from statekit import set_marks, set_state
from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, replay, state_digest, undo
from umpire.core.errors import GameFileError, UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "p.umpire", seed="play")


def act(location, action, typed=None, **params):
    return perform(location, action, params, system_for(location), typed=typed)


def place(path, **where):
    g = open_game(path)
    with sqlite3.connect(path) as conn:
        for unit, number in where.items():
            h = g.map.grid.parse(number)
            conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, unit))


def replays(path) -> bool:
    stored, replayed = replay(path, lambda g: rule_system(g.rules), load_scenario)
    return stored == replayed


# --- pausing a move --------------------------------------------------------------------------

def test_a_paused_move_goes_on_with_the_points_left(game):
    res = act(game, "move", unit="A2", path=["0306", "0405", "0406", "0506"], until="0405")
    g = open_game(game)
    a2 = g.units["A2"]
    assert g.map.number(a2.hex) == "0405" and a2.paused and a2.mp_spent == 1
    assert g.active_side == "blue" and "pauses in 0405" in res.summary      # its turn is not over
    act(game, "move", unit="A2", path=["0405", "0406", "0506", "0605"])
    g = open_game(game)
    a2 = g.units["A2"]
    assert (g.map.number(a2.hex), a2.mp_spent, a2.paused) == ("0605", 4, False)
    assert [g.map.number(h) for h in a2.path] == ["0306", "0405", "0406", "0506", "0605"]
    assert g.active_side == "red"


def test_nothing_else_acts_while_a_unit_is_paused_and_a_halted_move_is_over(game):
    act(game, "move", unit="A2", path=["0306", "0405", "0406"], until="0405")
    with pytest.raises(UmpireError, match="A2 is paused"):
        act(game, "move", unit="A1", path=["0304", "0404"])
    with pytest.raises(UmpireError, match="A2 is paused.*Toy 3"):
        act(game, "pass")
    act(game, "halt", unit="A2")
    g = open_game(game)
    assert not g.units["A2"].paused and g.active_side == "red"
    act(game, "pass")                                   # Red passes: Blue acts on
    with pytest.raises(UmpireError, match="already acted"):
        act(game, "move", unit="A2", path=["0405", "0406"])


def test_undo_a_pause(game):
    before = state_digest(game)
    act(game, "move", unit="A2", path=["0306", "0405", "0406"], until="0405")
    undo(game)
    a2 = open_game(game).units["A2"]
    assert not a2.paused and not a2.moved and open_game(game).map.number(a2.hex) == "0306"
    assert state_digest(game) == before


def test_a_move_entering_hexes_next_to_the_enemy_says_who_may_attack(game):
    place(game, A2="0705")
    res = act(game, "move", unit="A2", path=["0705", "0805", "0905"])
    assert any("entering 0805 in sight of R1: opportunity fire possible (Toy 6)" in line for line in res.log)


# --- attacks ---------------------------------------------------------------------------------

@pytest.fixture()
def fight(game):
    """A1 and A2 drive up next to R1 (0804) across the stream; the Combat phase, Blue first."""
    act(game, "move", unit="A1", path=["0304", "0404", "0504", "0604", "0704"])
    act(game, "pass")                                   # Red waits
    act(game, "move", unit="A2", path=["0306", "0405", "0505", "0605", "0705"])
    act(game, "pass")
    g = open_game(game)
    assert (g.phase, g.active_side) == ("combat", "blue") and ("blue", "R1") in g.contacts
    return game


def test_an_attack_that_hits_costs_each_defender_a_step_and_shakes_it(fight):
    g = open_game(fight)
    odds = g.unit_type(g.units["A1"])["strength"] - g.unit_type(g.units["R1"])["defence"]
    res = act(fight, "assault", typed=dice(5 - odds), units=["A1"], hex="0804", kind="attack")    # just 5
    g = open_game(fight)
    assert res.summary == "Attack on 0804: the defenders are hit"
    assert f"Defence 2 (units, cover 0, dug in 0); 1d6 {odds:+d}: 5 or more the defenders are " \
           "hit, 3-4 shaken, 2 or less the attackers are shaken" in res.log
    assert g.units["R1"].steps_lost == 1 and g.units["R1"].marks.shaken
    assert g.units["A1"].fired and not g.units["A2"].fired and g.active_side == "red"
    act(fight, "pass")                                  # Red passes: Blue attacks on
    with pytest.raises(UmpireError, match="A1 has attacked this turn"):
        act(fight, "assault", units=["A1", "A2"], hex="0804", kind="attack")
    res = act(fight, "assault", typed=dice(4 - odds), units=["A2"], hex="0804", kind="attack")
    assert res.summary == "Attack on 0804: the defenders are shaken"      # 4: shaken, no step lost
    assert open_game(fight).units["R1"].steps_lost == 1
    assert replays(fight)


def test_a_failed_attack_shakes_the_attackers_and_a_shaken_unit_cannot_attack(fight):
    set_marks(fight, "R1", dug_in=True)                 # +1 defence
    g = open_game(fight)
    odds = g.unit_type(g.units["A1"])["strength"] - g.unit_type(g.units["R1"])["defence"] - 1
    assert 2 - odds >= 1
    res = act(fight, "assault", typed=dice(2 - odds), units=["A1"], hex="0804", kind="attack")
    g = open_game(fight)
    assert "dug in 1" in res.log[2]
    assert res.summary == "Attack on 0804: the attackers are shaken" and g.units["A1"].marks.shaken
    assert not g.units["R1"].marks.shaken and g.units["R1"].steps_lost == 0
    act(fight, "end_turn")
    act(fight, "next_phase")                            # turn 2's Combat phase: Blue first
    with pytest.raises(UmpireError, match="A1 is shaken"):
        act(fight, "assault", units=["A1"], hex="0804", kind="attack")


def test_a_unit_out_of_steps_is_destroyed_and_seen_so(fight):
    with sqlite3.connect(fight) as conn:
        conn.execute("UPDATE unit SET steps_lost = 1 WHERE id = 'R1'")
    act(fight, "assault", typed=dice(6), units=["A1", "A2"], hex="0804", kind="attack")
    g = open_game(fight)
    assert g.units["R1"].status == "destroyed" and g.contacts[("blue", "R1")].status == "destroyed"
    assert rule_system(g.rules).victory(g).points["blue"] == g.unit_type(g.units["R1"])["points"]


def test_attacks_are_refused_out_of_their_phase_and_at_an_unseen_hex(game):
    place(game, A1="0704")
    act(game, "spot")
    with pytest.raises(UmpireError, match="units attack in the Combat phase"):
        act(game, "assault", units=["A1"], hex="0804", kind="attack")
    act(game, "next_phase")
    with pytest.raises(UmpireError, match="sees no enemy unit in 1006"):
        act(game, "assault", units=["A1"], hex="1006", kind="attack")
    with pytest.raises(UmpireError, match="no 'ranged' attack"):
        act(game, "assault", units=["A1"], hex="0804", kind="ranged")
    assert [r.kind for r in journal(game)] == ["open", "spot", "next_phase"]


def test_an_opportunity_attack_on_a_paused_mover_is_made_out_of_turn(game):
    """Blue's Scout pauses in 0805, next to R1: Red attacks it there in Blue's turn (Toy 6)."""
    act(game, "move", unit="Scout", path=["0505", "0605", "0705", "0805", "0905"], until="0805")
    assert open_game(game).active_side == "blue"
    res = perform(game, "assault", {"units": ["R1"], "hex": "0805", "kind": "attack"}, system_for(game),
                  side="red", typed=dice(6))
    g = open_game(game)
    assert res.summary == "Opportunity fire: Attack on 0805: the defenders are hit"
    assert g.units["Scout"].status == "destroyed" and not g.units["Scout"].paused
    assert g.active_side == "red" and g.units["R1"].fired        # the mover's turn ended with it


# --- a rule system's own action, marks and state ---------------------------------------------

def test_a_shaken_unit_rallies_on_the_scenarios_number(game):
    act(game, "move", typed=dice(1), unit="Scout", path=["0505", "0605", "0705", "0805", "0806"])   # mines: shaken
    act(game, "end_turn")
    with pytest.raises(UmpireError, match="A2 is not shaken"):
        act(game, "rally", side="blue", unit="A2")
    act(game, "rally", typed=dice(3), side="blue", unit="Scout")     # [toy] rally = 4
    g = open_game(game)
    assert g.units["Scout"].marks.shaken and g.units["Scout"].acted and g.active_side == "red"
    act(game, "pass")                                   # Red passes: Blue acts on
    with pytest.raises(UmpireError, match="already acted"):
        act(game, "move", unit="Scout", path=["0806", "0906"])
    act(game, "end_turn")
    act(game, "rally", typed=dice(4), side="blue", unit="Scout")
    assert not open_game(game).units["Scout"].marks.shaken
    assert replays(game)


def test_a_unit_action_journaled_as_earlier_versions_did_still_runs_and_replays(game):
    """Files written before unit actions had kinds of their own hold them as "rule_action" rows
    naming the action: such a row runs today's action and replays the same."""
    act(game, "move", typed=dice(1), unit="Scout", path=["0505", "0605", "0705", "0805", "0806"])   # mines: shaken
    act(game, "end_turn")
    with pytest.raises(UmpireError, match="has no action 'charge'"):
        act(game, "rule_action", name="charge", side="blue", unit="A2")
    res = act(game, "rule_action", typed=dice(4), name="rally", side="blue", unit="Scout")
    assert res.summary == "Scout rallies" and not open_game(game).units["Scout"].marks.shaken
    assert [r.kind for r in journal(game)][-1] == "rule_action"
    assert replays(game)


def test_a_unit_action_outside_its_phase_is_refused_with_the_phase(game):
    act(game, "next_phase")
    assert open_game(game).phase == "combat"
    with pytest.raises(UmpireError, match=r"^Rally: only in the Movement phase, not in the Combat phase \(Toy 6\)$"):
        act(game, "rally", side="blue", unit="Scout")


def test_units_that_did_not_move_dig_in_and_moving_ends_it(game):
    act(game, "move", unit="A1", path=["0304", "0404"])
    for _ in range(2):
        act(game, "next_phase")
    g = open_game(game)
    assert g.phase == "end" and not g.units["A1"].marks.dug_in and g.units["A2"].marks.dug_in
    assert not g.units["B2"].marks.dug_in                  # a passenger is inside its truck
    assert rule_system(g.rules).unit_marks(g, g.units["A2"]) == "DI"
    act(game, "next_phase")
    act(game, "move", unit="A2", path=["0306", "0406"])
    assert not open_game(game).units["A2"].marks.dug_in
    undo(game)
    assert open_game(game).units["A2"].marks.dug_in        # undo gives the mark back
    assert replays(game)


def test_the_scenarios_own_table_reaches_the_game_state(game):
    g = open_game(game)
    assert g.rule_state.scenario == {"rally": 4} and g.rule_state.held == {}


@pytest.mark.parametrize("marks,words", [
    ('{"shaken": "very"}', "shaken: input should be a valid boolean"),
    ('{"morale": 3}', "morale: extra inputs are not permitted"),
])
def test_marks_the_toy_does_not_keep_are_a_damaged_file(game, marks, words):
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id = 'A1'", (marks,))
    with pytest.raises(GameFileError) as info:
        open_game(game)
    assert words in info.value.one_line() and "\n" not in info.value.one_line()


def test_a_game_state_naming_no_side_is_a_damaged_file(game):
    set_state(game, "held", **{"0605": "green"})
    with pytest.raises(GameFileError, match="objective 0605 is held by 'green', not a side of the game"):
        open_game(game)


# --- leaving the map, getting off, an option -------------------------------------------------

def test_a_unit_leaves_the_map_by_its_sides_exit_and_scores(game):
    place(game, Scout="1105")
    with pytest.raises(UmpireError, match="1105 is not an exit hex of its side"):
        act(game, "move", unit="Scout", path=["1105"], exit=True)
    act(game, "move", unit="Scout", path=["1105", "1205"], exit=True)
    g = open_game(game)
    assert g.units["Scout"].status == "exited" and g.units["Scout"].hex is None
    assert "Blue Force: 1 units exited, 3 points" in rule_system(g.rules).victory(g).lines


def test_a_passenger_gets_off_at_the_end_of_its_trucks_move(game):
    with pytest.raises(UmpireError, match="B2 cannot move: it rides in B2 Truck"):
        act(game, "move", unit="B2", path=["0307", "0308"])
    act(game, "move", unit="B2 Truck", path=["0307", "0308"], dismount=["B2"])
    g = open_game(game)
    assert g.units["B2"].carried_by is None and g.map.number(g.units["B2"].hex) == "0308"


def test_haze_cuts_every_sight_to_two_hexes(tmp_path, sample_text):
    from umpire.core.scenario import load_scenario
    hazy = tmp_path / "hazy.toml"
    hazy.write_text(sample_text.replace('visibility = "clear"', 'visibility = "haze"'))
    path = new_game(load_scenario(hazy), tmp_path / "h.umpire", seed="haze")
    g = open_game(path)
    assert g.option("visibility") == "haze"
    assert ("red", "B1") not in g.contacts                 # five hexes from Red's Scout: too far now
