"""Terrain and levels from the objects of a Tiled map's object layers (issue 22 leftovers): a
point gives the hex it lies in, a rectangle (turned or not), an ellipse or a polygon the hexes
whose centres lie inside; the `terrain` and `elevation` properties on the object or its layer,
through the same mapping as the tiles'; layers drawn later win.  What an object cannot say is
refused in one line naming the file and the object (exit 2), nothing written.

The test map is tmxkit's 4 x 3 flat-topped map: cells 48 pixels apart across (64 wide, sides of
32) and 56 down, Tiled's odd columns (from 0) half a cell lower -- cell (c, r)'s centre is
(48c + 32, 56r + 28, + 28 on odd c), hex number (c + 1, r + 1):

    0101 (32, 28)   0201 (80, 56)    0301 (128, 28)   0401 (176, 56)
    0102 (32, 84)   0202 (80, 112)   0302 (128, 84)   0402 (176, 112)
    0103 (32, 140)  0203 (80, 168)   0303 (128, 140)  0403 (176, 168)
"""

import pytest

from umpire.cli import main
from umpire.core.ruleset import load_ruleset
from umpire.core.scenario import load_scenario
from umpire.mapimport.tmx import Mapping, import_tmx

from . import tmxkit as kit

TOY = load_ruleset("toy")
GRASS = [[2, 2, 2, 2], [2, 2, 2, 2], [2, 2, 2, 2]]
MAPPING = Mapping(terrain={"forest": "woods", "grass": "clear", "bog": "marsh"})


def obj(ident, name="", x=0, y=0, w=0, h=0, props=None, shape="", rotation=None) -> str:
    """A Tiled object: a rectangle unless `shape` is "<point/>", "<ellipse/>", a polygon..."""
    size = f' width="{w}" height="{h}"' if (w or h) else ""
    turn = f' rotation="{rotation}"' if rotation is not None else ""
    return (f'<object id="{ident}" name="{name}" x="{x}" y="{y}"{size}{turn}>'
            f'{kit._props(props or {})}{shape}</object>')


def layer(name, *objects, props=None) -> str:
    return f'<objectgroup id="5" name="{name}">{kit._props(props or {})}{"".join(objects)}</objectgroup>'


def cell(sk, number):
    col, row = int(number[:2]), int(number[2:])
    return sk.terrain[row - 1][col - 1], sk.elevation[row - 1][col - 1]


def test_points_and_areas_give_their_hexes_terrain_and_levels(tmp_path):
    places = layer("Places",
                   obj(1, "Wood", 130, 90, shape="<point/>", props={"terrain": "forest"}),   # in 0302
                   obj(2, "Knoll", 35, 30, shape="<point/>", props={"elevation": "3"}),      # in 0101
                   # x 60-140, y 100-180: the centres of 0202, 0203 and 0303
                   obj(3, "Dorf", 60, 100, 80, 80, props={"terrain": "town", "elevation": "2"}))
    # the layer names the terrain of its areas: an ellipse round (180, 140), 30 by 50 pixels
    # across its half-axes, holds the centres of 0402 and 0403; its road line takes none of it
    road = '<polyline points="0,0 48,28 96,0"/>'
    fen = layer("Fen", obj(4, "", 150, 90, 60, 100, shape="<ellipse/>"),
                obj(5, "Lane", 32, 28, shape=road, props={"hexside": "road"}), props={"terrain": "bog"})
    # drawn after the objects: its forest tile over the town's 0203
    top = kit.layer_xml("Top", [[0, 0, 0, 0], [0, 0, 0, 0], [0, 1, 0, 0]])
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GRASS), places, fen, top])
    sk = import_tmx(path, TOY, MAPPING)
    assert cell(sk, "0302") == ("woods", 0)
    assert cell(sk, "0101") == ("clear", 3)
    assert cell(sk, "0202") == ("town", 2) and cell(sk, "0303") == ("town", 2)
    assert cell(sk, "0203") == ("woods", 1)          # the later tile layer's forest on its level-1 rise
    assert cell(sk, "0402") == ("marsh", 0) and cell(sk, "0403") == ("marsh", 0)
    assert cell(sk, "0301") == ("clear", 0) and cell(sk, "0401") == ("clear", 0)
    assert list(sk.hexsides) == ["road"]
    out = tmp_path / "m.toml"
    assert main(["import-map", "tmx", str(path), "--rules", "toy", "--terrain", "forest=woods", "--terrain",
                 "grass=clear", "--terrain", "bog=marsh", "--out", str(out)]) == 0
    assert main(["validate", str(out)]) == 0
    m = load_scenario(out).map
    assert m.terrain[m.grid.parse("0303")] == "town" and m.elevation[m.grid.parse("0101")] == 3


