"""War Blog refugees (1.33): latent in a hex, unseen by anyone, until the enemy comes near or
fights there; then a unit that moves 2, most terrain costing it 2 and mountains 3."""

import pytest

from umpire.core.engine import journal
from umpire.core.errors import ScenarioError
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal

from .gamekit import act, game, make_game

LATENT = '''[[battalion]]
id = "Civilians"
side = "red"
units = [ { id = "R1", type = "refugees" } ]

[warblog]
[[warblog.refugees]]
unit = "R1"
hex = "0503"
'''


def _read(loc, side) -> str:
    return "\n".join(x for e in side_journal(open_game(loc), side, journal(loc)) for x in (e.head, *e.lines))


def test_latent_refugees_come_out_when_the_enemy_comes_near(tmp_path):
    """1.33: R1 waits latent at 0503, off the map: Blue sees nothing of it.  Blue's tank moves to
    0303 (two hexes off): nothing; to 0403 (next to it): the refugees come out in 0503 -- Red
    reads that line, Blue only what it spots."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0103")], [("X", "infantry_bn", "0806")], extra=LATENT)
    g = game(loc)
    assert g.units["R1"].status == "off_map" and ("blue", "R1") not in g.contacts
    act(loc, "move", unit="T", path=["0103", "0203", "0303"])
    assert game(loc).units["R1"].status == "off_map"
    act(loc, "move", unit="T", path=["0303", "0403"])
    g = game(loc)
    assert g.units["R1"].on_map and g.map.number(g.units["R1"].hex) == "0503"
    assert "refugees R1 come out in 0503 (War Blog 1.33)" in _read(loc, "red")
    assert "come out" not in _read(loc, "blue")


def test_refugees_move_two_and_keep_out_of_the_mountains(tmp_path):
    """1.33: 2 movement points; plains cost them 2 (one hex a turn); mountains 3: never off a road."""
    terrain = "\n".join(["........", "........", "...M....", "........", "........", "........"])
    loc = make_game(tmp_path, [("T", "tank_bn", "0803")], [("R", "refugees", "0303")], terrain=terrain)
    from umpire.actions import system_for
    g = game(loc)
    h = g.map.grid.parse
    check = system_for(loc).check_move
    assert check(g, "R", [h("0303"), h("0304")]).steps[-1].cost == 2
    assert not check(g, "R", [h("0303"), h("0304"), h("0305")]).legal
    assert not check(g, "R", [h("0303"), h("0403")]).legal                   # the mountain: 3 > 2


def test_a_latent_refugee_must_wait_off_the_map(tmp_path):
    """1.33: a listed refugee unit set up on a hex is refused in one line."""
    bad = LATENT.replace('{ id = "R1", type = "refugees" }', '{ id = "R1", type = "refugees", hex = "0505" }')
    with pytest.raises(ScenarioError, match="set it up without a hex"):
        make_game(tmp_path, [("T", "tank_bn", "0103")], [("X", "infantry_bn", "0806")], extra=bad)


def test_combat_in_the_city_brings_them_out(tmp_path):
    """1.33: Blue's tank at 0703 (two hexes from 0503) attacks the red company in 0603, next to
    the refugees' hex: the combat brings them out."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0703")], [("X", "infantry_coy", "0603")], extra=LATENT)
    act(loc, "assault", 12, units=["T"], hex="0603")
    g = game(loc)
    assert g.units["R1"].on_map and g.map.number(g.units["R1"].hex) == "0503"
