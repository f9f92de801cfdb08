"""The map's terrain and elevation grids as the organizer wrote them: a multi-line string, one
line per map row, one character per hex, spaces and tabs ignored (core/scenario_map.py reads
them so).  Edits here change the characters of the hexes edited and nothing else of the text:
an indentation, spaces grouping columns in fives, a blank line between bands of rows all stay.
"""

from __future__ import annotations

_BLANK = " \t"


def _row_lines(raw: str) -> list[int]:
    """Indexes (in raw.split('\\n')) of the lines that hold a map row: those with a character
    other than a space or a tab, as the reader counts them."""
    return [i for i, line in enumerate(raw.split("\n")) if line.strip(_BLANK + "\r")]


def _cell_positions(line: str) -> list[int]:
    """Where each hex's character stands in a row's line."""
    return [i for i, ch in enumerate(line) if ch not in _BLANK + "\r"]


def cells(raw: str) -> list[str]:
    """The rows of the grid, each a string of one character per hex (what the reader reads)."""
    lines = raw.split("\n")
    return ["".join(lines[i][p] for p in _cell_positions(lines[i])) for i in _row_lines(raw)]


def set_cells(raw: str, changes: dict[tuple[int, int], str]) -> str:
    """The grid with the hexes at (column, row), both from 1, given a new character.
    ValueError for a hex the grid does not hold (a grid that does not match the map)."""
    lines = raw.split("\n")
    rows = _row_lines(raw)
    by_row: dict[int, dict[int, str]] = {}
    for (col, row), ch in changes.items():
        if len(ch) != 1 or ch in _BLANK + "\n\r\"\\":
            raise ValueError(f"a grid holds one visible character per hex, not {ch!r}")
        by_row.setdefault(row, {})[col] = ch
    for row, cols in by_row.items():
        if not 1 <= row <= len(rows):
            raise ValueError(f"the grid has {len(rows)} rows, no row {row}")
        line = list(lines[rows[row - 1]])
        where = _cell_positions(lines[rows[row - 1]])
        for col, ch in cols.items():
            if not 1 <= col <= len(where):
                raise ValueError(f"row {row} of the grid has {len(where)} columns, no column {col}")
            line[where[col - 1]] = ch
        lines[rows[row - 1]] = "".join(line)
    return "\n".join(lines)


def resized(raw: str, columns: int, rows: int, fill: str) -> str:
    """The grid cut or widened to columns x rows: kept hexes keep their characters (and their
    lines' spacing), new ones take `fill`.  New rows are indented as the last row was."""
    lines = raw.split("\n")
    row_at = _row_lines(raw)
    if not row_at:       # an empty grid: written plainly
        return "\n" + "".join(fill * columns + "\n" for _ in range(rows))
    for i in row_at[:rows]:
        where = _cell_positions(lines[i])
        if len(where) > columns:       # cut after the last kept hex's character
            lines[i] = lines[i][:where[columns - 1] + 1] if columns else ""
        elif len(where) < columns:
            lines[i] = lines[i].rstrip(_BLANK) + fill * (columns - len(where))
    last = lines[row_at[-1]]
    indent = last[:len(last) - len(last.lstrip(_BLANK))]
    if rows < len(row_at):
        del lines[row_at[rows - 1] + 1:row_at[-1] + 1]
    else:
        new = [indent + fill * columns for _ in range(rows - len(row_at))]
        lines[row_at[-1] + 1:row_at[-1] + 1] = new
    return "\n".join(lines)
