"""Marks drawn on the map from a SideView only.  Fire plots (MW4 7.0, 7.17, 7.21): the impact
zone each plot would strike, cross-hairs on its aim, and after the Indirect Fire phase an
arrow to where it landed when the viewer saw it land (a scatter) and a burst there.
Objectives (MW4 20.5): a black flag with the name and points, readable in black and white."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from ..core.hexgrid import Hexside, neighbours
from ..core.knowledge import SideView
from ..core.layout import Layout


class _ViewItem(QGraphicsItem):
    """A layer over the whole map drawn from the view's marks; clicks go through it."""

    Z = 0

    def __init__(self, view: SideView, layout: Layout) -> None:
        super().__init__()
        self._view, self._layout = view, layout
        w, h = layout.bounds(view.map.grid)
        self._rect = QRectF(0, 0, w, h)
        self.setZValue(self.Z)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def _font(self, p: QPainter, share: float) -> float:
        s = self._layout.size
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(5, int(s * share)))
        font.setBold(True)
        p.setFont(font)
        return s


class FireItem(_ViewItem):
    Z = 11                          # over the counters: the aim must show on an occupied hex

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = self._font(p, 0.26)
        p.setBrush(Qt.NoBrush)
        labels: dict = {}
        for m in self._view.fire:
            colour = QColor(self._view.side_colour(m.side)).darker(120)
            pending = m.landed is None
            pen = QPen(colour, s * 0.08, Qt.DashLine if pending else Qt.SolidLine)
            p.setPen(pen)
            p.drawPath(self._outline(m.zone))
            x, y = self._layout.center(m.target)
            r = s * 0.42
            p.drawEllipse(QPointF(x, y), r, r)                    # cross-hairs on the aim
            p.drawLine(QPointF(x - r * 1.3, y), QPointF(x + r * 1.3, y))
            p.drawLine(QPointF(x, y - r * 1.3), QPointF(x, y + r * 1.3))
            row = labels.get(m.target, 0)
            labels[m.target] = row + 1
            text = f"{m.label} {m.pattern}" + (f" T{m.turn}" if m.turn != self._view.turn else "")
            box = QRectF(x - s * 1.6, y - s * (0.95 + 0.3 * row), s * 3.2, s * 0.3)
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(255, 255, 255, 200))
            p.drawRect(box)
            p.setBrush(Qt.NoBrush)
            p.setPen(colour)
            p.drawText(box, Qt.AlignCenter, text)
            if m.landed is not None:
                self._landing(p, colour, (x, y), self._layout.center(m.landed), s)

    def _outline(self, hexes) -> QPainterPath:
        path = QPainterPath()
        for h in hexes:
            for n in neighbours(h):
                if n not in hexes:
                    (x1, y1), (x2, y2) = self._layout.hexside_segment(Hexside.between(h, n))
                    path.moveTo(x1, y1)
                    path.lineTo(x2, y2)
        return path

    @staticmethod
    def _landing(p: QPainter, colour: QColor, aim, landed, s: float) -> None:
        """A burst where it landed; an arrow from the aim when it scattered."""
        (ax, ay), (lx, ly) = aim, landed
        p.setPen(QPen(colour, s * 0.07))
        for k in range(8):                                        # the burst
            a = k * math.pi / 4
            p.drawLine(QPointF(lx + math.cos(a) * s * 0.15, ly + math.sin(a) * s * 0.15),
                       QPointF(lx + math.cos(a) * s * 0.35, ly + math.sin(a) * s * 0.35))
        if (ax, ay) == (lx, ly):
            return
        p.drawLine(QPointF(ax, ay), QPointF(lx, ly))
        angle = math.atan2(ly - ay, lx - ax)
        tip = QPointF(lx - math.cos(angle) * s * 0.35, ly - math.sin(angle) * s * 0.35)
        head = QPolygonF([tip, QPointF(tip.x() - math.cos(angle - 0.5) * s * 0.3, tip.y() - math.sin(angle - 0.5) * s * 0.3),
                          QPointF(tip.x() - math.cos(angle + 0.5) * s * 0.3, tip.y() - math.sin(angle + 0.5) * s * 0.3)])
        p.setBrush(colour)
        p.drawPolygon(head)
        p.setBrush(Qt.NoBrush)


class ObjectiveItem(_ViewItem):
    # over the counters, but clear of them: the flag stands left of the counter, the label above
    # the tallest stack (its counters' shadows rise 0.24 of a hex) and below the counter of the
    # hex above, as wide as its words -- never cut off, never on a unit
    Z = 11

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = self._font(p, 0.24)
        placed: list[QRectF] = []
        for o in self._view.objectives:
            x, y = self._layout.center(o.hex)
            pole = QPointF(x - s * 0.55, y - s * 0.15)
            p.setPen(QPen(QColor(0, 0, 0), s * 0.06))
            p.drawLine(pole, QPointF(pole.x(), pole.y() - s * 0.55))
            p.setBrush(QColor(0, 0, 0))
            p.drawPolygon(QPolygonF([QPointF(pole.x(), pole.y() - s * 0.55), QPointF(pole.x() + s * 0.35,
                                     pole.y() - s * 0.42), QPointF(pole.x(), pole.y() - s * 0.3)]))
            text = f"{o.label} ({o.points})"
            width = p.fontMetrics().horizontalAdvance(text) + s * 0.2
            # its foot at 0.9 of a hex above the centre: clear of the hex's number below it
            box = QRectF(x - width / 2, y - s * 1.2, width, s * 0.3)
            # kept inside the map's picture: an objective on the top row or an edge is not cut off
            box.moveLeft(min(max(box.left(), self._rect.left()), self._rect.right() - width))
            box.moveTop(max(box.top(), self._rect.top()))
            box = _clear_of(box, placed, self._rect, s * 0.1)
            placed.append(box)
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(255, 255, 255, 230))
            p.drawRect(box)
            p.setPen(QColor(0, 0, 0))
            p.setBrush(Qt.NoBrush)
            p.drawText(box, Qt.AlignCenter, text)


def _clear_of(box: QRectF, placed: list[QRectF], bounds: QRectF, gap: float) -> QRectF:
    """`box` slid sideways off the labels already placed that it would cover (two objectives two
    hexes apart with long names), to the right unless that leaves the map, then to the left."""
    box = QRectF(box)
    for _ in range(len(placed)):
        hit = next((b for b in placed if b.intersects(box)), None)
        if hit is None:
            break
        if hit.right() + gap + box.width() <= bounds.right():
            box.moveLeft(hit.right() + gap)
        else:
            box.moveRight(hit.left() - gap)
    return box
