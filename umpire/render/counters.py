"""Unit counters: a coloured counter with its NATO symbol, ID and strength."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from ..core.knowledge import UnitMark
from ..core.symbols import H, W, symbol


def counter_fill(side_colour: str) -> QColor:
    """A light tint of the side colour, so black text and symbols stay readable in print."""
    c = QColor(side_colour)
    return QColor.fromHsvF(c.hsvHueF() if c.hsvHueF() >= 0 else 0, min(0.35, c.hsvSaturationF()), 0.95)


def paint_symbol(p: QPainter, frame: QRectF, role: str) -> None:
    """Draw the NATO frame and the role's primitives inside `frame`."""
    p.setBrush(QColor(255, 255, 255))
    p.setPen(QPen(QColor(0, 0, 0), max(0.8, frame.height() * 0.07)))
    p.drawRect(frame)
    if role == "unknown":
        f = QFont("DejaVu Sans")
        f.setPixelSize(max(5, int(frame.height() * 0.8)))
        f.setBold(True)
        p.setFont(f)
        p.drawText(frame, Qt.AlignCenter, "?")
        return
    cx, cy = frame.center().x(), frame.center().y()
    sx, sy = frame.width() / (2 * W), frame.height() / (2 * H)

    def pt(x: float, y: float) -> QPointF:
        return QPointF(cx + x * sx, cy + y * sy)

    p.setBrush(Qt.NoBrush)
    for prim in symbol(role):
        kind = prim[0]
        if kind == "line":
            p.drawLine(QLineF(pt(prim[1], prim[2]), pt(prim[3], prim[4])))
        elif kind == "ellipse":
            p.drawEllipse(pt(prim[1], prim[2]), prim[3] * sx, prim[4] * sy)
        elif kind == "dot":
            p.setBrush(QColor(0, 0, 0))
            p.drawEllipse(pt(prim[1], prim[2]), prim[3] * sy, prim[3] * sy)
            p.setBrush(Qt.NoBrush)
        elif kind == "polyline":
            p.drawPolyline(QPolygonF([pt(x, y) for x, y in prim[1]]))
        elif kind == "arc":
            _, ax, ay, rx, ry, start, span = prim
            path = QPainterPath()
            rect = QRectF(pt(ax - rx, ay - ry), pt(ax + rx, ay + ry))
            path.arcMoveTo(rect, start)
            path.arcTo(rect, start, span)
            p.drawPath(path)


def paint_counter(p: QPainter, rect: QRectF, mark: UnitMark, side_colour: str, selected: bool = False) -> None:
    ghost = mark.knowledge == "last_known"
    fill = counter_fill(side_colour)
    if ghost:
        fill.setAlpha(110)
    p.setBrush(fill)
    pen = QPen(QColor(255, 200, 0) if selected else QColor(20, 20, 20), rect.width() * (0.08 if selected else 0.04))
    if ghost:
        pen.setStyle(Qt.DashLine)
    p.setPen(pen)
    p.drawRoundedRect(rect, rect.width() * 0.08, rect.width() * 0.08)
    # side stripe along the top: the side colour at full strength identifies the owner in colour
    stripe = QRectF(rect.left(), rect.top(), rect.width(), rect.height() * 0.1)
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(side_colour))
    p.drawRect(stripe.adjusted(rect.width() * 0.06, rect.height() * 0.03, -rect.width() * 0.06, 0))
    frame_w = rect.width() * 0.56
    frame = QRectF(rect.center().x() - frame_w / 2, rect.top() + rect.height() * 0.33,
                   frame_w, frame_w * H / W)
    paint_symbol(p, frame, mark.role)
    p.setPen(QColor(0, 0, 0))
    _text_in(p, QRectF(rect.left(), rect.top() + rect.height() * 0.1, rect.width(), rect.height() * 0.22),
             mark.label, rect.height() * 0.19, bold=True)
    bottom = mark.strength if not ghost else f"T{mark.turn_seen}"
    if mark.state:          # C column (MW4 8.1), F1-F3 fatigue (8.16), S1.. suppression (7.4), P panic (13.0)
        bottom = f"{bottom} {mark.state}"
    _text_in(p, QRectF(rect.left(), rect.bottom() - rect.height() * 0.25, rect.width(), rect.height() * 0.22),
             bottom, rect.height() * 0.17)
    if mark.face_down and mark.knowledge in ("truth", "own"):
        # dog-ear in the corner: this unit is still face-down to the enemy (MW4 5.2)
        k = rect.width() * 0.22
        tri = QPolygonF([QPointF(rect.right() - k, rect.bottom()), QPointF(rect.right(), rect.bottom()),
                         QPointF(rect.right(), rect.bottom() - k)])
        p.setBrush(QColor(60, 60, 60))
        p.setPen(Qt.NoPen)
        p.drawPolygon(tri)


def _text_in(p: QPainter, box: QRectF, text: str, size: float, bold: bool = False) -> None:
    """`text` centred in `box`, as `fitted` sets it."""
    font, shown = fitted(text, box.width() * 0.92, size, bold)
    p.setFont(font)
    p.drawText(box, Qt.AlignCenter, shown)


def fitted(text: str, room: float, size: float, bold: bool = False) -> tuple[QFont, str]:
    """The type and words for `text` in `room` pixels: a smaller type where it is long (a Lock
    'n Load strength with its marks, "4-4-7 [1] S P"; "Partisan Band"), down to two thirds of
    `size`, and only then cut short with an ellipsis -- Qt clipped it at the counter's edges,
    losing its ends without a sign, and names lost theirs at nine letters."""
    font = QFont("DejaVu Sans")
    font.setBold(bold)
    smallest = max(5, round(size * 2 / 3))
    px = max(5, int(size))
    font.setPixelSize(px)
    while px > smallest and QFontMetricsF(font).horizontalAdvance(text) > room:
        px -= 1
        font.setPixelSize(px)
    return font, QFontMetricsF(font).elidedText(text, Qt.ElideRight, room)
