"""A Tiled hexagonal map (.tmx) as a scenario skeleton: its size, how its hexes run, and each
hex's terrain and level taken from the custom properties of its tiles or of their layers.

How Tiled's hexagonal maps read as Umpire's (Tiled counts columns and rows from 0, Umpire and
the printed hex numbers from 1):

    staggeraxis="x"   columns are staggered: flat-topped hexes   -> orientation = "flat"
    staggeraxis="y"   rows are staggered: pointy-topped hexes    -> orientation = "pointy"
    staggerindex="odd"   Tiled's columns (rows) 1, 3, 5... shifted: Umpire's 2nd, 4th... -> stagger = "even"
    staggerindex="even"  Tiled's 0, 2, 4... shifted: Umpire's 1st, 3rd...              -> stagger = "odd"

A tile layer's cell at (x, y) is the hex in column x + 1, row y + 1.  For each hex the topmost
layer that says anything wins: a tile's own property first, then its layer's (a layer named
"Woods" with terrain = "woods" makes every tile on it woods).  The organizer's mapping turns the
property values into the rule system's terrain names (`forest` -> `woods`); a value that is a
terrain name already needs none; an `overlay` property lays one of the rule system's overlays
(a village) the same way (tmx_hexvalues.py).  Points and areas (rectangles, ellipses, polygons)
on object layers give terrain, levels and overlays too, in the same drawing order (tmx_areas.py).  Roads,
rivers and other hexside features come from tile properties or from lines on object layers
(tmx_hexsides.py).  Orthogonal, isometric and staggered-isometric maps are refused:
they are not hexes.
"""

from __future__ import annotations

import base64
import tomllib
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

from ..core.errors import UmpireError
from ..core.hexgrid import Grid
from ..core.limits import MAP_SIDE
from ..core.ruleset import Ruleset
from .skeleton import Skeleton
from .tmx_areas import read_objects
from .tmx_hexsides import TiledCells, collect
from .tmx_hexvalues import HexValues

GID_MASK = 0x0FFFFFFF          # the four high bits of a tile id are Tiled's flip and rotation flags
NOT_HEXES = {"orthogonal": "a square grid", "isometric": "an isometric grid",
             "staggered": "a staggered isometric grid"}


@dataclass
class Mapping:
    """Which properties to read and what their values mean (a mapping file or the command line)."""

    terrain_property: str = "terrain"
    elevation_property: str = "elevation"
    terrain: dict[str, str] = field(default_factory=dict)      # property value -> terrain name
    default_terrain: str | None = None                           # a hex no layer says anything of
    hexside_property: str = "hexside"                            # roads, rivers... (tmx_hexsides.py)
    hexsides: dict[str, str] = field(default_factory=dict)     # property value -> hexside feature
    overlay_property: str = "overlay"                            # a village, a wreck... (tmx_hexvalues.py)
    overlays: dict[str, str] = field(default_factory=dict)     # property value -> overlay kind


MAPPING_KEYS = {"terrain_property", "elevation_property", "default_terrain", "terrain", "hexside_property",
                "hexsides", "overlay_property", "overlays"}
TABLES = ("terrain", "hexsides", "overlays")


