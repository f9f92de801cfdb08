"""Hex Command Mechanized: suddenly appearing targets and obscured fire (HCM 3.7.16, 4.4), free
of the game state: the hexes that hinder sight are given as a predicate.

Readings where the text leaves a choice (each tested in tests/rules/test_hcm_fire.py):
* A target the firer did not see as the turn began (State.seen_at_start) may be fired at only at
  no more than half the weapon's longest range, rounded down (3.7.16).
* The gap rule: its sentence says the gap may be no wider than half the range, but its worked
  example (a 1-hex gap between two forest hexes: the tank at 19 may shoot the tank at 60 only
  from 2 hexes or less, and at 3 it may not) says the opposite -- the range may be at most twice
  the gap.  We model the example: a sudden target standing in a gap of g hexes may be fired at
  only from a range of 2 g or less.  The text's hex numbers belong to a graphic it does not print;
  the tests build a small map with the geometry the example describes.
* A gap: the row of hexes through the target square to the line of fire (the hex direction
  nearest to a right angle with it, the lower-numbered one on a tie) has a hindering hex on both
  sides within 3 hexes; its width is the clear hexes between them, the target's included.
* Obscurity (4.4, 3.7.16's second example): the scenario picks the test (`obscurity` "a" or "b",
  "b" when it says nothing).  (a) at least two sides of the firer's hex must see at least two
  sides of the target's hex clearly -- we test the lines between the midpoints of the hexsides;
  (b) the line between the centres must meet no hindering hex -- one that it only runs along or
  touches at a corner obscures (passing through one blocks the shot altogether, 3.7.9).  Either
  test failed is +1 to the target's defence (the same as -1 to the roll).
"""

from __future__ import annotations

import math
from typing import Callable

from ...core.hexgrid import DIRECTIONS, Hex, cube_round, hex_distance, line_crossing, neighbour

Hinders = Callable[[Hex], bool]
GAP_LOOK = 3                       # how far to each side a gap's edges are looked for


def sudden_limit(reach: int) -> int:
    """HCM 3.7.16: a target not seen at the turn's start, at most half the longest range away."""
    return reach // 2


def gap_limit(gap: int) -> int:
    """HCM 3.7.16, as its example reads: a target in a gap of `gap` hexes, at most 2 x gap away."""
    return 2 * gap


def sudden_problem(range_: int, reach: int, gap: int | None) -> str | None:
    """Why a sudden target may not be fired at (None: it may)."""
    if range_ > sudden_limit(reach):
        return (f"a target not seen as the turn began may be fired at only within half the weapon's range, "
                f"{sudden_limit(reach)}; it is at {range_} (HCM 3.7.16)")
    if gap is not None and range_ > gap_limit(gap):
        return (f"the target appeared in a gap of {gap} hex{'es' if gap > 1 else ''}: it may be fired at only from "
                f"{gap_limit(gap)} or less; it is at {range_} (HCM 3.7.16)")
    return None


def _angle(d: Hex) -> float:
    return math.degrees(math.atan2(d.r * math.sqrt(3) / 2, d.q + d.r / 2))


def gap_width(hinders: Hinders, firer: Hex, target: Hex) -> int | None:
    """The width of the gap the target stands in as seen from the firer, or None if it stands in
    none (module docstring)."""
    if firer == target:
        return None
    line = _angle(target - firer)

    def off_square(i: int) -> float:
        diff = abs(_angle(DIRECTIONS[i]) - line) % 180
        return abs(90 - diff)
    across = min(range(6), key=lambda i: (round(off_square(i), 6), i))
    width = 1
    for d in (across, across + 3):
        h = target
        for _ in range(GAP_LOOK):
            h = neighbour(h, d)
            if hinders(h):
                break
            width += 1
        else:
            return None
    return width


def _midpoint(h: Hex, d: int) -> tuple[float, float]:
    step = DIRECTIONS[d]
    return h.q + step.q / 2, h.r + step.r / 2


def _clear(hinders: Hinders, p: tuple[float, float], q: tuple[float, float], ends: set[Hex]) -> bool:
    n = max(8, int(20 * math.dist(p, q)))
    for i in range(1, n):
        t = i / n
        h = cube_round(p[0] + (q[0] - p[0]) * t + 1e-7, p[1] + (q[1] - p[1]) * t - 2e-7)
        if h not in ends and hinders(h):
            return False
    return True


def obscured_a(hinders: Hinders, firer: Hex, target: Hex) -> bool:
    """Test (a): fewer than two sides of the firer's hex each see two sides of the target's."""
    ends = {firer, target}
    seeing = 0
    for d in range(6):
        p = _midpoint(firer, d)
        if sum(_clear(hinders, p, _midpoint(target, e), ends) for e in range(6)) >= 2:
            seeing += 1
    return seeing < 2


def obscured_b(hinders: Hinders, firer: Hex, target: Hex) -> bool:
    """Test (b): the centre line runs along or touches the corner of a hindering hex."""
    touches = line_crossing(firer, target).touches
    return any(t.kind != "through" and t.hex not in (firer, target) and hinders(t.hex) for t in touches)


def blocked(hinders: Hinders, firer: Hex, target: Hex) -> bool:
    """HCM 3.7.9: the centre line passes through a hindering hex between them (neighbours never)."""
    if hex_distance(firer, target) <= 1:
        return False
    return any(hinders(h) for h in line_crossing(firer, target).hexes if h not in (firer, target))


def obscurity(test: str, hinders: Hinders, firer: Hex, target: Hex) -> int:
    """+1 to the target's defence when the scenario's obscurity test fails (4.4, 3.7.16)."""
    failed = obscured_a(hinders, firer, target) if test == "a" else obscured_b(hinders, firer, target)
    return 1 if failed else 0
