"""The painter draws and nothing more; the window adds the mouse (gui/mapscene.py) and draws
the same picture."""

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem

from umpire.core.knowledge import build_view
from umpire.core.store.db import open_game
from umpire.gui.mapscene import ClickableMapScene, ClickableStack
from umpire.render.scene import MapScene
from umpire.render.stacks import StackItem


def _picture(scene) -> QImage:
    rect = scene.sceneRect()
    img = QImage(int(rect.width()), int(rect.height()), QImage.Format_RGB32)
    img.fill(QColor(255, 255, 255))
    p = QPainter(img)
    scene.render(p, QRectF(0, 0, rect.width(), rect.height()), rect)
    p.end()
    return img


def test_the_painters_scene_has_no_mouse(qapp, game_path):
    game = open_game(game_path)
    scene = MapScene(build_view(game, "umpire"), game.rules, 12)
    assert scene.stacks and all(type(s) is StackItem for s in scene.stacks.values())
    assert StackItem.mousePressEvent is QGraphicsItem.mousePressEvent
    assert not hasattr(scene, "unit_clicked") and not hasattr(scene, "hex_at")
    assert all(s.toolTip() == "" for s in scene.stacks.values())


def test_the_window_draws_the_painters_picture(qapp, game_path):
    game = open_game(game_path)
    pictures = []
    for viewer in ("umpire", "nato"):
        view = build_view(game, viewer)
        window = ClickableMapScene(view, game.rules, 12)
        assert all(type(s) is ClickableStack for s in window.stacks.values())
        pictures.append(_picture(window))
        assert pictures[-1] == _picture(MapScene(view, game.rules, 12))
    assert pictures[0] != pictures[1], "control: the umpire sees more than NATO"


def test_the_painters_hex_corners_are_the_layouts():
    """terrain_paint takes corners and hexside ends from one hex's offsets (a big map has
    hundreds of thousands): they must be Layout's very floats, or tile edges would not meet."""
    from umpire.core.hexgrid import DIRECTIONS, Grid, Hex, Hexside
    from umpire.core.layout import Layout
    from umpire.render.terrain_paint import hex_polygon, hexside_ends

    for orientation in ("flat", "pointy"):
        for size in (12, 24.0, 30, 17.3):
            layout = Layout.for_grid(Grid(40, 30, orientation), size)
            for h in (Hex(1, 1), Hex(17, -4), Hex(39, 12), Hex(-3, 25)):
                assert [(p.x(), p.y()) for p in hex_polygon(layout, h)] == layout.corners(h)
                for d in DIRECTIONS:
                    side = Hexside.between(h, h + d)
                    assert hexside_ends(layout, side) == layout.hexside_segment(side), (orientation, size, h, d)


def test_objective_labels_slide_apart_rather_than_cover_each_other(qapp):
    """Two objectives two hexes apart with long names: the second label slides off the first
    (to the right, or to the left at the map's right edge), never over it."""
    from PySide6.QtCore import QRectF

    from umpire.render.firemarks import _clear_of

    bounds = QRectF(0, 0, 200, 100)
    first = QRectF(20, 10, 60, 8)
    second = _clear_of(QRectF(50, 10, 60, 8), [first], bounds, 2)
    assert not second.intersects(first) and second.left() == first.right() + 2 and second.top() == 10
    at_edge = QRectF(120, 10, 75, 8)
    third = _clear_of(QRectF(130, 12, 60, 8), [at_edge], bounds, 2)
    assert not third.intersects(at_edge) and third.right() == at_edge.left() - 2
    apart = QRectF(20, 40, 60, 8)
    assert _clear_of(apart, [first], bounds, 2) == apart              # clear already: left alone


def test_a_counters_long_words_are_set_smaller_then_cut_short_never_clipped(qapp):
    """A Lock 'n Load strength with its state marks ("4-4-7 [1] S P") lost its ends at the
    counter's edges, and a name its end at nine letters: they are set in a smaller type to fit
    whole, and only what cannot fit at two thirds of the size is cut short, with an ellipsis."""
    from PySide6.QtGui import QFontMetricsF

    from umpire.render.counters import fitted

    room, size = 55.0, 10.2                   # a counter 60 pixels across: its bottom line
    for text in ("3/3", "4-4-7 [1] S P", "Partisan Band"):
        font, shown = fitted(text, room, size)
        assert shown == text and QFontMetricsF(font).horizontalAdvance(shown) <= room, text
    assert fitted("3/3", room, size)[0].pixelSize() == 10                        # short: its own size
    assert fitted("4-4-7 [1] S P", room, size)[0].pixelSize() < 10               # long: smaller
    font, shown = fitted("4-4-7 [1] [2] S1 P F3 C Sm", room, size)
    assert shown.endswith("…") and shown.startswith("4-4-7") and font.pixelSize() >= 6
    assert QFontMetricsF(font).horizontalAdvance(shown) <= room


def test_a_zones_edge_says_which_zone_it_is(qapp, tmp_path):
    """Osterby's Red set-up and Partisan hide-out are both Red's: drawn alike, dash-dotted red.
    The edge names its zone when the mouse is over it."""
    from pathlib import Path
    from PySide6.QtWidgets import QGraphicsPathItem

    from umpire.core.scenario import load_scenario
    from umpire.core.store.db import create_game

    osterby = Path(__file__).resolve().parents[2] / "scenarios" / "osterby-bridges.toml"
    game = open_game(create_game(load_scenario(osterby), tmp_path / "o.umpire"))
    view = build_view(game, "red")
    scene = MapScene(view, game.rules)
    tips = sorted(i.toolTip() for i in scene.items() if isinstance(i, QGraphicsPathItem) and i.toolTip())
    assert tips == sorted(z.label for z in view.zones) and "Partisan hide-out" in tips
