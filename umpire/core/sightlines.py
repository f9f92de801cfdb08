"""Many sight lines at once: what each line meets, as flat numpy columns.

A spotting pass in mid-game asks about every observer-target pair on the map -- 90,000 lines a
side at 300 units, most of them long.  Two things make that fast without changing any answer:

* **One exact plan per canonical displacement.**  What a line from A to B meets is the line from
  the origin to B - A moved by A, and the line to d meets, touch for touch, what the line to any
  of its images under the lattice's twelve symmetries meets (core.hexsym).  Canonical images are
  (-n, r) with 0 <= r <= n/2, so a 100x100 map has under 6,000 of them.  `PLANS` computes their
  plans for a whole batch in one go, in integers (the frame of hexgrid.line_crossing: centre of
  (q, r) at (3q, 2r + q), corners at (+-2, 0) and (+-1, +-1)), and keeps them.

* **Nearest parts first.**  Each plan lists what can block -- hexes passed through, hexsides
  crossed, corners touched, hexsides run along -- ordered by how near they are to the nearer
  end, where most lines are blocked, so that a walk along a line (a rule system's compiled
  judge reading `PlanArrays`) stops early.

Which parts block is the rule system's business: `Lines` places each line's parts on flat map
cells (see `Box`).  Tests check every plan against hexgrid.line_crossing's Fraction arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from . import hexsym
from .hexgrid import DIRECTIONS, Hex

# corners of a hexagon in the integer frame (as hexgrid._CORNERS), and for edge k (corner k to
# corner k + 1) the axial direction of the neighbour across it
_CX = np.array([2, 1, -1, -2, -1, 1], dtype=np.int64)
_CY = np.array([0, 1, 1, 0, -1, -1], dtype=np.int64)
_CX32, _CY32 = _CX.astype(np.int32), _CY.astype(np.int32)


def _edge_directions() -> np.ndarray:
    out = []
    for k in range(6):
        x, y = int(_CX[k] + _CX[(k + 1) % 6]), int(_CY[k] + _CY[(k + 1) % 6])   # the neighbour's centre
        q = x // 3
        out.append(DIRECTIONS.index(Hex(q, (y - q) // 2)))
    return np.array(out, dtype=np.int64)


_EDGE_DIR = _edge_directions()
_DQ = np.array([d.q for d in DIRECTIONS], dtype=np.int64)
_DR = np.array([d.r for d in DIRECTIONS], dtype=np.int64)
# each edge's outward normal, from the hex centre through the edge's middle (twice that)
_NORMAL_X = _CX + np.roll(_CX, -1)
_NORMAL_Y = _CY + np.roll(_CY, -1)
# DIRECTION_IMAGE[k, d]: the direction that direction d becomes under hexsym.INVERSES[k]
DIRECTION_IMAGE = np.array([[DIRECTIONS.index(hexsym.apply(back, d)) for d in DIRECTIONS]
                            for back in hexsym.INVERSES], dtype=np.int64)

# what a part of a plan is
THROUGH, VERTEX = 0, 1


@dataclass
class _Parts:
    """One kind of part of every stored plan, plan after plan (plan p's are start[p]:start[p] + count[p])."""

    q: np.ndarray
    r: np.ndarray
    extra: dict[str, np.ndarray]


class _Grown:
    """A column that grows by doubling its room: adding k values costs k, not the whole column
    again (a move's handful of new line shapes once re-copied every plan met so far)."""

    def __init__(self, dtype, width: int = 0) -> None:
        self.shape = (width,) if width else ()
        self.data = np.zeros((16, *self.shape), dtype=dtype)
        self.n = 0

    def add(self, values: np.ndarray) -> None:
        k = len(values)
        if self.n + k > len(self.data):
            room = np.zeros((max(2 * len(self.data), self.n + k), *self.shape), dtype=self.data.dtype)
            room[:self.n] = self.data[:self.n]
            self.data = room
        self.data[self.n:self.n + k] = values
        self.n += k

    @property
    def view(self) -> np.ndarray:
        return self.data[:self.n]


class PlanArrays(NamedTuple):
    """Every stored plan's parts as flat columns: plan p's hexes are hex_*[hex_start[p]:
    hex_start[p] + hex_count[p]], nearest to an end first, and so for its hexsides crossed and run
    along.  Offsets are canonical: `Lines` maps them onto each line's own hexes (cell = base +
    q * mq + r * mr; a direction d becomes DIRECTION_IMAGE[sym, d])."""

    hex_start: np.ndarray
    hex_count: np.ndarray
    hex_q: np.ndarray
    hex_r: np.ndarray
    hex_kind: np.ndarray          # THROUGH or VERTEX
    hex_d_start: np.ndarray       # distance in hexes from the line's start
    hex_d_end: np.ndarray         # and from its end
    side_start: np.ndarray
    side_count: np.ndarray
    side_q: np.ndarray            # the hex the line leaves
    side_r: np.ndarray
    side_direction: np.ndarray    # of the hex it enters
    side_half: np.ndarray         # crossed before (-1), at (0) or after (+1) the line's middle
    along_start: np.ndarray
    along_count: np.ndarray
    along_q: np.ndarray           # the two hexes either side of a hexside run along
    along_r: np.ndarray
    along_q2: np.ndarray
    along_r2: np.ndarray
    along_d_start: np.ndarray
    along_d_end: np.ndarray
    along_d_start2: np.ndarray
    along_d_end2: np.ndarray


class PlanStore:
    """The plans of canonical displacements met so far (grows; never changes what it holds).
    What it holds is read through `hexes`, `sides`, `along` (parts, plan after plan), `starts`
    and `counts` (each plan's parts) and `entry`: views of columns that grow (`_Grown`)."""

    HEX_EXTRA = ("kind", "d_start", "d_end")
    SIDE_EXTRA = ("direction", "half")
    ALONG_EXTRA = ("q2", "r2", "d_start", "d_end", "d_start2", "d_end2")
    KINDS = {"hexes": HEX_EXTRA, "sides": SIDE_EXTRA, "along": ALONG_EXTRA}
    CHUNK_ROWS = 40_000     # candidate hexes per build (see _add)

    def __init__(self) -> None:
        self.index = np.full((1, 1), -1, dtype=np.int64)     # plan id by (n, r)
        self.count = 0
        self._parts = {kind: {name: _Grown(np.int32) for name in ("q", "r", *extra)}
                       for kind, extra in self.KINDS.items()}
        self._starts = {kind: _Grown(np.int64) for kind in self.KINDS}
        self._counts = {kind: _Grown(np.int64) for kind in self.KINDS}
        self._entry = _Grown(np.int64, 3)      # entry hexside: hex offset q, r, direction (-1: none)
        self._show()

    def _show(self) -> None:
        """Point the readable names at the columns' filled parts."""
        for kind, extra in self.KINDS.items():
            cols = self._parts[kind]
            setattr(self, kind, _Parts(cols["q"].view, cols["r"].view, {k: cols[k].view for k in extra}))
        self.starts = {kind: g.view for kind, g in self._starts.items()}
        self.counts = {kind: g.view for kind, g in self._counts.items()}
        self.entry = self._entry.view

    def clear(self) -> None:
        """Forget every plan (benchmarks start from nothing, as a new process does)."""
        self.__init__()

    def arrays(self) -> PlanArrays:
        """The stored plans as flat columns, for a compiled walk along lines (see PlanArrays)."""
        h, s, a = self.hexes, self.sides, self.along
        st, ct = self.starts, self.counts
        return PlanArrays(st["hexes"], ct["hexes"], h.q, h.r, h.extra["kind"], h.extra["d_start"], h.extra["d_end"],
                          st["sides"], ct["sides"], s.q, s.r, s.extra["direction"], s.extra["half"],
                          st["along"], ct["along"], a.q, a.r, a.extra["q2"], a.extra["r2"],
                          a.extra["d_start"], a.extra["d_end"], a.extra["d_start2"], a.extra["d_end2"])

    def ids(self, n: np.ndarray, r: np.ndarray) -> np.ndarray:
        """Plan ids of canonical displacements (-n, r), computing the missing plans."""
        if len(n) == 0:
            return np.zeros(0, dtype=np.int64)
        top = int(n.max())
        if top >= self.index.shape[0]:
            grown = np.full((top + 1, top // 2 + 1), -1, dtype=np.int64)
            grown[:self.index.shape[0], :self.index.shape[1]] = self.index
            self.index = grown
        found = self.index[n, r]
        missing = found < 0
        if missing.any():
            keys = np.unique(n[missing] * (top + 1) + r[missing])
            new_n, new_r = keys // (top + 1), keys % (top + 1)
            self._add(new_n, new_r)
            found = self.index[n, r]
        return found

    def _add(self, n: np.ndarray, r: np.ndarray) -> None:
        """Build the plans of new displacements and append them, a chunk at a time: a chunk's
        work arrays (six corners per candidate hex) then stay in the processor's cache, which
        makes the build linear in the work (one batch of every plan to 140 hexes took 5x longer
        than a chunked build)."""
        work = np.cumsum(2 * (n.astype(np.int64) + 1))
        cuts = np.searchsorted(work, np.arange(self.CHUNK_ROWS, int(work[-1]), self.CHUNK_ROWS))
        for cn, cr in zip(np.split(n, cuts), np.split(r, cuts)):
            if not len(cn):
                continue
            built = build_plans(cn, cr)
            for kind in self.KINDS:
                cols = self._parts[kind]
                self._starts[kind].add(built.starts[kind] + cols["q"].n)
                self._counts[kind].add(built.counts[kind])
                parts: _Parts = getattr(built, kind)
                cols["q"].add(parts.q)
                cols["r"].add(parts.r)
                for name, values in parts.extra.items():
                    cols[name].add(values)
            self._entry.add(built.entry)
        self.index[n, r] = self.count + np.arange(len(n))
        self.count += len(n)
        self._show()


@dataclass
class _Built:
    hexes: _Parts
    sides: _Parts
    along: _Parts
    starts: dict[str, np.ndarray]
    counts: dict[str, np.ndarray]
    entry: np.ndarray


def _ordered(plan: np.ndarray, first: np.ndarray, then: np.ndarray | None = None) -> np.ndarray:
    """The order by plan, then `first`, then `then` (distances in hexes, below 2048): as
    np.lexsort, on one packed key, five times faster."""
    key = (plan.astype(np.int64) << 22) | (first.astype(np.int64) << 11)
    if then is not None:
        key |= then.astype(np.int64)
    return np.argsort(key, kind="stable")


def _distance(q: np.ndarray, r: np.ndarray) -> np.ndarray:
    return np.maximum(np.maximum(np.abs(q), np.abs(r)), np.abs(q + r))


def build_plans(n: np.ndarray, r: np.ndarray) -> _Built:
    """The plans of the lines from the origin to canonical displacements (-n[i], r[i]), exactly.

    In the canonical wedge the line advances one column (q) per hex of range and climbs at most
    a third of a hex-height per column, so the hexes it can touch in column -k are the two whose
    r brackets k * r / n; each is then classified exactly by the signs of its six corners
    relative to the line.
    """
    n = n.astype(np.int64)
    r = r.astype(np.int64)
    if len(n) and int(n.max()) >= 2048:
        raise ValueError("a sight line longer than 2047 hexes")
    per = 2 * (n + 1)
    plan = np.repeat(np.arange(len(n)), per)
    first = np.repeat(np.cumsum(per) - per, per)
    slot = np.arange(len(plan)) - first
    # the per-candidate work in 32-bit integers (half the memory traffic): with lines under
    # 2048 hexes every product below stays under 10**8; the crossing point's test (`num`) is
    # computed in 64 bits
    k = (slot // 2).astype(np.int32)
    pn, pr = n[plan].astype(np.int32), r[plan].astype(np.int32)
    cq = -k
    cr = np.where(pn > 0, (k * pr) // np.maximum(pn, 1), 0) + (slot % 2).astype(np.int32)
    # the line in the frame, and each candidate's centre
    lx, ly = -3 * pn, 2 * pr - pn
    x, y = 3 * cq, 2 * cr + cq
    # each corner's side of the line: the centre's, plus the corner's offset's (the same for
    # every candidate of a plan)
    plx, ply = (-3 * n).astype(np.int32), (2 * r - n).astype(np.int32)
    corner = plx[:, None] * _CY32[None, :] - ply[:, None] * _CX32[None, :]          # (plans, 6)
    side = (lx * y - ly * x)[:, None] + corner[plan]                                # (m, 6)
    above, below = side > 0, side < 0
    pos = np.count_nonzero(above, axis=1)
    neg = np.count_nonzero(below, axis=1)
    zero = 6 - pos - neg
    proj = x * lx + 3 * y * ly                      # 4x the true dot product with the line
    length = lx * lx + 3 * ly * ly
    is_start = (cq == 0) & (cr == 0)
    is_end = (cq == -pn) & (cr == pr)
    inside = (proj > 0) & (proj < length) & ~is_start & ~is_end
    one_sided = (pos == 0) | (neg == 0)
    through = inside & (pos > 0) & (neg > 0)
    vertex = inside & (zero == 1) & one_sided
    along = inside & (zero == 2) & one_sided & (pos > 0)    # each pair once: from the hex on the + side
    d_start = _distance(cq, cr)
    d_end = _distance(cq + pn, cr - pr)

    # hexes met (through or at a corner), nearest to an end first
    keep = through | vertex
    order = _ordered(plan[keep], np.minimum(d_start, d_end)[keep], d_start[keep])
    hexes = _Parts(cq[keep][order].astype(np.int32), cr[keep][order].astype(np.int32),
                   {"kind": np.where(vertex[keep], VERTEX, THROUGH)[order].astype(np.int32),
                    "d_start": d_start[keep][order].astype(np.int32),
                    "d_end": d_end[keep][order].astype(np.int32)})
    hex_plan = plan[keep][order]

    # hexsides crossed: edges of a hex passed through with corners strictly either side of the
    # line, where the line leaves it (the edge's outward normal points along the line)
    crossed = (above & np.roll(below, -1, axis=1)) | (below & np.roll(above, -1, axis=1))
    ends_hex = is_start | is_end
    inner = (pos > 0) & (neg > 0) & ((proj > 0) | is_start) & ((proj < length) | is_end)
    ci, edge = np.nonzero(crossed & inner[:, None])
    leaving = (_NORMAL_X[edge] * lx[ci] + 3 * _NORMAL_Y[edge] * ly[ci]) > 0
    ci, edge = ci[leaving], edge[leaving]
    direction = _EDGE_DIR[edge]
    oq, orr = cq[ci] + _DQ[direction], cr[ci] + _DR[direction]       # the hex entered
    into_end = (oq == -pn[ci]) & (orr == pr[ci])
    # where along the line, against its middle: exact, from the edge's two corners
    s1, s2 = side[ci, edge].astype(np.int64), side[ci, (edge + 1) % 6].astype(np.int64)
    v1x, v1y = x[ci] + _CX[edge], y[ci] + _CY[edge]
    e2 = (edge + 1) % 6
    ex, ey = _CX[e2] - _CX[edge], _CY[e2] - _CY[edge]
    lxi, lyi = lx[ci].astype(np.int64), ly[ci].astype(np.int64)
    dsign = np.sign(s1 - s2)
    num = (2 * ((v1x * lxi + 3 * v1y * lyi) * (s1 - s2) + s1 * (ex * lxi + 3 * ey * lyi))
           - length[ci].astype(np.int64) * (s1 - s2))
    half = np.sign(num) * dsign
    real = ~ends_hex[ci] & ~into_end
    sd = np.minimum(np.minimum(d_start[ci], d_end[ci]), _distance(oq, orr))[real]
    sorder = _ordered(plan[ci][real], sd)
    sides = _Parts(cq[ci][real][sorder].astype(np.int32), cr[ci][real][sorder].astype(np.int32),
                   {"direction": direction[real][sorder].astype(np.int32),
                    "half": half[real][sorder].astype(np.int32)})
    side_plan = plan[ci][real][sorder]
    # the hexside through which the line enters the end hex (none when it enters at a corner)
    entry = np.full((len(n), 3), -1, dtype=np.int64)
    entry[:, :2] = 0
    e_i = np.flatnonzero(into_end)
    entry[plan[ci[e_i]], 0] = cq[ci[e_i]]
    entry[plan[ci[e_i]], 1] = cr[ci[e_i]]
    entry[plan[ci[e_i]], 2] = direction[e_i]

    # hexsides run along: the edge with both corners on the line, and the hex across it
    ai = np.flatnonzero(along)
    zero_corner = side[ai] == 0
    a_edge = np.argmax(zero_corner & np.roll(zero_corner, -1, axis=1), axis=1)
    a_dir = _EDGE_DIR[a_edge]
    bq, br = cq[ai] + _DQ[a_dir], cr[ai] + _DR[a_dir]
    aorder = np.argsort(plan[ai], kind="stable")
    along_parts = _Parts(cq[ai][aorder].astype(np.int32), cr[ai][aorder].astype(np.int32),
                         {"q2": bq[aorder].astype(np.int32), "r2": br[aorder].astype(np.int32),
                          "d_start": d_start[ai][aorder].astype(np.int32), "d_end": d_end[ai][aorder].astype(np.int32),
                          "d_start2": _distance(bq, br)[aorder].astype(np.int32),
                          "d_end2": _distance(bq + pn[ai], br - pr[ai])[aorder].astype(np.int32)})
    along_plan = plan[ai][aorder]

    def layout(of_plan: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        counts = np.bincount(of_plan, minlength=len(n)).astype(np.int64)
        return np.cumsum(counts) - counts, counts

    starts, counts = {}, {}
    for kind, of_plan in (("hexes", hex_plan), ("sides", side_plan), ("along", along_plan)):
        starts[kind], counts[kind] = layout(of_plan)
    return _Built(hexes, sides, along_parts, starts, counts, entry)


PLANS = PlanStore()


@dataclass(frozen=True)
class Box:
    """Where a map's hexes sit in flat arrays: hex (q, r) is cell (q - q0) * width + (r - r0).
    A rule system keeps its per-hex values in arrays of `size` cells with a margin of two hexes
    round the map, so every hex a line between two map hexes can meet has a cell."""

    q0: int
    r0: int
    height: int
    width: int

    @staticmethod
    def around(qs, rs, margin: int = 2) -> Box:
        q0, r0 = min(qs) - margin, min(rs) - margin
        return Box(q0, r0, max(qs) - q0 + margin + 1, max(rs) - r0 + margin + 1)

    @property
    def size(self) -> int:
        return self.height * self.width

    def cell(self, q, r):
        return (q - self.q0) * self.width + (r - self.r0)


@dataclass
class Lines:
    """A batch of sight lines between hexes of one map, mapped onto the stored plans."""

    box: Box
    starts: np.ndarray
    ends: np.ndarray

    def __post_init__(self) -> None:
        self.starts = np.asarray(self.starts, dtype=np.int64).reshape(-1, 2)
        self.ends = np.asarray(self.ends, dtype=np.int64).reshape(-1, 2)
        disp = self.ends - self.starts
        self.range = _distance(disp[:, 0], disp[:, 1])
        canon, sym = hexsym.canonical_batch(disp)
        self.sym = sym
        self.plan = PLANS.ids(-canon[:, 0], canon[:, 1])
        back = hexsym.INVERSE_ARRAY[sym]               # (n, 2, 2): canonical offsets -> this line's
        w = self.box.width
        # a canonical offset (oq, or) lands on cell base + oq * mq + or * mr
        self.mq = back[:, 0, 0] * w + back[:, 1, 0]
        self.mr = back[:, 0, 1] * w + back[:, 1, 1]
        self.base = self.box.cell(self.starts[:, 0], self.starts[:, 1])
        self.end_cell = self.box.cell(self.ends[:, 0], self.ends[:, 1])

    def __len__(self) -> int:
        return len(self.starts)

    def entry_sides(self) -> tuple[np.ndarray, np.ndarray]:
        """Each line's entry into its end hex as (cell, direction 0-5) of the hex it leaves and
        the direction of the end hex from it; direction -1 where it enters at a corner or there
        is no hex between (the same as CrossingPlan.entry_side)."""
        e = PLANS.entry[self.plan]
        cell = self.base + e[:, 0] * self.mq + e[:, 1] * self.mr
        has = e[:, 2] >= 0
        direction = np.where(has, DIRECTION_IMAGE[self.sym, np.maximum(e[:, 2], 0)], -1)
        return cell, direction
