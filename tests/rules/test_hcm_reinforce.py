"""HCM 3.4: reinforcements -- due on their turn, the optional Initiative roll to arrive, and the
apparent strength told to an enemy on or near the entry hexes."""

from __future__ import annotations

from umpire.core.store.db import open_game
from umpire.rules.hcm import orders, reinforce

from .test_hcm_command import BLUE, RED, Faces, hcm_game

LATE = BLUE + """
  { id = "Capt Dunn", type = "commander", initiative = 6 },
  { id = "BR1", type = "medium_tank" },
  { id = "BR2", type = "medium_infantry" },
  { id = "BR3", type = "dummy" },
"""
ARRIVAL = '''
[[reinforcement]]
side = "blue"
turn = 2
entry = ["0108"]
units = ["Capt Dunn", "BR1", "BR2", "BR3"]
'''
# Red's R3 stands 2 hexes from the entry hex; everything else of Red far off
NEAR = RED + '  { id = "R3", type = "light_infantry", hex = "0308" },\n'


def game_at(tmp_path, turn, red=NEAR, **scenario):
    g = open_game(hcm_game(tmp_path, blue=LATE, red=red, extra=ARRIVAL))
    g.turn = turn
    if scenario:
        g.rule_state = g.rule_state.but(scenario=scenario)
    return g


def test_3_4_a_group_is_due_on_its_turn_and_waits_until_it_comes_on(tmp_path):
    assert reinforce.waiting(game_at(tmp_path, 1), "blue") == []
    g = game_at(tmp_path / "2", 2)
    assert [r.units for r in reinforce.waiting(g, "blue")] == [("Capt Dunn", "BR1", "BR2", "BR3")]
    g.units["BR1"].status, g.units["BR1"].hex = "on_map", g.map.grid.parse("0108")
    assert reinforce.waiting(g, "blue") == []


def test_3_4_the_enemy_near_the_entry_is_told_the_apparent_strength_never_the_names(tmp_path):
    g = game_at(tmp_path, 2)
    out = reinforce.reinforcement_phase(g, "blue", Faces())      # no roll: the option is off
    assert len(out) == 1 and out[0].reader == "red"
    line = out[0].lines[0]
    assert "0108" in line and "HCM 3.4" in line
    assert "1 vehicle, 2 stands on foot or horse" in line          # the dummy looks like a stand
    for secret in ("BR1", "BR2", "BR3", "Dunn", "medium", "dummy", "Able", "commander"):
        assert secret not in line


def test_3_4_an_enemy_beyond_two_hexes_is_told_nothing(tmp_path):
    g = game_at(tmp_path, 2, red=RED)
    assert reinforce.reinforcement_phase(g, "blue", Faces()) == []


def test_3_4_option_the_group_arrives_on_1d10_above_its_commanders_initiative(tmp_path):
    g = game_at(tmp_path, 2, arrival_roll=True)
    out = reinforce.reinforcement_phase(g, "blue", Faces(6))     # Capt Dunn's Initiative 6: fails
    late = {c.key for c in out if c.what == "unit"}
    assert late == {"Capt Dunn", "BR1", "BR2", "BR3"}
    assert all(c.values == {"order_hold": "late"} for c in out if c.what == "unit")
    assert not any(c.reader == "red" for c in out)                 # held back: not announced
    assert "Initiative 6" in out[0].lines[0] and out[0].reader == "blue"
    for uid in late:
        g.units[uid].marks = g.units[uid].marks.but(order_hold="late")
    assert "HCM 3.4" in orders.move_problem(g, g.units["BR1"], [g.map.grid.parse("0108")])
    g.turn = 3
    out = reinforce.reinforcement_phase(g, "blue", Faces(7))
    assert {c.key for c in out if c.what == "unit"} == late
    assert all(c.values == {"order_hold": ""} for c in out if c.what == "unit")
    assert [c.reader for c in out if c.what == "note"] == ["blue", "red"]


def test_3_4_option_without_a_commander_of_its_own_the_overall_commanders_initiative(tmp_path):
    blue = LATE.replace('  { id = "Capt Dunn", type = "commander", initiative = 6 },\n', "")
    g = open_game(hcm_game(tmp_path, blue=blue, red=NEAR, extra=ARRIVAL.replace('"Capt Dunn", ', "")))
    g.turn = 2
    g.rule_state = g.rule_state.but(scenario={"arrival_roll": True})
    out = reinforce.arrival_rolls(g, "blue", Faces(6))          # Maj Hale, Initiative 5: 6 passes
    assert "Maj Hale tests Initiative 5" in out[0].lines[0]
    assert [c for c in out if c.what == "unit"] == []
