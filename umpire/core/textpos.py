"""Finding the line of a TOML file a message is about (tomllib keeps no positions)."""

from __future__ import annotations


def line_of(text: str, needle: str, after: int | None = None) -> int | None:
    """1-based line of the first line containing `needle`, searching from line `after` on."""
    start = 0
    if after:
        start = _offset_of_line(text, after)
    i = text.find(needle, start)
    if i < 0:
        return after
    return text.count("\n", 0, i) + 1


def _offset_of_line(text: str, line: int) -> int:
    off = 0
    for _ in range(line - 1):
        nxt = text.find("\n", off)
        if nxt < 0:
            return len(text)
        off = nxt + 1
    return off
