"""A stack: all the counters a viewer sees in one hex, the top one drawn in full, the ones
underneath as edges, and a badge with their number.  Which counter is on top and which is
selected are part of the picture; what a click does to them is the window's (gui/mapscene.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from ..core.hexgrid import Hex
from ..core.knowledge import UnitMark
from ..core.layout import Layout
from .counters import paint_counter

OUTLINE_MIN_PX = 6.0      # a hex's size on screen from which the overview's squares are edged

if TYPE_CHECKING:
    from .scene import MapScene


class StackItem(QGraphicsItem):
    """All the counters a viewer sees in one hex; the top one is drawn in full."""

    def __init__(self, scene: MapScene, h: Hex, marks: list[UnitMark], layout: Layout) -> None:
        super().__init__()
        self.map_scene = scene
        self.hex = h
        self.marks = marks
        self.top = 0
        self.selected_key: str | None = None
        x, y = layout.center(h)
        self.side = layout.size * 1.05
        self._rect = QRectF(x - self.side / 2, y - self.side / 2, self.side, self.side)
        self.counter_rect = QRectF(self._rect)          # where the top counter lies
        depth = min(len(marks) - 1, 3) * self.side * 0.08
        badge = self.side * 0.36 if len(marks) > 1 else 0     # the count stands left of the counter
        self._bounds = self._rect.adjusted(-badge - 2, -depth - 2, depth + 2, 2)
        self.setZValue(10)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self._bounds)
        return path

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing, True)
        view = self.map_scene.view
        n = len(self.marks)
        step = self.side * 0.08
        for i in range(min(n - 1, 3), 0, -1):        # shadows of the counters underneath
            under = self.marks[(self.top + i) % n]
            paint_counter(p, self._rect.translated(i * step, -i * step), under, view.counter_colour(under))
        top = self.marks[self.top]
        paint_counter(p, self._rect, top, view.counter_colour(top), selected=top.key == self.selected_key)
        if n > 1:
            font = QFont("DejaVu Sans")
            font.setPixelSize(max(5, int(self.side * 0.2)))
            font.setBold(True)
            p.setFont(font)
            # beside the counter's lower left, not on it: on it, it hid the strength's first figure
            badge = QRectF(self._rect.left() - self.side * 0.36, self._rect.bottom() - self.side * 0.26,
                           self.side * 0.34, self.side * 0.26)
            p.setBrush(QColor(255, 255, 255))
            p.setPen(QPen(QColor(0, 0, 0), 1))
            p.drawRoundedRect(badge, 3, 3)
            p.drawText(badge, Qt.AlignCenter, f"{n}")

    def show_on_top(self, key: str) -> None:
        for i, m in enumerate(self.marks):
            if m.key == key:
                self.top = i
        self.selected_key = key
        self.update()


class StacksOverview(QGraphicsItem):
    """Far out, where a counter is a few pixels: every stack as a square of its top counter's
    side colour (faint for a last-known contact, ringed when selected), all drawn by this one
    item in a few calls instead of by hundreds of stacks counter by counter."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(10)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self.map_scene.terrain.rect

    def paint(self, p: QPainter, option, widget=None) -> None:
        view = self.map_scene.view
        squares: dict[tuple[str, bool], list[QRectF]] = {}
        selected = []
        for stack in self.map_scene.stacks.values():
            top = stack.marks[stack.top]
            squares.setdefault((view.counter_colour(top), top.knowledge == "last_known"), []).append(stack.counter_rect)
            if stack.selected_key is not None:
                selected.append(stack.counter_rect)
        seen = option.levelOfDetailFromTransform(p.worldTransform()) * self.map_scene.layout.size
        # a dark edge once a square is big enough to keep its colour inside it
        p.setPen(QPen(QColor(20, 20, 20), 0) if seen >= OUTLINE_MIN_PX else Qt.NoPen)
        for (colour, ghost), rects in squares.items():
            fill = QColor(colour)
            if ghost:
                fill.setAlpha(110)
            p.setBrush(fill)
            p.drawRects(rects)
        if selected:
            p.setBrush(Qt.NoBrush)
            p.setPen(QPen(QColor(255, 190, 0), 2.5 / max(p.worldTransform().m11(), 1e-6)))
            p.drawRects(selected)
