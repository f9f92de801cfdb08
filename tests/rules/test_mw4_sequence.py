"""The MechWar 4 sequence of play (4.1, 4.2): phases, alternating activations, passing."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.dice import Dice, Roll
from umpire.core.engine import perform
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.rules import rule_system


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "s.umpire")


def act(location, kind, **params):
    return perform(location, kind, params, system_for(location))


def test_the_scenarios_first_player_opens_the_game_4_1(game):
    g = open_game(game)
    assert (g.turn, g.phase, g.active_side, g.passed) == (1, "fire_move", "warpac", ())


def test_activations_alternate(game):
    act(game, "move", unit="T1", path=["1928", "1927"])
    assert open_game(game).active_side == "nato"
    with pytest.raises(UmpireError, match="US Task Force 2-32.s turn to act"):
        act(game, "move", unit="T2", path=["2128", "2127"])
    act(game, "move", unit="A1", path=["1109", "1110"])
    assert open_game(game).active_side == "warpac"


def test_a_side_that_passes_is_skipped_then_the_phase_ends(game):
    act(game, "pass")
    g = open_game(game)
    assert g.passed == ("warpac",) and g.active_side == "nato"
    act(game, "move", unit="A1", path=["1109", "1110"])
    assert open_game(game).active_side == "nato"          # the Soviets passed: NATO acts on
    res = act(game, "pass")
    g = open_game(game)
    assert g.phase == "panic_removal" and g.active_side is None and "phase ends" in res.summary
    with pytest.raises(UmpireError, match="no side acts in this phase"):
        act(game, "move", unit="A2", path=["1309", "1310"])


def test_phases_run_in_order_then_a_new_turn(game):
    """MW4 2.0, 4.0, 4.1: a turn is the combined fire and movement phase, panic and suppression
    removal, indirect fire and regrouping, in that order; then the next turn begins."""
    seen = [open_game(game).phase]
    for _ in range(4):
        act(game, "next_phase")
        g = open_game(game)
        seen.append(g.phase)
    assert seen == ["fire_move", "panic_removal", "indirect_fire", "regroup", "fire_move"]
    assert g.turn == 2 and g.active_side in ("nato", "warpac") and g.passed == ()


def test_4_2_first_player_lower_roll_plus_tenth_of_panic(sample_scenario):
    """NATO is First Line (panic 10%: +1), the Soviets Second Line (20%: +2)."""
    system = rule_system(sample_scenario.rules)
    from umpire.core.game import Game
    g = Game(location="", schema_version=3, title="", rules=sample_scenario.rules, description="", turns=2, turn=2,
             first_player="warpac", night=False, special_rules=(), scenario_path="", map=sample_scenario.map)
    g.sides = sample_scenario.sides

    panic = {"nato": 1, "warpac": 2}

    def rolls(*faces):   # the dice as the journal records them, modifier included
        return Dice("s", 1, replay=[Roll(f"first player: {s.name}", 1, 6, (f,),
                                         ((f"panic level {panic[s.id] * 10}%", panic[s.id]),))
                                    for s, f in zip(g.sides * 3, faces)])

    assert system.first_player(g, rolls(4, 2))[0] == "warpac"      # 4+1=5 against 2+2=4
    assert system.first_player(g, rolls(3, 3))[0] == "nato"        # 4 against 5
    side, lines = system.first_player(g, rolls(4, 3))               # 5 against 5: lower panic wins
    assert side == "nato" and any("MW4 4.2" in x for x in lines)


def test_a_full_tie_rolls_again():
    from umpire.core.scenario import Side
    from umpire.core.game import Game
    from umpire.core.ruleset import load_ruleset
    rules = load_ruleset("mechwar4")
    g = Game(location="", schema_version=3, title="", rules=rules, description="", turns=2, turn=2,
             first_player="a", night=False, special_rules=(), scenario_path="", map=None)
    g.sides = [Side("a", "A", "#000000", traits={"quality": "green"}), Side("b", "B", "#000000", traits={"quality": "green"})]
    d = Dice("s", 1, replay=[Roll("first player: A", 1, 6, (3,)), Roll("first player: B", 1, 6, (3,)),
                             Roll("first player: A", 1, 6, (5,)), Roll("first player: B", 1, 6, (2,))])
    side, lines = rule_system(rules).first_player(g, d)
    assert side == "b" and any("roll again" in x for x in lines)
