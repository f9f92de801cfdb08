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
