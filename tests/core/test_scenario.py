"""Scenario loading: the sample, and every way a scenario can be refused (one line each)."""

from pathlib import Path

import pytest

from umpire.core.errors import ScenarioError
from umpire.core.hexgrid import Hexside
from umpire.core.scenario import load_scenario


def _variant(tmp_path: Path, text: str, old: str, new: str, count: int = 1) -> Path:
    assert old in text, f"test setup: {old!r} not in the sample"
    p = tmp_path / "variant.toml"
    p.write_text(text.replace(old, new, count), encoding="utf-8")
    return p


def _refused(path: Path) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    err = info.value
    msg = err.one_line()
    assert "\n" not in msg
    assert str(path) in msg
    return err


class TestSample:
    def test_loads(self, sample_scenario):
        sc = sample_scenario
        assert sc.rules.name == "mechwar4"
        assert sc.map.grid.columns >= 40 and sc.map.grid.rows >= 30
        assert len(sc.sides) == 2
        for side in sc.sides:
            assert sum(1 for u in sc.units if u.side == side.id) >= 12
        assert {b.hq for b in sc.battalions} <= {u.id for u in sc.units}

    def test_terrain_variety(self, sample_scenario):
        m = sample_scenario.map
        assert max(m.elevation.values()) >= 3
        assert {"light_woods", "heavy_woods", "town"} <= set(m.terrain.values())
        kinds = {k for feats in m.hexsides.values() for k in feats}
        assert {"road", "stream", "slope", "bridge"} <= kinds

    def test_support_and_reinforcements(self, sample_scenario):
        sc = sample_scenario
        assert sc.artillery and sc.minefields and sc.reinforcements
        r = sc.reinforcements[0]
        assert r.traits == {"formation": "column"} and len(r.units) == 3      # the rule system's key (MW4 20.61)
        assert all(u.hex is None for u in sc.units if u.id in r.units)

    def test_auto_slopes_face_uphill(self, sample_scenario):
        m = sample_scenario.map
        for side, feats in m.hexsides.items():
            if "slope" in feats:
                high = feats["slope"]
                assert m.elevation[high] > m.elevation[side.other(high)]

    def test_mw4_20_41_zone_south_of_a_line(self, sample_scenario):
        """MW4 20.41: 'south of the line' includes the line's hexes and all below them."""
        sc = sample_scenario
        zone = next(z for z in sc.zones if z.id == "warpac-setup")
        g = sc.map.grid
        assert g.parse("0121") in zone.hexes and g.parse("0130") in zone.hexes
        assert g.parse("0120") not in zone.hexes
        assert g.parse("4025") in zone.hexes and g.parse("4024") not in zone.hexes

    def test_passengers_ride_with_carriers(self, sample_scenario):
        units = {u.id: u for u in sample_scenario.units}
        assert units["1/1 Rifles"].carried_by == "1/1"
        assert units["1/1 Rifles"].hex == units["1/1"].hex

    def test_road_paths_become_hexsides(self, sample_scenario):
        g = sample_scenario.map.grid
        side = Hexside.between(g.parse("0112"), g.parse("0212"))
        assert "road" in sample_scenario.map.features(side)


# (what to change in the sample, what to change it to, words the message must contain, line?)
REFUSALS = [
    ("title = \"Kaltenbach Gap\"", "title = \"Kaltenbach Gap", "syntax error", False),
    ("{ id = \"A1\", type = \"us_m1\"", "{ id = \"A1\", type = \"us_m1a9\"", "unknown unit type 'us_m1a9'", True),
    ("{ id = \"A2\", type = \"us_m1\", hex = \"1309\"", "{ id = \"A2\", type = \"us_m1\", hex = \"4509\"",
     "off the map", True),
    ("{ id = \"A2\", type = \"us_m1\"", "{ id = \"A1\", type = \"us_m1\"", "duplicate id 'A1'", True),
    ("area = [\"0101\", \"4013\"]", "area = [\"0101\", \"4513\"]", "zone outside the map", True),
    ("battalion = \"TF 2-32\"\nname = \"A Company", "name = \"A Company", "company has no battalion", True),
    ("battalion = \"TF 2-32\"\nname = \"A Company", "battalion = \"TF 9-99\"\nname = \"A Company",
     "battalion 'TF 9-99' is not defined", True),
    ("rules = \"mechwar4\"", "rules = \"mechwar9\"", "unknown rule system 'mechwar9'", True),
    ("columns = 40", "columns = 41", "has 40 columns but the map has 41", True),
    ("trail = [", "railroad = [", "unknown hexside feature 'railroad'", True),
    ("bridge = [\"2019/2120\"]", "bridge = [\"2019/2121\"]", "not adjacent", True),
    ("{ id = \"Scout 2\", type = \"us_m3\", hex = \"0512\"", "{ id = \"Scout 2\", type = \"us_m3\", hex = \"0520\"",
     "outside its deployment zone 'nato-setup'", True),
    ("units = [\"2 Tank Co\"]", "units = [\"Tank Co\"]", "already set up on the map", True),
    ("entry = [\"3030\"]", "entry = [\"2020\"]", "not on a map edge", True),
    ("carried_by = \"1/1\"", "carried_by = \"1/2\"", "same hex as its carrier", True),
    ("quality = \"second_line\"", "quality = \"veteran\"", "unknown troop quality 'veteran'", True),
    ("[[minefield]]", "[[minefeld]]", "unknown section [minefeld] (did you mean 'minefield'?)", True),
    ("type = \"preventative\"", "type = \"scatterable\"", "unknown minefield type", True),
    ("{ hex = \"1206\", label = \"Hill 204\"", "{ hex = \"1299\", label = \"Hill 204\"", "off the map", True),
    ("first_player = \"warpac\"", "first_player = \"nobody\"", "first_player 'nobody' is not a side", True),
    ("turn = 4", "turn = 40", "after the last turn", True),
    ("hq = \"2-32 HQ\"", "hq = \"A1\"", "hq 'A1' must be one of the battalion's own units", True),
    ("side = \"warpac\"\nname = \"1st Motor", "side = \"redfor\"\nname = \"1st Motor", "unknown side 'redfor'", True),
    ("doctrine = \"soviet\"", "doctrine = \"roman\"", "unknown formation doctrine 'roman'", True),
    ("exit = { edge = \"north\", points = 3 }", "exit = { hexes = [\"2020\"], points = 3 }",
     "exit hexes must be on the map edge: 2020", True),
    ("exit = { edge = \"north\", points = 3 }", "exit = { edge = \"north\" }", "exit needs a zone", True),
    ("exit = { edge = \"north\", points = 3 }", "exit = { edge = \"up\", points = 3 }", "exit zone outside", True),
]


