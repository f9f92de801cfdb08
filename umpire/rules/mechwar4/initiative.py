"""Who goes first when it is down to a die (MW4 4.2 for the first player of a phase, 12.0 for
the fire initiative of an overrun): each side rolls 1d6 and adds a tenth of its panic level;
the lower total wins, a tie goes to the lower panic level, and a full tie is rolled again.
"""

from __future__ import annotations

from typing import Hashable


def lower_total_wins(rolled: dict[Hashable, tuple[int, int]]) -> Hashable | None:
    """{who: (die, panic level in percent)} -> who wins, or None for a full tie (roll again)."""
    totals = {k: die + level // 10 for k, (die, level) in rolled.items()}
    best = min(totals.values())
    tied = [k for k, t in totals.items() if t == best]
    if len(tied) > 1:
        low = min(rolled[k][1] for k in tied)
        tied = [k for k in tied if rolled[k][1] == low]
    return tied[0] if len(tied) == 1 else None


def roll_initiative(levels: dict[Hashable, int], names: dict[Hashable, str], dice, what: str,
                    rule: str) -> tuple[Hashable, list[str]]:
    """Roll until someone wins: (winner, journal lines)."""
    lines: list[str] = []
    while True:
        rolled = {}
        for k, level in levels.items():
            r = dice.roll(f"{what}: {names[k]}", 1, 6, ((f"panic level {level}%", level // 10),))
            rolled[k] = (r.total - level // 10, level)
        winner = lower_total_wins(rolled)
        if winner is not None:
            lines.append(", ".join(f"{names[k]} {d}+{lv // 10}={d + lv // 10}" for k, (d, lv) in rolled.items())
                         + f": {names[winner]} first ({rule})")
            return winner, lines
        lines.append("a tie at equal panic levels: roll again")


