"""A Tiled hexagonal map made in the test imports as a scenario skeleton that validates: its
stagger read both ways, flat and pointy, terrain and elevation from tile and layer properties
through the organizer's mapping; and a map that is not one (square, unknown orientation, broken
XML, a tileset missing) is refused in one line naming the file."""

import pytest

from umpire.cli import main
from umpire.core.errors import UmpireError
from umpire.core.layout import Layout
from umpire.core.ruleset import load_ruleset
from umpire.core.scenario import load_scenario
from umpire.mapimport.tmx import Mapping, import_tmx, read_mapping

from . import tmxkit as kit

TOY = load_ruleset("toy")
GROUND = [[1, 2, 2, 1],      # gids: 1 forest (level 1), 2 grass, 3 town (level 2), 4 nothing said
          [2, 3, 4, 2],
          [2, 2, 2, 1]]
MAPPING = Mapping(terrain={"forest": "woods", "grass": "clear"})


def _centre(grid, number):
    return Layout(grid.orientation, 1.0).center(grid.parse(number))


@pytest.mark.parametrize("axis, index, orientation, stagger", [
    ("x", "odd", "flat", "even"), ("x", "even", "flat", "odd"),
    ("y", "odd", "pointy", "even"), ("y", "even", "pointy", "odd"),
])
def test_staggered_both_ways_flat_and_pointy(tmp_path, axis, index, orientation, stagger):
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GROUND)], axis=axis, index=index)
    sk = import_tmx(path, TOY, MAPPING)
    grid = sk.grid
    assert (grid.columns, grid.rows, grid.orientation, grid.stagger) == (4, 3, orientation, stagger)
    # Tiled shifts its odd (0-based) columns down, or its odd rows right (its renderer's
    # doStaggerX/Y): with "odd" the hex numbered second on the printed map is the shifted one
    second, coord = ("0201", 1) if axis == "x" else ("0102", 0)
    shifted = _centre(grid, second)[coord] - _centre(grid, "0101")[coord]
    assert (shifted > 0) == (index == "odd")
    assert sk.terrain == [["woods", "clear", "clear", "woods"], ["clear", "town", "clear", "clear"],
                          ["clear", "clear", "clear", "woods"]]
    assert sk.elevation == [[1, 0, 0, 1], [0, 2, 0, 0], [0, 0, 0, 1]]


def test_the_skeleton_validates_and_its_hexes_are_the_tiles(tmp_path):
    path = kit.tmx(tmp_path / "stonebridge_hills.tmx", [kit.layer_xml("Ground", GROUND)])
    out = tmp_path / "out.toml"
    assert main(["import-map", "tmx", str(path), "--rules", "toy", "--terrain", "forest=woods",
                 "--terrain", "grass=clear", "--out", str(out)]) == 0
    sc = load_scenario(out)
    m = sc.map
    assert sc.title == "Stonebridge Hills" and sc.rules.name == "toy"
    assert m.terrain[m.grid.parse("0101")] == "woods" and m.elevation[m.grid.parse("0101")] == 1
    assert m.terrain[m.grid.parse("0202")] == "town" and m.elevation[m.grid.parse("0202")] == 2
    assert m.terrain[m.grid.parse("0302")] == "clear"          # a tile that says nothing: the default
    assert main(["validate", str(out)]) == 0


def test_layer_properties_a_group_and_compressed_data(tmp_path):
    hills = [[0, 0, 0, 0], [0, 0, 4, 4], [0, 0, 0, 0]]           # tiles saying nothing, on a level-3 layer
    marsh = [[0, 0, 0, 0], [0, 0, 0, 0], [4, 0, 0, 0]]
    group = (f'<group id="9" name="Wet">{kit._props({"terrain": "bog"})}'
             f'{kit.layer_xml("Marsh", marsh, encoding="base64")}</group>')
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GROUND, encoding="base64"),
                                        kit.layer_xml("Hills", hills, {"level": "3"}), group])
    mapping = Mapping(elevation_property="level", terrain={"forest": "woods", "grass": "clear", "bog": "marsh"})
    sk = import_tmx(path, TOY, mapping)
    assert sk.elevation[1][2:] == [3, 3]                    # the layer's level, under a tile that says none
    assert sk.elevation[0][0] == 0                          # "elevation" is not the property read now
    assert sk.terrain[2][0] == "marsh"                      # the group's property reaches its layer


