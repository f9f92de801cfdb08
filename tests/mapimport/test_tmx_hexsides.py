"""Roads and rivers from a Tiled map (issue 22): lines on an object layer -- a road drawn through
hex centres read as a path of hexes, a stream drawn along hex edges as the hexsides it runs on --
and tiles whose property lists their features and sides ("road N S"), through the organizer's
mapping; the skeleton's [map.hexsides] validates.  Tiled draws the test map's cells 48 pixels
apart across (flat hexes 64 wide, sides of 32) and 56 down, its odd columns (from 0) half a cell
lower: cell (c, r)'s centre is (48c + 32, 56r + 28, + 28 on odd c)."""

import pytest

from umpire.cli import main
from umpire.core.hexgrid import Hexside
from umpire.core.ruleset import load_ruleset
from umpire.core.scenario import load_scenario
from umpire.mapimport.tmx import Mapping, import_tmx, read_mapping

from . import tmxkit as kit

TOY = load_ruleset("toy")
GRASS = [[2, 2, 2, 2], [2, 2, 2, 2], [2, 2, 2, 2]]
MAPPING = Mapping(terrain={"forest": "woods", "grass": "clear"})


def centre(c, r):
    return 48 * c + 32, 56 * r + 28 + (28 if c % 2 else 0)


def objects_xml(*objects, props=None) -> str:
    """An object layer; each object (value, points, extra) a polyline at (0, 0) with a hexside property."""
    inner = []
    for i, (value, points, shape) in enumerate(objects, start=1):
        pts = " ".join(f"{x},{y}" for x, y in points)
        body = f'<{shape} points="{pts}"/>' if shape else ""
        inner.append(f'<object id="{i}" name="line {i}" x="0" y="0">{kit._props({"hexside": value})}{body}</object>')
    return f'<objectgroup id="9" name="Lines">{kit._props(props or {})}{"".join(inner)}</objectgroup>'


def test_a_road_through_centres_is_a_path_and_a_stream_along_edges_its_hexsides(tmp_path):
    road = [centre(0, 0), centre(1, 0), centre(2, 0), centre(3, 0)]
    # the stream: along the edge between cells (0, 0) and (0, 1) -- y 56, x 16 to 48 -- then down
    # the edge between (0, 1) and (1, 0), from the corner (48, 56) to (64, 84)
    stream = [(16, 56), (48, 56), (64, 84)]
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GRASS),
                                        objects_xml(("road", road, "polyline"), ("creek", stream, "polyline"))])
    sk = import_tmx(path, TOY, Mapping(terrain={"grass": "clear"}, hexsides={"creek": "stream"}))
    assert sk.hexsides == {"road": ["0101-0201-0301-0401"], "stream": ["0101/0102", "0102/0201"]}
    out = tmp_path / "m.toml"
    assert main(["import-map", "tmx", str(path), "--rules", "toy", "--terrain", "grass=clear",
                 "--hexside", "creek=stream", "--out", str(out)]) == 0
    assert main(["validate", str(out)]) == 0
    m = load_scenario(out).map
    g = m.grid
    assert "road" in m.hexsides[Hexside.between(g.parse("0201"), g.parse("0301"))]
    assert "stream" in m.hexsides[Hexside.between(g.parse("0102"), g.parse("0201"))]
    # the corner the stream turns at touches 0101/0201 too: no stream there
    assert "stream" not in m.hexsides.get(Hexside.between(g.parse("0101"), g.parse("0201")), set())


def test_a_road_drawn_fast_past_a_hex_is_joined_up_and_the_layer_names_the_feature(tmp_path):
    # two points only, three cells apart on row 1: the hexes between are taken in
    line = [centre(0, 1), centre(3, 1)]
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GRASS),
                                        objects_xml(("", line, "polyline"), props={"hexside": "road"})])
    sk = import_tmx(path, TOY, MAPPING)
    [road] = sk.hexsides["road"]
    hexes = road.split("-")
    assert hexes[0] == "0102" and hexes[-1] == "0402" and len(hexes) == 4


