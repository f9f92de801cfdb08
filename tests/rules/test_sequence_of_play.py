"""The bundled rule systems' sequences of play, kept as data in their ruleset.toml ([[phases]])."""

from umpire.core.ruleset import load_ruleset
from umpire.rules import rule_system


def test_mechwar4_turn_is_its_four_phases_with_alternating_fire_and_movement():
    """MW4 4.1 A-E: fire and movement alternate between the sides; the rest the rules carry out."""
    mw4 = load_ruleset("mechwar4")
    assert [p.key for p in mw4.phases] == ["fire_move", "panic_removal", "indirect_fire", "regroup"]
    assert [p.alternating for p in mw4.phases] == [True, False, False, False]
    assert mw4.phases[0].rule == "MW4 4.1 A/B" and rule_system(mw4).phases() is mw4.phases


def test_lock_n_load_operations_end_after_three_passes_in_a_row():
    """LnLT 3.0, 4.0, 9.0: rally, operations (three passes in a row end it), administration."""
    phases = load_ruleset("lnlt").phases
    assert [p.key for p in phases] == ["rally", "operations", "administrative"]
    assert phases[1].alternating and phases[1].passes_to_end == 3 and not phases[0].alternating


def test_war_blog_turn_is_two_player_turns_each_with_spotting():
    """War Blog 7.0, 7.1: the first player's turn, then the other's, each spotting at its start."""
    phases = load_ruleset("warblog").phases
    assert [(p.key, p.player, p.spots, p.alternating) for p in phases] == [
        ("first_player", 0, True, False), ("second_player", 1, True, False)]