def read_mapping(path: str | Path) -> Mapping:
    """A mapping file:  terrain_property = "terrain", elevation_property = "elevation",
    default_terrain = "clear", hexside_property, overlay_property, and the [terrain], [hexsides]
    and [overlays] tables of property value = the rule system's name."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise UmpireError(f"cannot read the mapping: {e.strerror}", file=str(path)) from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise UmpireError(f"not a TOML mapping file: {e}", file=str(path)) from None
    unknown = sorted(set(data) - MAPPING_KEYS)
    if unknown:
        raise UmpireError(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(MAPPING_KEYS))})", file=str(path))
    tables = [data.get(t, {}) for t in TABLES]
    texts = [v for k, v in data.items() if k not in TABLES]
    if not all(isinstance(t, dict) for t in tables) or \
            not all(isinstance(v, str) for v in [*(v for t in tables for v in t.values()), *texts]):
        raise UmpireError("[terrain] maps property values to terrain names, [hexsides] to hexside features, "
                          "[overlays] to overlays, and the other keys are text", file=str(path))
    table, sides, overlays = ({str(k): v for k, v in t.items()} for t in tables)
    return Mapping(data.get("terrain_property", "terrain"), data.get("elevation_property", "elevation"),
                   table, data.get("default_terrain"), data.get("hexside_property", "hexside"), sides,
                   data.get("overlay_property", "overlay"), overlays)


class _Reader:
    """One TMX file: every refusal names it (or the tileset file at fault) and says what is wrong."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, problem: str, file: Path | None = None) -> UmpireError:
        return UmpireError(problem, file=str(file or self.path))

    def xml(self, path: Path, what: str) -> ET.Element:
        try:
            return ET.parse(path).getroot()
        except FileNotFoundError:
            raise self.fail(f"{what} not found", path) from None
        except OSError as e:
            raise self.fail(f"cannot read the {what}: {e.strerror}", path) from None
        except ET.ParseError as e:
            line, col = e.position
            raise self.fail(f"not a Tiled {what}: broken XML at line {line}, column {col}", path) from None


def _properties(element: ET.Element | None) -> dict[str, str]:
    if element is None:
        return {}
    props = element.find("properties")
    if props is None:
        return {}
    return {p.get("name", ""): p.get("value", p.text or "") for p in props.findall("property")}


def _grid(root: ET.Element, rd: _Reader) -> Grid:
    orientation = root.get("orientation")
    if orientation in NOT_HEXES:
        raise rd.fail(f"an {orientation} map ({NOT_HEXES[orientation]}), not hexes: make it hexagonal in Tiled "
                      "(Map → Map Properties → Orientation)")
    if orientation != "hexagonal":
        raise rd.fail(f"unknown map orientation {orientation!r} (Umpire reads Tiled's hexagonal maps)")
    if root.get("infinite") == "1":
        raise rd.fail("an infinite map: give it a fixed size in Tiled (Map → Map Properties → Infinite off)")
    axis, index = root.get("staggeraxis"), root.get("staggerindex")
    if axis not in ("x", "y"):
        raise rd.fail(f"staggeraxis must be \"x\" (flat-topped hexes) or \"y\" (pointy-topped), got {axis!r}")
    if index not in ("odd", "even"):
        raise rd.fail(f"staggerindex must be \"odd\" or \"even\", got {index!r}")
    sizes = []
    for key in ("width", "height"):
        try:
            n = int(root.get(key, ""))
        except ValueError:
            n = None
        if n is None or not MAP_SIDE[0] <= n <= MAP_SIDE[1]:
            raise rd.fail(f"map {key} must be a whole number of hexes from {MAP_SIDE[0]} to {MAP_SIDE[1]}, "
                          f"got {root.get(key)!r}")
        sizes.append(n)
    # Tiled counts from 0: its odd columns are Umpire's (and the printed numbers') even ones
    return Grid(sizes[0], sizes[1], "flat" if axis == "x" else "pointy", "even" if index == "odd" else "odd")


def _whole(element: ET.Element, key: str, default: str | None, what: str, rd: _Reader, file: Path | None = None) -> int:
    """A whole number of 0 or more from the element's attribute `key`: one line naming `what`
    (the tileset, the tile) and the field if it is something else."""
    text = element.get(key, default)
    if text is not None and text.strip().isascii() and text.strip().isdigit():
        return int(text)
    raise rd.fail(f"{what}: {key} must be a whole number, got {text!r}", file)


