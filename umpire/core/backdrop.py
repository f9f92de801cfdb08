"""A scenario's backdrop: the club's own map (a scan, a photo, a board image) drawn under the
terrain shading, and the grid calibration that lays the scenario's hexes on it.

    [map.backdrop]
    image = "maps/board.png"     # relative to the scenario file, so the two travel together;
                                 # in its folder or one under it, never outside (refused)
    opacity = 0.6                # 0: only the terrain shading, 1: only the image (grid and numbers over it)
    hex_size = 38.5              # image pixels from a hex's centre to its corners
    origin = [41.0, 44.5]        # image pixels of hex 0101's centre
    stretch = 1.0                # optional: the image's hexes are this much taller than regular ones

The map's own `orientation` and `stagger` say how the hexes run.  A backdrop is the organizer's
picture, the same for every side: it shows nothing a side has not been given (no units, no
hidden minefields), so every view may draw it.  It is presentation, not play: it is in no game
state, no journal, no digest.

Knows nothing of Qt: Pillow reads the image's header here, the painter (umpire/render) draws it.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .hexgrid import Grid, Hex
from .layout import Layout

Note = Callable[..., None]      # note(problem, place=..., needle=..., after=...), as the scenario reader's

KEYS = {"image", "opacity", "hex_size", "origin", "stretch"}
FORMATS = {"PNG": "PNG", "JPEG": "JPEG", "BMP": "BMP", "GIF": "GIF"}   # what both Pillow and Qt read
OPACITY = (0.0, 1.0)
HEX_PIXELS = (2.0, 5000.0)      # a hex of fewer than 2 pixels on the image cannot be calibrated
STRETCH = (0.5, 2.0)            # beyond this a scan is not a map of hexes any more
# pixels: a centre this close outside the picture's edge is on it -- a centre computed to lie on
# the edge (a board cut through its last column's centres) comes out a hair off by rounding
EDGE = 1e-6
PLACE = "[map.backdrop]"


@dataclass(frozen=True)
class Backdrop:
    image: str                      # as the scenario writes it
    path: Path                      # where it was found (the scenario's folder + image)
    opacity: float
    hex_size: float
    origin: tuple[float, float]
    stretch: float = 1.0

    def image_point(self, grid: Grid, h: Hex) -> tuple[float, float]:
        """Where hex `h`'s centre lies on the image, in its pixels."""
        (ax, bx), (ay, by) = self.from_map_units(grid)
        x, y = Layout(grid.orientation, 1.0).center(h)
        return ax * x + bx, ay * y + by

    def from_map_units(self, grid: Grid) -> tuple[tuple[float, float], tuple[float, float]]:
        """((ax, bx), (ay, by)): image x = ax * x + bx and image y = ay * y + by, for (x, y) a
        point of the map drawn with a hex of size 1 and its axial origin at (0, 0)."""
        x0, y0 = Layout(grid.orientation, 1.0).center(grid.from_offset(1, 1))
        ax, ay = self.hex_size, self.hex_size * self.stretch
        return (ax, self.origin[0] - ax * x0), (ay, self.origin[1] - ay * y0)


def image_size(path: Path) -> tuple[int, int]:
    """(width, height) of a picture Umpire can draw, or ValueError saying why not."""
    from PIL import Image, UnidentifiedImageError
    try:
        with Image.open(path) as im:
            fmt, size = im.format, im.size
            im.verify()             # a PNG's chunks are checked; a cut-off file is caught here
    except FileNotFoundError:
        raise ValueError("no such file") from None
    except IsADirectoryError:
        raise ValueError("a folder, not an image") from None
    except PermissionError:
        raise ValueError("cannot read it (permission denied)") from None
    except UnidentifiedImageError:
        raise ValueError("not an image Umpire can read (use PNG or JPEG)") from None
    except Image.DecompressionBombError:
        raise ValueError("too large an image to draw (over 178 million pixels)") from None
    except (OSError, SyntaxError, ValueError) as e:
        raise ValueError(f"a damaged image ({e})") from None
    if fmt not in FORMATS:
        raise ValueError(f"a {fmt} image; Umpire draws PNG, JPEG, BMP or GIF")
    return size


