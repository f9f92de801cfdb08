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
    """canonical() for many displacements at once: (n, 2) axial ints -> canonical (n, 2) and
    symmetry indices (n,), the same choices as canonical() makes."""
    imgs = np.einsum("kij,nj->kni", MATRIX_ARRAY, disp.astype(np.int64))      # (12, n, 2)
    key = imgs[..., 0] * (1 << 32) + imgs[..., 1]
    k = np.argmin(key, axis=0)                        # the first of equal images, as canonical()
    return imgs[k, np.arange(len(disp))], k
