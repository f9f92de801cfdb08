"""HCM 4.6 (3.1 option 2): activation by numbered groups -- the order, who goes first in each
number (rolled per group or once a turn), floating artillery."""

from __future__ import annotations

import pytest

from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.rules.hcm import activation

from .test_hcm_command import BLUE, RED, Faces, hcm_game

MORE = '''
[[company]]
id = "Baker"
battalion = "Blue Bn"
name = "Baker Company"
units = [{ id = "BB1", type = "light_tank", hex = "0507" }]

[[company]]
id = "Guns"
battalion = "Blue Bn"
name = "Blue mortars"
units = [{ id = "BM1", type = "mortar", hex = "0108" }]
'''


@pytest.fixture()
def g(tmp_path):
    return open_game(hcm_game(tmp_path, blue=BLUE, red=RED, extra=MORE))


def test_4_6_artillery_floats_and_takes_no_number(g):
    assert activation.floats(g, "Guns") and not activation.floats(g, "Baker")
    assert activation.numbered(g, "blue") == ["Able", "Baker"]
    with pytest.raises(UmpireError, match=r"artillery: it floats"):
        activation.check_order(g, "blue", ["Able", "Baker", "Guns"])
    with pytest.raises(UmpireError, match=r"Baker must be given a number"):
        activation.check_order(g, "blue", ["Able"])
    with pytest.raises(UmpireError, match=r"not a company of Blue"):
        activation.check_order(g, "blue", ["Able", "Baker", "Rot"])
    assert activation.check_order(g, "blue", ["Baker", "Able"]) == ["Baker", "Able"]


def test_4_6_each_number_rolls_on_its_commanders_initiative(g):
    g.rule_state = g.rule_state.but(activation={"blue": ("Able", "Baker"), "red": ("Rot",)}, phasing="blue")
    # group 1: Able (Lt Kerr, I 6) rolls 7 (+1), Rot (Kpt Roth, I 4) rolls 6 (+2): Red first
    steps, lines = activation.sequence(g, Faces(7, 6))
    assert steps == [("red", "Rot"), ("blue", "Able"), ("blue", "Baker")]
    assert "Group 1: Rot, then Able (HCM 4.6)" in lines


def test_4_6_a_tie_is_rolled_again(g):
    g.rule_state = g.rule_state.but(activation={"blue": ("Able", "Baker"), "red": ("Rot",)})
    # +1 and +1: again; then Able 10 (+4) against Rot 5 (+1)
    steps, lines = activation.sequence(g, Faces(7, 5, 10, 5))
    assert steps[:2] == [("blue", "Able"), ("red", "Rot")] and any("tie" in x for x in lines)


def test_4_6_option_once_a_turn_the_initiative_winner_goes_first_in_every_group(g):
    g.rule_state = g.rule_state.but(activation={"blue": ("Able", "Baker"), "red": ("Rot",)}, phasing="red", opener="red",
                                    scenario={"group_initiative": "once"})
    dice = Faces()
    steps, _ = activation.sequence(g, dice)
    assert steps == [("red", "Rot"), ("blue", "Able"), ("blue", "Baker")] and dice.asked == []


def test_4_6_only_the_active_groups_units_act_and_artillery_any_time(g):
    steps = [("blue", "Able"), ("red", "Rot"), ("blue", "Baker")]
    assert activation.act_problem(g, g.units["B1"], steps, 0) is None
    assert "HCM 4.6" in activation.act_problem(g, g.units["BB1"], steps, 0)
    assert activation.act_problem(g, g.units["BB1"], steps, 2) is None
    assert activation.act_problem(g, g.units["BM1"], steps, 1) is None          # floats
