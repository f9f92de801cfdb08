"""The static map (terrain, hexsides, hex numbers) as items of the scene: cut into tiles per
layer so that only what is visible is painted, and one pre-rendered picture of the whole map for
viewing far out.  Terrain is public: the same for every viewer, kept when the view changes."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPicture, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem

from ..core.hexgrid import Hexside
from ..core.knowledge import SideView
from ..core.layout import Layout
from ..core.ruleset import Ruleset
from ..core.terrain import GameMap
from .backdrop import BackdropItem, GridLines, backdrop_image
from .terrain_paint import LAYERS, corner_offsets, layer_picture

LABEL_MIN_PX = 16.0     # hex numbers appear once a hex is about 32 px across (size 16 px)
# Below this zoom (a hex some 20 px across at most) the window shows the overview; the overview
# is drawn once at this scale, then scaled down to each zoom.
OVERVIEW_ZOOM = 0.35
TILE = 8                # hexes per tile side


class TerrainTile(QGraphicsItem):
    """One layer of a block of hexes, replayed from a QPicture and cached as a pixmap on screen."""

    def __init__(self, terrain: Terrain, layer: int, picture: QPicture, rect: QRectF, cached: bool = True) -> None:
        super().__init__()
        self.terrain = terrain
        self.layer = LAYERS[layer]
        self.picture = picture
        self._rect = rect
        self.setZValue(layer * 0.1)
        if cached:      # a picture drawn once gains nothing from a pixmap, and a big map's fill memory
            self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if self.layer == "labels":
            lod = option.levelOfDetailFromTransform(p.worldTransform())
            if lod * self.terrain.hex_size < LABEL_MIN_PX or not self.terrain.show_numbers:
                return
        p.drawPicture(0, 0, self.picture)


class TerrainOverview(QGraphicsItem):
    """The whole map's terrain as one pixmap, for viewing far out, where thousands of hexes are
    in sight and each is a few pixels: drawn once from the tiles' pictures, scaled once for
    each zoom and then copied to the screen pixel for pixel (no scaling in a frame)."""

    def __init__(self, terrain: Terrain) -> None:
        super().__init__()
        self.terrain = terrain
        self._base: QPixmap | None = None
        self._scaled: QPixmap | None = None
        self.setZValue(-1)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self.terrain.rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        target = p.worldTransform().mapRect(self.terrain.rect)
        ratio = p.device().devicePixelRatioF()          # a high-density screen's pixels
        size = (target.size() * ratio).toSize()
        if size.isEmpty():
            return
        if self._scaled is None or self._scaled.size() != size:
            self._scaled = self.base().scaled(size, Qt.IgnoreAspectRatio, Qt.SmoothTransformation)
            self._scaled.setDevicePixelRatio(ratio)
        p.save()
        p.resetTransform()                  # device pixels: the pixmap is already the size on screen
        p.drawPixmap(target.topLeft().toPoint(), self._scaled)
        p.restore()

    def forget(self) -> None:
        """Draw the overview again next time (the backdrop's opacity changed)."""
        self._base = self._scaled = None
        self.update()

    def base(self) -> QPixmap:
        """The terrain at OVERVIEW_ZOOM, hex numbers left out."""
        if self._base is None:
            r = self.terrain.rect
            pm = QPixmap(int(r.width() * OVERVIEW_ZOOM) + 1, int(r.height() * OVERVIEW_ZOOM) + 1)
            pm.fill(QColor(250, 250, 246))
            painter = QPainter(pm)
            painter.setRenderHint(QPainter.Antialiasing, True)
            painter.scale(OVERVIEW_ZOOM, OVERVIEW_ZOOM)
            if self.terrain.backdrop is not None and self.terrain.backdrop_opacity > 0:
                self.terrain.backdrop.draw(painter)
            for tile in sorted(self.terrain.tiles, key=lambda t: t.zValue()):
                if tile.layer != "labels":
                    painter.setOpacity(tile.opacity())     # the ground fades over a backdrop
                    painter.drawPicture(0, 0, tile.picture)
            painter.setOpacity(1.0)
            if self.terrain.grid_lines is not None:
                self.terrain.grid_lines.paint(painter, QStyleOptionGraphicsItem())
            painter.end()
            self._base = pm
        return self._base


class Terrain:
    """The static map, cut into tiles per layer so that only what is visible is painted."""

    def __init__(self, scene: QGraphicsScene, view: SideView, rules: Ruleset, layout: Layout,
                 on_screen: bool = True) -> None:
        w, h = layout.bounds(view.map.grid)
        self.rect = QRectF(0, 0, w, h)
        self.hex_size = layout.size
        self._show_numbers = True
        self.tiles: list[TerrainTile] = []
        background = scene.addRect(self.rect, QPen(Qt.NoPen), QColor(250, 250, 246))
        background.setZValue(-2)
        for i, picture, rect in _pictures(view, rules, layout):
            tile = TerrainTile(self, i, picture, rect, cached=on_screen)
            scene.addItem(tile)
            self.tiles.append(tile)
        self.backdrop: BackdropItem | None = None
        self.grid_lines: GridLines | None = None
        self.backdrop_opacity = 0.0
        self.backdrop_problem: str | None = None      # why a scenario's backdrop is not drawn
        found = view.map.backdrop
        if found is not None:
            image = backdrop_image(found.path)
            if image is None:
                self.backdrop_problem = f"the backdrop image {found.image!r} cannot be read ({found.path})"
            else:
                self.backdrop = BackdropItem(found, image, view.map.grid, layout, self.rect)
                scene.addItem(self.backdrop)
                self.grid_lines = GridLines(view.map.grid, layout, self.rect)
                scene.addItem(self.grid_lines)
        self.overview = TerrainOverview(self)
        self.overview.setVisible(False)
        scene.addItem(self.overview)
        if self.backdrop is not None:
            self.set_backdrop_opacity(found.opacity)

    def set_backdrop_opacity(self, opacity: float) -> None:
        """How much of the backdrop shows through the terrain shading: 0 none, 1 only it."""
        if self.backdrop is None:
            return
        opacity = min(1.0, max(0.0, opacity))
        self.backdrop_opacity = opacity
        self.backdrop.setVisible(opacity > 0 and not self.overview.isVisible())
        self.grid_lines.setVisible(opacity > 0 and not self.overview.isVisible())
        for t in self.tiles:
            if t.layer == "ground":
                t.setOpacity(1.0 - opacity)
        self.overview.forget()

    def set_overview(self, on: bool) -> None:
        """Far out: the one overview picture instead of the tiles (hidden, Qt never visits them)."""
        self.overview.setVisible(on)
        for t in self.tiles:
            t.setVisible(not on)
        if self.backdrop is not None:       # the overview holds them, blended, when far out
            self.backdrop.setVisible(not on and self.backdrop_opacity > 0)
            self.grid_lines.setVisible(not on and self.backdrop_opacity > 0)

    @property
    def show_numbers(self) -> bool:
        return self._show_numbers

    @show_numbers.setter
    def show_numbers(self, on: bool) -> None:
        self._show_numbers = on
        for t in self.tiles:
            if t.layer == "labels":
                t.update()


# The recorded pictures of the last maps drawn, by what they show: every reader's report of one
# game, and each redraw of the window, shares them instead of drawing the terrain again.
_KEPT: dict[tuple, list[tuple[int, QPicture, QRectF]]] = {}
KEEP_MAPS = 2


def forget_pictures() -> None:
    """Drop the kept terrain pictures: the next scene records its own, as a new process would."""
    _KEPT.clear()


def _pictures(view: SideView, rules: Ruleset, layout: Layout) -> list[tuple[int, QPicture, QRectF]]:
    """(layer, picture, rect) of every tile of the map's terrain: recorded once per map."""
    key = None
    if view.map.static_key is not None:      # equal keys: equal terrain, elevation and hexsides
        key = (view.map.static_key, rules.name, view.map.grid, layout.size)
        kept = _KEPT.get(key)
        if kept is not None:
            return kept
    grid, s = view.map.grid, layout.size
    corners = corner_offsets(layout)
    dx0, dx1 = min(x for x, _ in corners), max(x for x, _ in corners)
    dy0, dy1 = min(y for _, y in corners), max(y for _, y in corners)
    out = []
    sides = _sides_by_tile(view.map)
    for c0 in range(1, grid.columns + 1, TILE):
        for r0 in range(1, grid.rows + 1, TILE):
            hexes = [grid.from_offset(c, r) for c in range(c0, min(c0 + TILE, grid.columns + 1))
                     for r in range(r0, min(r0 + TILE, grid.rows + 1))]
            centres = [layout.center(hx) for hx in hexes]
            x0, x1 = min(x for x, _ in centres) + dx0, max(x for x, _ in centres) + dx1
            y0, y1 = min(y for _, y in centres) + dy0, max(y for _, y in centres) + dy1
            base = QRectF(x0, y0, x1 - x0, y1 - y0)
            here = sides.get((c0, r0), [])
            for i, layer in enumerate(LAYERS):
                # paths run to the neighbouring hex's centre; edge hachures reach into it
                m = 2.0 * s if layer == "paths" else 0.5 * s
                picture = layer_picture(layer, view.map, rules, layout, hexes, here)
                out.append((i, picture, base.adjusted(-m, -m, m, m)))
    if key is not None:
        while len(_KEPT) >= KEEP_MAPS:
            _KEPT.pop(next(iter(_KEPT)))
        _KEPT[key] = out
    return out


def _sides_by_tile(game_map: GameMap) -> dict[tuple[int, int], list[Hexside]]:
    """The map's hexsides sorted out by the tile of their first hex (keyed by the tile's first
    column and row), in the map's order: one pass, where asking each tile would be quadratic."""
    grid = game_map.grid
    out: dict[tuple[int, int], list[Hexside]] = {}
    for side in game_map.hexsides:
        col, row = grid.to_offset(side.a)
        if 1 <= col <= grid.columns and 1 <= row <= grid.rows:
            tile = (col - (col - 1) % TILE, row - (row - 1) % TILE)
            out.setdefault(tile, []).append(side)
    return out
