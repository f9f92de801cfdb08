"""The map as a PNG: the scene of one viewer's view, under a title strip naming the scenario,
the viewer and the turn.  Used by `umpire render`, the window's File menu and the reports.

A big map's picture is large (a 200x200 map at 24 px a hex is some 7,000 x 8,400 pixels), so it
is painted a band of rows at a time and each band goes straight into the PNG file: memory stays
that of one band whatever the map's size.  Each band is the same scene under the same transform
moved up by whole pixels, so the bands together are the picture painted in one go.

Every band is painted into the same buffer, allocated once outside the C heap (band_buffer): a
new 17 MB image and two copies of it for each band left the heap fragmented, some 40 MB freed
but never given back on a 200x200 map, more with each render in the same process (measured
with glibc's mallinfo2, issue 18)."""

from __future__ import annotations

import mmap
import sys

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from ..core.knowledge import SideView
from ..core.ruleset import Ruleset
from .pngrows import PngRows
from .scene import MapScene

BAND_ROWS = 512          # rows painted at once: some 15 MB of a 200x200 map at 24 px a hex
BAND_MARGIN = 32        # rows painted beyond a band's own, above and below, at least (and a hex)
# red, green and blue of a Format_RGB32 pixel's bytes (a 0xffRRGGBB word in the machine's byte
# order), as a slice: a view of the band, not a copy
RGB32_RED_GREEN_BLUE = slice(2, None, -1) if sys.byteorder == "little" else slice(1, 4)


def render_view(view: SideView, rules: Ruleset, out_path: str, hex_size: float = 24.0,
                band_rows: int = BAND_ROWS) -> tuple[int, int]:
    """Write a PNG of the map as `view`'s viewer knows it, with a title strip.  Returns its size."""
    scene = MapScene(view, rules, hex_size, on_screen=False)
    rect = scene.sceneRect()
    title_h = int(hex_size * 1.6)
    width, height = int(rect.width()), int(rect.height()) + title_h
    margin = max(BAND_MARGIN, int(hex_size))
    title = view.map_title()
    pixels = band_buffer(min(height, band_rows + 2 * margin), width)
    try:
        with PngRows(out_path, width, height) as png:
            for top in range(0, height, band_rows):
                bottom = min(top + band_rows, height)
                # painted with a margin: Qt antialiases a shape cut by a band's edge a little
                # differently near the cut (measured: up to some 0.4 hex), so the cut is kept
                # away from the rows written
                first, last = max(0, top - margin), min(height, bottom + margin)
                band = pixels[:last - first]
                image = QImage(band.data, width, last - first, width * 4, QImage.Format_RGB32)
                _paint_band(image, first, scene, title, title_h, hex_size)
                del image                   # the painter is done with the buffer
                png.add(band[top - first:bottom - first, :, RGB32_RED_GREEN_BLUE])
    except OSError as e:
        raise OSError(f"cannot write {out_path}: {e}") from e
    return width, height


def band_buffer(rows: int, width: int) -> np.ndarray:
    """The one buffer every band is painted into, (rows, width, 4) bytes: 32-bit pixels, as Qt
    paints fastest.  It lies in pages of its own (an anonymous mmap), not in the C heap: a freed
    block of this size raises glibc's threshold for mapping blocks apart, so the next render's
    buffer would land in the heap and leave it some 30 MB larger for good (measured, issue 18);
    the pages are given back to the system when the array goes."""
    return np.frombuffer(mmap.mmap(-1, rows * width * 4), np.uint8).reshape(rows, width, 4)


def _paint_band(band: QImage, top: int, scene: MapScene, title: str, title_h: int, hex_size: float) -> None:
    """Rows top.. of the picture: the title strip, then the map below it."""
    band.fill(QColor(255, 255, 255))
    p = QPainter(band)
    p.setRenderHint(QPainter.Antialiasing, True)
    p.translate(0, -top)
    bottom = top + band.height()
    if top < title_h:
        font = QFont("DejaVu Sans")
        font.setPixelSize(int(hex_size * 0.7))
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor(0, 0, 0))
        p.drawText(QRectF(hex_size * 0.5, 0, scene.sceneRect().width(), title_h), Qt.AlignVCenter | Qt.AlignLeft,
                   title)
    first = max(top, title_h)
    if first < bottom:
        # only the band's part of the scene: the scene draws just the items it touches
        width = scene.sceneRect().width()
        scene.render(p, QRectF(0, first, width, bottom - first), QRectF(0, first - title_h, width, bottom - first))
    p.end()


def rgb_rows(image: QImage) -> np.ndarray:
    """An image's pixels as a (rows, width, 3) array of red, green, blue bytes."""
    rgb = image.convertToFormat(QImage.Format_RGB888)         # bytes in this order on any machine
    rows = np.frombuffer(rgb.constBits(), np.uint8, count=rgb.sizeInBytes()).reshape(rgb.height(), -1)
    # each row is padded to a multiple of 4 bytes
    return rows[:, :rgb.width() * 3].reshape(rgb.height(), rgb.width(), 3).copy()