def _tiles(root: ET.Element, rd: _Reader) -> tuple[dict[int, dict[str, str]], list[tuple[int, str]]]:
    """({gid: the tile's properties}, [(first gid, tileset name)]) of every tileset, its own
    file's (a .tsx) read where it lives."""
    props: dict[int, dict[str, str]] = {}
    ranges = []
    for ts in root.findall("tileset"):
        label = f"tileset {ts.get('name') or ts.get('source') or '?'!r}"
        if ts.get("firstgid") is None:
            raise rd.fail(f"a tileset without a firstgid ({ts.get('name') or ts.get('source')!r})")
        first = _whole(ts, "firstgid", None, label, rd)
        file = None
        if ts.get("source"):
            file = tsx = rd.path.parent / ts.get("source")
            ts = rd.xml(tsx, f"tileset {ts.get('source')!r} (named by {rd.path.name})")
            if ts.tag != "tileset":
                raise rd.fail(f"not a Tiled tileset (its root is <{ts.tag}>)", tsx)
            label = f"tileset {ts.get('name') or '?'!r}"
        count = _whole(ts, "tilecount", "0", label, rd, file) if ts.get("tilecount") != "" else 0
        name = ts.get("name", "?")
        top = first + max(count - 1, 0)
        for tile in ts.findall("tile"):
            gid = first + _whole(tile, "id", "0", f"{label}, a tile", rd, file)
            top = max(top, gid)
            props[gid] = _properties(tile)
        ranges.append((first, top, name))
    return props, ranges


def _inflate(raw: bytes, compression: str, size: int, name: str, rd: _Reader) -> bytes:
    """A zlib or gzip layer unpacked to at most its map's `size` bytes (4 a tile): a few KB can
    unpack to gigabytes, so one byte more than the map holds is enough to refuse it."""
    # wbits: 15 for a zlib stream, 16 + 15 for a gzip one (zlib's own way of saying so)
    inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
    out = inflater.decompress(raw, size + 1)
    if len(out) > size:
        raise rd.fail(f"layer {name!r}: its {compression} tile data unpacks to more than the map's "
                      f"{size // 4} tiles: damaged")
    if not inflater.eof:
        raise zlib.error("cut off")
    return out


def _cells(layer: ET.Element, grid: Grid, rd: _Reader) -> list[int]:
    """The layer's tile ids, row by row, flags taken off (0: no tile)."""
    name = layer.get("name", "?")
    data = layer.find("data")
    if data is None:
        raise rd.fail(f"layer {name!r} has no <data>")
    encoding, compression = data.get("encoding"), data.get("compression")
    try:
        if encoding == "csv":
            gids = [int(x) for x in (data.text or "").replace("\n", "").split(",") if x.strip()]
        elif encoding == "base64":
            raw = base64.b64decode((data.text or "").strip())
            if compression in ("zlib", "gzip"):
                raw = _inflate(raw, compression, 4 * grid.columns * grid.rows, name, rd)
            elif compression:
                raise rd.fail(f"layer {name!r} is compressed with {compression}, which Umpire cannot read: "
                              "save it as CSV or zlib in Tiled (Map → Map Properties → Tile Layer Format)")
            gids = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]
        elif encoding is None:
            gids = [int(t.get("gid", "0")) for t in data.findall("tile")]
        else:
            raise rd.fail(f"layer {name!r}: unknown data encoding {encoding!r}")
    except (ValueError, zlib.error, OSError, EOFError):
        raise rd.fail(f"layer {name!r}: its tile data is damaged") from None
    if data.find("chunk") is not None or len(gids) != grid.columns * grid.rows:
        raise rd.fail(f"layer {name!r} holds {len(gids)} tiles, the map {grid.columns} x {grid.rows}")
    return [g & GID_MASK for g in gids]


def _layers(root: ET.Element):
    """Tile and object layers in drawing order, inside groups too, each with its group's
    properties under its own."""
    def walk(element, inherited):
        for child in element:
            if child.tag in ("layer", "objectgroup"):
                yield child, {**inherited, **_properties(child)}
            elif child.tag == "group":
                yield from walk(child, {**inherited, **_properties(child)})
    yield from walk(root, {})


