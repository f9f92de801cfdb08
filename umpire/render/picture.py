"""The map as a PNG: the scene of one viewer's view, under a title strip naming the scenario,
the viewer and the turn.  Used by `umpire render`, the window's File menu and the reports."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from ..core.knowledge import SideView
from ..core.ruleset import Ruleset
from .scene import MapScene


def render_view(view: SideView, rules: Ruleset, out_path: str, hex_size: float = 24.0) -> tuple[int, int]:
    """Write a PNG of the map as `view`'s viewer knows it, with a title strip.  Returns its size."""
    scene = MapScene(view, rules, hex_size)
    rect = scene.sceneRect()
    title_h = int(hex_size * 1.6)
    img = QImage(int(rect.width()), int(rect.height()) + title_h, QImage.Format_RGB32)
    img.fill(QColor(255, 255, 255))
    p = QPainter(img)
    p.setRenderHint(QPainter.Antialiasing, True)
    font = QFont("DejaVu Sans")
    font.setPixelSize(int(hex_size * 0.7))
    font.setBold(True)
    p.setFont(font)
    p.setPen(QColor(0, 0, 0))
    p.drawText(QRectF(hex_size * 0.5, 0, rect.width(), title_h), Qt.AlignVCenter | Qt.AlignLeft,
               f"{view.title} — {view.viewer_name} — turn {view.turn} of {view.turns}")
    scene.render(p, QRectF(0, title_h, rect.width(), rect.height()), rect)
    p.end()
    if not img.save(out_path, "PNG"):
        raise OSError(f"cannot write {out_path}")
    return img.width(), img.height()
