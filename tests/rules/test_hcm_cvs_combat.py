"""HCM 3.10 d: the commander with a firing unit adds +1 combat; with the optional CVS Combat
(`[hcm] cvs_combat = true`) his CVS Combat value goes on the roll instead -- and the enemy never
reads it (4.5)."""

import pytest

from umpire.core.engine import journal
from umpire.core.scenario import load_scenario
from umpire.core.witness import side_journal
from umpire.rules.hcm.fire_sheet import fire_sheet

from . import hcmkit
from .hcmkit import act, game, hcm_game, to_phase


sees_all = hcmkit.sees_all          # the fixture: every enemy on the map seen and identified


RED = [dict(id="R1", type="medium_infantry", hex="0705", on_table=True)]


def tank_and_commander(tmp_path, combat: int | None, option: bool | None):
    blue = [dict(id="T", type="medium_tank", hex="0305", facing="SE", on_table=True)]
    if combat is not None:
        blue.append(dict(id="Cpt Vale", type="commander", hex="0305", combat=combat))
    return hcm_game(tmp_path, blue, RED, hcm="" if option is None else f"cvs_combat = {str(option).lower()}")


def needed(loc) -> int:
    g = game(loc)
    g.phase = "a_fire_p"
    sheet = fire_sheet(g, "T", "R1")
    assert sheet.legal, sheet.reason
    return sheet.needed


def test_3_10d_the_flat_plus_one_without_the_option(tmp_path, sees_all):
    alone = needed(tank_and_commander(tmp_path / "a", None, None))
    assert needed(tank_and_commander(tmp_path / "b", 2, None)) == alone - 1      # +1, whatever his CVS
    assert needed(tank_and_commander(tmp_path / "c", 2, False)) == alone - 1


def test_3_10d_optional_the_cvs_combat_value_instead_of_plus_one(tmp_path, sees_all):
    alone = needed(tank_and_commander(tmp_path / "a", None, True))
    assert needed(tank_and_commander(tmp_path / "b", 2, True)) == alone - 2
    assert needed(tank_and_commander(tmp_path / "c", 0, True)) == alone            # "instead": no +1 as well


def test_3_10d_optional_small_arms_too(tmp_path, sees_all):
    blue = [dict(id="T", type="medium_infantry", hex="0305", facing="SE", on_table=True),
            dict(id="Cpt Vale", type="commander", hex="0305", combat=2)]
    loc = hcm_game(tmp_path, blue, RED, hcm="cvs_combat = true")
    g = game(loc)
    g.phase = "a_fire_p"
    sheet = fire_sheet(g, "T", "R1")
    assert any("CVS Combat 2" in x and "3.10 d" in x for x in sheet.lines)


def test_4_5_the_enemy_never_reads_the_commanders_combat_value(tmp_path, sees_all):
    loc = tank_and_commander(tmp_path, 2, True)
    to_phase(loc, "a_placement")                # lifted as blue's half began (3.2), placed again (3.6)
    act(loc, "place_commander", side="blue", unit="Cpt Vale", hex="0305")
    to_phase(loc, "a_fire_p")
    act(loc, "fire", 1, 1, side="blue", unit="T", target="R1")
    g = game(loc)
    entries = journal(loc)
    blue = "\n".join(x for e in side_journal(g, "blue", entries) for x in (e.head, *e.lines))
    red = "\n".join(x for e in side_journal(g, "red", entries) for x in (e.head, *e.lines))
    assert "CVS Combat 2" in blue
    assert "CVS Combat" not in red


def test_the_option_must_be_true_or_false(tmp_path):
    from umpire.core.errors import ScenarioError
    tank_and_commander(tmp_path, 1, True)
    path = tmp_path / "hcm.toml"
    path.write_text(path.read_text().replace("cvs_combat = true", 'cvs_combat = "yes"'))
    with pytest.raises(ScenarioError, match=r"\[hcm\]: cvs_combat must be true or false"):
        load_scenario(path)
