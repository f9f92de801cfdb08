"""Scenario loading on MechWar 4's bundled sample, the Kaltenbach Gap, and what MechWar 4's own
tables add to the format: troop qualities, formation doctrines, its optional rules, brigades
(MW4 19.83).  Every other refusal is tested on the toy in tests/core/test_scenario.py."""


import pytest

from umpire.core.hexgrid import Hexside
from umpire.core.scenario import load_scenario

from scenariokit import refused, variant


class TestSample:
    def test_loads(self, sample_scenario):
        """MW4 20.1, 20.2: a scenario is a game of its own -- its hex map (3.1), each side's
        forces set up on it."""
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


# (what to change in the sample, what to change it to, words the message must contain)
REFUSALS = [
    ("quality = \"second_line\"", "quality = \"veteran\"", "unknown troop quality 'veteran'"),
    ("doctrine = \"soviet\"", "doctrine = \"roman\"", "unknown formation doctrine 'roman'"),
]


@pytest.mark.parametrize("old,new,words", REFUSALS, ids=[r[2][:40] for r in REFUSALS])
def test_refused_with_reason(tmp_path, sample_text, old, new, words):
    err = refused(variant(tmp_path, sample_text, old, new))
    assert words in err.one_line() and err.line is not None, err.one_line()


@pytest.mark.parametrize("line,words", [
    ('ammunition = "lots"', "ammunition = 'lots': choose one of none, levels, quick (MW4 6.87)"),
    ('ammo = "quick"', "unknown option 'ammo' (known: ammunition, artillery_delay, counterbattery_spotting, environment, offboard_counterbattery)"),
])
def test_options_are_checked_against_the_rule_system(tmp_path, sample_text, line, words):
    err = refused(variant(tmp_path, sample_text, 'ammunition = "quick"', line))
    assert words in str(err) and "[options]" in str(err)

def test_a_chosen_option_reaches_the_game(tmp_path, sample_text):
    from umpire.core.store.db import create_game, open_game
    path = variant(tmp_path, sample_text, 'ammunition = "quick"', 'ammunition = "levels"')
    game = open_game(create_game(load_scenario(path), tmp_path / "g.umpire"))
    assert game.option("ammunition") == "levels" and game.options == {"ammunition": "levels"}

def test_a_parent_must_be_a_battalion_of_the_same_side(tmp_path, sample_text):
    err = refused(variant(tmp_path, sample_text, 'hq_rating = "D"', 'hq_rating = "D"\nparent = "TF 2-32"'))
    assert "parent 'TF 2-32' must be another [[battalion]] of the same side" in str(err)
