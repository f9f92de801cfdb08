"""The editor's map: the game window's map view (pan, zoom) with the organizer's tools.

Pan drags the map; Brush paints the hexes under a brush of 1, 7 or 19 hexes as the mouse drags;
Line paints a straight line of hexes from where the button went down to where it came up; Fill
paints the hexes joined to the one clicked that share its terrain (or level); Hexside picks the
hexside nearest the click.  A stroke is shown as it is drawn and becomes one operation (one
Undo) when the button comes up.  Units dragged from the order of battle drop onto a hex.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsView

from ...core.hexgrid import Hex, Hexside, hex_line, neighbour, spiral
from ..mapview import MapView

TOOLS = ("pan", "brush", "line", "fill", "hexside")
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
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)

    def set_tool(self, tool: str) -> None:
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
        self._start, self._stroke = h, self.brush(h)
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
        self._show()

    def mouseReleaseEvent(self, event) -> None:
        if self._stroke is None:
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
