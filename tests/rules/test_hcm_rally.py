"""HCM 3.9, 3.6, 3.7.19: rally with a commander, the optional sphere of influence, and routed
stands without one running to the rear."""

from __future__ import annotations

from umpire.core.store.db import open_game
from umpire.rules.hcm import rally

from .test_hcm_command import hcm_game


def mark(g, uid, steps_lost=None, **marks):
    u = g.units[uid]
    u.marks = u.marks.but(**marks)
    if steps_lost is not None:
        u.steps_lost = steps_lost
    return u


def test_3_9_a_unit_with_a_commander_regains_a_figure_and_loses_a_hit_marker(tmp_path):
    g = open_game(hcm_game(tmp_path))
    mark(g, "B1", steps_lost=1, hits=2)         # with Maj Hale
    mark(g, "B3", steps_lost=1, hits=1)         # alone at 0102
    out = {c.key: c.values for c in rally.rally(g, "blue")}
    assert out == {"B1": {"steps_lost": 0, "hits": 1}}
    assert "HCM 3.9" in rally.rally(g, "blue")[0].lines[0]


def test_3_9_3_7_19_a_routed_stand_with_a_commander_recovers(tmp_path):
    g = open_game(hcm_game(tmp_path))
    mark(g, "B2", steps_lost=2, routed=True)    # with Lt Kerr at 0204
    out = {c.key: c.values for c in rally.rally(g, "blue")}
    assert out == {"B2": {"steps_lost": 1, "routed": False}}


def test_3_6_the_sphere_of_influence_is_a_scenario_option(tmp_path):
    g = open_game(hcm_game(tmp_path))
    mark(g, "BT", hits=1)                        # 0405, next to Maj Hale (Morale 2)
    assert rally.rally(g, "blue") == []
    g.rule_state = g.rule_state.but(scenario={"sphere": True})
    assert {c.key: c.values for c in rally.rally(g, "blue")} == {"BT": {"hits": 0}}


def test_3_7_19_routed_without_a_commander_run_full_speed_to_the_rear(tmp_path):
    g = open_game(hcm_game(tmp_path))
    # Blue stands in columns 1-4: its rear is the W edge
    assert rally.rear_edge(g, "blue") == "W" and rally.rear_edge(g, "red") == "E"
    mark(g, "B1", routed=True)                   # with Maj Hale: rallies, does not run
    r2 = mark(g, "R2", routed=True)               # 1005, heavy infantry, alone
    out = rally.rally_phase(g, "red")
    assert [c.key for c in out] == ["R2"] and "HCM 3.7.19" in out[0].lines[0]
    before = g.map.grid.to_offset(r2.hex)[0]
    after = g.map.grid.to_offset(type(r2.hex)(out[0].values["q"], out[0].values["r"]))[0]
    assert after == min(12, before + g.unit_type(r2)["movement"]) and after > before      # east, full speed
    blue = {c.key: c.values for c in rally.rally_phase(g, "blue")}
    assert blue == {"B1": {"routed": False}}


def test_3_7_19_a_routed_stand_on_its_rear_edge_runs_off_and_is_removed(tmp_path):
    g = open_game(hcm_game(tmp_path))
    b3 = mark(g, "B3", routed=True)               # 0102: on the W edge, no commander
    out = rally.rally_phase(g, "blue")
    assert [(c.key, c.values["status"]) for c in out] == [("B3", "removed")]
    assert b3.on_map          # the game itself is changed only when the core applies the changes
