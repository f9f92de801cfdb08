"""What a MechWar 4 scenario says of its records beyond the core's keys, read back through
rules/mechwar4/traits.py: troop quality and its inheritance (MW4 3.4, 13.0), formation doctrine
(4.1), HQ ratings (19.821), units set up camouflaged or dug in (5.25, 11.0), reinforcements in
column (20.61), and what the scenario grants its fire supports (7.0, 7.7, 14.13, 14.32, 15.36,
19.4, 19.21)."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.core.errors import ScenarioError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import create_game, open_game
from umpire.rules.mechwar4.supports import all_supports
from umpire.rules.mechwar4.morale import unit_panic_level
from umpire.rules.mechwar4.traits import (doctrine_of, enters_in_column, hq_rating_of, plot_ahead, quality_of,
                                          support_traits)


def variant(tmp_path: Path, text: str, *edits: tuple[str, str]) -> Path:
    for old, new in edits:
        assert old in text, f"test setup: {old!r} not in the sample"
        text = text.replace(old, new, 1)
    p = tmp_path / "variant.toml"
    p.write_text(text, encoding="utf-8")
    return p


def game_of(tmp_path: Path, path: Path):
    return open_game(create_game(load_scenario(path), tmp_path / "g.umpire"))


# the Soviet battalion given a quality of its own: reserve
RESERVE_MRB = ('hq_rating = "D"', 'hq_rating = "D"\nquality = "reserve"')


@pytest.mark.parametrize("unit,quality", [
    ("Scout 1", "seasoned"),       # its own
    ("T1", "first_line"),          # its company's (Tank Co)
    ("1/1", "reserve"),            # its battalion's: 1 MRC gives none
    ("Recon 1", "reserve"),        # a battalion unit, outside any company: its battalion's
    ("A1", "first_line"),          # neither A/2-32 nor TF 2-32 gives one: its side's
    ("2-32 HQ", "first_line"),
])
def test_3_4_13_0_20_3_a_units_quality_is_its_own_else_its_companys_battalions_or_sides(tmp_path, sample_text,
                                                                                  unit, quality):
    path = variant(tmp_path, sample_text, RESERVE_MRB)
    sc = load_scenario(path)
    assert quality_of(sc, next(u for u in sc.units if u.id == unit)) == quality
    game = game_of(tmp_path, path)
    assert quality_of(game, game.units[unit]) == quality                   # the game file resolves it alike
    levels = {"seasoned": 0, "first_line": 10, "reserve": 30}               # 13.0: the quality table
    assert unit_panic_level(game, game.units[unit]) == levels[quality]      # a company that has lost nothing


def test_only_what_the_scenario_says_of_the_unit_itself_is_kept_on_it(tmp_path, sample_text):
    game = game_of(tmp_path, variant(tmp_path, sample_text, RESERVE_MRB))
    assert game.units["Scout 1"].traits == {"quality": "seasoned"} and game.units["1/1"].traits == {}
    assert next(b for b in game.battalions if b.id == "1 MRB").traits == {"hq_rating": "D", "quality": "reserve"}


def test_4_1_19_821_20_61_doctrine_hq_rating_and_a_column_of_reinforcements(game_path):
    game = open_game(game_path)
    assert doctrine_of(game, "nato") == "nato" and doctrine_of(game, "warpac") == "soviet"
    assert [hq_rating_of(b) for b in game.battalions] == ["C", "D"]
    assert enters_in_column(game.reinforcements[0])
    assert all(game.units[u].marks.in_column for u in ("T4", "T5", "T6"))     # off the map, in column (20.61)
    assert not game.units["T1"].marks.in_column


def test_4_1_19_821_none_given(tmp_path, sample_text):
    path = variant(tmp_path, sample_text, ('doctrine = "nato"', ""), ('hq_rating = "C"', ""),
                   ('formation = "column"', 'formation = "free"'))
    game = game_of(tmp_path, path)
    assert doctrine_of(game, "nato") is None and hq_rating_of(game.battalions[0]) is None
    assert not enters_in_column(game.reinforcements[0]) and game.reinforcements[0].traits == {}
    assert not game.units["T4"].marks.in_column                               # free: each on its own (20.66)


def test_5_25_11_0_units_set_up_camouflaged_or_in_an_improved_position_start_so(tmp_path, sample_text):
    """MW4 11.3: improved positions come only from the scenario's set-up; no action builds one."""
    path = variant(tmp_path, sample_text,
                   ('{ id = "TOW 1", type = "us_tow", hex = "1508" }',
                    '{ id = "TOW 1", type = "us_tow", hex = "1508", camouflaged = true }'),
                   ('{ id = "TOW 2", type = "us_tow", hex = "2708" }',
                    '{ id = "TOW 2", type = "us_tow", hex = "2708", improved_position = true }'))
    game = game_of(tmp_path, path)
    assert game.units["TOW 1"].marks.camouflaged and not game.units["TOW 1"].marks.improved
    assert game.units["TOW 2"].marks.improved and not game.units["TOW 2"].marks.camouflaged
    assert not game.units["A1"].marks.camouflaged


def test_14_32_19_4_19_21_what_the_scenario_grants_its_artillery(tmp_path, sample_text):
    path = variant(tmp_path, sample_text, ('concentrations = 3\nstrength = 8\n',
                                           'concentrations = 3\nstrength = 8\ntarget = "protected"\nunspotted = true\n'))
    game = game_of(tmp_path, path)
    us, sov = (support_traits(a) for a in game.artillery[:2])
    assert (us.multiples, us.fascam, us.target, us.unspotted, us.section) == (2, 2, "soft", False, False)
    assert (sov.multiples, sov.fascam, sov.target, sov.unspotted) == (0, 0, "protected", True)


def test_7_7_15_36_air_strikes_are_plotted_one_turn_ahead_advanced_ones_three(tmp_path, game_path, sample_text):
    game = open_game(game_path)
    assert plot_ahead(all_supports(game)["A-10 pair"]) == 1 and plot_ahead(all_supports(game)["US DS"]) == 0
    path = variant(tmp_path, sample_text, ("strength = 12\nfrom_turn = 3\n", "strength = 12\nfrom_turn = 3\nadvanced = true\n"))
    game = game_of(tmp_path, path)
    assert game.air[0].traits == {"advanced": True} and plot_ahead(all_supports(game)["A-10 pair"]) == 3
    assert support_traits(all_supports(game)["A-10 pair"]).fascam == 0      # an air strike has no FASCAM (19.4)


@pytest.mark.parametrize("edit,words", [
    (('{ id = "A1", type = "us_m1", hex = "1109" }', '{ id = "A1", type = "us_m1", hex = "1109", quality = "heroic" }'),
     'unit "A1": unknown troop quality \'heroic\' (known: seasoned, first_line, second_line, reserve, green)'),
    (('doctrine = "soviet"', 'doctrine = "roman"'),
     '[[side]] "warpac": unknown formation doctrine \'roman\' (known: nato, soviet)'),
    (('kind = "rocket"', 'kind = "rocket"\nsection = true'),
     '[[artillery]] "Sov MRL": a section cannot fire loose, and rockets fire only loose (MW4 7.0, 7.21)'),
    (('quality = "second_line"\n', ''), '[[side]] "warpac": missing \'quality\''),        # every side is rated (13.0)
])
def test_a_scenario_naming_what_the_tables_lack_is_refused_in_one_line(tmp_path, sample_text, edit, words):
    path = variant(tmp_path, sample_text, edit)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    line = info.value.one_line()
    assert line.startswith(f"{path}:") and line.endswith(words), line
