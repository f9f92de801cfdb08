"""A unit type's counter as a small icon: the tree's rows and the unit picker show the
counters the map draws (the painter's paint_counter)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap

from ...core.knowledge import UnitMark
from ...render.counters import paint_counter


def counter_icon(unit_type: dict, colour: str) -> QIcon:
    """The unit type's counter as the map draws it."""
    pixmap = QPixmap(32, 32)
    pixmap.fill(Qt.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.Antialiasing, True)
    mark = UnitMark(key="", side="", hex=None, role=unit_type.get("role", "unknown"), label="",
                    type_label=unit_type.get("label", ""), strength="", knowledge="truth")
    paint_counter(p, QRectF(2, 2, 28, 28), mark, colour)
    p.end()
    return QIcon(pixmap)
