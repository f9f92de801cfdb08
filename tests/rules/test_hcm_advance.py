"""HCM 3.8.5, 4.5: after a retreat before melee, a friendly neighbour of the vacated hex that has
fought no melee may advance instead of the attacker (a die picks which); a commander whose
influence reaches beyond his hex lets both go (readings in umpire/rules/hcm/advance.py)."""

import pytest

from umpire.core.dice import Dice
from umpire.rules.hcm import advance, melee_actions

from dicekit import dice
from . import hcmkit
from .gamekit import act, game, make_game


sees_all = hcmkit.sees_all          # the fixture: every enemy on the map seen and identified


def to_phase(loc, phase):
    while game(loc).phase != phase:
        act(loc, "next_phase")


def setup(tmp_path, commander=False):
    blue = [("B1", "medium_infantry", "0303"), ("B2", "medium_infantry", "0404")]
    loc = make_game(tmp_path, blue + ([("C1", "commander", "0303")] if commander else []),
                    [("R1", "cavalry", "0403")], rules="hcm")
    to_phase(loc, "a_melee")
    return loc


def where(loc, uid):
    g = game(loc)
    return g.map.number(g.units[uid].hex)


@pytest.mark.parametrize("pick, goes, stays", [(2, "B2", "B1"), (1, "B1", "B2")])
def test_a_die_picks_the_attacker_or_the_neighbour(tmp_path, sees_all, pick, goes, stays):    # 3.8.5
    loc = setup(tmp_path)
    r = act(loc, "melee", 4, pick, side="blue", unit="B1", target="R1", retreat="0503")
    assert where(loc, goes) == "0403" and where(loc, stays) != "0403"
    assert any(f"1d2 = {pick}" in x and "3.8.5" in x for x in r.log)
    g = game(loc)
    assert g.units[goes].marks.facing == g.map.grid.direction_index(
        {"B1": "SE", "B2": "N"}[goes])                        # facing the way it went (3.5, 3.8.5)


def test_a_neighbour_that_fought_a_melee_this_turn_does_not_go(tmp_path, sees_all):   # 3.8.5
    loc = setup(tmp_path)
    g = game(loc)
    g.units["B2"].marks = g.units["B2"].marks.but(melee_turn=g.turn)
    assert advance.neighbours(g, g.units["B1"], g.units["R1"].hex) == []
    g.units["B2"].marks = g.units["B2"].marks.but(melee_turn=None)
    assert [u.id for u in advance.neighbours(g, g.units["B1"], g.units["R1"].hex)] == ["B2"]


def test_no_advance_roll_passed_nobody_goes(tmp_path, sees_all):              # 3.8.5
    loc = setup(tmp_path)
    act(loc, "melee", 3, side="blue", unit="B1", target="R1", retreat="0503")
    assert where(loc, "B1") == "0303" and where(loc, "B2") == "0404"


def placed(loc, morale: int, sphere: bool):
    g = game(loc)
    # the phasing side's commanders were lifted as its half began (3.2): C1 is placed with B1 again (3.6)
    g.units["C1"].hex, g.units["C1"].status = g.units["B1"].hex, "on_map"
    g.units["C1"].traits = {"morale": morale}
    g.rule_state = g.rule_state.but(scenario={**g.rule_state.scenario, "sphere": sphere})
    return g


@pytest.mark.parametrize("morale, sphere, both", [(2, True, True), (1, True, False), (2, False, False)])
def test_a_commander_of_wider_influence_sends_both(tmp_path, sees_all, morale, sphere, both):   # 3.8.5, 4.5
    loc = setup(tmp_path, commander=True)
    g = placed(loc, morale, sphere)
    sheet = melee_actions.melee_sheet(g, ["B1"], g.units["R1"].hex, "R1", retreat=g.map.grid.parse("0503"))
    _, changes = melee_actions.resolve(g, sheet, Dice("s", 1, typed=dice(3, 2)))     # 3 +1 commander: goes
    went = {c.key for c in changes if c.what == "unit" and c.values.get("q") == g.units["R1"].hex.q
            and c.values.get("r") == g.units["R1"].hex.r}
    assert went == ({"B1", "B2"} if both else {"B2"})          # without it, 1d2 = 2 picks B2 alone


def test_a_gun_next_to_the_hex_does_not_advance(tmp_path, sees_all):              # 3.8.5 (our reading)
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303"), ("G1", "gun_l", "0402"),
                               ("T1", "light_tank", "0404")], [("R1", "cavalry", "0403")], rules="hcm")
    g = game(loc)
    assert [u.id for u in advance.neighbours(g, g.units["B1"], g.units["R1"].hex)] == ["T1"]