@pytest.mark.parametrize("old,new,words,has_line", REFUSALS, ids=[r[2][:40] for r in REFUSALS])
def test_refused_with_reason(tmp_path, sample_text, old, new, words, has_line):
    err = _refused(_variant(tmp_path, sample_text, old, new))
    assert words in err.one_line()
    if has_line:
        assert err.line is not None, err.one_line()


def test_line_number_points_at_the_culprit(tmp_path, sample_text):
    path = _variant(tmp_path, sample_text, "{ id = \"A1\", type = \"us_m1\"", "{ id = \"A1\", type = \"us_m1a9\"")
    err = _refused(path)
    assert "us_m1a9" in path.read_text().splitlines()[err.line - 1]


def test_unknown_terrain_symbol(tmp_path, sample_text):
    lines = sample_text.splitlines(keepends=True)
    i = lines.index('terrain = """\n') + 3
    lines[i] = "X" + lines[i][1:]
    p = tmp_path / "s.toml"
    p.write_text("".join(lines))
    err = _refused(p)
    assert "unknown terrain symbol 'X'" in err.problem and "row 3, column 1" in err.problem
    assert err.line == i + 1


def test_slope_needs_two_levels(tmp_path, sample_text):
    p = _variant(tmp_path, sample_text, "trail = [", "slope = [\"0101/0102\"]\ntrail = [")
    assert "a slope needs a higher side" in _refused(p).problem


def test_not_utf8(tmp_path):
    p = tmp_path / "bin.toml"
    p.write_bytes(b"\xff\xfe\x00garbage")
    assert "not a text file" in _refused(p).problem


def test_missing_file(tmp_path):
    assert "cannot read" in _refused(tmp_path / "nope.toml").problem


def test_garbage_text(tmp_path):
    p = tmp_path / "g.toml"
    p.write_text("this is not a scenario\n")
    assert "syntax error" in _refused(p).problem


def test_empty_but_valid_toml(tmp_path):
    p = tmp_path / "e.toml"
    p.write_text("# nothing\n")
    assert "missing" in _refused(p).problem


def test_vehicle_cannot_set_up_where_it_cannot_go(tmp_path, sample_text):
    p = _variant(tmp_path, sample_text, "{ id = \"Mortar Bty\", type = \"sov_mortar\", hex = \"1829\"",
                 "{ id = \"Mortar Bty\", type = \"sov_mortar\", hex = \"1029\"")
    assert "cannot stand in heavy woods" in _refused(p).problem


@pytest.mark.parametrize("line,words", [
    ('ammunition = "lots"', "ammunition = 'lots': choose one of none, levels, quick (MW4 6.87)"),
    ('ammo = "quick"', "unknown option 'ammo' (known: ammunition, artillery_delay, counterbattery_spotting, environment, offboard_counterbattery)"),
])
def test_options_are_checked_against_the_rule_system(tmp_path, sample_text, line, words):
    err = _refused(_variant(tmp_path, sample_text, 'ammunition = "quick"', line))
    assert words in str(err) and "[options]" in str(err)


def test_a_chosen_option_reaches_the_game(tmp_path, sample_text):
    from umpire.core.store.db import create_game, open_game
    path = _variant(tmp_path, sample_text, 'ammunition = "quick"', 'ammunition = "levels"')
    game = open_game(create_game(load_scenario(path), tmp_path / "g.umpire"))
    assert game.option("ammunition") == "levels" and game.options == {"ammunition": "levels"}


def test_a_parent_must_be_a_battalion_of_the_same_side(tmp_path, sample_text):
    err = _refused(_variant(tmp_path, sample_text, 'hq_rating = "D"', 'hq_rating = "D"\nparent = "TF 2-32"'))
    assert "parent 'TF 2-32' must be another [[battalion]] of the same side" in str(err) and "MW4 19.83" in str(err)
