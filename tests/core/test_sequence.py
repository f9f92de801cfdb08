"""The sequence of play as the core keeps it, on the toy's phases (Toy 2): the first player opens,
activations alternate in an alternating phase, a side that passes is skipped and the phase ends
when both have passed, a phase where no side acts, the next turn."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "s.umpire")


def act(location, kind, **params):
    return perform(location, kind, params, system_for(location))


def test_the_scenarios_first_player_opens_the_game(game):
    g = open_game(game)
    assert (g.turn, g.phase, g.active_side, g.passed) == (1, "movement", "blue", ())


def test_activations_alternate(game):
    act(game, "move", unit="A1", path=["0304", "0404"])
    assert open_game(game).active_side == "red"
    with pytest.raises(UmpireError, match="Red Force.s turn to act"):
        act(game, "move", unit="A2", path=["0306", "0406"])
    act(game, "move", unit="R1", path=["0804", "0803"])
    assert open_game(game).active_side == "blue"


def test_a_side_that_passes_is_skipped_then_the_phase_ends(game):
    act(game, "pass")
    g = open_game(game)
    assert g.passed == ("blue",) and g.active_side == "red"
    act(game, "move", unit="R1", path=["0804", "0803"])
    assert open_game(game).active_side == "red"          # Blue passed: Red acts on
    res = act(game, "pass")
    g = open_game(game)
    assert g.phase == "combat" and g.active_side == "blue" and g.passed == () and "phase ends" in res.summary
    with pytest.raises(UmpireError, match="units move in the Movement phase"):
        act(game, "move", unit="A2", path=["0306", "0406"])
    act(game, "pass")
    act(game, "pass")
    g = open_game(game)
    assert g.phase == "end" and g.active_side is None
    with pytest.raises(UmpireError, match="no side acts in this phase"):
        act(game, "move", unit="A2", path=["0306", "0406"])


def test_phases_run_in_order_then_a_new_turn(game):
    seen = [open_game(game).phase]
    for _ in range(3):
        act(game, "next_phase")
        g = open_game(game)
        seen.append(g.phase)
    assert seen == ["movement", "combat", "end", "movement"]
    assert g.turn == 2 and g.active_side == "blue" and g.passed == ()


def test_the_first_player_acts_first_in_every_alternating_phase(game, sample_scenario):
    act(game, "next_phase")
    g = open_game(game)
    assert g.phase == "combat" and g.active_side == "blue"
    side, lines = system_for(game).first_player(g, None)
    assert side == "blue" and lines == ["Blue Force acts first: the scenario's first player (Toy 2)"]


def test_player_turns_follow_the_rule_systems_turn_opener(game, monkeypatch):
    """`player = 0` is the side the rule system names this turn (`turn_opener`: an initiative
    roll), by default the scenario's first player."""
    from umpire.core.ruleset import Phase
    system = system_for(game)
    phases = (system.phases()[0], Phase("p1", "First player", "T", player=0),
              Phase("p2", "Second player", "T", player=1))
    monkeypatch.setattr(type(system), "phases", lambda self: phases)
    monkeypatch.setattr(type(system), "turn_opener", lambda self, g: "red")
    act(game, "next_phase")
    g = open_game(game)
    assert (g.phase, g.active_side) == ("p1", "red")
    act(game, "pass")
    assert (open_game(game).phase, open_game(game).active_side) == ("p2", "blue")


def test_a_phase_the_game_does_not_play_is_passed_over(game, monkeypatch):
    """RuleSystem.plays_phase: a phase of an optional sequence the scenario did not choose."""
    system = system_for(game)
    monkeypatch.setattr(type(system), "plays_phase", lambda self, g, key: key != "combat")
    act(game, "next_phase")
    assert open_game(game).phase == "end"
    act(game, "next_phase")
    g = open_game(game)
    assert (g.turn, g.phase) == (2, "movement")


def test_the_rule_system_may_say_who_acts_next(game, monkeypatch):
    """RuleSystem.next_to_act: an order fixed by the rules, where a side may act twice running."""
    system = system_for(game)
    monkeypatch.setattr(type(system), "next_to_act", lambda self, g, side: "blue")
    act(game, "move", unit="A1", path=["0304", "0404"])
    assert open_game(game).active_side == "blue"
