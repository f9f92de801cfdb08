"""MechWar 4's tables as the strict loader reads them, and values transcribed from the MechWar 4
text.  The loader itself is tested in tests/core/test_ruleset.py."""

import pytest

from umpire.core.ruleset import available_rulesets, load_ruleset

CLASSES = ("truck", "vehicle", "foot", "helicopter")


@pytest.fixture(scope="module")
def mw4():
    return load_ruleset("mechwar4")


def test_installed(mw4):
    assert "mechwar4" in available_rulesets()
    assert mw4.movement_classes == CLASSES


def test_panic_levels_mw4_13_0(mw4):
    """MW4 13.0: Seasoned 0%, First Line 10%, Second Line 20%, Reserve 30%, Green 40%."""
    levels = {k: v["panic_level"] for k, v in mw4.tables["quality"].section("entry").items()}
    assert levels == {"seasoned": 0, "first_line": 10, "second_line": 20, "reserve": 30, "green": 40}
    assert not mw4.tables["quality"].sample


def test_mine_superiorities_mw4_16_11(mw4):
    """MW4 16.11: hasty -2, preventative +1, defensive +7."""
    assert {k: v["net_superiority"] for k, v in mw4.mine_types.items()} == \
        {"hasty": -2, "preventative": 1, "defensive": 7}


def test_los_facts_follow_the_text(mw4):
    t = mw4.terrain_types
    for k in ("light_woods", "heavy_woods", "town"):     # MW4 5.11 blocking, 10.42 +1 level
        assert t[k]["blocks_los"] and t[k]["blocking_height"] == 1
    assert not t["clear"]["blocks_los"]
    f = mw4.hexside_features
    for k in ("slope", "crest", "rail_embankment"):      # MW4 10.41 level-1 obstructions
        assert f[k]["obstruction_level"] == 1
    assert f["road"]["move"]["vehicle"] == 1             # MW4 8.1, 10.14
    assert mw4.overlays["smoke"]["blocks_los"]           # MW4 18.11


def test_samples_are_labelled(mw4):
    """MW4 3.3: the charts the text refers to but does not print (the unit values of 3.2's data
    sheets, the Terrain Effects Chart of 10.6...) are shipped as labelled samples."""
    samples = {t.name for t in mw4.sample_tables()}
    assert samples == {"terrain", "units", "observation", "camouflage", "victory", "crt", "attenuation", "panic",
                       "battalion_hq", "artillery", "plow_damage", "radio",
                       "aircraft", "air_defence"}
    assert all(t.note for t in mw4.sample_tables())


def test_symbols_unique(mw4):
    symbols = [v["symbol"] for v in mw4.terrain_types.values()]
    assert len(symbols) == len(set(symbols))
