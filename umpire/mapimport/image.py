"""A picture of a map as a scenario's backdrop: its grid calibration given (hex size, hex 0101's
centre, orientation, stagger), the map's columns and rows given or found from the picture -- as
many as have their centres on it -- and plain terrain to paint over in the editor."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

from ..core.backdrop import EDGE, HEX_PIXELS, Backdrop, image_size, misfit, overhang
from ..core.errors import UmpireError
from ..core.hexgrid import Grid
from ..core.limits import MAP_SIDE
from ..core.ruleset import Ruleset
from .skeleton import Skeleton


@dataclass
class Calibration:
    hex_size: float                         # image pixels from a hex's centre to its corners
    origin: tuple[float, float]             # image pixels of hex 0101's centre
    orientation: str = "flat"
    stagger: str = "even"
    stretch: float = 1.0
    opacity: float = 0.5


def parse_origin(text: str) -> tuple[float, float]:
    """'X,Y' -> (x, y): ValueError saying what is wanted."""
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise ValueError(f"the origin is X,Y in the image's pixels (hex 0101's centre), got {text!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"the origin is X,Y in the image's pixels, got {text!r}")
    return x, y


def fitting_size(cal: Calibration, size: tuple[int, int]) -> tuple[int, int]:
    """The most columns and rows whose centres all lie on a picture of `size` pixels.  A centre
    on the picture's very edge counts as on it (EDGE): `(w - x0) // step` alone, in floating
    point, lost the last column of a board cut through its centres (13.999... steps)."""
    w, h = size
    s = cal.hex_size
    step_x = s * (1.5 if cal.orientation == "flat" else math.sqrt(3))
    step_y = s * cal.stretch * (math.sqrt(3) if cal.orientation == "flat" else 1.5)
    cols = max(1, min(MAP_SIDE[1], math.floor((w - cal.origin[0] + EDGE) / step_x) + 1))
    rows = max(1, min(MAP_SIDE[1], math.floor((h - cal.origin[1] + EDGE) / step_y) + 1))
    backdrop = Backdrop("", Path(), cal.opacity, s, cal.origin, cal.stretch)
    # the half-hex shift of staggered columns (rows) may push the last row (column) off: take
    # off a row or a column on the side that overhangs -- never the other, which fits
    while cols > 1 or rows > 1:
        across, down, _ = overhang(backdrop, Grid(cols, rows, cal.orientation, cal.stagger), size)
        if across and cols > 1:
            cols -= 1
        elif down and rows > 1:
            rows -= 1
        else:
            break
    return cols, rows


def backdrop_skeleton(image: Path, scenario: Path, rules: Ruleset, cal: Calibration,
                      columns: int | None = None, rows: int | None = None, title: str | None = None,
                      notes: list[str] | None = None) -> Skeleton:
    """A skeleton on `image` (which must be where it will stay: the scenario names it relative to
    its own folder); UmpireError naming the image if it cannot be drawn or the grid does not fit."""
    try:
        size = image_size(image)
    except ValueError as e:
        raise UmpireError(str(e), file=str(image)) from None
    if cal.orientation not in ("flat", "pointy") or cal.stagger not in ("even", "odd"):
        raise UmpireError("orientation is flat or pointy, stagger even or odd")
    if not HEX_PIXELS[0] <= cal.hex_size <= HEX_PIXELS[1]:
        raise UmpireError(f"--hex-size must be {HEX_PIXELS[0]:g} to {HEX_PIXELS[1]:g} pixels (centre to corner), "
                          f"got {cal.hex_size:g}")
    if (columns is None) != (rows is None):
        raise UmpireError("give both --columns and --rows, or neither (then they are found from the image)")
    if columns is None:
        columns, rows = fitting_size(cal, size)
    for name, n in (("--columns", columns), ("--rows", rows)):
        if not MAP_SIDE[0] <= n <= MAP_SIDE[1]:
            raise UmpireError(f"{name} must be {MAP_SIDE[0]} to {MAP_SIDE[1]}, got {n}")
    grid = Grid(columns, rows, cal.orientation, cal.stagger)
    rel = os.path.relpath(image.resolve(), scenario.resolve().parent).replace(os.sep, "/")
    backdrop = Backdrop(rel, image, cal.opacity, cal.hex_size, cal.origin, cal.stretch)
    problem = misfit(backdrop, grid, size)
    if problem:
        raise UmpireError(problem, file=str(image))
    first = next(iter(rules.terrain_types))
    table = {"image": rel, "opacity": cal.opacity, "hex_size": cal.hex_size, "origin": cal.origin,
             "stretch": cal.stretch}
    return Skeleton(title or image.stem.replace("_", " ").replace("-", " ").title(), rules, grid,
                    [[first] * columns for _ in range(rows)], [[0] * columns for _ in range(rows)], table,
                    notes=(notes or []) + [f"A {columns} x {rows} map on {image.name} ({size[0]} x {size[1]} pixels), "
                                           f"every hex {first}: paint the terrain over the backdrop."])
