"""Company activations (MW4 4.1), column (8.11), transport (9.12), fatigue and rest (8.16) and
exits (8.27) as engine actions on the sample game: state, turn order, undo and replay."""

import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform, replay, undo
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "a.umpire")      # the Soviet side acts first


def act(location, kind, **params):
    return perform(location, kind, params, system_for(location))


def test_4_1_a_company_in_formation_acts_before_the_other_side(game):
    res = act(game, "activate", company="Tank Co")
    assert "T1, T2, T3" in res.summary and "MW4 4.1" in res.log[0]
    act(game, "move", unit="T1", path=["1928", "1927"])
    g = open_game(game)
    assert g.active_side == "warpac" and g.rule_state.active_company == "Tank Co"     # still the Soviet activation
    with pytest.raises(UmpireError, match="only T1, T2, T3 may act"):
        act(game, "move", unit="Recon 1", path=["2224", "2223"])
    with pytest.raises(UmpireError, match="end its activation before passing"):
        act(game, "pass")
    act(game, "move", unit="T2", path=["2128", "2127"])
    act(game, "form_column", unit="T3")
    g = open_game(game)
    assert g.rule_state.active_company is None and g.active_side == "nato"
    assert g.units["T3"].marks.in_column and g.units["T3"].acted and not g.units["T3"].moved
    undo(game)
    g = open_game(game)
    assert g.rule_state.active_company == "Tank Co" and g.active_side == "warpac" and not g.units["T3"].marks.in_column


def test_4_1_ending_an_activation_early_hands_over(game):
    act(game, "activate", company="1 MRC")
    act(game, "move", unit="1/1", path=["1626", "1625"])
    res = act(game, "end_activation")
    g = open_game(game)
    assert "1 MRC's activation ended early: 1/2, 1/3 did not act" in res.summary and g.active_side == "nato" and g.rule_state.active_company is None
    assert not g.units["1/2"].moved           # it may still act alone later in the phase


def test_4_1_not_for_the_side_not_acting_and_only_the_units_in_formation(game):
    with pytest.raises(UmpireError, match="turn to act"):
        act(game, "activate", company="A/2-32")           # the Soviet side acts first
    act(game, "move", unit="T1", path=["1928", "1927"])
    res = act(game, "activate", company="A/2-32")         # A1 and A2 stand together, A3 far off
    assert open_game(game).rule_state.activation_units == ("A1", "A2") and "not with them: A3" in res.log[0]
    with pytest.raises(UmpireError, match="only A1, A2 may act"):
        act(game, "move", unit="A3", path=["2209", "2208"])


def test_4_1_a_company_with_one_unit_left_acts_singly(game):
    act(game, "move", unit="T1", path=["1928", "1927"])
    act(game, "pass")                                     # NATO passes; the Soviets act on alone
    act(game, "move", unit="T2", path=["2128", "2127"])
    with pytest.raises(UmpireError, match="cannot act as a formation"):
        act(game, "activate", company="Tank Co")          # only T3 has not acted


def test_8_11_form_column_then_the_road_serves_next_turn(game):
    act(game, "form_column", unit="T1")
    act(game, "pass")                       # NATO passes
    act(game, "pass")                       # the Soviet side too: the phase ends
    act(game, "end_turn")
    g = open_game(game)
    assert g.units["T1"].marks.in_column and not g.units["T1"].acted            # a new turn
    if g.active_side == "nato":
        act(game, "pass")
    with pytest.raises(UmpireError, match="already in column"):
        act(game, "form_column", unit="T1")
    clear = g.rules.terrain_types["clear"]["move"]["vehicle"]
    res = act(game, "move", unit="T1", path=["1928", "1927"], column=False)     # leaves it, free
    assert not open_game(game).units["T1"].marks.in_column and res.detail.total == clear


