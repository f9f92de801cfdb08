"""War Blog at sea (10.0): ships (1.31), marines (1.6), special forces (1.13), amphibious units
(1.5, 1.15, 1.40, 1.41, 1.42, 1.43, 1.44) and naval landings."""

import pytest

from umpire.actions import system_for
from umpire.core.errors import UmpireError

from .gamekit import act, game, make_game

# columns 1-3 sea, 4-8 plains
COAST = "\n".join(["~~~....."] * 6)


def _check(loc, uid, *hexes):
    g = game(loc)
    return system_for(loc).check_move(g, uid, [g.map.grid.parse(h) for h in hexes])


def test_a_ship_moves_at_sea_and_never_ashore(tmp_path):
    """10.0, 1.31: the frigate sails two sea hexes at 1 each (our reading); a land hex is refused."""
    loc = make_game(tmp_path, [("F", "frigate", "0103")], [("X", "infantry_bn", "0806")], terrain=COAST)
    ok = _check(loc, "F", "0103", "0203", "0303")
    assert ok.legal and ok.steps[-1].total == 2
    refused = _check(loc, "F", "0103", "0203", "0303", "0403")
    assert not refused.legal and "Frigate may not enter plains" in refused.reason


def test_land_units_may_not_enter_the_sea(tmp_path):
    """2.1: the chart closes the sea to infantry, motorised and armour alike."""
    loc = make_game(tmp_path, [("I", "infantry_bn", "0403"), ("T", "tank_bn", "0404")], [("X", "infantry_bn", "0806")],
                    terrain=COAST)
    assert not _check(loc, "I", "0403", "0303").legal and not _check(loc, "T", "0404", "0304").legal


@pytest.mark.parametrize("utype", ["amphibious_coy", "amphibious_mech", "amphibious_armour", "amphibious_anti_tank",
                                   "amphibious_air_defence", "amphibious_infantry", "amphibious_engineers"])
def test_an_amphibious_unit_lands_and_may_not_put_to_sea_again(tmp_path, utype):
    """1.5 (and 1.15, 1.40-1.44, the amphibious kinds): from the sea it moves at sea or lands --
    a naval landing -- but once ashore it may not enter the sea again."""
    loc = make_game(tmp_path, [("A", utype, "0203")], [("X", "infantry_bn", "0806")], terrain=COAST)
    assert _check(loc, "A", "0203", "0303").legal
    act(loc, "move", unit="A", path=["0203", "0303", "0403"])            # the landing
    g = game(loc)
    assert g.map.number(g.units["A"].hex) == "0403"
    act(loc, "pass", side="blue")
    act(loc, "pass", side="red")
    refused = _check(loc, "A", "0403", "0303")
    assert not refused.legal and "may not put to sea again (1.5)" in refused.reason
    with pytest.raises(UmpireError, match="1.5"):
        act(loc, "move", unit="A", path=["0403", "0303"])


def test_marines_and_special_forces_go_to_sea_and_back(tmp_path):
    """1.6: marines land and put to sea again; 1.13: special forces go to sea too."""
    loc = make_game(tmp_path, [("M", "marine_coy", "0403"), ("S", "special_forces", "0404")],
                    [("X", "infantry_bn", "0806")], terrain=COAST)
    assert _check(loc, "M", "0403", "0303", "0203").legal and _check(loc, "S", "0404", "0304").legal
    act(loc, "move", unit="M", path=["0403", "0303"])
    g = game(loc)
    assert g.map.number(g.units["M"].hex) == "0303"


def test_amphibious_units_cross_rivers(tmp_path):
    """1.5: amphibious units cross rivers (2.5.2), where infantry may not."""
    sides = '[map.hexsides]\nriver = ["0503/0603"]'
    loc = make_game(tmp_path, [("A", "amphibious_coy", "0503"), ("I", "infantry_coy", "0504")],
                    [("X", "infantry_bn", "0806")], hexsides=sides)
    assert _check(loc, "A", "0503", "0603").legal


def test_a_ship_bombards_the_coast(tmp_path):
    """1.31, 11.5: the frigate's range factor is for naval bombardment: ranged fire at a land hex
    3 hexes off, seen by the marines beside it."""
    loc = make_game(tmp_path, [("F", "frigate", "0303"), ("M", "marine_coy", "0505")],
                    [("X", "infantry_coy", "0604")], terrain=COAST)
    res = act(loc, "assault", 6, 10, units=["F"], hex="0604", kind="ranged")
    assert "1 of 1 hit" in res.summary and game(loc).units["X"].marks.depressions > 0
