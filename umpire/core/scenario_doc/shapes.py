"""Areas of hexes drawn as shapes in the editor: a rectangle of columns and rows (two corner
hexes, as a zone's `area` writes it) and a polygon (its corners' hexes, clicked in turn).  Plain
geometry on the map's grid, no screen: a polygon's hexes are those whose centres lie inside it,
with the hexes along its sides, so that a thin shape still holds the hexes drawn over."""

from __future__ import annotations

from ..hexgrid import Grid, Hex, hex_line
from ..layout import Layout


def rectangle(grid: Grid, a: Hex, b: Hex) -> set[Hex]:
    """The hexes between two corners, by columns and rows, corners included (a zone's `area`)."""
    (c1, r1), (c2, r2) = grid.to_offset(a), grid.to_offset(b)
    return {grid.from_offset(c, r) for c in range(min(c1, c2), max(c1, c2) + 1)
            for r in range(min(r1, r2), max(r1, r2) + 1) if grid.contains(grid.from_offset(c, r))}


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Ray casting: whether `point` is inside the closed polygon (even-odd)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def polygon(grid: Grid, corners: list[Hex]) -> set[Hex]:
    """The hexes of the polygon whose corners are these hexes' centres, in order (closed back
    to the first): those whose centres lie inside, and those its sides run through."""
    if not corners:
        return set()
    layout = Layout(grid.orientation, 1.0)
    points = [layout.center(h) for h in corners]
    out = {h for a, b in zip(corners, corners[1:] + corners[:1]) for h in hex_line(a, b) if grid.contains(h)}
    if len(corners) >= 3:
        out |= {h for h in grid.hexes() if _inside(layout.center(h), points)}
    return out
