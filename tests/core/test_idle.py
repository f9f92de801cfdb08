"""core/idle.py: which sides and units a pass, the next phase or the end of the turn leaves out."""

from __future__ import annotations

import dataclasses

import pytest

from umpire.core.idle import acting_sides, idle_units
from umpire.core.ruleset import Phase
from umpire.core.store.db import create_game, open_game

ALTERNATING = Phase("fight", "Fight", "1", alternating=True)
RULES_RUN = Phase("tidy", "Tidy up", "2")
FIRST, SECOND = Phase("p1", "First player", "3", player=0), Phase("p2", "Second player", "3", player=1)


@pytest.fixture
def game(tmp_path, sample_scenario):
    return open_game(create_game(sample_scenario, tmp_path / "g.umpire"))


def test_who_loses_a_chance_in_an_alternating_phase(game):
    a, b = game.side_ids()
    g = dataclasses.replace(game, phase="fight", active_side=a, passed=(b,))
    phases = (ALTERNATING, RULES_RUN)
    assert acting_sides(g, phases, "pass") == [a]
    assert acting_sides(g, phases, "next_phase") == [a]                  # b has passed already
    assert acting_sides(g, phases, "end_turn") == [a]
    g = dataclasses.replace(g, passed=())
    assert acting_sides(g, phases, "next_phase") == [a, b]


def test_player_turns_still_to_come_count_at_the_end_of_the_turn(game):
    a, b = game.side_ids()
    first = game.first_player
    other = b if first == a else a
    g = dataclasses.replace(game, phase="p1", active_side=first, passed=())
    assert acting_sides(g, (FIRST, SECOND), "next_phase") == [first]
    assert acting_sides(g, (FIRST, SECOND), "end_turn") == [first, other]
    g = dataclasses.replace(g, phase="tidy", active_side=None)
    assert acting_sides(g, (FIRST, RULES_RUN), "end_turn") == []
    assert acting_sides(dataclasses.replace(g, phase=""), (FIRST,), "end_turn") == []   # play not begun


def test_units_that_moved_fired_acted_or_ride_are_not_left_out(game):
    a = game.side_ids()[0]
    g = dataclasses.replace(game, phase="fight", active_side=a, passed=())
    mine = [u for u in g.units.values() if u.side == a and u.on_map and not u.carried_by]
    assert len(mine) >= 3
    g.units[mine[0].id] = dataclasses.replace(mine[0], moved=True)
    g.units[mine[1].id] = dataclasses.replace(mine[1], fired=True)
    g.units[mine[2].id] = dataclasses.replace(mine[2], acted=True)
    left = [u.id for u in idle_units(g, (ALTERNATING,), "pass")]
    assert left == [u.id for u in mine[3:]]
    with pytest.raises(ValueError):
        acting_sides(g, (ALTERNATING,), "lunch")


IMPULSES = Phase("ops", "Operations", "4", alternating=True, passes_to_end=3)


def test_where_a_pass_only_hands_over_the_impulse_every_side_still_counts(game):
    """LnLT's impulses (Phase.passes_to_end): a side that passed acts again next impulse, so the
    next phase and the end of the turn leave its units out too; and the pass that ends the phase
    (the third in a row) takes every side's chance, not the passer's impulse only."""
    from umpire.core.idle import pass_ends_phase

    a, b = game.side_ids()
    g = dataclasses.replace(game, phase="ops", active_side=a, passed=(b,))
    phases = (IMPULSES, RULES_RUN)
    assert acting_sides(g, phases, "next_phase") == [a, b]          # b passed, but is not done
    assert acting_sides(g, phases, "end_turn") == [a, b]
    assert not pass_ends_phase(g, phases) and acting_sides(g, phases, "pass") == [a]
    g = dataclasses.replace(g, passed=(b, a))                        # two in a row: the next ends it
    assert pass_ends_phase(g, phases) and acting_sides(g, phases, "pass") == [a, b]


def test_the_rule_systems_turn_opener_is_player_zero(game):
    """A system that rolls each turn for who goes first names that side (`turn_opener`): its
    player turns follow it, not the scenario's first player."""
    a, b = game.side_ids()
    other = b if game.first_player == a else a
    g = dataclasses.replace(game, phase="p1", active_side=other, passed=())
    assert acting_sides(g, (FIRST, SECOND), "next_phase", opener=other) == [other]
    assert acting_sides(g, (FIRST, SECOND), "end_turn", opener=other) == [other, game.first_player]


def test_the_rule_systems_answer_decides_who_could_act_in_this_phase(game):
    """RuleSystem.may_act_now: only the units that could act in this phase are named before
    Pass and Next Phase (tester's item 10: combat units named in a phase where only commanders
    are placed); at the end of the turn a unit that could act in a later phase counts too."""
    a, _b = game.side_ids()
    g = dataclasses.replace(game, phase="p1", active_side=a, passed=(), first_player=a)
    ours = sorted(u.id for u in g.units.values() if u.side == a and u.on_map and not u.carried_by)
    chosen = ours[0]
    off = dataclasses.replace(g.units[chosen], status="off_map")      # a unit the core would never name
    g.units[chosen] = off
    only_it = lambda _game, u: u.id == chosen                         # noqa: E731
    assert [u.id for u in idle_units(g, (FIRST, SECOND), "next_phase", a, only_it)] == [chosen]
    assert chosen not in [u.id for u in idle_units(g, (FIRST, SECOND), "next_phase", a)]
    at_end = [u.id for u in idle_units(g, (FIRST, SECOND), "end_turn", a, only_it)]
    assert chosen in at_end and set(ours) - {chosen} <= set(at_end)


def test_the_default_answer_counts_off_map_units_with_an_action_open_that_fits_them(game):
    from umpire.rules import rule_system
    system = rule_system(game.rules)
    u = next(u for u in game.units.values() if u.on_map)
    assert system.may_act_now(game, u)
    moved = dataclasses.replace(u, moved=True)
    assert not system.may_act_now(game, moved)
