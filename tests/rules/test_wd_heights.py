"""Wardogs heights on the map (Wardogs p. 12: hills and buildings in 5 m levels): a hex's ground is
printed as its height ("▲10 m"), not as a level an umpire misread ("L1" at a hex's foot read as the
next row's), and brown contour lines run inside the edges where the ground rises; the map key says
both.  Other rule systems keep their levels ("L2")."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from umpire.actions import system_for
from umpire.core.knowledge import build_view
from umpire.core.ruleset import load_ruleset
from umpire.core.store.db import open_game
from umpire.render.picture import render_view
from umpire.render.terrain_paint import CONTOUR
from umpire.reports.legend import terrain_key

from .wdkit import grid_with, wardogs_game


def test_heights_in_metres_where_the_rules_give_levels_in_metres_p12():
    wd = load_ruleset("wardogs")
    assert wd.level_metres == 5 and wd.level_text(2) == "\u25b210 m" and wd.level_text(3) == "\u25b215 m"
    assert load_ruleset("mechwar4").level_text(2) == "L2"


def _map(qapp, tmp_path, hill: bool) -> tuple:
    levels = grid_with(10, 8, {"0504": "2"} if hill else {}, fill="0")
    loc = wardogs_game(tmp_path, [{"id": "Coyote", "type": "coyote", "hex": "0101"}],
                       [{"id": "Tank", "type": "tank", "hex": "1008"}], elevation=levels)
    g = open_game(loc)
    png = tmp_path / "map.png"
    render_view(build_view(g, "blue", system_for(loc)), g.rules, str(png), 30)
    return QImage(str(png)), build_view(g, "blue", system_for(loc)), g.rules


def _contour_pixels(img: QImage) -> int:
    def near(c: QColor) -> bool:
        return abs(c.red() - CONTOUR.red()) < 12 and abs(c.green() - CONTOUR.green()) < 12 and abs(c.blue() - CONTOUR.blue()) < 12
    return sum(near(img.pixelColor(x, y)) for x in range(0, img.width(), 2) for y in range(0, img.height(), 2))


def test_a_hill_is_outlined_in_brown_and_the_key_says_so(qapp, tmp_path):
    flat, flat_view, rules = _map(qapp, tmp_path / "flat", hill=False)
    hill, hill_view, _ = _map(qapp, tmp_path / "hill", hill=True)
    assert _contour_pixels(flat) == 0 and _contour_pixels(hill) > 40
    rows = dict(terrain_key(hill_view, rules))
    assert "Darker shading, and \u25b25 m, \u25b210 m ... low in a hex" in rows
    assert "5 m a level" in rows["Darker shading, and \u25b25 m, \u25b210 m ... low in a hex"]
    assert "a contour" in rows["Brown line inside a hex's edge"]
    assert not any("contour" in v for v in dict(terrain_key(flat_view, rules)).values())
