"""What a rule system's own scenario table holds, described for an editor to build its form from.

A scenario may carry a table named after its rule system (`[<its name>]`): keys the core
does not read and the rule system does (RuleSystem.scenario_data names them for the loader,
RuleSystem.scenario_problems checks them).  `RuleSystem.scenario_fields` describes the same keys
a second time, for people: a label, what kind of value each is, its choices or bounds, its
default and a line of help citing the rule.  The scenario editor lays out its form from this
description alone, so a club's own rule system gets a form by describing its table.

Kinds of value (`ScenarioField.kind`):

    number      a whole number from `low` to `high`
    flag        true or false (left out: `default`, usually false)
    choice      one of `choices`
    text        free text
    hex         a hex number ("0503")
    hexes       a list of hex numbers
    list        a list of texts (ids: units, companies)
    side        a side's id
    unit        a unit's id
    unit_type   one of the rule system's unit types
    rows        a list of tables ([[<name>.<key>]]), each row's keys described by `row`
    per_side    a table side id -> a list of company ids ([<name>.<key>])

The description checks nothing: the loader's checks stay the one judge of a scenario.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KINDS = ("number", "flag", "choice", "text", "hex", "hexes", "list", "side", "unit", "unit_type", "rows", "per_side")


@dataclass(frozen=True)
class ScenarioField:
    key: str                                # as the file writes it
    label: str                              # what the form calls it
    kind: str                               # one of KINDS
    help: str = ""                          # a line of help, citing the rule
    default: Any = None                     # the value when the key is left out (None: nothing)
    unset: str = ""                         # what leaving it out means, when no value says it
    choices: tuple[str, ...] = ()           # choice: the values
    low: int = 0                            # number: its bounds
    high: int = 999
    required: bool = False                  # a row's key that must be given
    of_kinds: tuple[str, ...] = ()          # unit: only units whose type is of these kinds ("" all)
    row: tuple[ScenarioField, ...] = ()     # rows: the keys of each row

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"scenario field {self.key!r}: no kind {self.kind!r} (one of {', '.join(KINDS)})")
        if (self.kind == "rows") != bool(self.row):
            raise ValueError(f"scenario field {self.key!r}: a list of rows, and only it, describes its rows")


def new_row(field: ScenarioField, first: dict[str, Any]) -> dict[str, Any]:
    """A new row of a `rows` field: its required keys, each at its default, else at `first`'s
    value for its kind (the scenario's first side, hex 0101...: the organizer changes them),
    else its least number, false or empty text."""
    out: dict[str, Any] = {}
    for f in field.row:
        if f.required:
            start = f.default if f.default is not None else first.get(f.kind)
            if start is None:
                start = {"number": f.low, "flag": False, "choice": (f.choices or ("",))[0]}.get(f.kind, "")
            out[f.key] = start
    return out
