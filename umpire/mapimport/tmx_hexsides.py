"""Hexside features (roads, rivers, walls...) of a Tiled map, for the scenario's [map.hexsides].

Two ways a Tiled map says them, both read through the organizer's mapping (a value -> one of the
rule system's hexside features; a value that is a feature's name already needs none):

* **Lines on an object layer.**  A polyline (or polygon) object whose `hexside` property -- or
  its object layer's -- names a feature.  A feature the rule system draws from hex to hex (a
  road, `draw = "path"`) is read as the hexes whose centres the line passes nearest, in order: a
  path.  One drawn along hex edges (a river, a wall: `"edge"`, `"slope"`) is read as the hexsides
  the line runs along: a point of the line counts for the hexside between the two hexes whose
  centres it is nearest, when it lies about as near one as the other (its edge).
* **Tile properties.**  A tile's `hexside` property (or its layer's) lists features and the
  compass sides of its hex they run on: "road N S" (a road tile crossing north to south),
  "river NE SE; road N S" for two.  The compass names are the scenario format's (flat-topped
  N NE SE S SW NW, pointy-topped NE E SE SW W NW).

Where Tiled draws its cells (its HexagonalRenderer, counting from 0): flat-topped (staggeraxis
x), column x's left edge at x * (tilewidth + hexsidelength) / 2 and row y's top at y * tileheight,
half a tile lower on the shifted columns; pointy-topped (staggeraxis y), row y's top at
y * (tileheight + hexsidelength) / 2 and column x's left at x * tilewidth, half a tile to the
right on the shifted rows.  A cell's centre is half a tile from its corner.  Objects are placed
in those pixels.
"""

from __future__ import annotations

import math
from xml.etree import ElementTree as ET

from ..core.hexgrid import DIRECTION_NAMES, Grid, Hex, hex_distance, hex_line

DRAWN_FROM_HEX_TO_HEX = "path"       # a rule system's hexside feature drawn centre to centre
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
NEAR_EDGE = 0.2                      # a point within this share of the centres' distance of the bisector