def test_a_mapping_file(tmp_path):
    (tmp_path / "club.toml").write_text('terrain_property = "kind"\ndefault_terrain = "marsh"\n'
                                        '[terrain]\nwood = "woods"\n', encoding="utf-8")
    mapping = read_mapping(tmp_path / "club.toml")
    layer = kit.layer_xml("Ground", [[1, 1], [1, 1]], {"kind": "wood"})
    sk = import_tmx(kit.tmx(tmp_path / "m.tmx", [layer], width=2, height=2), TOY, mapping)
    assert sk.terrain == [["woods", "woods"], ["woods", "woods"]]
    sk = import_tmx(kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", [[0, 0], [0, 0]])], width=2, height=2),
                    TOY, mapping)
    assert sk.terrain == [["marsh", "marsh"], ["marsh", "marsh"]]


def test_an_external_tileset_beside_the_map(tmp_path):
    kit.tsx(tmp_path / "hexes.tsx")
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GROUND)], tilesets=kit.tileset_xml(source="hexes.tsx"))
    assert import_tmx(path, TOY, MAPPING).terrain[1][1] == "town"


def _refusal(tmp_path, path, capsys, *extra):
    assert main(["import-map", "tmx", str(path), "--rules", "toy", "--out", str(tmp_path / "out.toml"), *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and not (tmp_path / "out.toml").exists()
    return err


@pytest.mark.parametrize("make, words", [
    (lambda p: kit.tmx(p, [kit.layer_xml("Ground", GROUND)], orientation="orthogonal"),
     "an orthogonal map (a square grid), not hexes"),
    (lambda p: kit.tmx(p, [kit.layer_xml("Ground", GROUND)], orientation="hexagonalish"),
     "unknown map orientation 'hexagonalish'"),
    (lambda p: p.write_text('<?xml version="1.0"?><map orientation="hexagonal"><layer></map>'),
     "not a Tiled map: broken XML at line 1"),
    (lambda p: kit.tmx(p, [kit.layer_xml("Ground", GROUND)], tilesets=kit.tileset_xml(source="gone.tsx")),
     "tileset 'gone.tsx' (named by m.tmx) not found"),
    (lambda p: kit.tmx(p, [kit.layer_xml("Ground", GROUND)], tilesets=""),
     "layer 'Ground' uses tile 1, which no tileset holds"),
    (lambda p: kit.tmx(p, [kit.layer_xml("Ground", GROUND)], axis="z"), "staggeraxis must be"),
    (lambda p: kit.tmx(p, [kit.layer_xml("Ground", GROUND[:2])]), "layer 'Ground' holds 8 tiles, the map 4 x 3"),
])
def test_a_bad_map_is_refused_in_one_line(tmp_path, capsys, make, words):
    path = tmp_path / "m.tmx"
    make(path)
    err = _refusal(tmp_path, path, capsys, "--terrain", "forest=woods", "--terrain", "grass=clear")
    assert words in err and ("m.tmx" in err or "gone.tsx" in err), err


def test_an_unmapped_value_is_named_with_the_way_to_map_it(tmp_path, capsys):
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GROUND)])
    err = _refusal(tmp_path, path, capsys)
    assert "terrain 'forest', 'grass' (first in layer 'Ground') not terrain of toy" in err
    assert "--terrain forest=NAME" in err


def test_an_existing_scenario_is_kept_without_force(tmp_path, capsys):
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GROUND)])
    (tmp_path / "out.toml").write_text("mine")
    assert main(["import-map", "tmx", str(path), "--rules", "toy", "--out", str(tmp_path / "out.toml")]) == 2
    assert "already exists" in capsys.readouterr().err and (tmp_path / "out.toml").read_text() == "mine"


def test_a_bad_mapping_file_is_refused(tmp_path):
    (tmp_path / "club.toml").write_text('colour = "red"\n', encoding="utf-8")
    with pytest.raises(UmpireError, match="unknown key 'colour'"):
        read_mapping(tmp_path / "club.toml")


