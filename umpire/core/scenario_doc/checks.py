"""The editor's problems list: the scenario loader's own checks (those of `umpire validate`)
run on the text being edited, each problem with the hex it is about, where it names one, so
that a click on it goes there."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import UmpireError
from ..hexgrid import Grid, Hex
from ..scenario import load_scenario
from .document import ScenarioDocument

_ROW_COLUMN = re.compile(r"row (\d+), column (\d+)")
_HEX_NUMBER = re.compile(r"(?<![\d.])(\d{4}|\d{6})(?![\d.])")


@dataclass(frozen=True)
class Problem:
    text: str                 # the loader's line: file:line: place: problem
    line: int | None          # the line of the file it points at
    hex: Hex | None           # the hex it names, if any


def problems(doc: ScenarioDocument) -> list[Problem]:
    """Every problem of the scenario as it stands (none: it plays)."""
    path = doc.path or Path(doc.suggested_file_name())
    text = doc.text()
    try:
        load_scenario(path, text)
    except UmpireError as e:
        found = getattr(e, "problems", [e])
        return [Problem(p.one_line(), p.line, _hex_named(p.problem, p.line, text, doc)) for p in found]
    return []


def _hex_named(problem: str, line: int | None, text: str, doc: ScenarioDocument) -> Hex | None:
    """The first hex number of the problem, else of the file's line it points at."""
    try:
        grid = doc.grid()
    except ValueError:
        return None
    at = _ROW_COLUMN.search(problem)       # a grid's "row 3, column 5"
    if at:
        h = _parse(grid, grid.number(grid.from_offset(int(at.group(2)), int(at.group(1)))))
        if h is not None:
            return h
    lines = text.splitlines()
    for words in (problem, lines[line - 1] if line and line <= len(lines) else ""):
        for number in _HEX_NUMBER.findall(words):
            h = _parse(grid, number)
            if h is not None:
                return h
    return None


def _parse(grid: Grid, number: str) -> Hex | None:
    try:
        h = grid.parse(number)
    except ValueError:
        return None
    return h if grid.contains(h) else None