def test_a_turned_rectangle_and_a_polygon(tmp_path):
    # a bar 200 long and 4 high from 0101's centre: along row 1's high cells, turned 90 degrees
    # clockwise round its corner it runs down column 1
    bar = obj(1, "Bar", 32, 28, 200, 4, props={"terrain": "forest"})
    turned = obj(2, "Turned", 32, 28, 200, 4, props={"terrain": "bog"}, rotation=90)
    # a triangle under the line from (90, 0) to (200, 100): the centres of 0301 and 0401
    triangle = obj(3, "Wedge", 0, 0, shape='<polygon points="90,0 200,0 200,100"/>', props={"terrain": "town"})
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GRASS), layer("A", bar), layer("B", turned),
                                        layer("C", triangle)])
    sk = import_tmx(path, TOY, MAPPING)
    given = {f"{c + 1:02d}{r + 1:02d}": sk.terrain[r][c] for r in range(3) for c in range(4) if sk.terrain[r][c] != "clear"}
    assert given == {"0101": "marsh", "0102": "marsh", "0103": "marsh", "0301": "town", "0401": "town"}


@pytest.mark.parametrize("objects, words", [
    ([obj(1, "Lost", 500, 500, shape="<point/>", props={"terrain": "forest"})],
     "object 1 'Lost' on layer 'Places': the point (500, 500) lies off the map"),
    ([obj(2, "Speck", 0, 0, 10, 10, props={"terrain": "forest"})],
     "object 2 'Speck' on layer 'Places': the rectangle covers no hex's centre"),
    ([obj(3, "Hedge", 0, 0, shape='<polyline points="0,0 90,90"/>', props={"terrain": "forest"})],
     "object 3 'Hedge' on layer 'Places': names terrain but a line has no inside"),
    ([obj(4, "Hill", 35, 30, shape="<point/>", props={"elevation": "high"})],
     "object 4 'Hill' on layer 'Places': elevation must be a level 0-9, got 'high'"),
    (['<object id="5" name="Odd" x="abc" y="0" width="9" height="9">'
      '<properties><property name="terrain" value="forest"/></properties></object>'],
     "object 5 'Odd' on layer 'Places': its x must be a number of pixels, got 'abc'"),
    ([obj(6, "Bog", 35, 30, shape="<point/>", props={"terrain": "swamp"})],
     "terrain 'swamp' (first in object 6 'Bog' on layer 'Places') not terrain of toy"),
    ([obj(7, "Sign", 35, 30, 40, 20, shape="<text>Kaltenbach</text>", props={"terrain": "town"})],
     "object 7 'Sign' on layer 'Places': names terrain but a text is a label"),
])
def test_what_an_object_cannot_say_is_refused_naming_it(tmp_path, capsys, objects, words):
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GRASS), layer("Places", *objects)])
    assert main(["import-map", "tmx", str(path), "--rules", "toy", "--terrain", "forest=woods", "--terrain",
                 "grass=clear", "--out", str(tmp_path / "out.toml")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and not (tmp_path / "out.toml").exists()
    assert "m.tmx" in err and words in err, err
