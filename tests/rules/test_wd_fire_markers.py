"""Wardogs p. 16 on the map: a burning hex and a churned hex are each drawn over the whole hex --
the flames' yellow-orange blaze smoky at its edges, the churned ground hatched in brown -- not
only as a small tag at its foot, and the map key names each.  Tested on the rendered pixels and
on the report's map key."""

from __future__ import annotations

from PIL import Image

from reportkit import report, text_of

from umpire.actions import system_for
from umpire.core.knowledge import build_view
from umpire.core.layout import Layout
from umpire.core.store.db import open_game
from umpire.render.picture import render_view

from .wdkit import grid_with, wardogs_game

MARKS = ('[[map.overlay]]\nkind = "burning"\nhexes = ["0503"]\n'
         '[[map.overlay]]\nkind = "churned"\nhexes = ["0305"]\n')


def _game(tmp_path, hexsides=MARKS):
    return wardogs_game(tmp_path, [{"id": "Coyote", "type": "coyote", "hex": "0403", "facing": "SE"}],
                        [{"id": "Tank", "type": "tank", "hex": "0404", "facing": "NW"}],
                        terrain=grid_with(10, 8, {"0503": "f", "0305": "."}), hexsides=hexsides)


def _pixel_near_centre(loc, png, number, dx=0.5):
    g = open_game(loc)
    lay = Layout.for_grid(g.map.grid, 24.0)
    x, y = lay.center(g.map.grid.parse(number))
    img = Image.open(png).convert("RGB")
    title = int(24 * 1.6)                        # the picture's title strip above the map
    return img.getpixel((int(x - 24 * dx), int(y - 24 * 0.3) + title))


def test_the_flames_and_the_churned_ground_fill_their_hexes_p16(qapp, tmp_path):
    loc = _game(tmp_path / "a")
    bare = _game(tmp_path / "b", hexsides="")
    out = {}
    for name, where in (("marked", loc), ("bare", bare)):
        g = open_game(where)
        view = build_view(g, "umpire", system_for(where))
        render_view(view, g.rules, str(tmp_path / f"{name}.png"), hex_size=24.0)
        out[name] = where
    fire = _pixel_near_centre(loc, tmp_path / "marked.png", "0503", 0.0)
    plain = _pixel_near_centre(bare, tmp_path / "bare.png", "0503", 0.0)
    r, g_, b = fire
    assert fire != plain and r > 200 and r > b + 80, fire          # yellow-orange where the forest's green was
    churned = [_pixel_near_centre(loc, tmp_path / "marked.png", "0305", d) for d in (0.1, 0.2, 0.3, 0.4, 0.5)]
    clear = [_pixel_near_centre(bare, tmp_path / "bare.png", "0305", d) for d in (0.1, 0.2, 0.3, 0.4, 0.5)]
    assert churned != clear and any(sum(c) < sum(p) - 120 for c, p in zip(churned, clear))   # dark hatch lines


def test_the_map_key_names_each(tmp_path):
    loc = _game(tmp_path)
    text = text_of(report(loc, "umpire", tmp_path / "r"))
    assert "Fire in a box at the foot of a hex, the hex ablaze" in text and "Forest fire (Wardogs p. 16)" in text
    assert "Chd in a box at the foot of a hex, the hex hatched with brown lines" in text
