"""HCM 3.7.6: a vehicle's machine guns fire once a turn, as a stand of infantry at 0-2 hexes --
but AA, AAA and quad mounts fire each on its own (the catalogue's sample `aa_mgs`)."""

import pytest

from umpire.core.errors import UmpireError
from umpire.rules.hcm.fire_sheet import fire_sheet, mg_shots

from . import hcmkit
from .hcmkit import act, game, hcm_game, to_phase


sees_all = hcmkit.sees_all          # the fixture: every enemy on the map seen and identified


RED = [dict(id="R1", type="heavy_infantry", hex="0505", on_table=True),
       dict(id="R2", type="heavy_infantry", hex="0405", on_table=True)]


def test_the_catalogue_counts_aa_mgs_and_others_fire_once(tmp_path):
    loc = hcm_game(tmp_path, [dict(id="Q", type="quad_aa_halftrack", hex="0305")], RED)
    types = game(loc).rules.unit_types
    assert mg_shots(types["quad_aa_halftrack"]) == 4          # a quad mount: four guns
    assert mg_shots(types["aa_vehicle"]) == 2
    assert mg_shots(types["halftrack"]) == 1 and mg_shots(types["medium_tank"]) == 1


def test_a_quad_mount_fires_four_times_a_turn_not_five(tmp_path, sees_all):
    loc = hcm_game(tmp_path, [dict(id="Q", type="quad_aa_halftrack", hex="0305", facing="SE", on_table=True)], RED)
    to_phase(loc, "a_fire_p")
    for target in ("R1", "R2", "R1", "R2"):                   # each gun at the target it chooses
        act(loc, "fire", 1, side="blue", unit="Q", target=target)
    assert game(loc).units["Q"].marks.shots == 4
    with pytest.raises(UmpireError, match="3.7.6"):
        act(loc, "fire", 1, side="blue", unit="Q", target="R1")


def test_a_tanks_mgs_fire_once_whatever_their_number(tmp_path, sees_all):
    loc = hcm_game(tmp_path, [dict(id="T", type="medium_tank", hex="0305", facing="SE", on_table=True)], RED)
    g = game(loc)
    g.phase = "a_fire_p"
    first = fire_sheet(g, "T", "R2", "mg")
    assert first.legal and not any("AA/quad" in x for x in first.lines)
    g.units["T"].marks = g.units["T"].marks.but(shots=1)
    again = fire_sheet(g, "T", "R2", "mg")
    assert not again.legal and again.rule == "HCM 3.7.6"


def test_the_worksheet_says_which_aa_gun_fires(tmp_path, sees_all):
    loc = hcm_game(tmp_path, [dict(id="Q", type="quad_aa_halftrack", hex="0305", facing="SE", on_table=True)], RED)
    g = game(loc)
    g.phase = "a_fire_p"
    g.units["Q"].marks = g.units["Q"].marks.but(shots=2)
    sheet = fire_sheet(g, "Q", "R1")
    assert sheet.legal and sheet.weapon == "mg"
    assert any("AA/quad MG 3 of 4" in x and "3.7.6" in x for x in sheet.lines)
