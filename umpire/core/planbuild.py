"""The exact plans of canonical sight lines (sightlines.build_plans), built in compiled code (numba).

A mid-game spotting pass meets some 5,000 line shapes on a 100x100 map, most of them long: array
code built their plans in a few dozen passes over every candidate hex of every plan, a third of
the pass.  Here each plan is built in one loop over its candidates -- in the canonical wedge the
line advances one column per hex and can touch only the two hexes of a column whose rows bracket
it -- each classified exactly, in integers, by the signs of its six corners against the line
(the frame of hexgrid.line_crossing: centre of (q, r) at (3q, 2r + q), corners at (+-2, 0) and
(+-1, +-1)).  tests/core/test_sightlines.py checks every plan against line_crossing's Fractions.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .hexgrid import DIRECTIONS, Hex

# corners of a hexagon in the integer frame, and for edge k (corner k to corner k + 1) the axial
# direction of the neighbour across it and its outward normal (twice the edge's middle)
CORNER_X = np.array([2, 1, -1, -2, -1, 1], dtype=np.int64)
CORNER_Y = np.array([0, 1, 1, 0, -1, -1], dtype=np.int64)
DIR_Q = np.array([d.q for d in DIRECTIONS], dtype=np.int64)
DIR_R = np.array([d.r for d in DIRECTIONS], dtype=np.int64)


def _edge_directions() -> np.ndarray:
    out = []
    for k in range(6):
        x, y = int(CORNER_X[k] + CORNER_X[(k + 1) % 6]), int(CORNER_Y[k] + CORNER_Y[(k + 1) % 6])
        q = x // 3                                      # the neighbour's centre is (x, y)
        out.append(DIRECTIONS.index(Hex(q, (y - q) // 2)))
    return np.array(out, dtype=np.int64)


EDGE_DIRECTION = _edge_directions()
NORMAL_X = CORNER_X + np.roll(CORNER_X, -1)
NORMAL_Y = CORNER_Y + np.roll(CORNER_Y, -1)
THROUGH, VERTEX = 0, 1          # sightlines.THROUGH, VERTEX (it reads them; it imports numba only to build)


@njit(cache=True)
def _hexes_apart(q, r):
    return max(abs(q), abs(r), abs(q + r))


@njit(cache=True)
def build(ns, rs, cx, cy, dir_q, dir_r, edge_direction, normal_x, normal_y):
    """The plans of the lines from the origin to (-ns[i], rs[i]), as flat columns (see
    sightlines.build_plans): hexes (q, r, kind, d_start, d_end), hexsides crossed (q, r,
    direction, half), hexsides run along (q, r, q2, r2, d_start, d_end, d_start2, d_end2), each
    with its count per plan, and each plan's entry hexside into its end hex (q, r, direction)."""
    plans = len(ns)
    room = 0
    for p in range(plans):
        room += 2 * (ns[p] + 1)
    hx = np.empty((room, 5), dtype=np.int32)
    sx = np.empty((2 * room, 4), dtype=np.int32)
    ax = np.empty((room, 8), dtype=np.int32)
    counts = np.zeros((plans, 3), dtype=np.int64)
    entry = np.zeros((plans, 3), dtype=np.int64)
    entry[:, 2] = -1
    nh = ns_ = na = 0
    side = np.empty(6, dtype=np.int64)
    corner = np.empty(6, dtype=np.int64)
    for p in range(plans):
        n, rr = ns[p], rs[p]
        lx, ly = -3 * n, 2 * rr - n
        length = lx * lx + 3 * ly * ly
        for c in range(6):
            corner[c] = lx * cy[c] - ly * cx[c]
        h0, s0, a0 = nh, ns_, na
        hkey = np.empty(2 * (n + 1), dtype=np.int64)
        skey = np.empty(4 * (n + 1), dtype=np.int64)
        for slot in range(2 * (n + 1)):
            k = slot // 2
            cq = -k
            cr = (k * rr) // n + slot % 2 if n > 0 else slot % 2
            x, y = 3 * cq, 2 * cr + cq
            base = lx * y - ly * x
            pos = neg = 0
            for c in range(6):
                side[c] = base + corner[c]
                if side[c] > 0:
                    pos += 1
                elif side[c] < 0:
                    neg += 1
            zero = 6 - pos - neg
            proj = x * lx + 3 * y * ly
            is_start = cq == 0 and cr == 0
            is_end = cq == -n and cr == rr
            inside = proj > 0 and proj < length and not is_start and not is_end
            one_sided = pos == 0 or neg == 0
            d_start = _hexes_apart(cq, cr)
            d_end = _hexes_apart(cq + n, cr - rr)
            # a hex passed through, or touched at a corner
            if inside and ((pos > 0 and neg > 0) or (zero == 1 and one_sided)):
                hx[nh, 0], hx[nh, 1] = cq, cr
                hx[nh, 2] = THROUGH if pos > 0 and neg > 0 else VERTEX
                hx[nh, 3], hx[nh, 4] = d_start, d_end
                hkey[nh - h0] = (min(d_start, d_end) << 11) | d_start
                nh += 1
            # hexsides crossed where the line leaves a hex it passes through
            if pos > 0 and neg > 0 and (proj > 0 or is_start) and (proj < length or is_end):
                for e in range(6):
                    e2 = (e + 1) % 6
                    if not ((side[e] > 0 and side[e2] < 0) or (side[e] < 0 and side[e2] > 0)):
                        continue
                    if normal_x[e] * lx + 3 * normal_y[e] * ly <= 0:
                        continue
                    d = edge_direction[e]
                    oq, orr = cq + dir_q[d], cr + dir_r[d]
                    if oq == -n and orr == rr:               # into the end hex: its entry side
                        entry[p, 0], entry[p, 1], entry[p, 2] = cq, cr, d
                        continue
                    if is_start or is_end:
                        continue
                    s1, s2 = side[e], side[e2]
                    v1x, v1y = x + cx[e], y + cy[e]
                    ex, ey = cx[e2] - cx[e], cy[e2] - cy[e]
                    num = 2 * ((v1x * lx + 3 * v1y * ly) * (s1 - s2) + s1 * (ex * lx + 3 * ey * ly)) - length * (s1 - s2)
                    half = np.sign(num) * np.sign(s1 - s2)
                    sx[ns_, 0], sx[ns_, 1], sx[ns_, 2], sx[ns_, 3] = cq, cr, d, half
                    skey[ns_ - s0] = min(d_start, d_end, _hexes_apart(oq, orr))
                    ns_ += 1
            # a hexside run exactly along, from the hex on the + side
            if inside and zero == 2 and one_sided and pos > 0:
                for e in range(6):
                    if side[e] == 0 and side[(e + 1) % 6] == 0:
                        d = edge_direction[e]
                        bq, br = cq + dir_q[d], cr + dir_r[d]
                        ax[na, 0], ax[na, 1], ax[na, 2], ax[na, 3] = cq, cr, bq, br
                        ax[na, 4], ax[na, 5] = d_start, d_end
                        ax[na, 6], ax[na, 7] = _hexes_apart(bq, br), _hexes_apart(bq + n, br - rr)
                        na += 1
                        break
        # nearest to an end first (ties in the order met, as a stable sort keeps them)
        order = np.argsort(hkey[:nh - h0], kind="mergesort")
        hx[h0:nh] = hx[h0:nh][order]
        order = np.argsort(skey[:ns_ - s0], kind="mergesort")
        sx[s0:ns_] = sx[s0:ns_][order]
        counts[p, 0], counts[p, 1] = nh - h0, ns_ - s0
        counts[p, 2] = na - a0
    return hx[:nh], sx[:ns_], ax[:na], counts, entry
