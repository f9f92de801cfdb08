"""HCM 3.3: the panic check -- losses plus 10% a commander lost, the break point, the die read in
tens (our reading), and what a panic does."""

from __future__ import annotations

from umpire.core.store.db import open_game
from umpire.rules.hcm import panic

from .test_hcm_command import Faces, hcm_game

# Blue has four fighting units (B1, B2, B3, BT): each lost is 25%


def lose(g, *ids):
    for uid in ids:
        g.units[uid].status = "destroyed"


def test_3_3_losses_count_fighting_units_and_ten_per_cent_a_commander(tmp_path):
    g = open_game(hcm_game(tmp_path))
    assert panic.loss_percent(g, "blue") == 0
    lose(g, "B3")
    assert panic.loss_percent(g, "blue") == 25
    lose(g, "Lt Kerr")                      # a commander lost: +10, and he is not a unit lost
    assert panic.loss_percent(g, "blue") == 35
    g.units["Maj Hale"].status = "removed"     # captured
    assert panic.loss_percent(g, "blue") == 45
    lose(g, "RD")                               # a dummy counts for nothing
    assert panic.loss_percent(g, "red") == 0


def test_3_3_the_break_point_is_40_unless_the_scenario_says(tmp_path):
    assert panic.break_point(open_game(hcm_game(tmp_path))) == 40
    g = open_game(hcm_game(tmp_path / "2"))
    g.rule_state = g.rule_state.but(scenario={"break_point": 50})      # the scenario's [hcm] break_point
    assert panic.break_point(g) == 50


def test_3_3_reading_the_die_counts_in_tens_and_less_than_the_percentage_panics():
    assert [r for r in range(1, 11) if panic.panics(40, r)] == [1, 2, 3]
    assert [r for r in range(1, 11) if panic.panics(65, r)] == [1, 2, 3, 4, 5, 6]
    assert not any(panic.panics(10, r) for r in range(1, 11))


def test_3_3_below_the_break_point_no_die_is_rolled(tmp_path):
    g = open_game(hcm_game(tmp_path))
    lose(g, "B3")                   # 25% < 40%
    dice = Faces()
    assert panic.panic_check(g, "blue", dice) == [] and dice.asked == []


def test_3_3_past_the_break_point_a_high_roll_holds(tmp_path):
    g = open_game(hcm_game(tmp_path))
    lose(g, "B3", "B2")             # 50%
    out = panic.panic_check(g, "blue", Faces(5))
    assert len(out) == 1 and "it holds" in out[0].lines[0] and out[0].reader == "blue"


def test_3_3_a_panic_marks_the_side_and_puts_a_hit_marker_on_every_unit(tmp_path):
    g = open_game(hcm_game(tmp_path))
    lose(g, "B3", "B2")             # 50%: a 4 panics
    out = panic.panic_check(g, "blue", Faces(4))
    assert out[0].what == "game" and out[0].values == {"panicked": ("blue",)} and "panics" in out[0].lines[0]
    hit = {c.key: c.values for c in out[1:]}
    assert hit == {"B1": {"hits": 1, "routed": False}, "BT": {"hits": 1}}          # not the commanders, not the lost
    g.rule_state = g.rule_state.but(panicked=("blue",))
    assert panic.panic_check(g, "blue", Faces()) == []            # panicked once, for good
