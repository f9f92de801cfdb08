"""The editor's map: the game window's map view (pan, zoom) with the organizer's tools.

Pan drags the map; Brush paints the hexes under a brush of 1, 7 or 19 hexes as the mouse drags;
Line paints a straight line of hexes from where the button went down to where it came up; Fill
paints the hexes joined to the one clicked that share its terrain (or level); Hexside picks the
hexside nearest the click; Rectangle paints the columns and rows between the hex pressed and
the hex released; Polygon takes a corner at each click and paints the hexes inside once closed
(double-click or Enter; Esc drops it).  A stroke is shown as it is drawn and becomes one
operation (one Undo) when the button comes up (the polygon: when it is closed).  Units dragged
from the order of battle drop onto a hex.  The deployment zones are shaded in their sides'
colours (`shade_zones`): the organizer's map, never a side's.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsView

from ...core.hexgrid import Hex, Hexside, hex_line, neighbour, spiral
from ...core.scenario_doc.shapes import polygon, rectangle
from ..mapview import MapView

TOOLS = ("pan", "brush", "line", "fill", "hexside", "rectangle", "polygon")
UNIT_MIME = "application/x-umpire-unit"     # a unit id dragged from the order of battle
BRUSH_RADIUS = {1: 0, 7: 1, 19: 2}          # hexes in the brush -> its radius


class EditorMapView(MapView):
    stroke_done = Signal(object, str)         # hexes painted (a set), the tool that painted them
    hexside_picked = Signal(object)          # Hexside
    menu_asked = Signal(object, object)      # Hex, global position: the right-click menu
    unit_dropped = Signal(str, object)       # unit id, Hex

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.tool = "pan"
        self.brush_size = 1
        self._stroke: set[Hex] | None = None
        self._start: Hex | None = None
        self._shown: QGraphicsPathItem | None = None
        self.corners: list[Hex] = []            # the shape's corners: a rectangle's two, a polygon's so far
        self.zone_shades: list[QGraphicsPathItem] = []
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)

    def set_tool(self, tool: str) -> None:
        if self.tool == "polygon" and tool != "polygon":
            self.drop_polygon()
        self.tool = tool
        self.setDragMode(QGraphicsView.ScrollHandDrag if tool == "pan" else QGraphicsView.NoDrag)
        self.viewport().setCursor(Qt.OpenHandCursor if tool == "pan" else Qt.CrossCursor)

    def brush(self, h: Hex) -> set[Hex]:
        scene = self.scene()
        return {x for x in spiral(h, BRUSH_RADIUS[self.brush_size]) if scene.view.map.contains(x)}

    def _hex(self, event) -> Hex | None:
        scene = self.scene()
        return None if scene is None else scene.hex_at(self.mapToScene(event.position().toPoint()))

    # ------------------------------------------------------------------ the mouse
    def mousePressEvent(self, event) -> None:
        h = self._hex(event)
        if event.button() == Qt.RightButton and h is not None:
            self.menu_asked.emit(h, event.globalPosition().toPoint())
            return
        if self.tool == "pan" or event.button() != Qt.LeftButton or h is None:
            return super().mousePressEvent(event)
        if self.tool == "hexside":
            side = self.nearest_hexside(self.mapToScene(event.position().toPoint()))
            if side is not None:
                self.hexside_picked.emit(side)
            return
        if self.tool == "fill":
            self.stroke_done.emit({h}, "fill")
            return
        if self.tool == "polygon":
            self.add_corner(h)
            return
        self._start, self._stroke = h, (self.brush(h) if self.tool != "rectangle" else {h})
        self.corners = [h, h]
        self._show()

    def mouseDoubleClickEvent(self, event) -> None:
        if self.tool == "polygon" and event.button() == Qt.LeftButton:
            self.close_polygon()
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event) -> None:
        if self.tool == "polygon" and event.key() in (Qt.Key_Return, Qt.Key_Enter):
            return self.close_polygon()
        if self.tool == "polygon" and event.key() == Qt.Key_Escape:
            return self.drop_polygon()
        super().keyPressEvent(event)

    # ------------------------------------------------------------------ the polygon
    def add_corner(self, h: Hex) -> None:
        """A corner of the polygon (a second click on the last corner, as a double-click
        gives, adds none)."""
        if not self.corners or self.corners[-1] != h:
            self.corners.append(h)
        self._stroke = polygon(self.scene().view.map.grid, self.corners)
        self._show()

    def close_polygon(self) -> None:
        if not self.corners:
            return
        stroke = polygon(self.scene().view.map.grid, self.corners)
        self._stroke = None
        self._show()
        self.stroke_done.emit(stroke, "polygon")
        self.corners = []

    def drop_polygon(self) -> None:
        self.corners, self._stroke = [], None
        self._show()

    def mouseMoveEvent(self, event) -> None:
        super().mouseMoveEvent(event)
        h = self._hex(event)
        if self._stroke is None or h is None:
            return
        if self.tool == "brush":
            self._stroke |= self.brush(h)
        elif self.tool == "line":
            self._stroke = set().union(*(self.brush(x) for x in hex_line(self._start, h)))
        elif self.tool == "rectangle":
            self._stroke = rectangle(self.scene().view.map.grid, self._start, h)
            self.corners = [self._start, h]
        self._show()

    def mouseReleaseEvent(self, event) -> None:
        if self._stroke is None or self.tool == "polygon":     # a polygon ends when it is closed
            return super().mouseReleaseEvent(event)
        stroke, self._stroke = self._stroke, None
        self._show()
        self.stroke_done.emit(stroke, self.tool)

    def nearest_hexside(self, point) -> Hexside | None:
        """The hexside of the hex under `point` whose middle is nearest it."""
        scene = self.scene()
        h = scene.hex_at(point)
        if h is None:
            return None
        best = None
        for d in range(6):
            (x1, y1), (x2, y2) = scene.layout.edge(h, d)
            dist = ((x1 + x2) / 2 - point.x()) ** 2 + ((y1 + y2) / 2 - point.y()) ** 2
            if scene.view.map.contains(neighbour(h, d)) and (best is None or dist < best[0]):
                best = (dist, Hexside.between(h, neighbour(h, d)))
        return best and best[1]

    def _show(self) -> None:
        """Outline the hexes of the stroke being drawn (nothing once it is done)."""
        scene = self.scene()
        if self._shown is not None and self._shown.scene() is scene:
            scene.removeItem(self._shown)
        self._shown = None
        if self._stroke is None or scene is None:
            return
        path = QPainterPath()
        for h in self._stroke:
            corners = scene.layout.corners(h)
            path.moveTo(*corners[0])
            for c in corners[1:]:
                path.lineTo(*c)
            path.closeSubpath()
        self._shown = QGraphicsPathItem(path)
        self._shown.setPen(QPen(QColor(20, 20, 20), 2))
        self._shown.setBrush(QBrush(QColor(255, 255, 255, 90)))
        self._shown.setZValue(50)
        scene.addItem(self._shown)

    def shade_zones(self, zones: list[tuple[frozenset, str, str]]) -> None:
        """Each zone's hexes shaded in its side's colour, (hexes, colour, label) each, over the
        terrain and under the counters; drawn again after every change."""
        scene = self.scene()
        for item in self.zone_shades:
            if item.scene() is scene:
                scene.removeItem(item)
        self.zone_shades = []
        if scene is None:
            return
        for hexes, colour, label in zones:
            path = QPainterPath()
            for h in hexes:
                corners = scene.layout.corners(h)
                path.moveTo(*corners[0])
                for c in corners[1:]:
                    path.lineTo(*c)
                path.closeSubpath()
            item = QGraphicsPathItem(path)
            shade = QColor(colour)
            shade.setAlpha(50)           # the terrain still reads through it
            item.setBrush(QBrush(shade))
            item.setPen(QPen(Qt.NoPen))
            item.setZValue(3)           # over the terrain and hexsides, under the zones' edges (4) and counters
            item.setToolTip(label)
            scene.addItem(item)
            self.zone_shades.append(item)

    # ------------------------------------------------------------------ units dropped
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasFormat(UNIT_MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event) -> None:
        if event.mimeData().hasFormat(UNIT_MIME):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event) -> None:
        if not event.mimeData().hasFormat(UNIT_MIME):
            return super().dropEvent(event)
        h = self._hex(event)
        if h is not None:
            uid = bytes(event.mimeData().data(UNIT_MIME)).decode("utf-8")
            self.unit_dropped.emit(uid, h)
            event.acceptProposedAction()
