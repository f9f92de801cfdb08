"""The map widget: smooth pan and zoom over the map scene (mapscene.py), reporting the hex
under the cursor.

Fit Map keeps the whole map in view while the view changes size -- the window's first layout
after it is shown, a dock dragged wider -- until the umpire zooms: a map fitted before the window
was shown used to stay the size of the hidden view, a postage stamp."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsView

from ..core.hexgrid import Hex, hex_line
from ..render.scene import MapScene
from ..render.tiles import OVERVIEW_ZOOM

MIN_ZOOM, MAX_ZOOM = 0.08, 6.0


class MapView(QGraphicsView):
    hex_hovered = Signal(object)      # Hex or None
    hex_clicked = Signal(object)
    los_dragged = Signal(object, object, bool)   # from hex, to hex, finished
    move_dragged = Signal(object, bool)          # path (list of hexes), finished

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setMouseTracking(True)
        self._last_hex: Hex | None = None
        self._los_from: Hex | None = None
        self.los_tool = False
        self.move_tool = False
        self._path: list[Hex] | None = None
        self.fitted = False     # the whole map is in view, and kept so as the view is resized
        self._refit = QTimer(self, singleShot=True, interval=0)     # a child: it dies with the view
        self._refit.timeout.connect(lambda: self.fit_map() if self.fitted else None)

    def set_move_tool(self, on: bool) -> None:
        """In the move tool, dragging from a unit draws its path instead of panning the map."""
        self.move_tool = on
        self._path = None
        if on:
            self.set_los_tool(False)
        self.setDragMode(QGraphicsView.NoDrag if on else QGraphicsView.ScrollHandDrag)
        self.viewport().setCursor(Qt.PointingHandCursor if on else Qt.OpenHandCursor)

    def _extend_path(self, h: Hex) -> None:
        """Follow the mouse hex by hex: back over the last step undoes it; a jump is filled in."""
        path = self._path
        if h == path[-1]:
            return
        if len(path) > 1 and h == path[-2]:
            path.pop()
            return
        if h in path:
            del path[path.index(h) + 1:]
            return
        for step in hex_line(path[-1], h)[1:]:
            if step in path:
                del path[path.index(step) + 1:]
            else:
                path.append(step)

    def set_los_tool(self, on: bool) -> None:
        """In the LOS tool, dragging draws a sight line instead of panning the map."""
        self.los_tool = on
        if on:
            self.move_tool = False
        self._los_from = None
        self.setDragMode(QGraphicsView.NoDrag if on else QGraphicsView.ScrollHandDrag)
        self.viewport().setCursor(Qt.CrossCursor if on else Qt.OpenHandCursor)

    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        target = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom() * factor))
        factor = target / self.zoom()
        self.scale(factor, factor)
        self.fitted = False

    def fit_map(self) -> None:
        self.fitted = True
        if self.scene() is not None:
            self.fitInView(self.scene().sceneRect(), Qt.KeepAspectRatio)
            self._match_detail()

    # Every way this program changes the zoom, so that the scene's detail follows it (Qt's own
    # fitInView scales in C++, past these: fit_map matches the detail itself).
    def setScene(self, scene) -> None:
        super().setScene(scene)
        self._match_detail()

    def scale(self, sx: float, sy: float) -> None:
        super().scale(sx, sy)
        self._match_detail()

    def setTransform(self, matrix, combine: bool = False) -> None:
        super().setTransform(matrix, combine)
        self._match_detail()

    def resetTransform(self) -> None:
        super().resetTransform()
        self._match_detail()

    def _match_detail(self) -> None:
        """Far out, the scene draws its overview (one picture of the terrain, counters as
        squares) instead of thousands of tiles and stacks: a frame stays quick on a big map."""
        scene = self.scene()
        if isinstance(scene, MapScene):
            scene.set_overview(self.zoom() < OVERVIEW_ZOOM)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.fitted:
            self.fit_map()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.fitted:      # once the window has laid itself out around the view
            self._refit.start()

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(1.15 ** steps)
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        super().mouseMoveEvent(event)
        scene = self.scene()
        if scene is None:
            return
        h = scene.hex_at(self.mapToScene(event.position().toPoint()))
        if h != self._last_hex:
            self._last_hex = h
            self.hex_hovered.emit(h)
            if self.los_tool and self._los_from is not None and h is not None:
                self.los_dragged.emit(self._los_from, h, False)
            if self.move_tool and self._path is not None and h is not None:
                self._extend_path(h)
                self.move_dragged.emit(list(self._path), False)

    def mouseReleaseEvent(self, event) -> None:
        scene = self.scene()
        if self.move_tool and self._path is not None:
            path, self._path = self._path, None
            self.move_dragged.emit(path, True)
            return
        if self.los_tool and scene is not None and self._los_from is not None:
            h = scene.hex_at(self.mapToScene(event.position().toPoint()))
            if h is not None:
                self.los_dragged.emit(self._los_from, h, True)
            self._los_from = None
            return
        super().mouseReleaseEvent(event)

    def mousePressEvent(self, event) -> None:
        scene = self.scene()
        if self.los_tool and scene is not None and event.button() == Qt.LeftButton:
            self._los_from = scene.hex_at(self.mapToScene(event.position().toPoint()))
            return
        if self.move_tool and scene is not None and event.button() == Qt.LeftButton:
            h = scene.hex_at(self.mapToScene(event.position().toPoint()))
            if h is not None:
                self._path = [h]
                self.move_dragged.emit([h], False)
            return
        if scene is not None and event.button() == Qt.LeftButton:
            at = event.position().toPoint()
            # a click on a counter is the counter's (mapscene.py); on terrain, zones, markers, a hex click
            if not any(i.zValue() >= 10 and i.acceptedMouseButtons() & Qt.LeftButton for i in self.items(at)):
                self.hex_clicked.emit(scene.hex_at(self.mapToScene(at)))
        super().mousePressEvent(event)