def test_9_12_dismount_then_mount_again(game):
    res = act(game, "move", unit="1/1", path=["1626", "1625"], dismount=["1/1 Rifles"])
    g = open_game(game)
    rifles = g.units["1/1 Rifles"]
    assert rifles.carried_by is None and rifles.hex == g.units["1/1"].hex and rifles.moved
    assert g.units["1/1"].mp_spent == res.detail.total and "dismount" in " ".join(res.log)
    act(game, "end_turn")
    g = open_game(game)
    first = g.active_side
    if first == "nato":
        act(game, "pass")
    act(game, "move", unit="1/1", path=["1625", "1624"], mount=["1/1 Rifles"])
    g = open_game(game)
    assert g.units["1/1 Rifles"].carried_by == "1/1" and g.units["1/1 Rifles"].hex == g.map.grid.parse("1624")


def test_8_16_double_time_fatigue_and_rest(game):
    act(game, "pass")                                            # the Soviet side passes
    act(game, "move", unit="B1 Inf", path=["1011", "1010", "1009"], pace="double")
    assert open_game(game).units["B1 Inf"].marks.fatigue == 1
    act(game, "end_turn")                                        # it spent MP this turn: no rest
    assert open_game(game).units["B1 Inf"].marks.fatigue == 1
    res = act(game, "end_turn")                                  # a turn without moving: rests
    assert open_game(game).units["B1 Inf"].marks.fatigue == 0 and "B1 Inf rests" in " ".join(res.log)


def test_8_27_a_unit_exits_and_scores(game, sample_scenario):
    g = open_game(game)
    north = g.map.grid.parse("2201")
    with sqlite3.connect(game) as conn:       # put a Soviet scout on the north edge
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = 'Recon 1'", (north.q, north.r))
    res = act(game, "move", unit="Recon 1", path=["2201"], exit=True)
    g = open_game(game)
    assert g.units["Recon 1"].status == "exited" and g.units["Recon 1"].hex is None
    assert "left the map from 2201" in res.summary
    report = rule_system(g.rules).victory(g)
    assert any("1 units exited the map, 3 points" in line for line in report.lines)


def test_20_6_a_column_reinforcement_arrives_in_column(game):
    assert open_game(game).units["T4"].marks.in_column


def test_replay_of_activations_columns_and_transport(game):
    act(game, "activate", company="Tank Co")
    act(game, "move", unit="T1", path=["1928", "1927"])
    act(game, "form_column", unit="T2")
    act(game, "move", unit="T3", path=["2229", "2228"])
    act(game, "move", unit="B1", path=["0911", "1011"], )
    act(game, "move", unit="1/2", path=["1726", "1725"], dismount=["1/2 Rifles"])
    act(game, "end_turn")
    stored, replayed = replay(game, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed


def test_10_5_defilade_marker_set_kept_and_left_behind(tmp_path, sample_scenario):
    """MW4 10.5: T1 takes up defilade facing 1927 (its activation ends); it keeps the marker while
    it stays; moving leaves it behind; undo restores it; forming column ends it (8.13)."""
    path = new_game(sample_scenario, tmp_path / "d.umpire", seed="defilade")
    sys_ = system_for(path)
    res = perform(path, "defilade", {"unit": "T1", "facing": "1927"}, sys_)
    g = open_game(path)
    assert res.summary == "T1 enters defilade facing 1927" and g.units["T1"].marks.defilade is not None
    assert g.active_side == "nato" and g.units["T1"].acted
    from umpire.core.knowledge import build_view
    assert "Df" in next(mk.state for mk in build_view(g, "warpac", sys_).units if mk.key == "T1")
    perform(path, "end_turn", {}, sys_)
    if open_game(path).active_side != "warpac":
        perform(path, "pass", {}, sys_)
    assert open_game(path).units["T1"].marks.defilade is not None               # it stays while T1 stays
    perform(path, "move", {"unit": "T1", "path": ["1928", "1927"]}, sys_)
    assert open_game(path).units["T1"].marks.defilade is None
    undo(path)
    assert open_game(path).units["T1"].marks.defilade is not None
    with pytest.raises(UmpireError, match="1925 is not a next hex"):
        perform(path, "defilade", {"unit": "T1", "facing": "1925"}, sys_)
    perform(path, "form_column", {"unit": "T1"}, sys_)
    g = open_game(path)
    assert g.units["T1"].marks.in_column and g.units["T1"].marks.defilade is None