def overhang(backdrop: Backdrop, grid: Grid, size: tuple[int, int]) -> tuple[float, float, tuple | None]:
    """How far the grid's hex centres lie off the image across (x) and down (y), in pixels (0:
    all on it), and the worst centre (hex, x, y), None when every centre is on the image."""
    w, h = size
    worst, how_far, across, down = None, EDGE, 0.0, 0.0
    # a rectangular map's outermost centres are on its first two and last two columns and rows
    for col in sorted({1, min(2, grid.columns), max(1, grid.columns - 1), grid.columns}):
        for row in sorted({1, min(2, grid.rows), max(1, grid.rows - 1), grid.rows}):
            hx = grid.from_offset(col, row)
            x, y = backdrop.image_point(grid, hx)
            across, down = max(across, -x, x - w), max(down, -y, y - h)
            off = max(-x, x - w, -y, y - h)
            if off > how_far:
                worst, how_far = (hx, x, y), off
    return (across if across > EDGE else 0.0), (down if down > EDGE else 0.0), worst


def misfit(backdrop: Backdrop, grid: Grid, size: tuple[int, int]) -> str | None:
    """Why the calibrated grid does not fit the image, or None.  The reading chosen: every hex's
    centre must lie on the image (printed boards cut their edge hexes in half, so the corners
    may overhang; a centre off the image means the size or origin is wrong)."""
    w, h = size
    worst = overhang(backdrop, grid, size)[2]
    if worst is None:
        return None
    hx, x, y = worst
    return (f"the grid does not fit the image: hex {grid.number(hx)}'s centre falls at ({x:.0f}, {y:.0f}), "
            f"outside the image's {w} x {h} pixels (check hex_size and origin)")


def inside(folder: Path, image: str) -> bool:
    """Whether `image`, named relative to `folder`, is in that folder or one under it -- once
    every link and ".." is followed."""
    try:
        base = Path(folder).resolve()
        return (base / image).resolve().is_relative_to(base)
    except (OSError, RuntimeError, ValueError):       # a link loop, a NUL in the name
        return False


def _number(v: Any, key: str, bounds: tuple[float, float]) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) \
            or not bounds[0] <= v <= bounds[1]:
        raise ValueError(f"{key} must be a number from {bounds[0]:g} to {bounds[1]:g}, got {v!r}")
    return float(v)


def parse_backdrop(data: Any, folder: Path) -> Backdrop:
    """The [map.backdrop] table as a Backdrop, its values checked (not its image): ValueError
    naming the key.  Unknown keys are the caller's to report."""
    if not isinstance(data, dict):
        raise ValueError("must be a table: image, opacity, hex_size, origin")
    for key in ("image", "hex_size", "origin"):
        if key not in data:
            raise ValueError(f"missing {key!r} (a backdrop needs image, hex_size and origin)")
    image = data["image"]
    if not isinstance(image, str) or not image.strip():
        raise ValueError(f"image must be the picture's file name, relative to the scenario, got {image!r}")
    origin = data["origin"]
    if not (isinstance(origin, list) and len(origin) == 2):
        raise ValueError(f"origin must be [x, y], the pixels of hex 0101's centre on the image, got {origin!r}")
    ox, oy = (_number(v, "origin", (-1e6, 1e6)) for v in origin)
    if not inside(folder, image):
        # every side's maps, reports and packages draw the backdrop: a scenario may not pull in
        # whatever picture lies elsewhere on the umpire's disk (an absolute path, ../, a link out)
        raise ValueError(f"image {image!r} lies outside the scenario's folder: put the picture in that folder "
                         "or one under it")
    return Backdrop(image=image, path=folder / image,
                    opacity=_number(data.get("opacity", 0.5), "opacity", OPACITY),
                    hex_size=_number(data["hex_size"], "hex_size", HEX_PIXELS),
                    origin=(ox, oy), stretch=_number(data.get("stretch", 1.0), "stretch", STRETCH))


def read_backdrop(data: Any, grid: Grid, folder: Path, note: Note) -> Backdrop | None:
    """The scenario's backdrop, checked whole: its keys, its image (there, readable) and its grid
    (on the image).  Each problem is noted, one line each; None if there is none to draw."""
    if isinstance(data, dict):
        for key in data:
            if key not in KEYS:
                note(f"unknown key {key!r} (known: {', '.join(sorted(KEYS))})", place=PLACE,
                     needle=f"{key} =", after=PLACE)
    try:
        backdrop = parse_backdrop(data, folder)
    except ValueError as e:
        key = str(e).split(" ", 1)[0]
        note(str(e), place=PLACE, needle=f"{key} =" if key in KEYS else PLACE, after=PLACE)
        return None
    try:
        size = image_size(backdrop.path)
    except ValueError as e:
        note(f"image {backdrop.image!r}: {e}", place=PLACE, needle="image =", after=PLACE)
        return None
    problem = misfit(backdrop, grid, size)
    if problem:
        note(problem, place=PLACE, needle="hex_size =", after=PLACE)
        return None
    return backdrop


