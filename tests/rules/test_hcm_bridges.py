"""HCM 2.4.1: engineers build and remove a bridge at the works' speed -- a turn light, two medium,
three heavy.  Readings (bridges.py): a bridge spans one river hexside from the engineers' hex;
its class is its load; it is secret to the enemy until seen."""

import pytest

from umpire.core.errors import UmpireError
from umpire.core.terrain import Overlay
from umpire.rules.hcm import bridges

from .hcmkit import act, checked, game, hcm_game, to_phase

FAR_RED = [dict(id="X", type="medium_infantry", hex="1001", facing="N")]
RIVER = '[map.hexsides]\nriver = ["0506 N", "0306 N", "0706 N"]'     # the north sides of 0306, 0506, 0706


def river_game(tmp_path, blue):
    return hcm_game(tmp_path, blue, FAR_RED, hexsides=RIVER)


def in_blues_movement(loc):
    to_phase(loc, "a_movement")
    if game(loc).active_side != "blue":
        to_phase(loc, "b_movement")


def test_a_light_bridge_in_a_turn_bears_light_vehicles_not_heavy(tmp_path):
    blue = [dict(id="E", type="engineers", hex="0506", facing="N"),
            dict(id="LT", type="light_tank", hex="0507", facing="N"),
            dict(id="HT", type="heavy_tank", hex="0508", facing="N")]
    loc = river_game(tmp_path, blue)
    assert not checked(loc, "LT", ["0507", "0506", "0505"]).legal          # the river: no crossing
    in_blues_movement(loc)
    act(loc, "bridge", unit="E", what="light", toward="N")
    g = game(loc)
    made = [(g.map.number(o.hex), o.detail, o.side, o.secret) for o in g.map.overlays if o.kind == "field_bridge"]
    assert made == [("0506", "L N", "blue", True)]                       # secret until red sees the hex
    assert g.units["E"].marks.labour_turn == g.turn                        # no firing meanwhile
    over = checked(loc, "LT", ["0507", "0506", "0505"])
    assert over.legal and g.map.number(over.steps[-1].hex) == "0505" and over.steps[-1].cost == 1
    heavy = checked(loc, "HT", ["0508", "0507", "0506", "0505"])
    assert not heavy.legal and "river" in heavy.reason                    # a light bridge does not bear it
    types = g.rules.unit_types
    assert bridges.carries(types["medium_infantry"], "L") and bridges.carries(types["cavalry"], "L")   # foot always
    assert bridges.carries(types["heavy_tank"], "H") and not bridges.carries(types["gun_m"], "L")


def test_a_medium_bridge_takes_two_turns_and_a_move_drops_it(tmp_path):
    loc = river_game(tmp_path, [dict(id="E", type="engineers", hex="0506", facing="N")])
    g = game(loc)
    _line, changes = bridges.labour(g, dict(unit="E", side="blue", what="medium", toward="N"), None)
    assert [c.values.get("works") for c in changes if c.what == "unit"] == ["bridge M N"]
    assert not [c for c in changes if c.what == "overlay"]                 # turn 1 of 2
    g.units["E"].marks = g.units["E"].marks.but(works="bridge M N", works_turns=1)
    _line, changes = bridges.labour(g, dict(unit="E", side="blue", what="medium", toward="N"), None)
    assert [c.values["detail"] for c in changes if c.what == "overlay"] == ["M N"]
    g.units["E"].marks = g.units["E"].marks.but(works="bridge M N", works_turns=1)
    g.phase = "a_movement"
    from umpire.actions import system_for
    from .hcmkit import towards
    moved = system_for(loc).check_move(g, "E", [g.map.grid.parse(x) for x in towards(g, "0506", "NE")])
    assert moved.legal and (moved.marks.works, moved.marks.works_turns) == ("", 0)


def test_removing_an_engineers_bridge_takes_its_class_time(tmp_path):
    loc = river_game(tmp_path, [dict(id="E", type="engineers", hex="0505", facing="S")])
    g = game(loc)
    g.map.overlays.append(Overlay(g.map.grid.parse("0506"), "field_bridge", "red", True, "H N"))
    assert bridges.spanning(g, g.map.grid.parse("0505"), g.map.grid.parse("0506")) is not None
    line, changes = bridges.labour(g, dict(unit="E", side="blue", what="remove", toward="S"), None)
    assert "1 of 3" in line and [c.values["works"] for c in changes if c.what == "unit"] == ["unbridge H S"]
    g.units["E"].marks = g.units["E"].marks.but(works="unbridge H S", works_turns=2)
    _line, changes = bridges.labour(g, dict(unit="E", side="blue", what="remove", toward="S"), None)
    assert [c.values.get("clear") for c in changes if c.what == "overlay"] == [True]


def test_a_bridge_needs_an_engineer_an_unbridged_river_and_a_side(tmp_path):
    blue = [dict(id="E", type="engineers", hex="0506", facing="N"),
            dict(id="E2", type="engineers", hex="0706", facing="N"),
            dict(id="I", type="medium_infantry", hex="0306", facing="N")]
    loc = hcm_game(tmp_path, blue, FAR_RED, hexsides=RIVER + '\nbridge = ["0706-0705"]')
    g = game(loc)
    with pytest.raises(UmpireError, match="no engineer stand"):
        bridges.labour(g, dict(unit="I", side="blue", what="light", toward="N"), None)
    with pytest.raises(UmpireError, match="no unbridged river"):
        bridges.labour(g, dict(unit="E", side="blue", what="light", toward="S"), None)
    with pytest.raises(UmpireError, match="toward which hexside"):
        bridges.labour(g, dict(unit="E", side="blue", what="light", toward="up"), None)
    with pytest.raises(UmpireError, match="light, medium or heavy"):
        bridges.labour(g, dict(unit="E", side="blue", what="pontoon", toward="N"), None)
    with pytest.raises(UmpireError, match="no engineers' bridge"):
        bridges.labour(g, dict(unit="E", side="blue", what="remove", toward="N"), None)
    with pytest.raises(UmpireError, match="no unbridged river"):         # the map's own bridge is there
        bridges.labour(g, dict(unit="E2", side="blue", what="light", toward="N"), None)
