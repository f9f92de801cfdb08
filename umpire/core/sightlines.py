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
from .hexgrid import DIRECTIONS

# DIRECTION_IMAGE[k, d]: the direction that direction d becomes under hexsym.INVERSES[k]
DIRECTION_IMAGE = np.array([[DIRECTIONS.index(hexsym.apply(back, d)) for d in DIRECTIONS]
                            for back in hexsym.INVERSES], dtype=np.int64)

# what a part of a plan is (planbuild writes them)
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


def _distance(q: np.ndarray, r: np.ndarray) -> np.ndarray:
    return np.maximum(np.maximum(np.abs(q), np.abs(r)), np.abs(q + r))


def build_plans(n: np.ndarray, r: np.ndarray) -> _Built:
    """The plans of the lines from the origin to canonical displacements (-n[i], r[i]), exactly:
    each plan's hexes met, hexsides crossed and run along, nearest an end first, and its entry
    hexside into the end hex (built in compiled code: core.planbuild)."""
    from . import planbuild as pb

    n = np.asarray(n, dtype=np.int64)
    r = np.asarray(r, dtype=np.int64)
    if len(n) and int(n.max()) >= 2048:
        raise ValueError("a sight line longer than 2047 hexes")
    hx, sx, ax, counts, entry = pb.build(n, r, pb.CORNER_X, pb.CORNER_Y, pb.DIR_Q, pb.DIR_R, pb.EDGE_DIRECTION,
                                         pb.NORMAL_X, pb.NORMAL_Y)
    hexes = _Parts(hx[:, 0], hx[:, 1], {"kind": hx[:, 2], "d_start": hx[:, 3], "d_end": hx[:, 4]})
    sides = _Parts(sx[:, 0], sx[:, 1], {"direction": sx[:, 2], "half": sx[:, 3]})
    along = _Parts(ax[:, 0], ax[:, 1], {"q2": ax[:, 2], "r2": ax[:, 3], "d_start": ax[:, 4], "d_end": ax[:, 5],
                                        "d_start2": ax[:, 6], "d_end2": ax[:, 7]})
    starts, per = {}, {}
    for i, kind in enumerate(("hexes", "sides", "along")):
        per[kind] = np.ascontiguousarray(counts[:, i])
        starts[kind] = np.cumsum(per[kind]) - per[kind]
    return _Built(hexes, sides, along, starts, per, entry)


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