# ---------------------------------------------------------------- a game's backdrop
_KEPT: dict[tuple, Backdrop | None] = {}


def game_backdrop(scenario_path: str, scenario_source: str, game_location: str | None = None) -> Backdrop | None:
    """The backdrop a game's map is drawn on, or None.  Read from the scenario file as it is now
    (a calibration made after the game began counts), else from the game's copy of it; the
    image looked for beside the scenario, then beside the game file.  Quiet: a game whose
    picture went missing is still played, on the terrain shading alone."""
    path = Path(scenario_path)
    try:
        stat = path.stat()
        key: tuple = (str(path), stat.st_mtime_ns, stat.st_size, game_location)
    except OSError:
        key = (str(path), hash(scenario_source), game_location)
    if key in _KEPT and (_KEPT[key] is None or _KEPT[key].path.is_file()):    # the picture may have gone
        return _KEPT[key]
    found = None
    texts = []
    if len(key) == 4:
        try:
            texts.append(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            pass
    texts.append(scenario_source)
    for text in texts:
        try:
            table = tomllib.loads(text).get("map", {}).get("backdrop")
        except (tomllib.TOMLDecodeError, AttributeError, ValueError):
            continue
        if table is None:
            break               # the file as it is now has none: the organizer took it away
        folders = [path.parent] + ([Path(game_location).parent] if game_location else [])
        for folder in folders:
            try:
                candidate = parse_backdrop(table, folder)
            except ValueError:
                break
            if candidate.path.is_file():
                found = candidate
                break
        if found is not None:
            break
    if len(_KEPT) > 32:
        _KEPT.clear()
    _KEPT[key] = found
    return found


# ---------------------------------------------------------------- calibrating by picked centres
def fit_calibration(grid: Grid, picks: list[tuple[Hex, tuple[float, float]]]
                    ) -> tuple[float, tuple[float, float], float, float]:
    """(hex_size, origin, stretch, worst miss in pixels) laying `grid` on an image where the
    umpire clicked the centres of the given hexes.  x and y are fitted apart (least squares):
    image x = size * x + bx, image y = size * stretch * y + by, for (x, y) a hex's centre on the
    map drawn with a hex of size 1.  Two hexes in different columns and rows fix all four; hexes
    in one row (or column) leave the stretch at 1.  ValueError if the picks cannot say."""
    unit = Layout(grid.orientation, 1.0)
    if len({h for h, _ in picks}) < 2:
        raise ValueError("pick the centres of at least two different hexes")
    us = [unit.center(h) for h, _ in picks]

    def line(ts: list[float], vs: list[float]) -> tuple[float, float] | None:
        n = len(ts)
        mt, mv = sum(ts) / n, sum(vs) / n
        var = sum((t - mt) ** 2 for t in ts)
        if var < 1e-9:
            return None
        a = sum((t - mt) * (v - mv) for t, v in zip(ts, vs)) / var
        return a, mv - a * mt

    fx = line([u[0] for u in us], [p[0] for _, p in picks])
    fy = line([u[1] for u in us], [p[1] for _, p in picks])
    if fx is None and fy is None:
        raise ValueError("pick hexes that are not all the same one")
    if fx is None:      # all in one column: the width from the height, the stretch left at 1
        a = fy[0]
        fx = (a, sum(p[0] for _, p in picks) / len(picks) - a * sum(u[0] for u in us) / len(us))
    if fy is None:
        a = fx[0]
        fy = (a, sum(p[1] for _, p in picks) / len(picks) - a * sum(u[1] for u in us) / len(us))
    (ax, bx), (ay, by) = fx, fy
    if ax <= 0 or ay <= 0:
        raise ValueError("the picked centres lie the wrong way round for those hex numbers")
    x0, y0 = unit.center(grid.from_offset(1, 1))
    miss = max(math.hypot(ax * u[0] + bx - p[0], ay * u[1] + by - p[1]) for u, (_, p) in zip(us, picks))
    return ax, (ax * x0 + bx, ay * y0 + by), ay / ax, miss