@pytest.mark.parametrize("tileset, words", [
    ('<tileset firstgid="1" name="hexes" tilecount="many"/>', "tileset 'hexes': tilecount must be a whole number, got 'many'"),
    ('<tileset firstgid="1" name="hexes" tilecount="4"><tile id="x"/></tileset>',
     "tileset 'hexes', a tile: id must be a whole number, got 'x'"),
    ('<tileset firstgid="1" name="hexes" tilecount="4"><tile id="-2"/></tileset>',
     "tileset 'hexes', a tile: id must be a whole number, got '-2'"),
    ('<tileset firstgid="one" name="hexes"/>', "tileset 'hexes': firstgid must be a whole number, got 'one'"),
], ids=["tilecount", "tile id", "negative id", "firstgid"])
def test_a_tileset_field_that_is_no_number_is_named(tmp_path, capsys, tileset, words):
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GROUND)], tilesets=tileset)
    err = _refusal(tmp_path, path, capsys, "--terrain", "forest=woods", "--terrain", "grass=clear")
    assert f"{path}: {words}" in err, err


def test_a_field_of_an_external_tileset_names_the_tileset_file(tmp_path, capsys):
    (tmp_path / "hexes.tsx").write_text('<?xml version="1.0"?><tileset name="hexes" tilecount="four"/>')
    path = kit.tmx(tmp_path / "m.tmx", [kit.layer_xml("Ground", GROUND)], tilesets=kit.tileset_xml(source="hexes.tsx"))
    err = _refusal(tmp_path, path, capsys)
    assert err.endswith(f"{tmp_path / 'hexes.tsx'}: tileset 'hexes': tilecount must be a whole number, got 'four'"), err


def _packed(rows, compression: str, extra: bytes = b"") -> str:
    import base64
    import gzip
    import zlib
    raw = b"".join(g.to_bytes(4, "little") for row in rows for g in row) + extra
    packed = zlib.compress(raw, 9) if compression == "zlib" else gzip.compress(raw, 9)
    return (f'<layer id="1" name="Ground" width="4" height="3"><data encoding="base64" '
            f'compression="{compression}">{base64.b64encode(packed).decode()}</data></layer>')


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_compressed_layers_are_read_and_a_bomb_is_refused_unpacked(tmp_path, capsys, compression):
    """A 4 x 3 map holds 48 bytes of tiles: a layer that unpacks to more is refused after one byte
    more (a few KB of zeros may unpack to gigabytes), not after unpacking it all."""
    path = kit.tmx(tmp_path / "m.tmx", [_packed(GROUND, compression)])
    assert import_tmx(path, TOY, MAPPING).terrain[1][1] == "town"
    bomb = kit.tmx(tmp_path / "m.tmx", [_packed(GROUND, compression, extra=b"\0" * (64 * 2**20))])
    assert bomb.stat().st_size < 200 * 1024
    import zlib
    seen = []
    real = zlib.decompressobj

    class Counting:                 # how much the importer asked the inflater for
        def __init__(self, *a):
            self.inner = real(*a)

        def decompress(self, data, max_length=0):
            seen.append(max_length)
            return self.inner.decompress(data, max_length)

        @property
        def eof(self):
            return self.inner.eof
    import umpire.mapimport.tmx as tmx_module
    tmx_module.zlib.decompressobj = Counting
    try:
        err = _refusal(tmp_path, bomb, capsys, "--terrain", "forest=woods", "--terrain", "grass=clear")
    finally:
        tmx_module.zlib.decompressobj = real
    assert f"m.tmx: layer 'Ground': its {compression} tile data unpacks to more than the map's 12 tiles" in err
    assert seen == [49]


def test_a_cut_off_compressed_layer_is_damaged(tmp_path, capsys):
    layer = _packed(GROUND, "zlib")
    start = layer.index('">', layer.index("compression")) + 2
    end = layer.index("</data>")
    import base64
    cut = base64.b64encode(base64.b64decode(layer[start:end])[:-6]).decode()
    path = kit.tmx(tmp_path / "m.tmx", [layer[:start] + cut + layer[end:]])
    assert "layer 'Ground': its tile data is damaged" in _refusal(tmp_path, path, capsys)
