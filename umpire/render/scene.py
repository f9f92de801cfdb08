"""The map as a QGraphicsScene, drawn from a SideView only (never from the game's truth).

It paints and nothing more: the window (gui/mapscene.py) subclasses it to add the mouse, and
picture.py renders it to a PNG for the command line and the reports.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainterPath, QPen, QPixmapCache
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from ..core.hexgrid import Hex, Hexside, neighbours
from ..core.knowledge import SideView, UnitMark
from ..core.layout import Layout
from ..core.ruleset import Ruleset
from .firemarks import FireItem, ObjectiveItem
from .markers import OverlayItem
from .stacks import StackItem, StacksOverview
from .terrain_paint import hex_polygon
from .tiles import Terrain

HEX_SIZE = 30.0
PIXMAP_CACHE_KB = 256 * 1024


class MapScene(QGraphicsScene):
    """Everything a viewer knows of the map, as items: terrain tiles (kept), and the counters,
    markers, fire plots, objectives, zones and highlight of the current view (redrawn)."""

    stack_item = StackItem          # the window's scene puts clickable stacks here
    stacks_overview = StacksOverview

    def __init__(self, view: SideView, rules: Ruleset, hex_size: float = HEX_SIZE, on_screen: bool = True) -> None:
        """`on_screen=False` for a picture drawn once (a PNG): nothing is kept to redraw it faster."""
        super().__init__()
        if on_screen:
            # Tiles are cached as screen pixmaps; Qt's default 10 MB cache thrashes on a big map.
            QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        self.rules = rules
        self.layout = Layout.for_grid(view.map.grid, hex_size)
        self.view = view
        self.terrain = Terrain(self, view, rules, self.layout, on_screen)
        self.setSceneRect(self.terrain.rect)
        self._dynamic: list[QGraphicsItem] = []
        self.stacks: dict[Hex, StackItem] = {}
        self._highlight: QGraphicsPathItem | None = None
        self.show_zones = True
        self.overview = False
        self.set_view(view)

    def set_view(self, view: SideView) -> None:
        """Redraw what the viewer knows.  Terrain is public and is kept."""
        for item in self._dynamic:
            self.removeItem(item)
        self._dynamic.clear()
        self.stacks.clear()
        self._highlight = None
        self.view = view
        overlay = OverlayItem(view, self.rules, self.layout)
        self._add(overlay)
        if view.fire:
            self._add(FireItem(view, self.layout))
        if view.objectives:
            self._add(ObjectiveItem(view, self.layout))
        if self.show_zones:
            for z in view.zones:
                item = self._zone_item(z.hexes, view.side_colour(z.side))
                # one side's zones are drawn alike (its colour, dash-dotted): its edge says which
                item.setToolTip(z.label)
                self._add(item)
        by_hex: dict[Hex, list[UnitMark]] = {}
        for m in view.units:
            by_hex.setdefault(m.hex, []).append(m)
        for h, marks in by_hex.items():
            item = self.stack_item(self, h, marks, self.layout)
            item.setVisible(not self.overview)
            self.stacks[h] = item
            self._add(item)
        self.counters_overview = self.stacks_overview(self)
        self.counters_overview.setVisible(self.overview)
        self._add(self.counters_overview)

    def set_overview(self, on: bool) -> None:
        """Viewed far out (a hex a few pixels) or not.  Far out the terrain is one picture and
        the stacks are squares drawn by one item: the thousands of tiles and hundreds of stacks
        are hidden, so that a frame does not visit them one by one."""
        if on == self.overview:
            return
        self.overview = on
        self.terrain.set_overview(on)
        for stack in self.stacks.values():
            stack.setVisible(not on)
        self.counters_overview.setVisible(on)

    def _add(self, item: QGraphicsItem) -> None:
        self.addItem(item)
        self._dynamic.append(item)

    def _zone_item(self, hexes: frozenset[Hex], colour: str) -> QGraphicsPathItem:
        path = QPainterPath()
        for h in hexes:
            for n in neighbours(h):
                # the map edge already bounds a zone; outline only its inland edges
                if n not in hexes and self.view.map.contains(n):
                    (x1, y1), (x2, y2) = self.layout.hexside_segment(Hexside.between(h, n))
                    path.moveTo(x1, y1)
                    path.lineTo(x2, y2)
        item = QGraphicsPathItem(path)
        edge = QColor(colour)
        edge.setAlpha(200)
        pen = QPen(edge, self.layout.size * 0.09, Qt.DashDotLine)
        pen.setCosmetic(False)
        item.setPen(pen)
        item.setZValue(4)
        return item

    def select_unit(self, key: str | None) -> Hex | None:
        """Highlight a unit (bring it to the top of its stack); returns its hex."""
        found = None
        for h, stack in self.stacks.items():
            if key is not None and any(m.key == key for m in stack.marks):
                stack.show_on_top(key)
                found = h
            elif stack.selected_key is not None:
                stack.selected_key = None
                stack.update()
        self.counters_overview.update()
        self.highlight_hex(found)
        return found

    def highlight_hex(self, h: Hex | None) -> None:
        if self._highlight is not None:
            self.removeItem(self._highlight)
            self._dynamic.remove(self._highlight)
            self._highlight = None
        if h is None:
            return
        path = QPainterPath()
        path.addPolygon(hex_polygon(self.layout, h))
        path.closeSubpath()
        item = QGraphicsPathItem(path)
        item.setPen(QPen(QColor(255, 190, 0), self.layout.size * 0.12))
        item.setZValue(8)
        self._highlight = item
        self._add(item)

    def view_has(self, key: str) -> bool:
        return any(m.key == key for m in self.view.units)
