"""A deliberately plain MW4 line of sight, for checking and benchmarking the fast one.

For each pair it builds a shapely LineString between the hex centres and tests every map hex
whose bounding box meets the line's, one by one (the cost of the usual Python fog-of-war
loop).  It shares only the per-hex and per-hexside rules (`hex_blocks`, `hexside_blocks`)
with the fast paths, so geometry bugs in either show up as disagreements.
"""

from __future__ import annotations

from shapely.geometry import LineString, Point, Polygon

from ...core.hexgrid import Hex, Hexside, hex_distance
from ...core.layout import Layout
from .los import NO_HEIGHT, Mw4Map, hex_blocks, hexside_blocks

EPS = 1e-7


class NaiveLos:
    def __init__(self, mw: Mw4Map) -> None:
        self.mw = mw
        self.layout = Layout(mw.game_map.grid.orientation, 1.0)
        self.polys = {h: Polygon(self.layout.corners(h)) for h in mw.elev}
        self.boxes = {h: p.bounds for h, p in self.polys.items()}

    def clear(self, a: Hex, b: Hex) -> bool:
        mw = self.mw
        n = hex_distance(a, b)
        if mw.night and n > mw.night_los:
            return False
        if n <= 1:
            return True
        line = LineString([self.layout.center(a), self.layout.center(b)])
        x0, y0, x1, y1 = line.bounds
        ea, eb = mw.elev[a], mw.elev[b]
        low, high = min(ea, eb), max(ea, eb)
        low_at_start = ea <= eb
        through: list[tuple[float, Hex]] = []
        along: list[Hex] = []
        for h, (bx0, by0, bx1, by1) in self.boxes.items():
            if bx1 < x0 - EPS or bx0 > x1 + EPS or by1 < y0 - EPS or by0 > y1 + EPS or h in (a, b):
                continue
            poly = self.polys[h]
            if poly.buffer(-EPS).intersects(line):
                through.append((line.project(Point(self.layout.center(h)), normalized=True), h))
            elif poly.buffer(EPS).intersects(line):
                touched = poly.buffer(EPS).intersection(line)
                if touched.length > 1e-4:
                    along.append(h)
                elif mw.vertex_rule == "block":
                    through.append((line.project(touched.centroid, normalized=True), h))

        def blocks(h: Hex) -> bool:
            da, db = hex_distance(a, h), hex_distance(b, h)
            d_low, d_high = (da, db) if low_at_start else (db, da)
            return hex_blocks(mw.top[h], mw.blocking[h], d_low, d_high, low, high) is not None

        if any(blocks(h) for _, h in through):
            return False
        for x in along:
            # its partner across the hexside may be off the map: a hex that never blocks
            partners = [y for y in along if hex_distance(x, y) == 1] or [None]
            for y in partners:
                bx, by = blocks(x), (blocks(y) if y is not None else False)
                if (bx and by) or (mw.along_rule == "either" and (bx or by)):
                    return False
        inner = [h for _, h in through]
        pairs = [(x, y) for i, x in enumerate(inner) for y in inner[i + 1:] if hex_distance(x, y) == 1]
        for x, y in pairs:
            side = Hexside.between(x, y)
            height = mw.side_height.get(side, NO_HEIGHT)
            if height <= NO_HEIGHT:
                continue
            p, q = self.layout.hexside_segment(side)
            cross = LineString([p, q]).intersection(line)
            if cross.is_empty or cross.geom_type != "Point":
                continue
            if min(cross.distance(Point(p)), cross.distance(Point(q))) < 1e-6:
                continue      # through a corner, not across the hexside
            t = round(line.project(cross, normalized=True), 9)   # exactly half way is common
            if hexside_blocks(height, t, low_at_start, low, high):
                return False
        return True
