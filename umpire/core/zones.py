"""Deployment zones and entry areas: sets of hexes described the way scenarios describe them.

A zone is the union of any of these parts:
    hexes    = ["0101", "0102"]          listed hexes
    area     = ["0101", "1010"]          a rectangle of columns and rows, corners inclusive
    south_of = ["0119", "3134"]          on or below the hex-row line between two hexes (a set-up line)
    north_of = ["0119", "3134"]          on or above such a line
    edge     = "south"                   the map-edge row or column: north, south, east or west
    within   = { hex = "1515", radius = 3 }
"""

from __future__ import annotations

from typing import Any

from .hexgrid import Grid, Hex, hex_line, spiral
from .limits import out_of_range

ZONE_PARTS = ("hexes", "area", "south_of", "north_of", "edge", "within")


def line_rows(grid: Grid, a: Hex, b: Hex) -> dict[int, int]:
    """Column -> row of the hex-row line from a to b (the lowest row where a column has two)."""
    rows: dict[int, int] = {}
    for h in hex_line(a, b):
        col, row = grid.to_offset(h)
        rows[col] = max(row, rows.get(col, row))
    return rows


def resolve_zone(grid: Grid, spec: dict[str, Any]) -> frozenset[Hex]:
    """The hexes a zone spec names.  ValueError with a user-readable reason if it is bad."""
    parts = [k for k in ZONE_PARTS if k in spec]
    if not parts:
        raise ValueError(f"a zone needs at least one of: {', '.join(ZONE_PARTS)}")
    out: set[Hex] = set()
    for key in parts:
        value = spec[key]
        if key == "hexes":
            out.update(grid.parse(n) for n in _str_list(value, key))
        elif key == "area":
            a, b = (grid.to_offset(grid.parse(n)) for n in _pair(value, key))
            for col in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
                for row in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
                    out.add(grid.from_offset(col, row))
        elif key in ("south_of", "north_of"):
            a, b = (grid.parse(n) for n in _pair(value, key))
            for col, row in line_rows(grid, a, b).items():
                if not 1 <= col <= grid.columns:
                    continue
                rng = range(row, grid.rows + 1) if key == "south_of" else range(1, row + 1)
                out.update(grid.from_offset(col, r) for r in rng if 1 <= r <= grid.rows)
        elif key == "edge":
            out.update(edge_hexes(grid, value))
        elif key == "within":
            if not isinstance(value, dict) or set(value) != {"hex", "radius"}:
                raise ValueError("within needs { hex = \"1515\", radius = 3 }")
            # a radius past the map's columns plus rows reaches no further hex, and one of a
            # billion would walk a billion rings before the map clips them
            r, reach = value["radius"], grid.columns + grid.rows
            problem = out_of_range(r, (0, reach))
            if problem:
                raise ValueError(f"within radius {problem} (the map's columns plus rows reach every hex)")
            centre = grid.parse(value["hex"])
            out.update(h for h in spiral(centre, r) if grid.contains(h))
    return frozenset(out)


def edge_hexes(grid: Grid, edge: Any) -> list[Hex]:
    if edge == "north":
        return [grid.from_offset(c, 1) for c in range(1, grid.columns + 1)]
    if edge == "south":
        return [grid.from_offset(c, grid.rows) for c in range(1, grid.columns + 1)]
    if edge == "west":
        return [grid.from_offset(1, r) for r in range(1, grid.rows + 1)]
    if edge == "east":
        return [grid.from_offset(grid.columns, r) for r in range(1, grid.rows + 1)]
    raise ValueError(f"edge must be north, south, east or west, got {edge!r}")


def is_edge_hex(grid: Grid, h: Hex) -> bool:
    col, row = grid.to_offset(h)
    return col in (1, grid.columns) or row in (1, grid.rows)


def _str_list(value: Any, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{key} must be a list of hex numbers like [\"0101\", \"0102\"]")
    return value


def _pair(value: Any, key: str) -> list[str]:
    v = _str_list(value, key)
    if len(v) != 2:
        raise ValueError(f"{key} needs exactly two hex numbers, got {len(v)}")
    return v
