"""Finding the line of a TOML file a message is about (tomllib keeps no positions)."""

from __future__ import annotations

import re


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


_CLOSING = {"[": "]", "{": "}"}


def unclosed(text: str) -> tuple[int, int, str] | None:
    """The first bracket or string a TOML text never closes: (its 1-based line and column, what
    it is).

    tomllib reports such a mistake where it gave up -- the end of the file, or the next table
    header -- while the organizer must look where the bracket or quote was opened.  A string
    on one line ends at its line's end, as TOML says."""
    stack: list[tuple[str, int]] = []       # each bracket open: itself, where
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            opened, i = i, i + len(quote)
            while i < n and not text.startswith(quote, i):
                if text[i] == "\n" and len(quote) == 1:
                    return (*_position(text, opened), f"the string opened with {quote} is not closed on its line")
                if text[i] == "\\" and ch == '"':
                    i += 1          # an escaped character, a quote too
                i += 1
            if i >= n:
                return (*_position(text, opened), f"the string opened with {quote} is never closed")
            line_start = text.rfind("\n", 0, i) + 1
            if line_start > opened and re.search(r"=[ \t]*$", text[line_start:i]):
                # `terrain = """` closing a string left open above: the opening of the next one
                return (*_position(text, opened), f"the string opened with {quote} is never closed (the "
                        f"{quote} of line {_position(text, i)[0]} opens another)")
            i += len(quote)
            continue
        if ch in _CLOSING:
            stack.append((ch, i))
        elif ch in "]}" and stack and _CLOSING[stack[-1][0]] == ch:
            stack.pop()
        i += 1
    if stack:
        opener, at = stack[0]
        return (*_position(text, at), f"the {opener!r} opened on this line is never closed")
    return None


def _position(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character, as tomllib counts them."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1
