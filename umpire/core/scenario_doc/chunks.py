"""A TOML file cut into runs at its top-level headers ([scenario], [map], each [[side]]...),
each run with the comments and blank lines just above its header.

Why: tomlkit keeps a file's layout, except one thing -- an array of tables written in parts
([[battalion]], [[company]], [[battalion]]..., as the bundled scenarios list each battalion
before its companies) comes out with its parts pulled together (python-poetry/tomlkit pull
request 601, open).  Parsed run by run, each part stays where it was written, and the file is
the runs put back together, byte for byte.
"""

from __future__ import annotations

_QUOTES = ('"""', "'''")


def header_lines(text: str) -> list[int]:
    """Indexes of the lines (text.split('\\n')) that open a top-level table: a '[' first on a
    line outside any string, array or inline table."""
    out = []
    depth = 0               # open brackets and braces of values spanning lines
    in_multi = None         # the quotes of a multi-line string being read
    for n, line in enumerate(text.split("\n")):
        i = 0
        if in_multi is None and depth == 0 and line.lstrip(" \t").startswith("["):
            out.append(n)
            continue        # a header line: its own brackets are no value's
        while i < len(line):
            if in_multi is not None:
                end = line.find(in_multi, i)
                while end > 0 and in_multi == '"""' and _escaped(line, end):
                    end = line.find(in_multi, end + 1)
                if end < 0:
                    break
                i, in_multi = end + 3, None
                continue
            ch = line[i]
            if ch == "#":
                break
            if line.startswith(_QUOTES, i):
                in_multi, i = line[i:i + 3], i + 3
                continue
            if ch in "\"'":
                i = _string_end(line, i)
                continue
            if ch in "[{":
                depth += 1
            elif ch in "]}":
                depth = max(0, depth - 1)
            i += 1
    return out


def _escaped(line: str, at: int) -> bool:
    slashes = 0
    while at - slashes - 1 >= 0 and line[at - slashes - 1] == "\\":
        slashes += 1
    return slashes % 2 == 1


def _string_end(line: str, start: int) -> int:
    quote, i = line[start], start + 1
    while i < len(line):
        if line[i] == quote and (quote == "'" or not _escaped(line, i)):
            return i + 1
        i += 1
    return i


def split_runs(text: str) -> list[str]:
    """The file's runs: "".join(split_runs(text)) == text."""
    lines = text.split("\n")
    starts = []
    for n in header_lines(text):
        # the comments and blank lines right above a header belong to it
        s = n
        while s > 0 and lines[s - 1].strip(" \t\r").startswith("#") or (s > 0 and not lines[s - 1].strip(" \t\r")):
            s -= 1
        starts.append(max(s, starts[-1] + 1 if starts else 0))
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    bounds = starts + [len(lines)]
    runs = ["\n".join(lines[a:b]) + "\n" for a, b in zip(bounds, bounds[1:]) if b > a]
    runs[-1] = runs[-1][:-1]          # the text's own ending, newline or not
    return [r for r in runs if r] or [""]
