"""A new scenario's first text: what File → New Scenario… starts from.  It is a scenario a
person could have written -- commented, in the order of docs/scenario-format.md -- with a map
of clear terrain at level 0 and no sides yet (the problems list asks for one)."""

from __future__ import annotations

from typing import Any

import tomlkit

from ..hexgrid import Grid


def clear_symbol(rules: Any) -> str:
    """The symbol new hexes get: the terrain named clear (or open), else the chart's first."""
    by_symbol = rules.terrain_by_symbol()
    for symbol, name in by_symbol.items():
        if name in ("clear", "open"):
            return symbol
    return next(iter(by_symbol))


def blank_scenario(rules: Any, title: str, columns: int, rows: int, orientation: str = "flat",
                   stagger: str = "even", turns: int = 10) -> str:
    """The text of a new scenario for the rule system `rules` (its Ruleset)."""
    Grid(columns, rows, orientation, stagger)       # ValueError for a shape no grid has
    fill = clear_symbol(rules)
    terrain = "".join(fill * columns + "\n" for _ in range(rows))
    elevation = "".join("0" * columns + "\n" for _ in range(rows))
    return (f"# {title}: a scenario for {rules.title}, made in Umpire's scenario editor.\n"
            "# The format: docs/scenario-format.md.  It can be edited here or in a text editor.\n\n"
            "[scenario]\n"
            f"title = {tomlkit.string(title).as_string()}\n"
            f"rules = \"{rules.name}\"\n"
            f"turns = {turns}\n\n"
            "[map]\n"
            f"columns = {columns}\n"
            f"rows = {rows}\n"
            f"orientation = \"{orientation}\"\n"
            f"stagger = \"{stagger}\"\n"
            f"terrain = \"\"\"\n{terrain}\"\"\"\n"
            f"elevation = \"\"\"\n{elevation}\"\"\"\n")
