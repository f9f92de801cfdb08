"""Verdicts already reached on sight lines between two cells, looked up either way round: a hash
table in numpy arrays, read and written by compiled code (numba) one line at a time.

A spotting pass in mid-game judges some 90,000 lines a side and the second side draws the
first side's lines backwards; after a move a pass asks about a thousand, most of them known.
Sorted arrays cost a sort of every batch and a copy of the whole memo for each move's few
hundred new verdicts; the table answers and stores a line in a few steps whatever its size, from
inside the compiled loop that judges the lines (a rule system's), with `find` and `put`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

EMPTY = -1                      # no key: keys are cell numbers, never negative
_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)     # Fibonacci hashing: spreads neighbouring keys


@njit(cache=True)
def line_key(a, b, cells):
    """The key of the line between cells a and b, the same either way round."""
    return min(a, b) * cells + max(a, b)


@njit(cache=True)
def _slot(key, shift):
    """Where a key's search starts: the top bits of its product with the multiplier."""
    return np.int64((np.uint64(key) * _MULTIPLIER) >> np.uint64(shift))


@njit(cache=True)
def find(slots, verdicts, shift, key):
    """The verdict kept for `key`: 1 clear, 0 blocked, -1 not known."""
    mask = np.int64(len(slots) - 1)
    at = _slot(key, shift)
    while slots[at] != EMPTY:
        if slots[at] == key:
            return verdicts[at]
        at = (at + np.int64(1)) & mask
    return np.int8(-1)


@njit(cache=True)
def put(slots, verdicts, shift, key, verdict) -> int:
    """Keep a verdict (the table has room: LineMemo.reserve); 1 if the key was new."""
    mask = np.int64(len(slots) - 1)
    at = _slot(key, shift)
    while slots[at] != EMPTY and slots[at] != key:
        at = (at + np.int64(1)) & mask
    if slots[at] == EMPTY:
        slots[at] = key
        verdicts[at] = verdict
        return 1
    return 0


@njit(cache=True)
def _put_all(slots, verdicts, shift, keys, values) -> int:
    added = 0
    for i in range(len(keys)):
        added += put(slots, verdicts, shift, keys[i], values[i])
    return added


class LineMemo:
    """Verdicts already reached on lines between two cells, looked up either way round.

    For verdicts that do not depend on which end looks -- ground sight lines, whose judges
    treat the lower and the higher end alike whichever is the start -- so that the second
    side's spotting pass, which draws the first side's lines backwards, reuses them.  Whoever
    keeps it keeps it no longer than the terrain, smoke and light the verdicts were reached
    under (a rule system's prepared map).  Past `limit` verdicts it starts afresh.

    Read and written from compiled code: `slots`, `verdicts` and `shift` go to `find` and `put`,
    after `reserve` made room for the lines to come; `count` is then raised by what `put` added."""

    def __init__(self, cells: int, limit: int = 4_000_000) -> None:
        self.cells = cells
        self.limit = limit
        self._clear(1 << 12)

    def _clear(self, size: int) -> None:
        self.slots = np.full(size, EMPTY, dtype=np.int64)
        self.verdicts = np.zeros(size, dtype=np.int8)
        self.shift = 64 - (size.bit_length() - 1)             # size is a power of two
        self.count = 0

    def __len__(self) -> int:
        return self.count

    def reserve(self, more: int) -> None:
        """Room for `more` verdicts, the table kept at most half full (short searches), doubled
        as it fills; past the limit it starts afresh."""
        if self.count + more > self.limit:
            self._clear(1 << 12)
        size = len(self.slots)
        while 2 * (self.count + more) > size:
            size *= 2
        if size != len(self.slots):
            held = self.slots != EMPTY
            keys, values = self.slots[held], self.verdicts[held]
            self._clear(size)
            self.count = _put_all(self.slots, self.verdicts, self.shift, keys, values)
