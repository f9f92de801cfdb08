"""The ranges of the numbers a scenario, an orders file, a game file or the command line may give.

Every bound is here, so that the scenario loader, the rule systems' readers, the orders reader,
the game file's check and the command line refuse a value with the same words.  The bounds are
what a game can mean, not what the rules print: generous enough for any club's scenario, small
enough that a slip of the keyboard (a radius of 1000000000) is refused instead of hanging, and
that no number reaches the game file's 64-bit integer columns too big to store.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

TURNS = (1, 999)               # a game's turns; a reinforcement's, a support's first turn
MAP_SIDE = (1, 500)            # map columns and rows (hex numbers have three digits each above 99)
ELEVATION = (0, 9)             # a level is one digit in the scenario's elevation grid
COUNT = (1, 99)                # concentrations, strikes: how many fire missions a support has
CONCENTRATION = (1, 99 * 6)    # a concentration's number: a support's count times a multiple's die (a support multiplied)
USES = (0, 99)                 # multiples, FASCAM fires: how many times something may be done
STRENGTH = (1, 999)            # a support's H points or firepower
POINTS = (0, 999)              # victory points of an objective or a unit leaving the map
SCORE = (1, 999)               # the far end of a rule system's own scale (hearts and minds, say)
DIE_FACE = (1, 100)            # a die typed in at the table: d6, d10, d12 ... d100
HEX_SIZE = (4.0, 200.0)        # pixels from a hex's centre to a corner in a rendered map
SEED_LENGTH = 64               # characters of a dice seed
INT64 = 2 ** 63 - 1            # SQLite's and PostgreSQL's largest integer


def out_of_range(value: Any, bounds: tuple[int, int]) -> str | None:
    """Why `value` is not a whole number within `bounds`, or None when it is."""
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"must be a whole number from {low} to {high}, got {shown(value)}"
    return None


def whole(text: str, bounds: tuple[int, int]) -> int:
    """A whole number typed as text (a command-line value) within bounds; ValueError says why."""
    # ASCII digits only: str.isdigit() accepts '²', which int() refuses; and a string of
    # thousands of digits is refused before int() spends time on it (it gives up beyond 4300)
    t = text.strip()
    value = int(t) if re.fullmatch(r"-?[0-9]{1,30}", t) else None
    if value is None or out_of_range(value, bounds):
        raise ValueError(f"must be a whole number from {bounds[0]} to {bounds[1]}, got {shown(text)}")
    return value


def seed_problem(seed: str) -> str | None:
    """Why a dice seed cannot be used: it is any short line of printable text."""
    if not seed or len(seed) > SEED_LENGTH or not seed.isprintable() or seed != seed.strip():
        return f"a seed is 1 to {SEED_LENGTH} printable characters without spaces at the ends, got {shown(seed)}"
    return None


def shown(value: Any) -> str:
    """A value as a message quotes it: a number of a thousand digits is cut short."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10 ** 30 else f"{str(value)[:24]}..."
    return text if len(text) <= 40 else text[:37] + "..."


def too_big(data: Any, path: str = "") -> Iterator[tuple[str, int]]:
    """Every whole number in TOML data that no database integer column can hold, with its key
    path (`side[2].strength`): TOML allows any size, SQLite stops at 64 bits."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from too_big(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list):
        for i, value in enumerate(data, start=1):
            yield from too_big(value, f"{path}[{i}]")
    elif isinstance(data, int) and not isinstance(data, bool) and not -INT64 - 1 <= data <= INT64:
        yield path, data
