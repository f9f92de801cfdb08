"""The map widget: smooth pan and zoom over a MapScene, reporting the hex under the cursor."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsView

from ..core.hexgrid import Hex

MIN_ZOOM, MAX_ZOOM = 0.08, 6.0


class MapView(QGraphicsView):
    hex_hovered = Signal(object)      # Hex or None
    hex_clicked = Signal(object)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setMouseTracking(True)
        self._last_hex: Hex | None = None

    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        target = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom() * factor))
        factor = target / self.zoom()
        self.scale(factor, factor)

    def fit_map(self) -> None:
        if self.scene() is not None:
            self.fitInView(self.scene().sceneRect(), Qt.KeepAspectRatio)

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

    def mousePressEvent(self, event) -> None:
        scene = self.scene()
        if scene is not None and event.button() == Qt.LeftButton:
            item = self.itemAt(event.position().toPoint())
            if item is None or item.zValue() < 10:     # terrain, zones, markers: a hex click
                self.hex_clicked.emit(scene.hex_at(self.mapToScene(event.position().toPoint())))
        super().mousePressEvent(event)
