"""The rule system's own scenario table ([<its name>]) as undoable operations, one key or
one row at a time, written where a person would write it: single keys under the table's own
header, rows as [[table.key]] after the table, each side's list in [table.key].  What the keys
mean is the rule system's description (core.scenario_fields); the loader checks the values."""

from __future__ import annotations

from typing import Any

import tomlkit

from .document import ScenarioDocument


def set_key(doc: ScenarioDocument, table: str, key: str, value: Any) -> None:
    """A single key of [table]; None takes it out (the rule system's default then applies)."""
    with doc.change(f"Set [{table}] {key}"):
        if value is None:
            t = doc.table(table)
            if key in t:
                del t[key]
        else:
            doc.ensure_table(table)[key] = value


def rows(doc: ScenarioDocument, table: str, key: str) -> list:
    """The [[table.key]] rows, in the file's order."""
    return doc.entries(f"{table}.{key}")


def add_row(doc: ScenarioDocument, table: str, key: str, row: dict[str, Any]) -> None:
    with doc.change(f"Add a row to [[{table}.{key}]]"):
        doc.append_entry(f"{table}.{key}", row)


def set_row_value(doc: ScenarioDocument, table: str, key: str, index: int, name: str, value: Any) -> None:
    """One key of the index-th row (from 0); None takes it out."""
    found = rows(doc, table, key)
    if not 0 <= index < len(found):
        raise IndexError(f"no [[{table}.{key}]] #{index + 1}")
    with doc.change(f"Set [[{table}.{key}]] #{index + 1} {name}"):
        row = rows(doc, table, key)[index]
        if value is None:
            if name in row:
                del row[name]
        else:
            row[name] = value


def remove_row(doc: ScenarioDocument, table: str, key: str, index: int) -> None:
    found = rows(doc, table, key)
    if not 0 <= index < len(found):
        raise IndexError(f"no [[{table}.{key}]] #{index + 1}")
    target = found[index]
    with doc.change(f"Remove [[{table}.{key}]] #{index + 1}"):
        doc.remove_entries(f"{table}.{key}", lambda r: r is target)


def set_side_list(doc: ScenarioDocument, table: str, key: str, side: str, ids: list[str]) -> None:
    """A side's list in [table.key] (groups of companies: side = [company ids]); an empty
    list takes the side out, and the last side out takes the table out."""
    with doc.change(f"Set [{table}.{key}] {side}"):
        own = doc.ensure_table(table) if ids else doc.table(table)
        if key not in own:
            if not ids:
                return
            own[key] = tomlkit.table()
        if ids:
            own[key][side] = list(ids)
        else:
            if side in own[key]:
                del own[key][side]
            if not len(own[key]):
                del own[key]
