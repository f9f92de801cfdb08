"""A calibrated backdrop shows under the map: in the window (the grabbed view's pixels at a hex
centre are the image's colour blended with the terrain's at the chosen opacity, View → Backdrop)
and in a report's map page (the picture in the PDF).  The image is the organizer's, the same for
every side: each side's report draws the same backdrop."""

import io
import subprocess

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from umpire.core.layout import Layout
from umpire.core.scenario import load_scenario
from umpire.core.store.db import create_game, open_game

from mapimport import backdropkit as kit
from reportkit import report
from windowkit import window_on

CLEAR = (0xE6, 0xE8, 0xC8)          # the toy's clear terrain fill
LEFT, RIGHT = "0102", "1102"         # clear, level 0, empty: on the image's red half and its blue half


def _blend(image, opacity):
    return np.array(image) * opacity + np.array(CLEAR) * (1 - opacity)


@pytest.fixture()
def game_file(tmp_path):
    path = kit.scenario(tmp_path, table=kit.backdrop_table(opacity=0.6))
    game = create_game(load_scenario(path), tmp_path / "g.umpire")
    g = open_game(game)
    for number in (LEFT, RIGHT):       # the test's premise: nothing but plain ground at those centres
        h = g.map.grid.parse(number)
        assert g.map.terrain[h] == "clear" and g.map.elevation[h] == 0
        assert all(u.hex != h for u in g.units.values())
    return game


def _pixel_at(window, number) -> np.ndarray:
    scene = window.scene
    x, y = scene.layout.center(window.game.map.grid.parse(number))
    image = window.map_view.viewport().grab().toImage()
    p = window.map_view.mapFromScene(QPointF(x, y))
    return np.array(QColor(image.pixel(p.x(), p.y())).getRgb()[:3])


def test_the_backdrop_shows_under_the_terrain_at_the_chosen_opacity(qtbot, tmp_path, game_file):
    w = window_on(qtbot, tmp_path, game_file)
    w.resize(1000, 800)
    w.map_view.fit_map()
    qtbot.wait(50)
    menu = w.backdrop_menu
    assert menu.opacity == 0.6 and all(a.isEnabled() for a in menu.group.actions())
    assert _pixel_at(w, LEFT) == pytest.approx(_blend(kit.RED, 0.6), abs=10)
    assert _pixel_at(w, RIGHT) == pytest.approx(_blend(kit.BLUE, 0.6), abs=10)
    w.grab().save(str(tmp_path / "window.png"))
    # View → Backdrop → Hidden: the terrain alone; Image only: the picture's own colour
    dict((v, a) for v, a in menu.presets)[0.0].trigger()
    assert _pixel_at(w, LEFT) == pytest.approx(np.array(CLEAR), abs=4)
    dict((v, a) for v, a in menu.presets)[1.0].trigger()
    assert _pixel_at(w, LEFT) == pytest.approx(np.array(kit.RED), abs=4)
    menu.act_less.trigger()             # Ctrl+[: a tenth less of the image
    assert menu.opacity == 0.9 and _pixel_at(w, RIGHT) == pytest.approx(_blend(kit.BLUE, 0.9), abs=10)


def test_a_map_without_a_backdrop_greys_the_entries(qtbot, tmp_path):
    path = kit.scenario(tmp_path, table="")
    w = window_on(qtbot, tmp_path, create_game(load_scenario(path), tmp_path / "g.umpire"))
    assert w.scene.terrain.backdrop is None
    assert not any(a.isEnabled() for a in w.backdrop_menu.group.actions())


def test_a_game_whose_image_is_broken_says_so_and_plays_on(qtbot, tmp_path, game_file):
    (tmp_path / "board.png").write_bytes(b"no longer a picture")
    w = window_on(qtbot, tmp_path, game_file)
    assert w.scene.terrain.backdrop is None
    assert "Backdrop not drawn" in w.statusBar().currentMessage()


