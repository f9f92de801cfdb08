"""MechWar 4's hex and hexside judges (MW4 5.11, 10.41-10.44, 18.11) compiled with numba, for
batches of ground sight lines.

Each line is looked up in the map's memo of verdicts (core.linememo) and, if new, placed on its
stored plan (core.lineplace) and walked along it, nearest parts first, stopping at the first part
that blocks.  A mid-game spotting pass judges tens of thousands of long lines and an action
after a move about a thousand: in compiled code a line costs what its blocked prefix costs,
where array code paid a few dozen numpy calls per batch whatever its size (the pass after a
move spent most of its time there).  The verdicts are `Mw4Map.line_of_sight`'s for ground eyes;
tests/rules/test_mw4_los_batch.py compares them on random maps with hexsides, corners, smoke and
both settings of los.toml, and against the shapely baseline.

Compiled once and cached beside this file (numba's `cache=True`): a new process loads it in
about half a second, with the first batch it judges this way (los.EXACT_LINES_FIRST).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...core import hexsym
from ...core.linememo import LineMemo, find, line_key, put
from ...core.lineplace import canonical, steps
from ...core.sightlines import DIRECTION_IMAGE, PLANS, Box, PlanArrays

MISSING = np.int8(-2)          # a line whose canonical plan is not stored yet


@njit(cache=True)
def _hex_blocks(top: int, blocking: bool, d_low: int, d_high: int, low: int, high: int) -> bool:
    """los.hex_blocks: higher than both (10.43), above the lower unit and nearer to it (10.44),
    blocking terrain above the lower unit in the hex next to it (5.11's blind hex)."""
    if top > high:
        return True
    return top > low and (d_low < d_high or (blocking and d_low == 1))


@njit(cache=True)
def _blocked(k0, sym, b, m1, m2, lo, hi, low_first, p: PlanArrays, direction_image, top, blocking,
             side_height, no_height, vertices_block, along_either) -> bool:
    """Whether plan k0, placed from cell b by symmetry `sym` (cell steps m1, m2), meets a part
    that blocks a line whose lower end is at level lo and higher at hi."""
    # hexes passed through, or touched at a corner when los.toml says corners block
    for k in range(p.hex_start[k0], p.hex_start[k0] + p.hex_count[k0]):
        if p.hex_kind[k] != 0 and not vertices_block:
            continue
        c = b + p.hex_q[k] * m1 + p.hex_r[k] * m2
        if low_first:
            d_low, d_high = p.hex_d_start[k], p.hex_d_end[k]
        else:
            d_low, d_high = p.hex_d_end[k], p.hex_d_start[k]
        if _hex_blocks(top[c], blocking[c], d_low, d_high, lo, hi):
            return True
    # slope, crest and embankment hexsides crossed (10.41): ignored from two levels above their
    # base, blocking as a hex does by where along the line they are crossed
    for k in range(p.side_start[k0], p.side_start[k0] + p.side_count[k0]):
        c = b + p.side_q[k] * m1 + p.side_r[k] * m2
        h = side_height[c * 6 + direction_image[sym, p.side_direction[k]]]
        if h <= no_height or hi >= h + 1:
            continue
        nearer_low = p.side_half[k] < 0 if low_first else p.side_half[k] > 0
        if h > hi or (h > lo and nearer_low):
            return True
    # hexsides run exactly along: both hexes must block, or either (los.toml)
    for k in range(p.along_start[k0], p.along_start[k0] + p.along_count[k0]):
        c1 = b + p.along_q[k] * m1 + p.along_r[k] * m2
        c2 = b + p.along_q2[k] * m1 + p.along_r2[k] * m2
        if low_first:
            one = _hex_blocks(top[c1], blocking[c1], p.along_d_start[k], p.along_d_end[k], lo, hi)
            two = _hex_blocks(top[c2], blocking[c2], p.along_d_start2[k], p.along_d_end2[k], lo, hi)
        else:
            one = _hex_blocks(top[c1], blocking[c1], p.along_d_end[k], p.along_d_start[k], lo, hi)
            two = _hex_blocks(top[c2], blocking[c2], p.along_d_end2[k], p.along_d_start2[k], lo, hi)
        if (one or two) if along_either else (one and two):
            return True
    return False


@njit(cache=True)
def _judge(starts, ends, q0, r0, width, cells, slots, verdicts, shift, plan_index, p: PlanArrays,
           direction_image, elev, top, blocking, side_height, no_height, vertices_block, along_either):
    """Each line's verdict (1 clear, 0 blocked, MISSING where its plan is not stored) and how
    many new verdicts went into the memo."""
    n = len(starts)
    out = np.empty(n, dtype=np.int8)
    added = 0
    for i in range(n):
        a = (starts[i, 0] - q0) * width + (starts[i, 1] - r0)
        b = (ends[i, 0] - q0) * width + (ends[i, 1] - r0)
        key = line_key(a, b, cells)
        known = find(slots, verdicts, shift, key)
        if known >= 0:
            out[i] = known
            continue
        size, small, sym = canonical(ends[i, 0] - starts[i, 0], ends[i, 1] - starts[i, 1])
        if size >= plan_index.shape[0] or small >= plan_index.shape[1] or plan_index[size, small] < 0:
            out[i] = -2
            continue
        m1, m2 = steps(sym, width)
        ea, eb = elev[a], elev[b]
        hit = _blocked(plan_index[size, small], sym, a, m1, m2, min(ea, eb), max(ea, eb), ea <= eb, p,
                       direction_image, top, blocking, side_height, no_height, vertices_block, along_either)
        out[i] = 0 if hit else 1
        added += put(slots, verdicts, shift, key, out[i])
    return out, added


def judge_lines(memo: LineMemo, box: Box, starts: np.ndarray, ends: np.ndarray, elev, top, blocking, side_height,
                no_height: int, vertices_block: bool, along_either: bool) -> np.ndarray:
    """Clear flags of ground lines at least two hexes long (starts, ends: (n, 2) axial), from the
    memo where known, judged and kept in it where not, over the map's per-cell levels, tops,
    blocking flags and hexside heights (cell * 6 + direction; `no_height`: none)."""
    def run(s: np.ndarray, e: np.ndarray) -> np.ndarray:
        memo.reserve(len(s))
        out, added = _judge(s, e, box.q0, box.r0, box.width, memo.cells, memo.slots, memo.verdicts, memo.shift,
                            PLANS.index, PLANS.arrays(), DIRECTION_IMAGE, elev, top, blocking, side_height,
                            int(no_height), bool(vertices_block), bool(along_either))
        memo.count += added
        return out

    starts = np.ascontiguousarray(starts, dtype=np.int64).reshape(-1, 2)
    ends = np.ascontiguousarray(ends, dtype=np.int64).reshape(-1, 2)
    out = run(starts, ends)
    missing = np.flatnonzero(out == MISSING)
    if len(missing):                 # new line shapes: their plans built in one batch, then judged
        canon, _ = hexsym.canonical_batch(ends[missing] - starts[missing])
        PLANS.ids(-canon[:, 0], canon[:, 1])
        out[missing] = run(starts[missing], ends[missing])
    return out.astype(bool)
