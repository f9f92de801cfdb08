"""The map as a QGraphicsScene, drawn from a SideView only (never from the game's truth)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPicture, QPixmap, QPixmapCache
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QStyleOptionGraphicsItem

from ..core.hexgrid import Hex, Hexside, neighbours
from ..core.knowledge import SideView, UnitMark
from ..core.layout import Layout
from ..core.ruleset import Ruleset
from ..render.counters import paint_counter
from ..render.firemarks import FireItem, ObjectiveItem
from ..render.terrain_paint import LAYERS, hex_polygon, layer_picture

HEX_SIZE = 30.0
LABEL_MIN_PX = 16.0     # hex numbers appear once a hex is about 32 px across (size 16 px)
OVERVIEW_LOD = 0.35     # below this zoom one pre-rendered picture of the whole map is drawn
TILE = 8                # hexes per tile side
PIXMAP_CACHE_KB = 256 * 1024


class TerrainTile(QGraphicsItem):
    """One layer of a block of hexes, replayed from a QPicture and cached as a pixmap on screen."""

    def __init__(self, terrain: Terrain, layer: int, picture: QPicture, rect: QRectF) -> None:
        super().__init__()
        self.terrain = terrain
        self.layer = LAYERS[layer]
        self.picture = picture
        self._rect = rect
        self.setZValue(layer * 0.1)
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        lod = option.levelOfDetailFromTransform(p.worldTransform())
        if lod < OVERVIEW_LOD and widget is not None:
            return                      # on screen, the overview draws the far-out map
        if self.layer == "labels" and (lod * self.terrain.hex_size < LABEL_MIN_PX or not self.terrain.show_numbers):
            return
        p.drawPicture(0, 0, self.picture)


class TerrainOverview(QGraphicsItem):
    """The whole map as one pixmap, for zoomed-out viewing (thousands of hexes at once)."""

    def __init__(self, terrain: Terrain) -> None:
        super().__init__()
        self.terrain = terrain
        self._pixmap: QPixmap | None = None
        self.setZValue(-1)

    def boundingRect(self) -> QRectF:
        return self.terrain.rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        lod = option.levelOfDetailFromTransform(p.worldTransform())
        if lod >= OVERVIEW_LOD or widget is None:
            return
        if self._pixmap is None:
            r = self.terrain.rect
            pm = QPixmap(int(r.width() * OVERVIEW_LOD) + 1, int(r.height() * OVERVIEW_LOD) + 1)
            pm.fill(QColor(250, 250, 246))
            painter = QPainter(pm)
            painter.setRenderHint(QPainter.Antialiasing, True)
            painter.scale(OVERVIEW_LOD, OVERVIEW_LOD)
            for tile in sorted(self.terrain.tiles, key=lambda t: t.zValue()):
                if tile.layer != "labels":
                    painter.drawPicture(0, 0, tile.picture)
            painter.end()
            self._pixmap = pm
        p.setRenderHint(QPainter.SmoothPixmapTransform, True)
        p.drawPixmap(self.terrain.rect, self._pixmap, QRectF(self._pixmap.rect()))


class Terrain:
    """The static map, cut into tiles per layer so that only what is visible is painted."""

    def __init__(self, scene: QGraphicsScene, view: SideView, rules: Ruleset, layout: Layout) -> None:
        w, h = layout.bounds(view.map.grid)
        self.rect = QRectF(0, 0, w, h)
        self.hex_size = layout.size
        self._show_numbers = True
        self.tiles: list[TerrainTile] = []
        grid, s = view.map.grid, layout.size
        background = scene.addRect(self.rect, QPen(Qt.NoPen), QColor(250, 250, 246))
        background.setZValue(-2)
        for c0 in range(1, grid.columns + 1, TILE):
            for r0 in range(1, grid.rows + 1, TILE):
                hexes = [grid.from_offset(c, r) for c in range(c0, min(c0 + TILE, grid.columns + 1))
                         for r in range(r0, min(r0 + TILE, grid.rows + 1))]
                xs = [x for hx in hexes for x, _ in layout.corners(hx)]
                ys = [y for hx in hexes for _, y in layout.corners(hx)]
                base = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
                for i, layer in enumerate(LAYERS):
                    # paths run to the neighbouring hex's centre; edge hachures reach into it
                    m = 2.0 * s if layer == "paths" else 0.5 * s
                    tile = TerrainTile(self, i, layer_picture(layer, view.map, rules, layout, hexes),
                                       base.adjusted(-m, -m, m, m))
                    scene.addItem(tile)
                    self.tiles.append(tile)
        self.overview = TerrainOverview(self)
        scene.addItem(self.overview)

    @property
    def show_numbers(self) -> bool:
        return self._show_numbers

    @show_numbers.setter
    def show_numbers(self, on: bool) -> None:
        self._show_numbers = on
        for t in self.tiles:
            if t.layer == "labels":
                t.update()


class OverlayItem(QGraphicsItem):
    """Markers for smoke, wrecks, minefields... as the viewer knows them."""

    def __init__(self, view: SideView, rules: Ruleset, layout: Layout) -> None:
        super().__init__()
        self._marks = []
        shown = [o for o in view.map.overlays if o.kind in rules.overlays]
        for o in shown:
            x, y = layout.center(o.hex)
            here = [v for v in shown if v.hex == o.hex]
            # several markers in one hex (a village and a minefield...) share its foot side by side
            self._marks.append((x, y, rules.overlays[o.kind], o, here.index(o), len(here)))
        self._s = layout.size
        w, h = layout.bounds(view.map.grid)
        self._rect = QRectF(0, 0, w, h)
        self.setZValue(12)          # above the counters (10): its marker sits at the hex's foot

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = self._s
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(5, int(s * 0.22)))
        font.setBold(True)
        p.setFont(font)
        for x, y, spec, o, i, n in self._marks:
            # at the foot of the hex, above any counter: a marker under a stack must still show
            width = s * 0.84 / n
            r = QRectF(x - s * 0.42 + i * width, y + s * 0.52, width, s * 0.3)
            p.setBrush(QColor(255, 255, 255, 220))
            pen = QPen(QColor(spec["colour"]), s * 0.06)
            if o.secret:
                pen.setStyle(Qt.DashLine)
            p.setPen(pen)
            p.drawRect(r)
            p.setPen(QColor(spec["colour"]).darker(130))
            p.drawText(r, Qt.AlignCenter, spec["marker"])


class StackItem(QGraphicsItem):
    """All the counters a viewer sees in one hex; the top one is drawn in full."""

    def __init__(self, scene: MapScene, h: Hex, marks: list[UnitMark], layout: Layout) -> None:
        super().__init__()
        self.map_scene = scene
        self.hex = h
        self.marks = marks
        self.top = 0
        self.selected_key: str | None = None
        x, y = layout.center(h)
        self.side = layout.size * 1.05
        self._rect = QRectF(x - self.side / 2, y - self.side / 2, self.side, self.side)
        depth = min(len(marks) - 1, 3) * self.side * 0.08
        self._bounds = self._rect.adjusted(-2, -depth - 2, depth + 2, 2)
        self.setZValue(10)
        self.setAcceptHoverEvents(False)
        self.setToolTip("\n".join(f"{m.label} — {m.type_label} ({m.strength})" for m in marks))

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self._bounds)
        return path

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing, True)
        view = self.map_scene.view
        n = len(self.marks)
        step = self.side * 0.08
        for i in range(min(n - 1, 3), 0, -1):        # shadows of the counters underneath
            under = self.marks[(self.top + i) % n]
            paint_counter(p, self._rect.translated(i * step, -i * step), under, view.side_colour(under.side))
        top = self.marks[self.top]
        paint_counter(p, self._rect, top, view.side_colour(top.side), selected=top.key == self.selected_key)
        if n > 1:
            font = QFont("DejaVu Sans")
            font.setPixelSize(max(5, int(self.side * 0.2)))
            font.setBold(True)
            p.setFont(font)
            badge = QRectF(self._rect.left() - self.side * 0.12, self._rect.bottom() - self.side * 0.26,
                           self.side * 0.34, self.side * 0.26)
            p.setBrush(QColor(255, 255, 255))
            p.setPen(QPen(QColor(0, 0, 0), 1))
            p.drawRoundedRect(badge, 3, 3)
            p.drawText(badge, Qt.AlignCenter, f"{n}")

    def show_on_top(self, key: str) -> None:
        for i, m in enumerate(self.marks):
            if m.key == key:
                self.top = i
        self.selected_key = key
        self.update()

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.LeftButton:
            return super().mousePressEvent(event)
        current = self.marks[self.top].key
        # clicking a selected stack again brings the next counter to the top
        if self.selected_key == current and len(self.marks) > 1:
            self.top = (self.top + 1) % len(self.marks)
        self.map_scene.unit_clicked.emit(self.marks[self.top].key)
        event.accept()


class MapScene(QGraphicsScene):
    unit_clicked = Signal(str)

    def __init__(self, view: SideView, rules: Ruleset, hex_size: float = HEX_SIZE) -> None:
        super().__init__()
        # Tiles are cached as screen pixmaps; Qt's default 10 MB cache thrashes on a big map.
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        self.rules = rules
        self.layout = Layout.for_grid(view.map.grid, hex_size)
        self.view = view
        self.terrain = Terrain(self, view, rules, self.layout)
        self.setSceneRect(self.terrain.rect)
        self._dynamic: list[QGraphicsItem] = []
        self.stacks: dict[Hex, StackItem] = {}
        self._highlight: QGraphicsPathItem | None = None
        self.show_zones = True
        self.set_view(view)

    def set_view(self, view: SideView) -> None:
        """Redraw what the viewer knows.  Terrain is public and is kept."""
        for item in self._dynamic:
            self.removeItem(item)
        self._dynamic.clear()
        self.stacks.clear()
        self._highlight = None
        self.view = view
        overlay = OverlayItem(view, self.rules, self.layout)
        self._add(overlay)
        if view.fire:
            self._add(FireItem(view, self.layout))
        if view.objectives:
            self._add(ObjectiveItem(view, self.layout))
        if self.show_zones:
            for z in view.zones:
                self._add(self._zone_item(z.hexes, view.side_colour(z.side)))
        by_hex: dict[Hex, list[UnitMark]] = {}
        for m in view.units:
            by_hex.setdefault(m.hex, []).append(m)
        for h, marks in by_hex.items():
            item = StackItem(self, h, marks, self.layout)
            self.stacks[h] = item
            self._add(item)

    def _add(self, item: QGraphicsItem) -> None:
        self.addItem(item)
        self._dynamic.append(item)

    def _zone_item(self, hexes: frozenset[Hex], colour: str) -> QGraphicsPathItem:
        path = QPainterPath()
        for h in hexes:
            for n in neighbours(h):
                # the map edge already bounds a zone; outline only its inland edges
                if n not in hexes and self.view.map.contains(n):
                    (x1, y1), (x2, y2) = self.layout.hexside_segment(Hexside.between(h, n))
                    path.moveTo(x1, y1)
                    path.lineTo(x2, y2)
        item = QGraphicsPathItem(path)
        edge = QColor(colour)
        edge.setAlpha(200)
        pen = QPen(edge, self.layout.size * 0.09, Qt.DashDotLine)
        pen.setCosmetic(False)
        item.setPen(pen)
        item.setZValue(4)
        return item

    def select_unit(self, key: str | None) -> Hex | None:
        """Highlight a unit (bring it to the top of its stack); returns its hex."""
        found = None
        for h, stack in self.stacks.items():
            if key is not None and any(m.key == key for m in stack.marks):
                stack.show_on_top(key)
                found = h
            elif stack.selected_key is not None:
                stack.selected_key = None
                stack.update()
        self.highlight_hex(found)
        return found

    def highlight_hex(self, h: Hex | None) -> None:
        if self._highlight is not None:
            self.removeItem(self._highlight)
            self._dynamic.remove(self._highlight)
            self._highlight = None
        if h is None:
            return
        path = QPainterPath()
        path.addPolygon(hex_polygon(self.layout, h))
        path.closeSubpath()
        item = QGraphicsPathItem(path)
        item.setPen(QPen(QColor(255, 190, 0), self.layout.size * 0.12))
        item.setZValue(8)
        self._highlight = item
        self._add(item)

    def view_has(self, key: str) -> bool:
        return any(m.key == key for m in self.view.units)

    def hex_at(self, pos: QPointF) -> Hex | None:
        h = self.layout.hex_at(pos.x(), pos.y())
        return h if self.view.map.contains(h) else None


def render_view(view: SideView, rules: Ruleset, out_path: str, hex_size: float = 24.0) -> tuple[int, int]:
    """Write a PNG of the map as `view`'s viewer knows it, with a title strip.  Returns its size."""
    scene = MapScene(view, rules, hex_size)
    rect = scene.sceneRect()
    title_h = int(hex_size * 1.6)
    img = QImage(int(rect.width()), int(rect.height()) + title_h, QImage.Format_RGB32)
    img.fill(QColor(255, 255, 255))
    p = QPainter(img)
    p.setRenderHint(QPainter.Antialiasing, True)
    font = QFont("DejaVu Sans")
    font.setPixelSize(int(hex_size * 0.7))
    font.setBold(True)
    p.setFont(font)
    p.setPen(QColor(0, 0, 0))
    p.drawText(QRectF(hex_size * 0.5, 0, rect.width(), title_h), Qt.AlignVCenter | Qt.AlignLeft,
               f"{view.title} — {view.viewer_name} — turn {view.turn} of {view.turns}")
    scene.render(p, QRectF(0, title_h, rect.width(), rect.height()), rect)
    p.end()
    if not img.save(out_path, "PNG"):
        raise OSError(f"cannot write {out_path}")
    return img.width(), img.height()