def import_tmx(path: str | Path, rules: Ruleset, mapping: Mapping | None = None) -> Skeleton:
    """The skeleton of a Tiled map: UmpireError naming the file and the problem if it cannot be."""
    path = Path(path)
    mapping = mapping or Mapping()
    rd = _Reader(path)
    root = rd.xml(path, "map")
    if root.tag != "map":
        raise rd.fail(f"not a Tiled map (its root is <{root.tag}>, not <map>)")
    grid = _grid(root, rd)
    tiles, ranges = _tiles(root, rd)
    names = rules.terrain_types
    default = mapping.default_terrain or next(iter(names))
    if default not in names:
        raise rd.fail(f"default terrain {default!r} is not a terrain of {rules.name} ({', '.join(names)})")
    # minefields have a side and a type: they go in [[minefield]], not [[map.overlay]]
    said = HexValues(grid, names, tuple(k for k in rules.overlays if k != "minefield"), mapping, default)
    keys = (mapping.terrain_property, mapping.elevation_property, mapping.overlay_property)
    side_values = []            # (layer, hex, a tile's hexside value): read by tmx_hexsides
    cells = None
    for layer, layer_props in _layers(root):
        if layer.tag == "objectgroup":      # points and areas naming terrain, a level or an overlay (tmx_areas.py)
            cells = cells or TiledCells(root, grid, rd.fail)
            for hexes, values, where in read_objects(layer, layer_props, cells, keys, rd.fail):
                for h in hexes:
                    said.give(h, *values, where, rd.fail)
            continue
        for i, gid in enumerate(_cells(layer, grid, rd)):
            if gid == 0:
                continue
            if gid not in tiles and not any(lo <= gid <= hi for lo, hi, _ in ranges):
                raise rd.fail(f"layer {layer.get('name')!r} uses tile {gid}, which no tileset holds "
                              "(a tileset missing from the map?)")
            own = tiles.get(gid, {})
            row, col = divmod(i, grid.columns)
            h = grid.from_offset(col + 1, row + 1)
            values = [own.get(k, layer_props.get(k)) for k in keys]
            said.give(h, *values, f"layer {layer.get('name')!r}", rd.fail,
                      level_where=f"layer {layer.get('name')!r}, hex {grid.number(h)}")
            sides = own.get(mapping.hexside_property, layer_props.get(mapping.hexside_property))
            if sides:
                side_values.append((layer.get("name", "?"), h, sides))
    said.refuse_unknown(rules.name, rd.fail)
    hexsides, unknown_sides = collect(root, grid, rules, mapping, side_values, rd.fail)
    if unknown_sides:
        values = ", ".join(repr(v) for v in sorted(unknown_sides))
        first = next(iter(unknown_sides))
        raise rd.fail(f"{mapping.hexside_property} {values} (first on {unknown_sides[first]}) not hexside features "
                      f"of {rules.name} ({', '.join(rules.hexside_features)}): map each, e.g. --hexside {first}=NAME, "
                      "or in a mapping file")
    title = _properties(root).get("title") or path.stem.replace("_", " ").replace("-", " ").title()
    notes = [f"Imported from the Tiled map {path.name}: {len(said.given)} of {grid.columns * grid.rows} hexes given "
             f"terrain by its properties, the rest {default}."]
    if hexsides:
        notes.append("Hexside features from its " + ", ".join(f"{len(v)} {k}" for k, v in hexsides.items()) + ".")
    if said.overlays:
        notes.append("Overlays from it: " + ", ".join(f"{len(v)} {k}" for k, v in said.overlays.items()) + ".")
    return Skeleton(title, rules, grid, said.terrain, said.elevation, notes=notes, hexsides=hexsides,
                    overlays=said.overlays)
