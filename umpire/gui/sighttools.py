"""Sight tools on the map: the LOS tool (drag from hex to hex) and what a selected unit sees.

Both use only the map, which every viewer may see; the visible area of a unit is offered
only for units the current viewer owns (or for any unit in the umpire's view).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsItemGroup, QGraphicsPathItem, QTextBrowser
from shapely.geometry import Polygon
from shapely.ops import unary_union

from ..core.game import Game
from ..core.hexgrid import Hex, Hexside, spiral
from ..core.los import Eye, LosResult
from ..rules import rule_system
from ..render.terrain_paint import hex_polygon

VISIBLE_RADIUS = 30     # hexes; beyond any observation range in the sample tables


def _path_item(path: QPainterPath, pen: QPen, brush=Qt.NoBrush, z: float = 20) -> QGraphicsPathItem:
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    item.setBrush(brush)
    item.setZValue(z)
    return item


class SightTools(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.w = window
        self.sight = None
        self.los_item: QGraphicsItem | None = None
        self.area_item: QGraphicsItem | None = None
        self.last: LosResult | None = None
        self.act_los = QAction("&Line of Sight Tool", window)
        self.act_los.setShortcut("L")
        self.act_los.setCheckable(True)
        self.act_los.setStatusTip("Drag from hex to hex to check a line of sight")
        self.act_los.toggled.connect(self._los_toggled)
        self.act_area = QAction("Show What the Selected Unit &Sees", window)
        self.act_area.setShortcut("V")
        self.act_area.setCheckable(True)
        self.act_area.toggled.connect(lambda _on: self.unit_selected(self.w.selected))
        window.map_view.los_dragged.connect(self._dragged)
        # the last line checked, in a panel of its own: it does not take the Unit panel's place,
        # and stays when the status bar moves on to the next message
        self.panel = QTextBrowser()
        self._hint()

    def _hint(self) -> None:
        """What the empty panel is for, wrapped to its width (a placeholder text is one line,
        cut off in a dock 290 px wide)."""
        self.panel.setHtml("<p style='color: gray'>Drag with the Line of Sight tool (L) from hex to hex: "
                           "the verdict and the rule that decided it appear here.</p>")

    # ------------------------------------------------------------------ hooks from the window
    def game_loaded(self, game: Game) -> None:
        """Another game: nothing of the last one's lines and verdict."""
        self.game_reloaded(game)
        self.last = None
        self._hint()

    def game_reloaded(self, game: Game) -> None:
        """The game read again after an action: the map prepared afresh, and the drawn line and
        area taken off the scene -- left there, each reload added another layer, and the area of
        a unit stayed on the map when the view changed to the other side (the window draws the
        area again for the selected unit, if the viewer may see it)."""
        self.clear()
        self.sight = rule_system(game.rules).sight(game.map, game.night)

    def view_changed(self) -> None:
        if self.los_item is not None and self.los_item.scene() is not None:
            self.los_item.scene().removeItem(self.los_item)     # drawn for the previous viewer
        self.los_item = None
        self.unit_selected(self.w.selected)        # the area belongs to a unit the viewer may own

    def clear(self) -> None:
        for attr in ("los_item", "area_item"):
            item = getattr(self, attr)
            if item is not None and item.scene() is not None:
                item.scene().removeItem(item)
            setattr(self, attr, None)

    def unit_selected(self, key: str | None) -> None:
        if self.area_item is not None and self.area_item.scene() is not None:
            self.area_item.scene().removeItem(self.area_item)
        self.area_item = None
        game, scene = self.w.game, self.w.scene
        if not self.act_area.isChecked() or key is None or game is None or key not in game.units:
            return
        u = game.units[key]
        if not u.on_map or (self.w.viewer not in ("umpire", u.side)):
            return
        hexes = self.visible_hexes(u.hex, game.unit_type(u)["move_class"] == "helicopter")
        self.area_item = self._area(scene, hexes)
        self.w.statusBar().showMessage(f"{key} has a clear line of sight to {len(hexes)} hexes "
                                       f"within {VISIBLE_RADIUS}", 6000)

    # ------------------------------------------------------------------ LOS tool
    def _los_toggled(self, on: bool) -> None:
        if on:     # one drag tool at a time: the move tool's button must not stay lit
            self.w.play.act_move.setChecked(False)
        self.w.map_view.set_los_tool(on)
        if not on and self.los_item is not None and self.los_item.scene() is not None:
            self.los_item.scene().removeItem(self.los_item)
            self.los_item = None

    def _dragged(self, a: Hex, b: Hex, finished: bool) -> None:
        if self.sight is None:
            return
        self.show_los(a, b)
        if finished and self.last is not None:
            self.panel.setPlainText(self.last.describe(self.w.game.map))
            dock = self.panel.parentWidget()
            if dock is not None:
                dock.raise_()                # in front of the Unit panel it shares a tab with

    def show_los(self, a: Hex, b: Hex, eye_a: Eye | None = None, eye_b: Eye | None = None) -> LosResult:
        scene = self.w.scene
        if self.los_item is not None and self.los_item.scene() is not None:
            scene.removeItem(self.los_item)
        res = self.sight.line_of_sight(eye_a or Eye(a), eye_b or Eye(b))
        self.last = res
        group = QGraphicsItemGroup()
        group.setZValue(20)
        lay = scene.layout
        crossed = QPainterPath()
        for h in res.hexes:
            crossed.addPolygon(hex_polygon(lay, h))
            crossed.closeSubpath()
        fill = QColor(40, 120, 220, 50) if res.clear else QColor(220, 60, 40, 45)
        group.addToGroup(_path_item(crossed, QPen(QColor(40, 90, 160), 1.5), fill))
        for side in res.hexsides_along():       # the geometry's when the rule system lists none
            (x1, y1), (x2, y2) = lay.hexside_segment(side)
            p = QPainterPath()
            p.moveTo(x1, y1)
            p.lineTo(x2, y2)
            group.addToGroup(_path_item(p, QPen(QColor(120, 0, 160), lay.size * 0.12, Qt.DashLine)))
        if res.blocker is not None:
            p = QPainterPath()
            if isinstance(res.blocker, Hexside):
                (x1, y1), (x2, y2) = lay.hexside_segment(res.blocker)
                p.moveTo(x1, y1)
                p.lineTo(x2, y2)
            else:
                p.addPolygon(hex_polygon(lay, res.blocker))
                p.closeSubpath()
            group.addToGroup(_path_item(p, QPen(QColor(210, 0, 0), lay.size * 0.15), QColor(230, 0, 0, 70)))
        line = QPainterPath()
        line.moveTo(*lay.center(a))
        line.lineTo(*lay.center(b))
        group.addToGroup(_path_item(line, QPen(QColor(0, 0, 0) if res.clear else QColor(200, 0, 0), lay.size * 0.08)))
        scene.addItem(group)
        self.los_item = group
        n = self.w.game.map.number
        verdict = "CLEAR" if res.clear else f"BLOCKED at {self._place(res.blocker)} ({res.rule})"
        shown = rule_system(self.w.game.rules).range_between(self.w.game, a, b)   # as the rules count it
        self.w.statusBar().showMessage(f"LOS {n(a)} → {n(b)}: range {shown}, {verdict}")
        return res

    def _place(self, place) -> str:
        n = self.w.game.map.number
        if isinstance(place, Hexside):
            return f"hexside {n(place.a)}/{n(place.b)}"
        return f"hex {n(place)}" if place is not None else ""

    # ------------------------------------------------------------------ visible area
    def visible_hexes(self, origin: Hex, helicopter: bool = False) -> list[Hex]:
        game = self.w.game
        targets = [h for h in spiral(origin, VISIBLE_RADIUS) if game.map.contains(h)]
        if helicopter:
            return [h for h in targets if self.sight.line_of_sight(Eye(origin, True), Eye(h)).clear]
        if not hasattr(self.sight, "batch_clear"):     # a rule system that judges one line at a time
            return [h for h in targets if self.sight.line_of_sight(Eye(origin), Eye(h)).clear]
        starts = np.array([[origin.q, origin.r]] * len(targets))
        ends = np.array([[h.q, h.r] for h in targets])
        clear = self.sight.batch_clear(starts, ends)
        return [h for h, ok in zip(targets, clear) if ok]

    def _area(self, scene, hexes: list[Hex]) -> QGraphicsPathItem:
        """One outline around all the visible hexes (shapely merges the hexagons exactly)."""
        lay = scene.layout
        shape = unary_union([Polygon(lay.corners(h)) for h in hexes]).buffer(0)
        path = QPainterPath()
        for poly in getattr(shape, "geoms", [shape]):
            for ring in [poly.exterior, *poly.interiors]:
                pts = list(ring.coords)
                path.moveTo(*pts[0])
                for x, y in pts[1:]:
                    path.lineTo(x, y)
                path.closeSubpath()
        item = _path_item(path, QPen(QColor(190, 140, 0), lay.size * 0.07), QColor(255, 215, 40, 95), z=3)
        scene.addItem(item)
        return item
