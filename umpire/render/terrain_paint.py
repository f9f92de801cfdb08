"""Painting the map's terrain with QPainter: fills, print patterns, elevation, hexsides, roads.

Everything static is recorded once into QPictures (replayed in C++ on every repaint), so a
100x100 map pans and zooms smoothly without one Python item per hex.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPicture, QPolygonF

from ..core.hexgrid import Hex, Hexside, direction_to
from ..core.layout import Layout
from ..core.ruleset import Ruleset
from ..core.terrain import GameMap

LEVEL_TINT = QColor(110, 70, 30)      # elevation shading: darker with each level up
CONTOUR = QColor(125, 70, 25)         # where the ground rises: a line on the higher hex's edge
GRID_PEN = QColor(90, 90, 90)


def hex_polygon(layout: Layout, h: Hex) -> QPolygonF:
    cx, cy = layout.center(h)
    return _corner_polygon(layout).translated(cx, cy)       # offset + centre: Layout.corners' floats


@lru_cache(maxsize=8)
def corner_offsets(layout: Layout) -> tuple[tuple[float, float], ...]:
    """A hex's corners less its centre: the same for every hex, so a big map's hundreds of
    thousands of corners need no trigonometry (the same floats as Layout.corners)."""
    return tuple(Layout(layout.orientation, layout.size).corners(Hex(0, 0)))


@lru_cache(maxsize=8)
def _corner_polygon(layout: Layout) -> QPolygonF:
    return QPolygonF([QPointF(dx, dy) for dx, dy in corner_offsets(layout)])


@lru_cache(maxsize=8)
def _side_corners(layout: Layout) -> tuple[tuple[int, int], ...]:
    """For each direction, which two of a hex's corners bound its side facing that way: the
    same for every hex, found once by Layout.edge on one hex."""
    origin = Layout(layout.orientation, layout.size)
    corners = origin.corners(Hex(0, 0))
    return tuple(tuple(corners.index(c) for c in origin.edge(Hex(0, 0), d)) for d in range(6))


def hexside_ends(layout: Layout, side: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
    """Layout.hexside_segment, the same floats, without trigonometry or sorting per side."""
    i, j = _side_corners(layout)[direction_to(side.a, side.b)]
    (cx, cy), offsets = layout.center(side.a), corner_offsets(layout)
    return (cx + offsets[i][0], cy + offsets[i][1]), (cx + offsets[j][0], cy + offsets[j][1])


LAYERS = ("ground", "edges", "paths", "labels")   # painted in this order, each over the last


def layer_picture(layer: str, game_map: GameMap, rules: Ruleset, layout: Layout, hexes: list[Hex],
                  sides: list[Hexside] | None = None) -> QPicture:
    """One layer of the terrain for a block of hexes (a tile), recorded for fast replay.
    `sides` are the map's hexsides whose first hex is in the block, in the map's order (found
    here if not given: a whole map's tiles should sort them out once, see tiles.py).

    Layers are separate so that a road drawn across a tile border is never covered by the
    next tile's ground: all ground is painted before any hexside feature.
    """
    pic = QPicture()
    p = QPainter(pic)
    p.setRenderHint(QPainter.Antialiasing, True)
    if layer == "ground":
        _ground(p, game_map, rules, layout, hexes)
    elif layer == "labels":
        _labels(p, game_map, layout, hexes, rules)
    else:
        if sides is None:
            inside = set(hexes)
            sides = [side for side in game_map.hexsides if side.a in inside]
        features = game_map.hexsides
        _hexsides(p, ((side, features[side]) for side in sides), rules, layout, paths=layer == "paths")
    p.end()
    return pic


def _ground(p: QPainter, game_map: GameMap, rules: Ruleset, layout: Layout, hexes: list[Hex]) -> None:
    types = rules.terrain_types
    fills = {t: QColor(spec["fill"]) for t, spec in types.items()}
    polygons = [hex_polygon(layout, h) for h in hexes]         # each hex's is drawn twice or three times
    p.setPen(Qt.NoPen)
    for h, polygon in zip(hexes, polygons):
        p.setBrush(fills[game_map.terrain[h]])
        p.drawPolygon(polygon)
        level = game_map.elevation[h]
        if level > 0:      # one translucent tint per level, so that levels read in grey too
            p.setBrush(_level_tint(level))
            p.drawPolygon(polygon)
    for h in hexes:
        _pattern(p, layout, h, types[game_map.terrain[h]]["print_pattern"])
    if rules.level_metres:                   # heights in metres: contour lines say where the ground rises
        _contours(p, game_map, layout, hexes)
    p.setBrush(Qt.NoBrush)
    p.setPen(QPen(GRID_PEN, max(0.6, layout.size * 0.03)))
    for polygon in polygons:
        p.drawPolygon(polygon)


def _contours(p: QPainter, game_map: GameMap, layout: Layout, hexes: list[Hex]) -> None:
    """A brown line just inside each edge where a hex stands higher than its neighbour, as a
    contour on a topographic map: a hill reads by its outline, and the line is never hidden by a
    counter the way a label in the hex can be."""
    pen = QPen(CONTOUR, max(1.0, layout.size * 0.08))
    pen.setCapStyle(Qt.FlatCap)
    p.setPen(pen)
    p.setBrush(Qt.NoBrush)
    offsets = corner_offsets(layout)
    for h in hexes:
        level = game_map.elevation.get(h, 0)
        if level <= 0:
            continue
        cx, cy = layout.center(h)
        for n in game_map.on_map_neighbours(h):
            if game_map.elevation.get(n, 0) >= level:
                continue
            nx, ny = layout.center(n)
            mx, my = (nx - cx) / 2, (ny - cy) / 2            # the shared edge's middle, from the centre
            a, b = sorted(offsets, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)[:2]
            inset = 0.93                                      # the line lies on the higher hex's side
            p.drawLine(QLineF(cx + a[0] * inset, cy + a[1] * inset, cx + b[0] * inset, cy + b[1] * inset))


@lru_cache(maxsize=16)
def _level_tint(level: int) -> QColor:
    tint = QColor(LEVEL_TINT)
    tint.setAlpha(min(36 * level, 150))
    return tint


def _labels(p: QPainter, game_map: GameMap, layout: Layout, hexes: list[Hex], rules: Ruleset) -> None:
    """Hex numbers, and levels above 0 (as heights where the rules give them in metres)."""
    s = layout.size
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(6, int(s * 0.27)))
    p.setFont(font)
    p.setPen(QColor(40, 40, 40))
    small = QFont(font)
    small.setPixelSize(max(5, int(s * 0.22)))
    # a level ("L2") at the hex's left, beside its counter: at its foot it sat on the number of the
    # hex below (reading as that hex's level) and under the counters and markers
    left = 0.93 if layout.orientation == "flat" else 0.82
    for h in hexes:
        x, y = layout.center(h)
        top = y - s * (0.86 if layout.orientation == "flat" else 0.95)
        p.drawText(QRectF(x - s * 0.6, top, s * 1.2, s * 0.36), Qt.AlignCenter, game_map.number(h))
        level = game_map.elevation[h]
        if level:
            text = rules.level_text(level)
            if not rules.level_metres:      # "L2" at the hex's left (see above), in a smaller face
                p.setFont(small)
                p.drawText(QRectF(x - s * left, y - s * 0.16, s * 0.4, s * 0.32), Qt.AlignLeft | Qt.AlignVCenter,
                           text)
                p.setFont(font)
                continue
            # a height in metres ("▲10 m", too wide for the hex's side): low in the hex, in the
            # contours' brown; on pointy-topped hexes above the lower corners, off the line of the
            # next row's numbers (read with them, "L1" was taken for theirs)
            low = 0.5 if layout.orientation == "flat" else 0.3
            w = p.fontMetrics().horizontalAdvance(text) + s * 0.08     # a pale tag under it: readable on dark forest too
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(255, 252, 235, 190))
            p.drawRoundedRect(QRectF(x - w / 2, y + s * (low + 0.02), w, s * 0.26), s * 0.05, s * 0.05)
            p.setBrush(Qt.NoBrush)
            p.setPen(CONTOUR)
            p.drawText(QRectF(x - s * 0.45, y + s * low, s * 0.9, s * 0.3), Qt.AlignCenter, text)
            p.setPen(QColor(40, 40, 40))


def _pattern(p: QPainter, layout: Layout, h: Hex, pattern: str) -> None:
    """Black-and-white readable marks for terrain (trees, buildings, marsh, water)."""
    if pattern == "none":
        return
    x, y = layout.center(h)
    s = layout.size
    if pattern in ("trees", "dense_trees"):
        dense = pattern == "dense_trees"
        spots = [(-0.35, -0.15), (0.3, -0.3), (0.05, 0.3)]
        if dense:
            spots += [(-0.05, -0.45), (0.45, 0.15), (-0.45, 0.3)]
        p.setPen(QPen(QColor(30, 70, 30), max(0.5, s * 0.04)))
        p.setBrush(QColor(40, 100, 40) if dense else QColor(120, 170, 100))
        for dx, dy in spots:
            p.drawEllipse(QPointF(x + dx * s, y + dy * s), s * 0.16, s * 0.16)
    elif pattern == "buildings":
        p.setPen(QPen(QColor(30, 30, 30), max(0.5, s * 0.03)))
        p.setBrush(QColor(90, 80, 75))
        for dx, dy, w, hh in ((-0.45, -0.35, 0.35, 0.25), (0.05, -0.3, 0.3, 0.35), (-0.25, 0.15, 0.45, 0.25)):
            p.drawRect(QRectF(x + dx * s, y + dy * s, w * s, hh * s))
    elif pattern == "marsh":
        p.setPen(QPen(QColor(40, 90, 80), max(0.5, s * 0.04)))
        for dx, dy in ((-0.35, -0.2), (0.15, -0.05), (-0.15, 0.3)):
            cx, cy = x + dx * s, y + dy * s
            p.drawLine(QLineF(cx - s * 0.18, cy, cx + s * 0.18, cy))
            for k in (-0.1, 0, 0.1):
                p.drawLine(QLineF(cx + k * s, cy, cx + k * s * 1.4, cy - s * 0.14))
    elif pattern == "water":
        p.setPen(QPen(QColor(30, 70, 140), max(0.5, s * 0.04)))
        for dy in (-0.2, 0.2):
            pts = [QPointF(x + (i / 6 - 0.5) * s, y + dy * s + math.sin(i * 1.6) * s * 0.06) for i in range(7)]
            p.drawPolyline(pts)
    elif pattern == "dots":
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(80, 80, 80))
        for dx, dy in ((-0.3, -0.2), (0.3, -0.1), (0, 0.3)):
            p.drawEllipse(QPointF(x + dx * s, y + dy * s), s * 0.05, s * 0.05)


def _hexsides(p: QPainter, sides, rules: Ruleset, layout: Layout, paths: bool) -> None:
    """Edge features (streams, slopes...) or path features (roads, trails, bridges)."""
    feats = rules.hexside_features
    s = layout.size
    edges: list[tuple[Hexside, str, Hex | None]] = []
    path_list: list[tuple[Hexside, str]] = []
    for side, kinds in sides:
        for kind, high in kinds.items():
            if feats[kind]["draw"] == "path":
                path_list.append((side, kind))
            else:
                edges.append((side, kind, high))
    if not paths:
        _edges(p, edges, feats, layout)
        return
    order = {"bridge": 0, "road": 2, "trail": 1}
    for side, kind in sorted(path_list, key=lambda e: order.get(e[1], 1)):
        f = feats[kind]
        pen = QPen(QColor(f["colour"]), max(1.0, f["width"] / 100 * 2 * s))
        pen.setCapStyle(Qt.RoundCap)
        if kind == "trail":
            pen.setStyle(Qt.DashLine)
        p.setPen(pen)
        ax, ay = layout.center(side.a)
        bx, by = layout.center(side.b)
        if kind == "bridge":     # a short thick bar across the hexside, under the road
            mx, my = (ax + bx) / 2, (ay + by) / 2
            p.drawLine(QLineF(mx + (ax - mx) * 0.35, my + (ay - my) * 0.35,
                              mx + (bx - mx) * 0.35, my + (by - my) * 0.35))
        else:
            p.drawLine(QLineF(ax, ay, bx, by))


def _edges(p: QPainter, edges, feats, layout: Layout) -> None:
    s = layout.size
    edges.sort(key=lambda e: 0 if feats[e[1]]["draw"] == "slope" else 1)   # slopes under streams
    pens: dict[tuple[str, bool], QPen] = {}          # one per kind: a big map has thousands of sides
    for side, kind, high in edges:
        f = feats[kind]
        (x1, y1), (x2, y2) = hexside_ends(layout, side)
        slope = f["draw"] == "slope" and high is not None
        pen = pens.get((kind, slope))
        if pen is None:
            pen = pens[kind, slope] = QPen(QColor(f["colour"]), max(1.0, f["width"] / 100 * 2 * s))
            pen.setCapStyle(Qt.RoundCap)
            if slope:
                pen.setWidthF(max(0.8, s * 0.05))
        p.setPen(pen)
        p.drawLine(QLineF(x1, y1, x2, y2))
        if slope:
            lx, ly = layout.center(side.other(high))
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            norm = math.hypot(lx - mx, ly - my) or 1.0
            tx, ty = (lx - mx) / norm * s * 0.2, (ly - my) / norm * s * 0.2
            for k in (0.2, 0.5, 0.8):   # hachures point downhill
                bx, by = x1 + (x2 - x1) * k, y1 + (y2 - y1) * k
                p.drawLine(QLineF(bx, by, bx + tx, by + ty))
