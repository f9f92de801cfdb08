"""The club's map image under the terrain shading (core/backdrop.py), and the hex grid over it.

The image is laid on the scene by its calibration: its pixels scaled so that a hex on it is a
hex of the scene, hex 0101's centre on 0101's.  The backdrop blends with the terrain shading:
at opacity o the ground (fills, level tints, patterns) is drawn at 1 - o over the opaque image,
so 0 shows the terrain alone and 1 the image alone -- with hexsides, hex numbers, counters and
a grid (GridLines) still over it, as the umpire needs them to play on the club's own map.
The image is the organizer's, the same for every side: nothing of a side's view is in it.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ..core.backdrop import Backdrop
from ..core.hexgrid import Grid
from ..core.layout import Layout
from .terrain_paint import GRID_PEN, hex_polygon

_IMAGES: dict[tuple, QImage] = {}       # the last pictures read, by file and time: one read per map


def backdrop_image(path: Path) -> QImage | None:
    """The image of a backdrop, or None if Qt cannot read it (the window says so)."""
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _IMAGES:
        image = QImage(str(path))
        if image.isNull():
            return None
        while len(_IMAGES) >= 2:
            _IMAGES.pop(next(iter(_IMAGES)))
        _IMAGES[key] = image
    return _IMAGES[key]


def image_to_scene(backdrop: Backdrop, grid: Grid, layout: Layout) -> QTransform:
    """Image pixels -> scene coordinates, through the map drawn with a hex of size 1."""
    (ax, bx), (ay, by) = backdrop.from_map_units(grid)
    s, (ox, oy) = layout.size, layout.origin
    return QTransform(s / ax, 0, 0, s / ay, ox - s * bx / ax, oy - s * by / ay)


class BackdropItem(QGraphicsItem):
    """The image, cut to the map's rectangle, under the terrain tiles."""

    def __init__(self, backdrop: Backdrop, image: QImage, grid: Grid, layout: Layout, rect: QRectF) -> None:
        super().__init__()
        self.backdrop = backdrop
        self.pixmap = QPixmap.fromImage(image)
        self.transform_ = image_to_scene(backdrop, grid, layout)
        self._rect = self.transform_.mapRect(QRectF(0, 0, image.width(), image.height())).intersected(rect)
        self.setZValue(-1.5)        # over the blank background (-2), under the overview (-1) and tiles
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        self.draw(p)

    def draw(self, p: QPainter) -> None:
        p.save()
        p.setClipRect(self._rect)
        p.setRenderHint(QPainter.SmoothPixmapTransform, True)
        p.setTransform(self.transform_, True)
        p.drawPixmap(0, 0, self.pixmap)
        p.restore()


class GridLines(QGraphicsItem):
    """The hex grid over the backdrop (the ground's own outlines fade with it): only the hexes
    in sight are drawn, so a big map costs what the screen shows."""

    def __init__(self, grid: Grid, layout: Layout, rect: QRectF) -> None:
        super().__init__()
        self.grid, self.layout, self._rect = grid, layout, rect
        self.setZValue(0.05)        # over the ground tiles (0), under hexsides and numbers (0.1+)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        shown = option.exposedRect if not option.exposedRect.isEmpty() else self._rect
        s = self.layout.size
        p.setPen(QPen(GRID_PEN, max(0.6, s * 0.03)))
        p.setRenderHint(QPainter.Antialiasing, True)
        for col, row in self._offsets_in(shown.adjusted(-2 * s, -2 * s, 2 * s, 2 * s)):
            p.drawPolygon(hex_polygon(self.layout, self.grid.from_offset(col, row)))

    def _offsets_in(self, rect: QRectF):
        """The (column, row) of the hexes whose centres may lie in `rect` (a generous range)."""
        g, lay = self.grid, self.layout
        first = lay.center(g.from_offset(1, 1))
        step_x = lay.size * (1.5 if g.orientation == "flat" else math.sqrt(3))
        step_y = lay.size * (math.sqrt(3) if g.orientation == "flat" else 1.5)
        c0 = max(1, int((rect.left() - first[0]) / step_x))
        c1 = min(g.columns, int((rect.right() - first[0]) / step_x) + 2)
        r0 = max(1, int((rect.top() - first[1]) / step_y))
        r1 = min(g.rows, int((rect.bottom() - first[1]) / step_y) + 2)
        for col in range(c0, c1 + 1):
            for row in range(r0, r1 + 1):
                yield col, row
