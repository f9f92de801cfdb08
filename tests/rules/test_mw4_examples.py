"""The MechWar 4 text's worked examples that no other test plays (the others are listed in
docs/mechwar4-coverage.md, "Worked examples", each with the test that plays it)."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system

from .mapkit import MW4
from .test_mw4_fire_support import RECON_RUN, US_DS, plot, to_indirect_fire


def test_6_0_example_d1_is_a_third_of_the_unit_and_d2_two_thirds():
    """MW4 6.0: "D1 meaning 1/3 of the unit is destroyed; D2 meaning 2/3": steps of a three-step
    platoon."""
    system = rule_system(MW4)
    steps = MW4.unit_types["us_m1"]["steps"]
    assert steps == 3
    assert [system.fire_effect(r)[0] / steps for r in ("D1", "D2", "D3")] == [1 / 3, 2 / 3, 1]


def _variant(tmp_path, support: str, air: str = ""):
    from conftest import SAMPLE
    text = SAMPLE.read_text().replace(US_DS, support)
    if air:
        text = text.replace("strikes = 2\nstrength = 12\nfrom_turn = 3\n", air)
    (tmp_path / "x.toml").write_text(text)
    path = new_game(load_scenario(tmp_path / "x.toml"), tmp_path / "x.umpire", seed="examples")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
    return path


def test_7_0_example_three_light_howitzer_batteries_are_ofbda_3_6h(tmp_path):
    """MW4 7.0: 3 batteries of 105mm light howitzers are 3 concentrations of 6H, OFBDA 3(6H): three
    plots, each landing with 6H; a fourth is refused."""
    path = _variant(tmp_path, "concentrations = 3\nstrength = 6\n")
    a = next(x for x in open_game(path).artillery if x.id == "US DS")
    assert (a.concentrations, a.strength) == (3, 6)
    plot(path, "nato", *({"support": "US DS", "concentration": k, "target": "2215"} for k in (1, 2, 3)))
    with pytest.raises(UmpireError):
        plot(path, "nato", {"support": "US DS", "concentration": 4, "target": "2215"})
    log, _rolls = to_indirect_fire(path)
    assert log.count("6H") >= 3


def test_15_23_example_cas_3_5h_is_three_strikes_of_5h(tmp_path):
    """MW4 15.23: CAS 3(5H) is three strikes, each of 5 H attack strength points, each a unit."""
    path = _variant(tmp_path, US_DS, air="strikes = 3\nstrength = 5\nfrom_turn = 1\n")
    air = open_game(path).air[0]
    assert (air.strikes, air.strength) == (3, 5)
    with pytest.raises(UmpireError):                 # one strike is never split between hexes (15.22)
        plot(path, "nato", {"support": "A-10 pair", "concentration": 4, "target": "2215"}, turn=2)
    plot(path, "nato", {"support": "A-10 pair", "concentration": 1, "target": "2215"}, turn=2)


def test_3_4_example_seasoned_troops_are_panic_level_0_and_first_line_10():
    """MW4 3.4: "Seasoned troops are Panic Level 0, First Line troops are Panic Level 10%"."""
    q = MW4.tables["quality"].section("entry")
    assert (q["seasoned"]["panic_level"], q["first_line"]["panic_level"]) == (0, 10)


def test_4_1_example_a_simplified_doctrine_activates_up_to_three_units():
    """MW4 4.1: the simplified company formation doctrine -- "up to three units within three hexes
    of other units in the group" -- is the sample NATO doctrine: three units, three hexes apart."""
    nato = MW4.tables["formation"].section("entry")["nato"]
    assert (nato["size"], nato["spacing"]) == (3, 3)


def test_19_14_example_a_bound_unit_may_change_its_status_instead_of_moving(tmp_path, sample_scenario):
    """MW4 19.14 BC: a Bound company's units must move "or change their status, e.g. enter column,
    enter defilade": T2 forming column and T3 entering defilade have acted; no note of them."""
    path = new_game(sample_scenario, tmp_path / "bc.umpire")
    perform(path, "orders", {"side": "warpac", "turn": 1, "commands": {"Tank Co": "bound"}}, system_for(path))
    perform(path, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(path))
    perform(path, "pass", {}, system_for(path))
    perform(path, "form_column", {"unit": "T2"}, system_for(path))          # NATO is done: the Soviets act on
    perform(path, "defilade", {"unit": "T3", "facing": "2228"}, system_for(path))
    res = perform(path, "pass", {}, system_for(path))
    assert open_game(path).phase != "fire_move"                             # the phase ended: the check ran
    assert "did not act" not in "\n".join(res.log)