class TiledCells:
    """The pixel centres of a Tiled hexagonal map's cells, and the cell nearest a pixel."""

    def __init__(self, root: ET.Element, grid: Grid, fail) -> None:
        self.grid = grid
        try:
            self.w, self.h = float(root.get("tilewidth", "")), float(root.get("tileheight", ""))
            self.side = float(root.get("hexsidelength", "0") or 0)
        except ValueError:
            raise fail("tilewidth, tileheight and hexsidelength must be numbers of pixels") from None
        if not (self.w > 0 and self.h > 0 and 0 <= self.side):
            raise fail("tilewidth and tileheight must be more than 0 pixels")
        self.flat = grid.orientation == "flat"
        self.shift_even = root.get("staggerindex") == "even"     # Tiled's even columns (rows) shifted

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """The centre of Tiled's cell (col, row), both from 0."""
        if self.flat:
            shifted = (col % 2 == 0) == self.shift_even
            return col * (self.w + self.side) / 2 + self.w / 2, row * self.h + (self.h / 2 if shifted else 0) + self.h / 2
        shifted = (row % 2 == 0) == self.shift_even
        return col * self.w + (self.w / 2 if shifted else 0) + self.w / 2, row * (self.h + self.side) / 2 + self.h / 2

    def hex(self, col: int, row: int) -> Hex:
        return self.grid.from_offset(col + 1, row + 1)

    def nearest(self, x: float, y: float) -> list[tuple[float, Hex]]:
        """The cells round the pixel (x, y), nearest first: (distance, hex)."""
        step_x = (self.w + self.side) / 2 if self.flat else self.w
        step_y = self.h if self.flat else (self.h + self.side) / 2
        c0, r0 = int((x - self.w / 2) // step_x), int((y - self.h / 2) // step_y)
        found = []
        for col in range(c0 - 1, c0 + 3):
            for row in range(r0 - 1, r0 + 3):
                if 0 <= col < self.grid.columns and 0 <= row < self.grid.rows:
                    cx, cy = self.centre(col, row)
                    found.append((math.hypot(x - cx, y - cy), self.hex(col, row)))
        return sorted(found, key=lambda f: f[0])


def line_points(obj: ET.Element) -> list[tuple[float, float]] | None:
    """The object's line in map pixels (a polygon closed back to its start), None if it has none."""
    shape = obj.find("polyline")
    closed = shape is None
    shape = shape if shape is not None else obj.find("polygon")
    if shape is None:
        return None
    x0, y0 = float(obj.get("x", "0")), float(obj.get("y", "0"))
    points = []
    for pair in (shape.get("points") or "").split():
        px, py = pair.split(",")
        points.append((x0 + float(px), y0 + float(py)))
    return points + points[:1] if closed and points else points


def _samples(points: list[tuple[float, float]], step: float):
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        n = max(1, math.ceil(math.hypot(x2 - x1, y2 - y1) / step))
        for i in range(n + 1):
            yield x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n


def line_as_path(cells: TiledCells, points) -> list[Hex]:
    """The hexes a line drawn from centre to centre passes, in order, each next to the last."""
    out: list[Hex] = []
    for x, y in _samples(points, min(cells.w, cells.h) / 6):
        near = cells.nearest(x, y)
        if not near:
            continue
        h = near[0][1]
        if not out:
            out.append(h)
        elif h != out[-1]:
            out.extend(hex_line(out[-1], h)[1:])     # a line that skips a hex (drawn fast) is joined up
    return out


def line_as_edges(cells: TiledCells, points) -> list[tuple[Hex, Hex]]:
    """The hexsides a line drawn along hex edges runs on, as pairs of hexes, in order met."""
    out: list[tuple[Hex, Hex]] = []
    for x, y in _samples(points, min(cells.w, cells.h) / 8):
        near = cells.nearest(x, y)
        if len(near) < 2:
            continue
        (d1, a), rest = near[0], near[1:]
        adjacent = [(d, b) for d, b in rest if hex_distance(a, b) == 1]
        if not adjacent:
            continue
        d2, b = adjacent[0]
        apart = math.dist(_centre_of(cells, a), _centre_of(cells, b))
        third = adjacent[1][0] if len(adjacent) > 1 else math.inf
        # on the edge between a and b, and not at a corner, where a third hex is as near
        if d2 - d1 <= NEAR_EDGE * apart < third - d1:
            pair = (a, b) if cells.grid.number(a) < cells.grid.number(b) else (b, a)
            if pair not in out:
                out.append(pair)
    return out


def _centre_of(cells: TiledCells, h: Hex) -> tuple[float, float]:
    col, row = cells.grid.to_offset(h)
    return cells.centre(col - 1, row - 1)


def tile_sides(value: str, grid: Grid) -> list[tuple[str, list[str]]]:
    """"road N S; river NE" -> [("road", ["N", "S"]), ("river", ["NE"])]; ValueError naming a
    part that is not a value and its sides, or a side the map's hexes do not have."""
    names = sorted(DIRECTION_NAMES[grid.orientation], key=COMPASS.index)      # read round from the north
    out = []
    for part in value.split(";"):
        words = part.split()
        if not words:
            continue
        if len(words) < 2:
            raise ValueError(f"{part.strip()!r} names no side: write the feature and its sides, like \"road N S\"")
        bad = [w for w in words[1:] if w.upper() not in names]
        if bad:
            raise ValueError(f"{bad[0]!r} is not a side of {grid.orientation}-topped hexes ({' '.join(names)})")
        out.append((words[0], [w.upper() for w in words[1:]]))
    return out


def _object_layers(root: ET.Element):
    """Object layers in drawing order, inside groups too, each with its group's properties
    under its own."""
    def walk(element, inherited):
        for child in element:
            if child.tag == "objectgroup":
                yield child, {**inherited, **object_properties(child)}
            elif child.tag == "group":
                yield from walk(child, {**inherited, **object_properties(child)})
    yield from walk(root, {})


def object_properties(element: ET.Element) -> dict[str, str]:
    """An object's (or an object layer's) own custom properties."""
    props = element.find("properties")
    return {} if props is None else {p.get("name", ""): p.get("value", p.text or "") for p in props.findall("property")}


def collect(root: ET.Element, grid: Grid, rules, mapping, tile_values: list[tuple[str, Hex, str]], fail
            ) -> tuple[dict[str, list[str]], dict[str, str]]:
    """({feature: the [map.hexsides] entries}, {value no feature maps: where first met}) from the
    tiles' hexside values (layer name, hex, value) and the object layers' lines."""
    features = rules.hexside_features
    out: dict[str, list[str]] = {}
    unknown: dict[str, str] = {}

    def feature(value: str, where: str) -> str | None:
        name = mapping.hexsides.get(value, value)
        if name in features:
            return name
        unknown.setdefault(value, where)
        return None

    def add(name: str, entry: str) -> None:
        if entry not in out.setdefault(name, []):
            out[name].append(entry)

    for layer, h, value in tile_values:
        number = grid.number(h)
        try:
            parts = tile_sides(value, grid)
        except ValueError as e:
            raise fail(f"layer {layer!r}, hex {number}: {mapping.hexside_property} {e}") from None
        for v, sides in parts:
            name = feature(v, f"layer {layer!r}")
            if name:
                add(name, f"{number} {' '.join(sides)}")
    cells = None
    for group, group_props in _object_layers(root):
        for obj in group.findall("object"):
            value = object_properties(obj).get(mapping.hexside_property) or group_props.get(mapping.hexside_property)
            if not value:
                continue
            where = f"object {obj.get('id', '?')} {obj.get('name') or ''}".strip() + f" on layer {group.get('name')!r}"
            try:
                points = line_points(obj)
            except ValueError:
                raise fail(f"{where}: its points are not numbers") from None
            if not points:
                raise fail(f"{where}: a hexside feature is drawn as a polyline (this object is not a line)")
            name = feature(value, where)
            if not name:
                continue
            cells = cells or TiledCells(root, grid, fail)
            if features[name].get("draw") == DRAWN_FROM_HEX_TO_HEX:
                path = line_as_path(cells, points)
                if len(path) >= 2:
                    add(name, "-".join(grid.number(h) for h in path))
            else:
                for a, b in line_as_edges(cells, points):
                    add(name, f"{grid.number(a)}/{grid.number(b)}")
    return out, unknown