def test_tiles_list_their_features_and_sides(tmp_path):
    tiles = (f'<tileset firstgid="1" name="t" tilewidth="64" tileheight="56" tilecount="2" columns="2">'
             f'<tile id="0">{kit._props({"terrain": "grass", "hexside": "road N S; creek NE"})}</tile>'
             f'<tile id="1">{kit._props({"terrain": "grass"})}</tile></tileset>')
    rows = [[2, 1, 2, 2], [2, 2, 2, 2], [2, 2, 2, 2]]
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", rows)], tilesets=tiles)
    sk = import_tmx(path, TOY, Mapping(terrain={"grass": "clear"}, hexsides={"creek": "stream"}))
    assert sk.hexsides == {"road": ["0201 N S"], "stream": ["0201 NE"]}


@pytest.mark.parametrize("value, words", [
    ("road E", "layer 'Ground', hex 0201: hexside 'E' is not a side of flat-topped hexes (N NE SE S SW NW)"),
    ("road", "layer 'Ground', hex 0201: hexside 'road' names no side"),
    ("lane N", "hexside 'lane' (first on layer 'Ground') not hexside features of toy (road, bridge, stream, "
               "slope): map each, e.g. --hexside lane=NAME"),
])
def test_a_tile_value_that_cannot_be_read_is_refused_in_one_line(tmp_path, capsys, value, words):
    tiles = (f'<tileset firstgid="1" name="t" tilewidth="64" tileheight="56" tilecount="2" columns="2">'
             f'<tile id="0">{kit._props({"hexside": value})}</tile><tile id="1"/></tileset>')
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", [[2, 1, 2, 2], [2] * 4, [2] * 4])], tilesets=tiles)
    assert main(["import-map", "tmx", str(path), "--rules", "toy", "--out", str(tmp_path / "m.toml")]) == 2
    err = capsys.readouterr().err.strip()
    assert f"m.tmx: {words}" in err and "\n" not in err and not (tmp_path / "m.toml").exists()


def test_a_feature_on_an_object_that_is_no_line_is_refused(tmp_path, capsys):
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GRASS), objects_xml(("road", [], None))])
    assert main(["import-map", "tmx", str(path), "--rules", "toy", "--terrain", "grass=clear",
                 "--out", str(tmp_path / "m.toml")]) == 2
    err = capsys.readouterr().err.strip()
    assert "m.tmx: object 1 line 1 on layer 'Lines': a hexside feature is drawn as a polyline" in err


def test_a_mapping_file_maps_hexside_values_too(tmp_path):
    (tmp_path / "club.toml").write_text('hexside_property = "line"\n[terrain]\ngrass = "clear"\n'
                                        '[hexsides]\ncreek = "stream"\n', encoding="utf-8")
    mapping = read_mapping(tmp_path / "club.toml")
    assert (mapping.hexside_property, mapping.hexsides) == ("line", {"creek": "stream"})
    (tmp_path / "bad.toml").write_text('[hexsides]\ncreek = 3\n', encoding="utf-8")
    with pytest.raises(Exception, match=r"\[hexsides\] to hexside features"):
        read_mapping(tmp_path / "bad.toml")


def test_pointy_cells_lie_where_tiled_draws_them(tmp_path):
    """Pointy-topped (staggeraxis y, odd rows shifted right half a cell): rows (56 + 32) / 2 = 44
    pixels apart, cells 64 across; a road through the centres of row 0's cells."""
    line = [(32 + 64 * c, 28) for c in range(4)]
    path = kit.tmx(tmp_path / "p.tmx", [kit.layer_xml("Ground", GRASS), objects_xml(("road", line, "polyline"))],
                   axis="y")
    sk = import_tmx(path, TOY, MAPPING)
    assert sk.hexsides == {"road": ["0101-0201-0301-0401"]}
    line = [(32, 28), (64, 72)]        # 0101 to the cell below and right: row 1 shifted right, its first cell
    path = kit.tmx(tmp_path / "q.tmx", [kit.layer_xml("Ground", GRASS), objects_xml(("road", line, "polyline"))],
                   axis="y")
    assert import_tmx(path, TOY, MAPPING).hexsides == {"road": ["0101-0102"]}
