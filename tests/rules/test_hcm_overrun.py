"""HCM 3.8.1: a vehicle that rams or overruns may go on one hex past the hex (the melee's
`beyond`), but not past a heavier vehicle or structure, nor slowed (readings in
umpire/rules/hcm/overrun.py)."""

import pytest

from umpire.core.errors import UmpireError
from umpire.rules.hcm import melee_actions

from . import hcmkit
from .gamekit import act, game, make_game


sees_all = hcmkit.sees_all          # the fixture: every enemy on the map seen and identified


def to_phase(loc, phase):
    while game(loc).phase != phase:
        act(loc, "next_phase")


def rammed(tmp_path, target_type, terrain=None):
    loc = make_game(tmp_path, [("B1", "medium_tank", "0303")], [("R1", target_type, "0403")], rules="hcm",
                    terrain=terrain)
    to_phase(loc, "a_melee")
    return loc


def test_a_medium_tank_rams_a_light_one_and_goes_on_straight(tmp_path, sees_all):     # 3.8.1
    loc = rammed(tmp_path, "light_tank")
    r = act(loc, "melee", 1, side="blue", unit="B1", target="R1", beyond="0504")     # one block on R1
    g = game(loc)
    assert g.units["R1"].marks.damage and g.map.number(g.units["B1"].hex) == "0504"
    assert g.units["B1"].marks.facing == g.map.grid.direction_index("SE") and g.units["B1"].marks.facing_changes == 0
    assert any("goes on past 0403 to 0504" in x for x in r.log)


def test_going_on_to_a_side_hex_ahead_is_a_facing_change(tmp_path, sees_all):      # 3.8.1, 3.5.2, 2.3.1
    loc = rammed(tmp_path, "light_tank")
    act(loc, "melee", 1, side="blue", unit="B1", target="R1", beyond="0503")
    b1 = game(loc).units["B1"]
    assert game(loc).map.number(b1.hex) == "0503" and b1.marks.facing_changes == 1


def test_not_past_a_heavier_vehicle_it_stops_at_the_point_of_contact(tmp_path, sees_all):   # 3.8.1 note
    loc = rammed(tmp_path, "heavy_tank")
    r = act(loc, "melee", 1, 1, side="blue", unit="B1", target="R1", beyond="0504")
    assert game(loc).map.number(game(loc).units["B1"].hex) == "0303"
    assert any("stops at the point of contact" in x and "3.8.1" in x for x in r.log)


def test_not_past_a_structure_heavier_than_the_vehicle(tmp_path, sees_all):        # 3.8.1 note, 3.8 k
    town = "\n".join("...t...." if r == 2 else "........" for r in range(6))     # 0403 is town (heavy)
    loc = rammed(tmp_path, "medium_infantry", town)
    act(loc, "melee", side="blue", unit="B1", target="R1", beyond="0504")
    g = game(loc)
    assert g.map.number(g.units["B1"].hex) == "0303" and g.units["R1"].marks.hits == 1


def test_overrun_infantry_in_the_open_and_go_on(tmp_path, sees_all):             # 3.8.1, 3.8 k
    loc = rammed(tmp_path, "medium_infantry")
    act(loc, "melee", side="blue", unit="B1", target="R1", beyond="0504")
    g = game(loc)
    assert g.units["R1"].steps_lost == 1 and g.map.number(g.units["B1"].hex) == "0504"


def test_a_hex_not_ahead_is_refused_before_any_die(tmp_path, sees_all):          # 3.8.1
    loc = rammed(tmp_path, "light_tank")
    with pytest.raises(UmpireError, match="3.8.1"):
        act(loc, "melee", 1, side="blue", unit="B1", target="R1", beyond="0304")
    assert game(loc).units["R1"].marks.damage == ()


def test_a_slowed_vehicle_has_not_its_normal_speed(tmp_path, sees_all):           # 3.8.1, 2.3.5
    loc = rammed(tmp_path, "light_tank")
    g = game(loc)
    g.units["B1"].marks = g.units["B1"].marks.but(damage=("M",))
    sheet = melee_actions.melee_sheet(g, ["B1"], g.units["R1"].hex, "R1", beyond=g.map.grid.parse("0504"))
    assert not sheet.legal and sheet.rule == "HCM 3.8.1" and "normal speed" in sheet.reason
