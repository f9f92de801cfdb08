"""Hex <-> pixel conversion (Red Blob Games' Layout).  Knows nothing of Qt.

`size` is the distance from a hex centre to a corner, in pixels (or points for PDF).
The y axis points down, as on screens and in Qt scenes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .hexgrid import DIRECTIONS, Grid, Hex, Hexside, cube_round, direction_to

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True, slots=True)
class Layout:
    orientation: str = "flat"
    size: float = 30.0
    origin: tuple[float, float] = (0.0, 0.0)

    @staticmethod
    def for_grid(grid: Grid, size: float = 30.0, margin: float | None = None) -> Layout:
        """A layout that puts the map's top-left hex fully inside the first quadrant."""
        margin = size * 0.5 if margin is None else margin
        probe = Layout(grid.orientation, size, (0.0, 0.0))
        xs, ys = [], []
        # the extremes of a rectangular map lie on its border rows/columns
        for col in (1, 2, grid.columns):
            for row in (1, 2, grid.rows):
                if col <= grid.columns and row <= grid.rows:
                    for x, y in probe.corners(grid.from_offset(col, row)):
                        xs.append(x)
                        ys.append(y)
        return Layout(grid.orientation, size, (margin - min(xs), margin - min(ys)))

    def center(self, h: Hex) -> tuple[float, float]:
        s = self.size
        if self.orientation == "flat":
            x = s * 1.5 * h.q
            y = s * SQRT3 * (h.r + h.q / 2.0)
        else:
            x = s * SQRT3 * (h.q + h.r / 2.0)
            y = s * 1.5 * h.r
        return x + self.origin[0], y + self.origin[1]

    def hex_at(self, x: float, y: float) -> Hex:
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        if self.orientation == "flat":
            fq = px * 2.0 / 3.0
            fr = -px / 3.0 + py * SQRT3 / 3.0
        else:
            fq = px * SQRT3 / 3.0 - py / 3.0
            fr = py * 2.0 / 3.0
        return cube_round(fq, fr)

    def _corner_angle(self, k: int) -> float:
        start = 0.0 if self.orientation == "flat" else 30.0
        return math.radians(start + 60.0 * k)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.center(h)
        return [(cx + self.size * math.cos(self._corner_angle(k)),
                 cy + self.size * math.sin(self._corner_angle(k))) for k in range(6)]

    def edge(self, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners of `h`'s side facing `direction` (an index into DIRECTIONS)."""
        corners = self.corners(h)
        # The edge facing a neighbour is the pair of corners nearest that neighbour's centre.
        nx, ny = self.center(h + DIRECTIONS[direction % 6])
        ranked = sorted(range(6), key=lambda k: (corners[k][0] - nx) ** 2 + (corners[k][1] - ny) ** 2)
        i, j = sorted(ranked[:2])
        return corners[i], corners[j]

    def hexside_segment(self, side: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
        return self.edge(side.a, direction_to(side.a, side.b))

    def bounds(self, grid: Grid) -> tuple[float, float]:
        """Width and height of the whole map in pixels, margins included."""
        xs, ys = [], []
        for col in (grid.columns - 1, grid.columns):
            for row in (grid.rows - 1, grid.rows):
                if col >= 1 and row >= 1:
                    for x, y in self.corners(grid.from_offset(col, row)):
                        xs.append(x)
                        ys.append(y)
        return max(xs) + self.size * 0.5, max(ys) + self.size * 0.5