def _map_picture(pdf) -> np.ndarray:
    """The first map page's picture (the whole map), as the PDF holds it."""
    for page in PdfReader(str(pdf)).pages:
        for img in page.images:
            im = Image.open(io.BytesIO(img.data)).convert("RGB")
            if im.width > 300:
                return np.array(im)
    raise AssertionError("no map picture in the report")


@pytest.mark.parametrize("viewer", ["umpire", "red"])
def test_the_backdrop_shows_on_the_reports_map(tmp_path, game_file, viewer):
    pdf = report(game_file, viewer, tmp_path / "reports")
    picture = _map_picture(pdf)
    game = open_game(game_file)
    unit = Layout.for_grid(game.map.grid, 1.0)
    w, h = unit.bounds(game.map.grid)
    for number, colour in ((LEFT, kit.RED), (RIGHT, kit.BLUE)):
        x, y = unit.center(game.map.grid.parse(number))
        px = picture[round(y / h * picture.shape[0]), round(x / w * picture.shape[1])]
        assert px == pytest.approx(_blend(colour, 0.6), abs=10), (number, px)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "2", "-l", "2", str(pdf), str(tmp_path / f"page-{viewer}")],
                   check=True)


def test_far_out_the_overview_draws_the_backdrop_blended_too(qtbot, tmp_path, game_file):
    w = window_on(qtbot, tmp_path, game_file)
    w.resize(1000, 800)
    w.map_view.fit_map()
    near = _pixel_at(w, LEFT)
    w.scene.set_overview(True)             # as far out: one picture of the terrain, the backdrop in it
    assert not w.scene.terrain.backdrop.isVisible() and w.scene.terrain.overview.isVisible()
    assert _pixel_at(w, LEFT) == pytest.approx(near, abs=12)
    w.backdrop_menu.set_opacity(0.0)       # the overview is drawn again at the new opacity
    assert _pixel_at(w, LEFT) == pytest.approx(np.array(CLEAR), abs=8)
    w.scene.set_overview(False)
    assert not w.scene.terrain.backdrop.isVisible()        # hidden at 0 near too
    w.backdrop_menu.set_opacity(0.6)
    assert w.scene.terrain.backdrop.isVisible() and _pixel_at(w, LEFT) == pytest.approx(near, abs=4)


def test_a_pointy_map_from_a_picture_lies_on_it(qapp, tmp_path):
    """`umpire import-map image --orientation pointy`, then `umpire render`: each hex shows the part
    of the picture its calibrated centre lies on (the red half or the blue half)."""
    from umpire.cli import main
    from umpire.core.knowledge import build_view
    from umpire.render.picture import render_view

    kit.board(tmp_path / "board.png")
    out = tmp_path / "pointy.toml"
    assert main(["import-map", "image", str(tmp_path / "board.png"), "--rules", "toy", "--hex-size", "20",
                 "--origin", "25,25", "--orientation", "pointy", "--stagger", "odd", "--opacity", "1",
                 "--out", str(out)]) == 0
    game = open_game(create_game(load_scenario(out), tmp_path / "p.umpire"))
    grid, backdrop = game.map.grid, game.map.backdrop
    render_view(build_view(game, "umpire"), game.rules, str(tmp_path / "p.png"), 24.0)
    picture = np.array(Image.open(tmp_path / "p.png").convert("RGB"))
    layout = Layout.for_grid(grid, 24.0)
    title = int(24.0 * 1.6)
    seen = set()
    occupied = {u.hex for u in game.units.values()}       # the skeleton's placeholder counters
    for h in grid.hexes():
        if h in occupied:
            continue
        on_image = backdrop.image_point(grid, h)[0]
        if abs(on_image - kit.SIZE[0] / 2) < 15:
            continue                        # the hexes on the line between the halves
        x, y = layout.center(h)
        want = kit.RED if on_image < kit.SIZE[0] / 2 else kit.BLUE
        assert picture[round(y) + title, round(x)] == pytest.approx(np.array(want), abs=6), grid.number(h)
        seen.add(want)
    assert seen == {kit.RED, kit.BLUE}


