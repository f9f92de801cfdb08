"""The twelve symmetries of the hex lattice: six turns of 60 degrees, each with or without a
mirror.  In cube coordinates (q, r, s) they permute the three coordinates and may negate all of
them; each is a linear map of axial (q, r) with an integer matrix.

Why: which hexes, hexsides and corners a sight line meets depends only on its displacement,
and a symmetry maps the line to d onto the line to its image, touch for touch, at the same
points along it.  Computing the exact crossing once per *canonical* displacement -- one of up
to twelve images -- and mapping it back makes a spotting pass with thousands of distinct
displacements (every unit face-up, seen at any range) about twelve times cheaper.
"""

from __future__ import annotations

from itertools import permutations

import numpy as np

from .hexgrid import Hex


def _matrix(perm: tuple[int, int, int], sign: int) -> tuple[tuple[int, int], tuple[int, int]]:
    # cube (q, r, s) = q * (1, 0, -1) + r * (0, 1, -1); the image keeps coordinates perm[0], perm[1]
    e, f = (1, 0, -1), (0, 1, -1)
    return ((sign * e[perm[0]], sign * f[perm[0]]), (sign * e[perm[1]], sign * f[perm[1]]))


MATRICES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = tuple(
    _matrix(p, s) for s in (1, -1) for p in permutations(range(3)))


def _inverse(m):
    (a, b), (c, d) = m
    det = a * d - b * c                   # +-1: every symmetry keeps areas
    return ((d * det, -b * det), (-c * det, a * det))


INVERSES = tuple(_inverse(m) for m in MATRICES)
MATRIX_ARRAY = np.array(MATRICES, dtype=np.int64)          # (12, 2, 2)
INVERSE_ARRAY = np.array(INVERSES, dtype=np.int64)


def apply(m, h: Hex) -> Hex:
    (a, b), (c, d) = m
    return Hex(a * h.q + b * h.r, c * h.q + d * h.r)


def canonical(d: Hex) -> tuple[Hex, int]:
    """The canonical image of displacement `d` and the index k of a symmetry taking d to it
    (INVERSES[k] takes it back)."""
    best, best_k = None, 0
    for k, m in enumerate(MATRICES):
        img = apply(m, d)
        if best is None or (img.q, img.r) < (best.q, best.r):
            best, best_k = img, k
    return best, best_k


def canonical_batch(disp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """canonical() for many displacements at once: (n, 2) axial ints -> canonical (n, 2) and, for
    each, the index of a symmetry taking it there.

    The canonical image of a displacement n hexes long is (-n, m), m its smallest cube
    coordinate in absolute value: a symmetry can put any coordinate first and negate all three,
    so the largest goes first as -n and the smallest second.  Where coordinates tie, the
    symmetry may differ from canonical()'s choice; any symmetry taking d to its image maps the
    image's crossing back onto d's (the crossing of a line is unchanged by a symmetry fixing it).
    """
    disp = np.asarray(disp, dtype=np.int64).reshape(-1, 2)
    cube = np.stack([disp[:, 0], disp[:, 1], -disp[:, 0] - disp[:, 1]], axis=1)
    size = np.abs(cube)
    rows = np.arange(len(cube))
    first = np.argmax(size, axis=1)
    rest = size.copy()
    rest[rows, first] = np.iinfo(np.int64).max
    second = np.argmin(rest, axis=1)
    negate = cube[rows, first] > 0                      # the first must come out as -n
    k = PERM_INDEX[first * 3 + second] + np.where(negate, 6, 0)
    return np.stack([-size[rows, first], size[rows, second]], axis=1), k


_PERMS = list(permutations(range(3)))
PERM_INDEX = np.zeros(9, dtype=np.int64)      # symmetry index by (the coordinate put first) * 3 + (the one put second)
for _i, _p in enumerate(_PERMS):
    PERM_INDEX[_p[0] * 3 + _p[1]] = _i
