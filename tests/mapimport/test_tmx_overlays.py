"""Overlays from a Tiled map (issue 22 leftovers): an `overlay` property -- on a point (its
hex), an area (the hexes whose centres lie inside), a tile or its layer -- names one of the rule
system's overlays, directly or through the mapping (`--overlay VALUE=KIND`, `[overlays]`), and
the skeleton lists them as [[map.overlay]] entries that validate: War Blog's villages, towns and
map features (its terrain chart's overlays).  A value no overlay answers, or a minefield (which
has a side and goes in [[minefield]]), is refused in one line with the way to map it.  The test
map's geometry is test_tmx_areas.py's."""

import pytest

from umpire.cli import main
from umpire.core.ruleset import load_ruleset
from umpire.core.scenario import load_scenario
from umpire.mapimport.tmx import Mapping, import_tmx, read_mapping

from . import tmxkit as kit
from .test_tmx_areas import GRASS, layer, obj

WARBLOG = load_ruleset("warblog")


def war_blog_map(tmp_path, *objects):
    # a tile layer whose own property lays a town under its one tile, in 0101 (tile 4 says nothing)
    towns = kit.layer_xml("Towns", [[4, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], props={"overlay": "town"})
    return kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GRASS), towns, layer("Places", *objects)])


def test_points_areas_and_tiles_lay_overlays(tmp_path):
    path = war_blog_map(tmp_path,
                        obj(1, "Airfield", 130, 90, shape="<point/>", props={"overlay": "feature_airport"}),
                        obj(2, "Hamlets", 60, 100, 80, 80, props={"overlay": "hamlet"}))
    sk = import_tmx(path, WARBLOG, Mapping(terrain={"grass": "agricultural"}, overlays={"hamlet": "village"}))
    assert sk.overlays == {"town": ["0101"], "feature_airport": ["0302"], "village": ["0202", "0203", "0303"]}
    out = tmp_path / "m.toml"
    assert main(["import-map", "tmx", str(path), "--rules", "warblog", "--terrain", "grass=agricultural",
                 "--overlay", "hamlet=village", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert '[[map.overlay]]\nkind = "village"\nhexes = ["0202", "0203", "0303"]' in text
    assert main(["validate", str(out)]) == 0
    m = load_scenario(out).map
    laid = {(o.kind, m.number(o.hex)) for o in m.overlays}
    assert laid == {("town", "0101"), ("feature_airport", "0302"), ("village", "0202"), ("village", "0203"),
                    ("village", "0303")}


def test_a_mapping_files_overlays_and_property(tmp_path):
    path = war_blog_map(tmp_path, obj(1, "Camp", 130, 90, shape="<point/>", props={"marker": "camp"}))
    mapping = tmp_path / "tiles.toml"
    mapping.write_text('overlay_property = "marker"\n[terrain]\ngrass = "agricultural"\n[overlays]\n'
                       'camp = "feature_camp"\n', encoding="utf-8")
    sk = import_tmx(path, WARBLOG, read_mapping(mapping))
    # the Towns layer's `overlay` is no longer the property read
    assert sk.overlays == {"feature_camp": ["0302"]}


@pytest.mark.parametrize("value, words", [
    ("castle", "overlay 'castle' (first in object 1 'Keep' on layer 'Places') not overlays of warblog (hearts_and_minds, "
               "village, town"),
    ("minefield", "object 1 'Keep' on layer 'Places': a minefield belongs to a side and has a type: write it in "
                  "the scenario's [[minefield]]"),
])
def test_an_overlay_the_rule_system_lacks_is_refused_with_the_way_to_map_it(tmp_path, capsys, value, words):
    path = war_blog_map(tmp_path, obj(1, "Keep", 130, 90, shape="<point/>", props={"overlay": value}))
    assert main(["import-map", "tmx", str(path), "--rules", "warblog", "--terrain", "grass=agricultural",
                 "--out", str(tmp_path / "out.toml")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and not (tmp_path / "out.toml").exists()
    assert "m.tmx" in err and words in err, err
    assert (f"--overlay {value}=NAME" in err) == (value != "minefield")
