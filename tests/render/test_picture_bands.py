"""A map's PNG is painted a band of rows at a time and written row by row (render/picture.py,
render/pngrows.py), so that a big map never needs its whole picture in memory: the file must be
the picture painted in one go, pixel for pixel."""

import numpy as np
import pytest
from PySide6.QtGui import QImage

from umpire.core.knowledge import build_view
from umpire.core.store.db import open_game
from umpire.render.picture import render_view, rgb_rows
from umpire.render.pngrows import PngRows


def _pixels(path) -> np.ndarray:
    image = QImage(str(path))
    assert not image.isNull()
    return rgb_rows(image)


@pytest.mark.parametrize("hex_size", [12, 30])
def test_a_picture_painted_in_bands_is_the_picture_painted_at_once(qapp, tmp_path, game_path, hex_size):
    game = open_game(game_path)
    view = build_view(game, "umpire")
    whole = render_view(view, game.rules, str(tmp_path / "whole.png"), hex_size, band_rows=100_000)
    banded = render_view(view, game.rules, str(tmp_path / "bands.png"), hex_size, band_rows=37)
    assert whole == banded and whole[1] > 10 * 37, "control: many band edges cross the map"
    at_once, in_bands = _pixels(tmp_path / "whole.png"), _pixels(tmp_path / "bands.png")
    assert at_once.shape == (whole[1], whole[0], 3)
    assert len(np.unique(at_once.reshape(-1, 3), axis=0)) > 50, "control: a real map, not a blank"
    assert np.array_equal(at_once, in_bands)


def test_png_rows_read_back_as_written(qapp, tmp_path):
    rng = np.random.default_rng(18)
    pixels = rng.integers(0, 256, (131, 77, 3), dtype=np.uint8)
    pixels[60:, :40] = (250, 250, 246)                  # a flat fill, as maps have
    with PngRows(str(tmp_path / "p.png"), 77, 131) as png:
        for top in range(0, 131, 50):                  # bands of 50, 50 and 31 rows
            png.add(pixels[top:top + 50])
    assert np.array_equal(_pixels(tmp_path / "p.png"), pixels)


def test_png_rows_refuse_a_short_picture_and_leave_no_file(tmp_path):
    out = tmp_path / "short.png"
    with pytest.raises(ValueError, match="131 rows but 50"):
        with PngRows(str(out), 77, 131) as png:
            png.add(np.zeros((50, 77, 3), np.uint8))
    assert not out.exists()
    with pytest.raises(ValueError, match="RGB"):
        with PngRows(str(out), 77, 131) as png:
            png.add(np.zeros((50, 76, 3), np.uint8))
    assert not out.exists()


def test_bands_are_painted_into_one_buffer_without_copies(qapp, tmp_path, game_path, monkeypatch):
    """Issue 18: each band once cost a new image, its RGB copy, a copy of that and the PNG rows
    (four band-sized blocks, leaving the C heap some 40 MB larger on a 200x200 map).  Now every
    band is painted into one buffer outside the heap and goes to zlib a few rows at a time: while
    the bands are painted and written, Python and numpy hold less than one band's RGB pixels."""
    import tracemalloc

    from umpire.render import picture

    class BandsTraced(PngRows):             # opened once the scene is built: trace the bands only
        def __init__(self, *args, **kwargs) -> None:
            tracemalloc.reset_peak()
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(picture, "PngRows", BandsTraced)
    game = open_game(game_path)
    view = build_view(game, "umpire")
    band_rows = 600                 # with big hexes: a band's pixels far outweigh zlib's pieces
    tracemalloc.start()
    try:
        width, height = render_view(view, game.rules, str(tmp_path / "m.png"), 80, band_rows=band_rows)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert height > 3 * band_rows, "control: several bands"
    one_band_rgb = width * band_rows * 3
    assert peak < one_band_rgb, (peak, one_band_rgb)
