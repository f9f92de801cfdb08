"""Far out (a hex a few pixels across) the window draws the map's overview -- the terrain as one
picture scaled to the zoom, each stack as a square of its side's colour -- instead of thousands
of tiles and hundreds of stacks; zoomed in, the detailed map again."""

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage

from umpire.bench import generated_scenario_text
from umpire.core.knowledge import build_view
from umpire.core.scenario import load_scenario
from umpire.core.store.db import create_game, open_game
from umpire.gui.mapscene import ClickableMapScene
from umpire.gui.mapview import MapView
from umpire.render.picture import rgb_rows
from umpire.render.tiles import OVERVIEW_ZOOM


@pytest.fixture()
def far_out(qtbot, tmp_path):
    src = tmp_path / "big.toml"
    src.write_text(generated_scenario_text(60, 60, seed=4, units_per_side=40, spread=True))
    game = open_game(create_game(load_scenario(src), tmp_path / "big.umpire"))
    scene = ClickableMapScene(build_view(game, "umpire"), game.rules)
    view = MapView()
    qtbot.addWidget(view)
    view.setScene(scene)
    view.resize(640, 480)
    view.show()
    view.fit_map()
    return view, scene


def _shot(view) -> np.ndarray:
    view.viewport().repaint()
    return rgb_rows(view.viewport().grab().toImage().convertToFormat(QImage.Format_RGB32)).astype(int)


def test_far_out_the_scene_draws_its_overview_and_hides_the_detail(far_out):
    view, scene = far_out
    assert view.zoom() < OVERVIEW_ZOOM and scene.overview
    assert scene.terrain.overview.isVisible() and scene.counters_overview.isVisible()
    assert not any(t.isVisible() for t in scene.terrain.tiles)
    assert scene.stacks and not any(s.isVisible() for s in scene.stacks.values())
    scene.set_view(scene.view)                                      # a new view keeps to the zoom
    assert not any(s.isVisible() for s in scene.stacks.values()) and scene.counters_overview.isVisible()
    view.zoom_by(OVERVIEW_ZOOM / view.zoom() * 1.2)                 # zoom in: the detail again
    assert not scene.overview and not scene.terrain.overview.isVisible()
    assert all(t.isVisible() for t in scene.terrain.tiles) and all(s.isVisible() for s in scene.stacks.values())
    view.resetTransform()
    view.scale(0.1, 0.1)
    assert scene.overview, "any change of zoom sets the detail"


def test_the_overview_looks_like_the_detailed_map_at_that_zoom(far_out):
    view, scene = far_out
    overview = _shot(view)
    scene.set_overview(False)                # the same zoom drawn hex by hex and counter by counter
    detailed = _shot(view)
    on_map = (detailed != 255).any(axis=2)   # the map, not the view's white margins
    assert on_map.mean() > 0.4
    difference = np.abs(overview - detailed)[on_map].mean()
    blank = np.abs(255 - detailed)[on_map].mean()
    assert difference < 12 and blank > 40, (difference, blank)


def test_far_out_each_stack_is_a_square_of_its_sides_colour(far_out):
    view, scene = far_out
    shot = _shot(view)
    colours = {"blue": QColor("#2f5fb3"), "red": QColor("#c0392b")}
    for h, stack in scene.stacks.items():
        side = stack.marks[stack.top].side
        pos = view.mapFromScene(QPointF(*scene.layout.center(h)))
        want = colours[side]
        assert np.abs(shot[pos.y(), pos.x()] - [want.red(), want.green(), want.blue()]).max() < 40, (h, side)


def test_far_out_a_click_on_a_square_selects_its_stack_and_elsewhere_the_hex(far_out, qtbot):
    view, scene = far_out
    clicked_units, clicked_hexes = [], []
    scene.unit_clicked.connect(clicked_units.append)
    view.hex_clicked.connect(clicked_hexes.append)
    h, stack = next(iter(scene.stacks.items()))
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=view.mapFromScene(QPointF(*scene.layout.center(h))))
    assert clicked_units == [stack.marks[stack.top].key] and clicked_hexes == []
    empty = next(x for x in scene.view.map.hexes() if all(abs(x.q - s.q) + abs(x.r - s.r) > 3 for s in scene.stacks))
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=view.mapFromScene(QPointF(*scene.layout.center(empty))))
    assert len(clicked_units) == 1 and clicked_hexes == [empty]


def test_zoomed_in_a_click_on_an_empty_hex_is_a_hex_click_and_on_a_stack_the_stacks(far_out, qtbot):
    """The markers' layer lies over the whole map above the counters; clicks go through it."""
    view, scene = far_out
    view.resetTransform()
    assert not scene.overview
    clicked_units, clicked_hexes = [], []
    scene.unit_clicked.connect(clicked_units.append)
    view.hex_clicked.connect(clicked_hexes.append)
    empty = next(x for x in scene.view.map.hexes() if all(abs(x.q - s.q) + abs(x.r - s.r) > 3 for s in scene.stacks))
    view.centerOn(QPointF(*scene.layout.center(empty)))
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=view.mapFromScene(QPointF(*scene.layout.center(empty))))
    assert clicked_hexes == [empty] and clicked_units == []
    h, stack = next(iter(scene.stacks.items()))
    view.centerOn(QPointF(*scene.layout.center(h)))
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=view.mapFromScene(QPointF(*scene.layout.center(h))))
    assert clicked_hexes == [empty] and clicked_units == [stack.marks[stack.top].key]