def test_a_sides_map_on_a_backdrop_tells_nothing_it_has_not_seen(qtbot, tmp_path, game_file):
    """The backdrop draws from the scenario's picture only: Red's map picture and report images
    are the same bytes after every Blue unit Red has no contact for is moved (the project's leak
    check, tests/test_side_leaks.py, on a map with a backdrop)."""
    import json
    import shutil
    import sqlite3

    from reportkit import images_of
    from umpire.core.knowledge import build_view
    from umpire.render.picture import render_view

    def made_for_red(path, folder):
        folder.mkdir()
        game = open_game(str(path))
        render_view(build_view(game, "red"), game.rules, str(folder / "map.png"), 16)
        return (folder / "map.png").read_bytes(), images_of(report(path, "red", folder / "r"))

    game = open_game(game_file)
    known = {m.key for m in build_view(game, "red").units}
    hidden = [u for u in game.units.values() if u.side == "blue" and u.hex is not None and u.id not in known]
    assert hidden, "the test's premise: Red does not see every Blue unit"
    moved = tmp_path / "moved.umpire"
    shutil.copy(game_file, moved)
    free = [h for h in game.map.hexes() if all(u.hex != h for u in game.units.values())]
    with sqlite3.connect(moved) as conn:
        for u, h in zip(hidden, free[5:]):
            conn.execute("UPDATE unit SET q = ?, r = ?, path = ? WHERE id = ?", (h.q, h.r, json.dumps([[h.q, h.r]]), u.id))
    assert made_for_red(game_file, tmp_path / "a") == made_for_red(moved, tmp_path / "b")
    # the control: the umpire's picture of the moved game does change
    pictures = []
    for path, name in ((game_file, "c.png"), (moved, "d.png")):
        g = open_game(str(path))
        render_view(build_view(g, "umpire"), g.rules, str(tmp_path / name), 16)
        pictures.append((tmp_path / name).read_bytes())
    assert pictures[0] != pictures[1]


def test_the_windows_map_key_names_the_backdrop_at_the_opacity_drawn(qtbot, tmp_path, game_file):
    w = window_on(qtbot, tmp_path, game_file)
    text = w.legend.toPlainText()
    assert "A picture under the hexes (backdrop)" in text
    assert "the club's map board.png, 60% of it showing through the terrain shading" in text
    w.backdrop_menu.act_less.trigger()                  # Ctrl+[: the key follows the window's choice
    assert "50% of it showing" in w.legend.toPlainText()
    dict((v, a) for v, a in w.backdrop_menu.presets)[0.0].trigger()
    assert "board.png, hidden: the terrain shading alone is drawn" in w.legend.toPlainText()
    dict((v, a) for v, a in w.backdrop_menu.presets)[1.0].trigger()
    assert "board.png, drawn alone, without the terrain shading" in w.legend.toPlainText()
    w.legend.grab().save(str(tmp_path / "legend.png"))


def test_a_map_key_says_nothing_of_a_backdrop_not_drawn(qtbot, tmp_path, game_file):
    (tmp_path / "board.png").write_bytes(b"no longer a picture")
    w = window_on(qtbot, tmp_path, game_file)
    assert "backdrop" not in w.legend.toPlainText()
    path = kit.scenario(tmp_path / "plain" if (tmp_path / "plain").mkdir() is None else None, table="")
    w2 = window_on(qtbot, tmp_path / "plain", create_game(load_scenario(path), tmp_path / "plain" / "g.umpire"))
    assert "backdrop" not in w2.legend.toPlainText() and "A number at the top of a hex" in w2.legend.toPlainText()


@pytest.mark.parametrize("viewer", ["umpire", "red"])
def test_the_reports_map_key_names_the_backdrop_at_the_scenarios_opacity(tmp_path, game_file, viewer):
    pdf = report(game_file, viewer, tmp_path / "reports")
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(pdf)).pages)
    assert "A picture under the hexes (backdrop) the club's map board.png, 60% of it showing through the terrain" \
        " shading" in text
