"""Scenario loading: the sample, and every way a scenario can be refused (one line each)."""


import pytest

from umpire.core.hexgrid import Hexside
from umpire.core.scenario import load_scenario
import umpire.rules  # noqa: F401  (the rule systems' own checks of a scenario register as it is imported)

from scenariokit import refused, variant


class TestSample:
    def test_loads(self, sample_scenario):
        sc = sample_scenario
        assert sc.rules.name == "toy"
        assert (sc.map.grid.columns, sc.map.grid.rows) == (12, 10)
        assert len(sc.sides) == 2
        for side in sc.sides:
            assert sum(1 for u in sc.units if u.side == side.id) >= 5
        assert {b.hq for b in sc.battalions} <= {u.id for u in sc.units}

    def test_terrain_variety(self, sample_scenario):
        m = sample_scenario.map
        assert max(m.elevation.values()) >= 2
        assert {"woods", "town", "marsh"} <= set(m.terrain.values())
        kinds = {k for feats in m.hexsides.values() for k in feats}
        assert {"road", "stream", "slope", "bridge"} <= kinds

    def test_mines_and_reinforcements(self, sample_scenario):
        sc = sample_scenario
        assert sc.minefields and sc.reinforcements
        r = sc.reinforcements[0]
        assert r.traits == {} and r.units == ("A3",) and r.turn == 2      # the toy reads no extra key
        assert all(u.hex is None for u in sc.units if u.id in r.units)

    def test_auto_slopes_face_uphill(self, sample_scenario):
        m = sample_scenario.map
        slopes = 0
        for side, feats in m.hexsides.items():
            if "slope" in feats:
                slopes += 1
                high = feats["slope"]
                assert m.elevation[high] > m.elevation[side.other(high)]
        assert slopes

    def test_passengers_ride_with_carriers(self, sample_scenario):
        units = {u.id: u for u in sample_scenario.units}
        assert units["B2"].carried_by == "B2 Truck"
        assert units["B2"].hex == units["B2 Truck"].hex

    def test_road_paths_become_hexsides(self, sample_scenario):
        g = sample_scenario.map.grid
        side = Hexside.between(g.parse("0105"), g.parse("0205"))
        assert "road" in sample_scenario.map.features(side)

    def test_the_rule_systems_own_table(self, sample_scenario):
        assert sample_scenario.rule_data == {"rally": 4}


# (what to change in the sample, what to change it to, words the message must contain, line?)
REFUSALS = [
    ("title = \"Skirmish at Stonebridge\"", "title = \"Skirmish at Stonebridge", "syntax error", False),
    ("{ id = \"A1\", type = \"tanks\"", "{ id = \"A1\", type = \"tankz\"", "unknown unit type 'tankz'", True),
    ("{ id = \"A2\", type = \"tanks\", hex = \"0306\"", "{ id = \"A2\", type = \"tanks\", hex = \"1506\"",
     "off the map", True),
    ("{ id = \"A2\", type = \"tanks\"", "{ id = \"A1\", type = \"tanks\"", "duplicate id 'A1'", True),
    ("area = [\"0101\", \"0510\"]", "area = [\"0101\", \"1510\"]", "zone outside the map", True),
    ("battalion = \"1 Bn\"\nname = \"A Company", "name = \"A Company", "company has no battalion", True),
    ("battalion = \"1 Bn\"\nname = \"A Company", "battalion = \"9 Bn\"\nname = \"A Company",
     "battalion '9 Bn' is not defined", True),
    ("columns = 12", "columns = 13", "has 12 columns but the map has 13", True),
    ("stream = [", "railroad = [", "unknown hexside feature 'railroad'", True),
    ("bridge = [\"0705/0805\"]", "bridge = [\"0705/0806\"]", "not adjacent", True),
    ("{ id = \"Scout\", type = \"scouts\", hex = \"0505\"", "{ id = \"Scout\", type = \"scouts\", hex = \"0605\"",
     "outside its deployment zone 'blue-setup'", True),
    ("units = [\"A3\"]", "units = [\"A1\"]", "already set up on the map", True),
    ("entry = [\"0105\"]", "entry = [\"0505\"]", "not on a map edge", True),
    ("{ id = \"B2\", type = \"rifles\", hex = \"0307\"", "{ id = \"B2\", type = \"rifles\", hex = \"0308\"",
     "same hex as its carrier", True),
    ("name = \"Blue Force\"", "name = \"Blue Force\"\nquality = \"veteran\"",
     "[[side]] #1: unknown key 'quality'", True),       # a key of another rule system's (RuleSystem.Traits)
    ("[[minefield]]", "[[minefeld]]", "unknown section [minefeld] (did you mean 'minefield'?)", True),
    ("type = \"scattered\"", "type = \"sprinkled\"", "unknown minefield type", True),
    ("{ hex = \"0605\", label = \"Stonebridge\"", "{ hex = \"1605\", label = \"Stonebridge\"", "off the map", True),
    ("first_player = \"blue\"", "first_player = \"nobody\"", "first_player 'nobody' is not a side", True),
    ("turn = 2", "turn = 40", "after the last turn", True),
    ("hq = \"Blue HQ\"", "hq = \"A1\"", "hq 'A1' must be one of the battalion's own units", True),
    ("side = \"red\"\nname = \"2nd Red", "side = \"redfor\"\nname = \"2nd Red", "unknown side 'redfor'", True),
    ("name = \"Blue Force\"", "name = \"Blue Force\"\ndoctrine = \"roman\"",
     "[[side]] #1: unknown key 'doctrine'", True),
    ("exit = { edge = \"east\", points = 3 }", "exit = { hexes = [\"0606\"], points = 3 }",
     "exit hexes must be on the map edge: 0606", True),
    ("exit = { edge = \"east\", points = 3 }", "exit = { edge = \"east\" }", "exit needs a zone", True),
    ("exit = { edge = \"east\", points = 3 }", "exit = { edge = \"up\", points = 3 }", "exit zone outside", True),
    ("rally = 4", "rally = 9", "rally must be a whole number from 2 to 6, got 9", True),
    ("rally = 4", "morale = 4", "[toy] has no 'morale' (it reads: rally)", True),
]


