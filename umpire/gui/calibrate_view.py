"""What the calibration dialog (calibrate.py) shows: the backdrop image in a view that zooms with
the wheel and reports the image pixel clicked, and the scenario's hex grid drawn over it where the
calibration being edited puts it."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

from ..core.backdrop import Backdrop
from ..core.hexgrid import Grid


class GridOverlay(QGraphicsItem):
    """The scenario's hexes over the image, where the calibration being edited puts them."""

    def __init__(self, grid: Grid, rect: QRectF) -> None:
        super().__init__()
        self.grid, self._rect = grid, rect
        self.path = QPainterPath()
        self.first = QPointF()
        self.setZValue(1)

    def boundingRect(self) -> QRectF:
        return self._rect

    def lay(self, backdrop: Backdrop) -> None:
        """Draw the grid for this calibration: every hex's outline, hex 0101 marked."""
        path = QPainterPath()
        s, k = backdrop.hex_size, backdrop.stretch
        start = 0.0 if self.grid.orientation == "flat" else 30.0
        corners = [(s * math.cos(math.radians(start + 60 * i)), s * k * math.sin(math.radians(start + 60 * i)))
                   for i in range(6)]
        for h in self.grid.hexes():
            x, y = backdrop.image_point(self.grid, h)
            path.moveTo(x + corners[0][0], y + corners[0][1])
            for dx, dy in corners[1:]:
                path.lineTo(x + dx, y + dy)
            path.closeSubpath()
        self.prepareGeometryChange()
        self.path = path
        self.first = QPointF(*backdrop.image_point(self.grid, self.grid.from_offset(1, 1)))
        self.hex_size = s
        self._rect = self._rect.united(path.boundingRect().adjusted(-s, -s, s, s))
        self.update()

    def paint(self, p: QPainter, option, widget=None) -> None:
        pen = QPen(QColor(255, 0, 160), 0)          # cosmetic: one pixel whatever the zoom
        p.setPen(pen)
        p.drawPath(self.path)
        p.setPen(QPen(QColor(255, 0, 160), 0))
        p.setBrush(QColor(255, 0, 160, 90))
        p.drawEllipse(self.first, self.hex_size * 0.25, self.hex_size * 0.25)
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(6, int(self.hex_size * 0.4)))
        p.setFont(font)
        p.drawText(self.first + QPointF(-self.hex_size * 0.45, -self.hex_size * 0.35), self.grid.number(
            self.grid.from_offset(1, 1)))


class PickView(QGraphicsView):
    """The image, zoomable with the wheel; a click reports the image pixel under it."""

    picked = Signal(float, float)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            p = self.mapToScene(event.position().toPoint())
            self.picked.emit(p.x(), p.y())
            event.accept()
            return
        super().mousePressEvent(event)

    def wheelEvent(self, event) -> None:
        factor = 1.25 if event.angleDelta().y() > 0 else 0.8
        self.scale(factor, factor)
