"""The situation map pages of a report: the whole map, then each quarter drawn on its own.

A quarter is not an enlarged crop of the whole map's bitmap: it is drawn again from the
reader's view (the map painter, umpire/render) at the size it will print, at DPI, so that hex
numbers and counter text stay sharp on paper.  Each picture is as large as its page allows
(portrait or landscape, whichever holds it larger) and carries its own title above it, set in
the PDF -- nothing of a title is drawn into the picture where a quarter could cut it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.knowledge import SideView
from ..core.layout import Layout
from ..core.ruleset import Ruleset

# Print resolution of the map pictures: hex numbers and counter text crisp on paper (looked at,
# pages turned to PNG at this resolution).  150 rather than 200: a side's PDF goes to its player
# by mail (a Kaltenbach report 4 MB at 200 dpi), and the three reports of a 100x100 game took
# half again as long (issue 18: all sides' reports within four renders of the map).
DPI = 150
OVERLAP = 0.06            # each quarter runs this far past the middle of the map, so that a
                          # counter on the dividing line is whole on at least one of them
WIDEST = 0.5 + 3 * OVERLAP  # the most of the map's width (or height) a quarter may take
# a whole map printing its hexes at least this big (points, centre to corner: 7 mm) is read
# whole -- counters, hex numbers and all; quarters of it would print most of it four times more
# (Xom Lang's 16x12 at 21 points; Kaltenbach's 40x30 at 9 and Osterby's 24x18 at 14 keep them)
READABLE_HEX_PT = 18
QUARTERS = (("North-west", 0, 0), ("North-east", 1, 0), ("South-west", 0, 1), ("South-east", 1, 1))


@dataclass(frozen=True)
class MapPage:
    title: str                      # "Kaltenbach Gap — US Task Force 2-32 — turn 3 of 12"
    part: str                       # "Whole map" or "North-west quarter: hexes 0101 to 2216"
    picture: object                 # a PIL image, handed to the PDF as it is (no file, no PNG between)
    landscape: bool
    size: tuple[float, float]       # as printed, in points


def _parts(size: tuple[float, float], areas: dict[bool, tuple[float, float]]) -> list[tuple[str, tuple, tuple]]:
    """(name, left-right, top-bottom) as fractions of the map: the whole, then -- unless the
    whole is readable as it prints -- its quarters, each widened (or lengthened) towards the
    middle of the map to the shape of its page, so that it fills the page with more of the map
    rather than with white."""
    half = (0.0, 0.5 + OVERLAP), (0.5 - OVERLAP, 1.0)
    out = [("Whole map", (0.0, 1.0), (0.0, 1.0))]
    if _fit(size[0], size[1], areas)[1] >= READABLE_HEX_PT:
        return out                  # small enough to read whole
    for name, i, j in QUARTERS:
        xs, ys = half[i], half[j]
        wide, _ = _fit(size[0] * (xs[1] - xs[0]), size[1] * (ys[1] - ys[0]), areas)
        aspect = areas[wide][0] / areas[wide][1]
        # widened no further than a little past the middle: a quarter of a long, low map widened to
        # its page's shape showed most of the map again (Kaltenbach NW 0101-3217, NE 0901-4017)
        want_w = min(WIDEST, size[1] * (ys[1] - ys[0]) * aspect / size[0])      # as a fraction of the map
        want_h = min(WIDEST, size[0] * (xs[1] - xs[0]) / aspect / size[1])
        if want_w > xs[1] - xs[0]:
            xs = (0.0, want_w) if i == 0 else (1.0 - want_w, 1.0)
        elif want_h > ys[1] - ys[0]:
            ys = (0.0, want_h) if j == 0 else (1.0 - want_h, 1.0)
        out.append((f"{name} quarter", xs, ys))
    return out


def _fit(part_w: float, part_h: float, areas: dict[bool, tuple[float, float]]) -> tuple[bool, float]:
    """(landscape, points per map unit): the page turned whichever way prints the part larger."""
    scale = {wide: min(w / part_w, h / part_h) for wide, (w, h) in areas.items()}
    wide = scale[True] > scale[False]
    return wide, scale[wide]


def _centres(view: SideView, unit: Layout) -> list[tuple[int, int, float, float]]:
    """(column, row, x, y) of every hex's centre on the map drawn with a hex of size 1."""
    grid = view.map.grid
    return [(c, r, *unit.center(grid.from_offset(c, r)))
            for c in range(1, grid.columns + 1) for r in range(1, grid.rows + 1)]


def _hex_range(view: SideView, centres, xs, ys, size: tuple[float, float]) -> str:
    """The hex numbers at the corners of a part: those whose centres lie in it."""
    grid = view.map.grid
    x0, x1, y0, y1 = xs[0] * size[0], xs[1] * size[0], ys[0] * size[1], ys[1] * size[1]
    inside = [(c, r) for c, r, x, y in centres if x0 <= x <= x1 and y0 <= y <= y1]
    if not inside:
        return ""
    cols, rows = [c for c, _ in inside], [r for _, r in inside]
    first, last = grid.from_offset(min(cols), min(rows)), grid.from_offset(max(cols), max(rows))
    return f": hexes {grid.number(first)} to {grid.number(last)}"


def map_pages(view: SideView, rules: Ruleset, areas: dict[bool, tuple[float, float]]) -> list[MapPage]:
    """Draw the map's pages for `view`.  `areas`: the room for a picture on a page, (width,
    height) in points, by landscape or not (pdf.map_areas)."""
    from PIL import Image
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from ..render.scene import MapScene
    grid = view.map.grid
    unit = Layout.for_grid(grid, 1.0)             # the map's geometry with a hex of size 1
    size = unit.bounds(grid)
    parts = _parts(size, areas)
    # draw the scene with hexes as many pixels as they print on the largest-scale part (a quarter)
    hex_px = max(_fit(size[0] * (xs[1] - xs[0]), size[1] * (ys[1] - ys[0]), areas)[1] for _, xs, ys in parts) * DPI / 72
    scene = MapScene(view, rules, hex_px)
    title = view.map_title()
    centres = _centres(view, unit)               # once for the four quarters' hex ranges
    out = []
    for i, (name, xs, ys) in enumerate(parts):
        part_w, part_h = size[0] * (xs[1] - xs[0]), size[1] * (ys[1] - ys[0])
        wide, per_unit = _fit(part_w, part_h, areas)
        printed = (part_w * per_unit, part_h * per_unit)
        img = QImage(max(1, round(printed[0] * DPI / 72)), max(1, round(printed[1] * DPI / 72)), QImage.Format_RGB888)
        img.fill(QColor(255, 255, 255))
        p = QPainter(img)
        p.setRenderHint(QPainter.Antialiasing, True)
        p.setRenderHint(QPainter.TextAntialiasing, True)
        source = QRectF(xs[0] * size[0] * hex_px, ys[0] * size[1] * hex_px, part_w * hex_px, part_h * hex_px)
        scene.render(p, QRectF(0, 0, img.width(), img.height()), source)
        p.end()
        picture = Image.frombuffer("RGB", (img.width(), img.height()), bytes(img.constBits()), "raw", "RGB",
                                   img.bytesPerLine(), 1)
        out.append(MapPage(title, name + ("" if i == 0 else _hex_range(view, centres, xs, ys, size)), picture, wide,
                           printed))
    return out
