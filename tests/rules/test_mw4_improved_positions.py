"""Improved positions (MW4 11.0-11.3): who benefits (11.1), what they give against direct fire
(as defilade, -3, never on top of another defilade, 11.2, 10.25) and against H fire (a hard
target that buttons up, 11.2, 7.31), and that leaving the hex gives them up for good (11.0)."""

from umpire.core.dice import Dice
from umpire.rules.mechwar4.fire import fire_sheet
from umpire.rules.mechwar4.impact import Fire, attack
from umpire.rules.mechwar4.los import Mw4Map
from umpire.rules.mechwar4.movement import check_move

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit


def duel(target_type="us_mech_inf", **marks):
    m = make_map(["." * 12] * 5)
    g = game_on(m, [unit("f", "red", "0203", m, "sov_t72"), unit("t", "blue", "0503", m, target_type, **marks)])
    return g


def sheet(g):
    return fire_sheet(g, Mw4Map(g.map, MW4, g.night), "f", "t")


def test_11_2_infantry_in_an_improved_position_is_fired_on_as_in_defilade():
    plain, dug = sheet(duel()), sheet(duel(improved=True))
    text = "\n".join(dug.text())
    assert "an improved position (as defilade)" in text and "MW4 11.2" in text
    assert dug.die_modifier == plain.die_modifier - 3


def test_11_2_no_further_benefit_on_top_of_a_defilade_marker():
    marker = sheet(duel(defilade=6))                      # infantry's marker: all round (10.52)
    both = sheet(duel(defilade=6, improved=True))
    assert both.die_modifier == marker.die_modifier        # the best benefit only (10.25)


def test_11_1_vehicles_do_not_benefit():
    assert sheet(duel("us_m113", improved=True)).die_modifier == sheet(duel("us_m113")).die_modifier


def test_11_2_under_h_fire_it_is_a_hard_target_and_buttons_up():
    g = duel(improved=True)
    fire = Fire("Sov Regt Arty #1", "red", 4, "tight", "artillery")
    out = attack(g, fire, g.units["t"], g.units["t"].hex, Dice("t", 1, typed=lambda *_: [6]))
    assert out[0].values["result"] == "S1"                 # a 6 is over 4H: only the S1 of buttoning up
    assert "in its improved position, as a hard target (MW4 11.2, 7.31)" in out[0].lines[0]
    out = attack(g, fire, g.units["t"], g.units["t"].hex, Dice("t", 1, typed=lambda *_: [4]))
    assert out[0].values["result"] == "S2"                 # 7.31: at or under the concentration
    g2 = duel()
    soft = attack(g2, fire, g2.units["t"], g2.units["t"].hex, Dice("t", 1, typed=lambda *_: [6]))
    assert "Anti-Personnel CRT" in soft[0].lines[0]        # out of it: a soft target (7.6)


def test_11_0_moving_out_gives_the_position_up_for_good():
    g = duel(improved=True)
    p = g.map.grid.parse
    check = check_move(g, "t", [p("0503"), p("0603")])
    assert check.legal and check.marks.improved is False
    assert any("leaves its improved position for good (11.0)" in n for n in check.notes)
