"""Hex grid mathematics: coordinates, hex numbers, distances, neighbours, hexsides and lines.

Inside, a hex is an axial coordinate (q, r) with the implied cube coordinate s = -q - r
(Red Blob Games, "Hexagonal Grids").  Users never see that: they see the SPI four-digit
hex number CCRR, column then row, which a `Grid` converts to and from.

Nothing here knows about pixels or Qt; `layout.py` turns hexes into screen positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator, Literal

Orientation = Literal["flat", "pointy"]
Stagger = Literal["even", "odd"]


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """An axial hex coordinate.  `s` is derived so that q + r + s == 0."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)


# The six axial directions, counter-clockwise in a y-down screen frame.  Index i and
# i + 3 are opposite.  Names per orientation are in DIRECTION_NAMES.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1),
)
DIRECTION_NAMES: dict[str, tuple[str, ...]] = {
    # flat-topped: direction (1, 0) points down-right on screen
    "flat": ("SE", "NE", "N", "NW", "SW", "S"),
    # pointy-topped: direction (1, 0) points right
    "pointy": ("E", "NE", "NW", "W", "SW", "SE"),
}


def hex_distance(a: Hex, b: Hex) -> int:
    d = a - b
    return max(abs(d.q), abs(d.r), abs(d.s))


def neighbours(h: Hex) -> tuple[Hex, ...]:
    return tuple(h + d for d in DIRECTIONS)


def neighbour(h: Hex, direction: int) -> Hex:
    return h + DIRECTIONS[direction % 6]


def direction_to(a: Hex, b: Hex) -> int:
    """Index of the direction from `a` to its neighbour `b`."""
    try:
        return DIRECTIONS.index(b - a)
    except ValueError:
        raise ValueError(f"{a} and {b} are not adjacent") from None


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly `radius` away from `center`, walking round from the SW side."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    out = []
    h = center + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, side)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within `radius` of `center`, nearest first."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


@dataclass(frozen=True, slots=True, order=True)
class Hexside:
    """The edge two adjacent hexes share; stored with the smaller hex first."""

    a: Hex
    b: Hex

    @staticmethod
    def between(x: Hex, y: Hex) -> Hexside:
        if hex_distance(x, y) != 1:
            raise ValueError(f"{x} and {y} are not adjacent")
        return Hexside(x, y) if x < y else Hexside(y, x)

    @staticmethod
    def of(h: Hex, direction: int) -> Hexside:
        return Hexside.between(h, neighbour(h, direction))

    def other(self, h: Hex) -> Hex:
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h} is not on hexside {self}")


# --- exact line crossing -------------------------------------------------------------
#
# Which hexes a centre-to-centre line crosses is a property of the hex lattice alone
# (flat and pointy maps are rotations of each other), so it is computed once, exactly,
# in an integer frame: centre of (q, r) at X = 3q, Y = 2r + q, and the six corners at
# (+-2, 0) and (+-1, +-1) from it.  That frame is an affine image of the true geometry,
# so "runs along a hexside" and "passes through a vertex" are decided without rounding.

_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


def _frame(h: Hex) -> tuple[int, int]:
    return 3 * h.q, 2 * h.r + h.q


def _edges() -> tuple[tuple[int, int, int, int], ...]:
    """Each side of the hexagon around the origin's centre: its corner V and direction E."""
    out = []
    for k in range(6):
        vx, vy = _CORNERS[k]
        wx, wy = _CORNERS[(k + 1) % 6]
        out.append((vx, vy, wx - vx, wy - vy))
    return tuple(out)


_EDGES = _edges()


