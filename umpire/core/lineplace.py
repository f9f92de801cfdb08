"""One sight line placed on the stored plans, in compiled code (numba): the scalar form of
`sightlines.Lines` for a loop that judges lines one at a time (a rule system's compiled walk).

The same canonical image and symmetry as hexsym.canonical_batch (tests compare them), so a line
reads the plan `Lines` would give it, part for part.
"""

from __future__ import annotations

from numba import njit

from .hexsym import INVERSE_ARRAY, PERM_INDEX

_INVERSE = INVERSE_ARRAY.copy()
_PERM = PERM_INDEX.copy()


@njit(cache=True)
def canonical(dq, dr):
    """(n, r, k): displacement (dq, dr)'s canonical image (-n, r) and the symmetry k taking it
    there, chosen as canonical_batch chooses: the largest cube coordinate first (the first of
    equals), then the smallest of the other two."""
    c0, c1, c2 = dq, dr, -dq - dr
    s0, s1, s2 = abs(c0), abs(c1), abs(c2)
    first = 0
    if s1 > s0:
        first = 1
    if s2 > max(s0, s1):
        first = 2
    big = max(s0, max(s1, s2))
    second, small = -1, 0
    for j, s in ((0, s0), (1, s1), (2, s2)):
        if j != first and (second < 0 or s < small):
            second, small = j, s
    value = c0 if first == 0 else (c1 if first == 1 else c2)
    k = _PERM[first * 3 + second] + (6 if value > 0 else 0)
    return big, small, k


@njit(cache=True)
def steps(k, width):
    """(mq, mr): a canonical offset (oq, or) of a line mapped back by symmetry k lands on cell
    start + oq * mq + or * mr of a box `width` cells wide (as Lines.mq, Lines.mr)."""
    return (_INVERSE[k, 0, 0] * width + _INVERSE[k, 1, 0], _INVERSE[k, 0, 1] * width + _INVERSE[k, 1, 1])
