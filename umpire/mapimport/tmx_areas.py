"""Terrain, levels and overlays given by the objects of a Tiled map's object layers: a point
gives the hex it lies in, a rectangle, an ellipse or a polygon the hexes whose centres lie inside
it (turned with the object where Tiled rotates it).  The properties read are the tile layers' --
`terrain`, `elevation` and `overlay` (or the names the mapping gives them) -- on the object
itself, else on its object layer or the group around it, through the same mapping
(tmx_hexvalues.py).

What an object cannot say is refused in one line naming the file, the object and the problem: a
line, a text or a tile object that names terrain, a level or an overlay itself (a line has no
inside: draw an area), a point off the map, an area over no hex's centre, a level that is not 0-9, a
position or size that is not a number.  A line whose object layer names terrain is read for its
hexside feature only (tmx_hexsides.py): the layer's terrain is for its areas.

Objects are placed in Tiled's map pixels; where its cells lie is tmx_hexsides.TiledCells.
"""

from __future__ import annotations

import math
from xml.etree import ElementTree as ET

from ..core.hexgrid import Hex
from .tmx_hexsides import TiledCells, object_properties


def object_where(obj: ET.Element, layer: ET.Element) -> str:
    """"object 7 'Hill 204' on layer 'Places'": how a refusal names it."""
    name = f" {obj.get('name')!r}" if obj.get("name") else ""
    return f"object {obj.get('id', '?')}{name} on layer {layer.get('name', '?')!r}"


def _number(obj: ET.Element, key: str, where: str, fail) -> float:
    text = obj.get(key, "0")
    try:
        value = float(text)
    except ValueError:
        raise fail(f"{where}: its {key} must be a number of pixels, got {text!r}") from None
    if not math.isfinite(value):
        raise fail(f"{where}: its {key} must be a number of pixels, got {text!r}")
    return value


def shape_of(obj: ET.Element) -> str:
    """point, rectangle, ellipse, polygon, polyline, text or tile (Tiled's object kinds: a
    rectangle has no shape element of its own; an old Tiled's point is a rectangle of no size)."""
    for tag in ("point", "ellipse", "polygon", "polyline", "text"):
        if obj.find(tag) is not None:
            return tag
    if obj.get("gid") is not None:
        return "tile"
    try:
        if float(obj.get("width", "0") or 0) == 0 and float(obj.get("height", "0") or 0) == 0:
            return "point"
    except ValueError:
        pass                    # Placed says which number is not one
    return "rectangle"


class Placed:
    """An object's position, size and turn in map pixels, and which points lie inside it."""

    def __init__(self, obj: ET.Element, where: str, fail) -> None:
        self.x, self.y = _number(obj, "x", where, fail), _number(obj, "y", where, fail)
        self.w, self.h = _number(obj, "width", where, fail), _number(obj, "height", where, fail)
        if self.w < 0 or self.h < 0:
            raise fail(f"{where}: its width and height must be 0 or more pixels")
        turn = math.radians(_number(obj, "rotation", where, fail))     # degrees clockwise, round (x, y)
        self.cos, self.sin = math.cos(turn), math.sin(turn)

    def local(self, px: float, py: float) -> tuple[float, float]:
        """The map pixel (px, py) in the object's own frame: its (x, y) at 0, turned back."""
        dx, dy = px - self.x, py - self.y
        return dx * self.cos + dy * self.sin, -dx * self.sin + dy * self.cos

    def in_rectangle(self, px: float, py: float) -> bool:
        lx, ly = self.local(px, py)
        return 0 <= lx <= self.w and 0 <= ly <= self.h

    def in_ellipse(self, px: float, py: float) -> bool:
        if self.w == 0 or self.h == 0:
            return False
        lx, ly = self.local(px, py)
        return ((lx - self.w / 2) / (self.w / 2)) ** 2 + ((ly - self.h / 2) / (self.h / 2)) ** 2 <= 1


def _polygon(obj: ET.Element, where: str, fail) -> list[tuple[float, float]]:
    """The polygon's corners in its own frame (relative to its x, y)."""
    try:
        return [(float(a), float(b)) for a, b in (p.split(",") for p in (obj.find("polygon").get("points") or "").split())]
    except ValueError:
        raise fail(f"{where}: its points are not numbers") from None


def _inside_polygon(corners: list[tuple[float, float]], x: float, y: float) -> bool:
    """Whether (x, y) lies inside the polygon (a ray to the right crosses its sides an odd number of times)."""
    inside = False
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def covered(obj: ET.Element, shape: str, cells: TiledCells, where: str, fail) -> list[Hex]:
    """The hexes the object gives: a point's own hex, an area's hexes whose centres lie inside."""
    placed = Placed(obj, where, fail)
    grid = cells.grid
    if shape == "point":
        near = cells.nearest(placed.x, placed.y)
        # a point farther from every centre than a cell's corners lies off the map
        if not near or near[0][0] > max(cells.w, cells.h) / 2:
            raise fail(f"{where}: the point ({placed.x:g}, {placed.y:g}) lies off the map")
        return [near[0][1]]
    if shape == "polygon":
        corners = _polygon(obj, where, fail)
        inside = lambda px, py: _inside_polygon(corners, *placed.local(px, py))     # noqa: E731
    else:
        inside = placed.in_rectangle if shape == "rectangle" else placed.in_ellipse
    found = [cells.hex(c, r) for c in range(grid.columns) for r in range(grid.rows) if inside(*cells.centre(c, r))]
    if not found:
        raise fail(f"{where}: the {shape} covers no hex's centre (draw it over the centres of the hexes it means)")
    return found


AREAS = ("point", "rectangle", "ellipse", "polygon")


def read_objects(layer: ET.Element, layer_props: dict[str, str], cells: TiledCells, keys: tuple[str, ...], fail):
    """(hexes, [each key's value or None], where) for each object of the object layer that gives
    one of them, in the layer's order (a later object over an earlier one).  `keys` are the
    properties' names: terrain, elevation, overlay."""
    for obj in layer.findall("object"):
        own = object_properties(obj)
        where = object_where(obj, layer)
        shape = shape_of(obj)
        said = {k: own.get(k, layer_props.get(k)) for k in keys}
        if not any(v not in (None, "") for v in said.values()):
            continue
        if shape not in AREAS:
            if any(own.get(k) not in (None, "") for k in keys):
                what = {"polyline": "a line has no inside", "text": "a text is a label",
                        "tile": "a tile object is a picture"}[shape]
                raise fail(f"{where}: names {' or '.join(k for k in keys if own.get(k))} but {what}: give it "
                           "with a point (its hex) or a rectangle, ellipse or polygon (the hexes inside)")
            continue            # the layer's terrain is for its areas, not its lines
        yield covered(obj, shape, cells, where, fail), [said[k] for k in keys], where