class _Clipper:
    """Clips one segment A + tD (t in [0, 1]) to hexagons, in integers.

    Against edge k of the hexagon centred at C, the segment is inside where a + b t >= 0 with
    b = cross(E, D) the same for every hexagon and a = cross(E, A - C - V).  Every crossing
    point t = -a / b is therefore a whole number over the common denominator `scale`, so the
    clip compares integers and makes Fractions only for the two points it returns."""

    def __init__(self, ax: int, ay: int, dx: int, dy: int) -> None:
        self.ax, self.ay = ax, ay
        self.edges = []
        scale = 1
        for vx, vy, ex, ey in _EDGES:
            b = ex * dy - ey * dx
            if b:
                scale = scale * abs(b) // _gcd(scale, abs(b))
            self.edges.append((vx, vy, ex, ey, b))
        self.scale = scale

    def clip(self, q: int, r: int) -> tuple[int, int, bool] | None:
        """(t_in, t_out, runs_along_an_edge) where the segment meets the closed hexagon of hex
        (q, r), the two points scaled by `scale`; None when they do not meet."""
        cx, cy = 3 * q, 2 * r + q              # _frame
        px, py = self.ax - cx, self.ay - cy
        scale = self.scale
        lo, hi = 0, scale
        terms = []
        for vx, vy, ex, ey, b in self.edges:
            # inside is the side where the centre lies: cross(E, C - V) > 0 for these corners
            a = ex * (py - vy) - ey * (px - vx)
            terms.append((a, b))
            if b == 0:
                if a < 0:
                    return None
                continue
            t = -a * (scale // b)              # t = -a / b, scaled by `scale`
            if b > 0:
                if t > lo:
                    lo = t
            elif t < hi:
                hi = t
            if lo > hi:
                return None
        # along an edge: a + b * mid == 0 at the middle of the clipped part
        along = lo < hi and any(2 * scale * a + b * (lo + hi) == 0 for a, b in terms)
        return lo, hi, along


def _gcd(x: int, y: int) -> int:
    while y:
        x, y = y, x % y
    return x


@dataclass(frozen=True, slots=True)
class HexTouch:
    """How a line meets one hex: `through` its inside, `along` one of its sides, or `vertex`."""

    hex: Hex
    kind: Literal["through", "along", "vertex"]
    t_in: Fraction
    t_out: Fraction


@dataclass(frozen=True, slots=True)
class LineCrossing:
    """Everything a straight centre-to-centre line meets, in order from start to end."""

    start: Hex
    end: Hex
    touches: tuple[HexTouch, ...]

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Hexes whose inside the line passes through, start and end included."""
        return tuple(t.hex for t in self.touches if t.kind == "through")

    @property
    def hexsides_along(self) -> tuple[Hexside, ...]:
        """Hexsides the line runs exactly along (it then touches both hexes, enters neither)."""
        along = [t for t in self.touches if t.kind == "along"]
        out = []
        for i, x in enumerate(along):
            for y in along[i + 1:]:
                if (x.t_in, x.t_out) == (y.t_in, y.t_out) and hex_distance(x.hex, y.hex) == 1:
                    out.append(Hexside.between(x.hex, y.hex))
        return tuple(out)

    @property
    def vertices(self) -> tuple[tuple[Hex, ...], ...]:
        """Corners the line passes exactly through, each as the three hexes meeting there."""
        points: dict[Fraction, list[Hex]] = {}
        for t in self.touches:
            if t.kind == "vertex":
                points.setdefault(t.t_in, [])
        for t in self.touches:
            for p in points:
                if t.t_in <= p <= t.t_out:
                    points[p].append(t.hex)
        return tuple(tuple(sorted(points[p])) for p in sorted(points))

    @property
    def hexsides_crossed(self) -> tuple[Hexside, ...]:
        """Hexsides the line crosses at a point that is not a corner."""
        corners = {t.t_in for t in self.touches if t.kind == "vertex"}
        through = [t for t in self.touches if t.kind == "through"]
        out = []
        for x, y in zip(through, through[1:]):
            if x.t_out == y.t_in and x.t_out not in corners and hex_distance(x.hex, y.hex) == 1:
                out.append(Hexside.between(x.hex, y.hex))
        return tuple(out)

    @property
    def is_exact_hexside(self) -> bool:
        return bool(self.hexsides_along)


def line_crossing(a: Hex, b: Hex) -> LineCrossing:
    """Every hex a straight line from the centre of `a` to the centre of `b` meets."""
    n = hex_distance(a, b)
    ax, ay = _frame(a)
    bx, by = _frame(b)
    # Sample the line (nudged both ways, as in Red Blob's hex_linedraw) for hexes near it;
    # their neighbours cover every hex the line can touch.  The exact clip decides.
    near: set[tuple[int, int]] = {(a.q, a.r), (b.q, b.r)}
    for i in range(n + 1):
        t = i / n if n else 0.0
        for eps in (1e-6, -1e-6):
            h = cube_round(a.q + (b.q - a.q) * t + eps, a.r + (b.r - a.r) * t + eps * -2)
            near.add((h.q, h.r))
    candidates = {(q + dq, r + dr) for q, r in near for dq, dr in _STEPS}
    clipper = _Clipper(ax, ay, bx - ax, by - ay)
    found = []
    for q, r in candidates:
        clipped = clipper.clip(q, r)
        if clipped is not None:
            found.append((clipped[0], clipped[1], q, r, clipped[2]))
    found.sort()                     # by where the line enters and leaves, then by hex
    fractions: dict[int, Fraction] = {}

    def frac(x: int) -> Fraction:
        f = fractions.get(x)
        if f is None:
            f = fractions[x] = Fraction(x, clipper.scale)
        return f
    touches = tuple(HexTouch(Hex(q, r), "vertex" if lo == hi else "along" if along else "through", frac(lo), frac(hi))
                    for lo, hi, q, r, along in found)
    return LineCrossing(a, b, touches)


_STEPS = ((0, 0),) + tuple((d.q, d.r) for d in DIRECTIONS)


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """Red Blob's hex_linedraw: one hex per step, nudged to break ties consistently.

    Used for hex-row boundaries ("the line 0119-3134" of a scenario's set-up), not for sight lines,
    which need `line_crossing`.
    """
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        t = i / n
        fq = a.q + 1e-6 + (b.q - a.q) * t
        fr = a.r + 1e-6 + (b.r - a.r) * t
        out.append(cube_round(fq, fr))
    return out


# --- the map's grid: offset coordinates and hex numbers ------------------------------


@dataclass(frozen=True, slots=True)
class Grid:
    """A rectangular map's hexes and their printed numbers.

    `orientation` flat: flat-topped hexes in columns, every other column shifted half a
    hex down (SPI's classic maps: hex 0201 sits below 0101, so `stagger="even"`).
    `orientation` pointy: pointy-topped hexes in rows, every other row shifted right.
    Columns and rows are numbered from 1 as printed.
    """

    columns: int
    rows: int
    orientation: Orientation = "flat"
    stagger: Stagger = "even"

    def __post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise ValueError("a map needs at least one column and one row")
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if self.stagger not in ("even", "odd"):
            raise ValueError(f"stagger must be 'even' or 'odd', not {self.stagger!r}")

    @property
    def digits(self) -> int:
        """Digits per half of a hex number: 2 (0119) up to 99 columns and rows, then 3."""
        return max(2, len(str(max(self.columns, self.rows))))

    def from_offset(self, col: int, row: int) -> Hex:
        even = self.stagger == "even"
        if self.orientation == "flat":
            return Hex(col, row - _half(col, even))
        return Hex(col - _half(row, even), row)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        even = self.stagger == "even"
        if self.orientation == "flat":
            return h.q, h.r + _half(h.q, even)
        return h.q + _half(h.r, even), h.r

    def contains(self, h: Hex) -> bool:
        col, row = self.to_offset(h)
        return 1 <= col <= self.columns and 1 <= row <= self.rows

    def hexes(self) -> Iterator[Hex]:
        for col in range(1, self.columns + 1):
            for row in range(1, self.rows + 1):
                yield self.from_offset(col, row)

    def number(self, h: Hex) -> str:
        col, row = self.to_offset(h)
        if col < 0 or row < 0:
            return f"({h.q},{h.r})"
        return f"{col:0{self.digits}d}{row:0{self.digits}d}"

    def parse(self, text: str) -> Hex:
        """Hex number -> Hex.  Raises ValueError with a reason a user can act on."""
        t = str(text).strip()
        d = self.digits
        if not (t.isascii() and t.isdigit()) or len(t) != 2 * d:      # int() refuses '²', a digit to isdigit()
            raise ValueError(f"{text!r} is not a hex number (expected {2 * d} digits, column then row, "
                             f"e.g. {1:0{d}d}{19:0{d}d})")
        col, row = int(t[:d]), int(t[d:])
        if not (1 <= col <= self.columns and 1 <= row <= self.rows):
            raise ValueError(f"hex {t} is off the map (columns 1-{self.columns}, rows 1-{self.rows})")
        return self.from_offset(col, row)

    def direction_name(self, direction: int) -> str:
        return DIRECTION_NAMES[self.orientation][direction % 6]

    def direction_index(self, name: str) -> int:
        names = DIRECTION_NAMES[self.orientation]
        try:
            return names.index(name.upper())
        except ValueError:
            raise ValueError(f"{name!r} is not a hexside direction on a {self.orientation}-topped map "
                             f"(use one of {', '.join(names)})") from None


def _half(n: int, even_shifted: bool) -> int:
    """Axial offset of column (flat) or row (pointy) n (Red Blob's even-q / odd-q rule)."""
    return (n + (n & 1)) // 2 if even_shifted else (n - (n & 1)) // 2