@pytest.mark.parametrize("old,new,words,has_line", REFUSALS, ids=[r[2][:40] for r in REFUSALS])
def test_refused_with_reason(tmp_path, sample_text, old, new, words, has_line):
    err = refused(variant(tmp_path, sample_text, old, new))
    assert words in err.one_line()
    if has_line:
        assert err.line is not None, err.one_line()


def test_unknown_rule_system(tmp_path, sample_text):
    p = variant(tmp_path, sample_text.replace("[toy]\nrally = 4\n", ""), "rules = \"toy\"", "rules = \"toy9\"")
    err = refused(p)
    assert "unknown rule system 'toy9'" in err.one_line() and "toy9" in p.read_text().splitlines()[err.line - 1]


def test_line_number_points_at_the_culprit(tmp_path, sample_text):
    path = variant(tmp_path, sample_text, "{ id = \"A1\", type = \"tanks\"", "{ id = \"A1\", type = \"tankz\"")
    err = refused(path)
    assert "tankz" in path.read_text().splitlines()[err.line - 1]


def test_unknown_terrain_symbol(tmp_path, sample_text):
    lines = sample_text.splitlines(keepends=True)
    i = lines.index('terrain = """\n') + 3
    lines[i] = "X" + lines[i][1:]
    p = tmp_path / "s.toml"
    p.write_text("".join(lines))
    err = refused(p)
    assert "unknown terrain symbol 'X'" in err.problem and "row 3, column 1" in err.problem
    assert err.line == i + 1


def test_slope_needs_two_levels(tmp_path, sample_text):
    p = variant(tmp_path, sample_text, "stream = [", "slope = [\"0101/0102\"]\nstream = [")
    assert "a slope needs a higher side" in refused(p).problem


def test_not_utf8(tmp_path):
    p = tmp_path / "bin.toml"
    p.write_bytes(b"\xff\xfe\x00garbage")
    assert "not a text file" in refused(p).problem


def test_missing_file(tmp_path):
    assert "cannot read" in refused(tmp_path / "nope.toml").problem


def test_garbage_text(tmp_path):
    p = tmp_path / "g.toml"
    p.write_text("this is not a scenario\n")
    assert "syntax error" in refused(p).problem


def test_empty_but_valid_toml(tmp_path):
    p = tmp_path / "e.toml"
    p.write_text("# nothing\n")
    assert "missing" in refused(p).problem


def test_vehicle_cannot_set_up_where_it_cannot_go(tmp_path, sample_text):
    p = variant(tmp_path, sample_text, "{ id = \"D1\", type = \"tanks\", hex = \"1006\"",
                 "{ id = \"D1\", type = \"tanks\", hex = \"0908\"")
    assert "Tank platoon cannot stand in marsh hex 0908" in refused(p).problem


@pytest.mark.parametrize("line,words", [
    ('visibility = "fog"', "visibility = 'fog': choose one of clear, haze (Toy 5)"),
    ('weather = "clear"', "unknown option 'weather' (known: visibility)"),
])
def test_options_are_checked_against_the_rule_system(tmp_path, sample_text, line, words):
    err = refused(variant(tmp_path, sample_text, 'visibility = "clear"', line))
    assert words in str(err) and "[options]" in str(err)


def test_a_chosen_option_reaches_the_game(tmp_path, sample_text):
    from umpire.core.store.db import create_game, open_game
    path = variant(tmp_path, sample_text, 'visibility = "clear"', 'visibility = "haze"')
    game = open_game(create_game(load_scenario(path), tmp_path / "g.umpire"))
    assert game.option("visibility") == "haze" and game.options == {"visibility": "haze"}


def test_a_parent_must_be_a_battalion_of_the_same_side(tmp_path, sample_text):
    err = refused(variant(tmp_path, sample_text, 'hq = "Red HQ"', 'hq = "Red HQ"\nparent = "1 Bn"'))
    assert "parent '1 Bn' must be another [[battalion]] of the same side" in str(err)


def test_sides_without_a_colour_each_get_their_own(tmp_path, sample_text):
    """Issue 19: a third side -- partisans, a neutral -- is not drawn in another side's colour;
    a colour a scenario gives is kept, and a default never repeats it."""
    import re
    from umpire.core.scenario import load_scenario
    from umpire.core.scenario_oob import SIDE_COLOURS

    text = re.sub(r'(?m)^colour = "#[0-9a-fA-F]{6}"\n', "", sample_text)        # no side gives a colour
    p = tmp_path / "plain.toml"
    p.write_text(text)
    colours = [s.colour for s in load_scenario(p).sides]
    assert len(set(colours)) == len(colours) and colours == list(SIDE_COLOURS[:len(colours)])
    first = re.search(r'(?m)^\[\[side\]\]\n', sample_text)
    given = sample_text[:first.end()] + f'colour = "{SIDE_COLOURS[1]}"\n' + sample_text[first.end():]
    p.write_text(re.sub(r'(?m)^colour = "#(?!' + SIDE_COLOURS[1][1:] + r')[0-9a-fA-F]{6}"\n', "", given))
    colours = [s.colour for s in load_scenario(p).sides]
    assert colours[0] == SIDE_COLOURS[1] and len(set(colours)) == len(colours)
