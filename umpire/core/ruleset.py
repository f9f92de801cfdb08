"""Rule systems as data: a strict loader for the tables under resources/rulesets/<name>/.

Every table file documents its own fields: a `[fields]` section maps each field to a type
(or `[fields.<section>]` when the file has several kinds of entry), and every entry must
give exactly those fields.  Unknown keys, missing keys and wrong types are refused with the
file, the entry and the problem.  A table says `sample = true` when its values are stand-ins
for a chart the rules text refers to but does not print; Umpire reports those to users.

Types: text, char, int, number, bool, colour (#rrggbb), costs (movement points per
movement class, "no" for prohibited), choice(a|b|c), list (of text), ints (a list of whole
numbers) and rows (a table of text cells, every row as long).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import RulesetError
from .ruleset_folders import ruleset_folders, rulesets_dir  # noqa: F401  (readers import them from here)
from .textpos import line_of

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_CHOICE = re.compile(r"^choice\(([^)]*)\)$")
_SIMPLE_TYPES = {"text", "char", "int", "number", "bool", "colour", "costs"}


@dataclass(frozen=True)
class DataTable:
    name: str
    title: str
    sample: bool
    note: str
    path: Path
    sections: dict[str, dict[str, dict[str, Any]]]

    def section(self, name: str) -> dict[str, dict[str, Any]]:
        return self.sections.get(name, {})


@dataclass(frozen=True)
class Phase:
    """One phase of the game turn.

    alternating  the sides take turns to act in it, one activation (a unit, a formation) each
    player       0 or 1: a player turn -- only that side acts, as often as it likes, until it
                 ends the phase: 0 is the scenario's first player, 1 the other;
                 None: not a player turn
    Neither: a phase the rules carry out by themselves (removal rolls, indirect fire).
    spots        a spotting pass follows the phase's start (a reconnaissance phase)
    passes_to_end  in an alternating phase: None -- a side that passes acts no more and the phase
                 ends when every side has passed; n -- passing only hands the turn over, and n
                 passes in a row end the phase (three, in some systems)
    """

    key: str
    label: str
    rule: str
    alternating: bool = False
    player: int | None = None
    spots: bool = False
    passes_to_end: int | None = None


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    version: str
    rules_text: str
    movement_classes: tuple[str, ...]
    path: Path
    tables: dict[str, DataTable] = field(default_factory=dict)
    procedures: str = ""      # the Python package of its procedures (ruleset.toml `procedures`)
    phases: tuple[Phase, ...] = ()   # the sequence of play (ruleset.toml `[[phases]]`)
    level_metres: int | None = None  # metres a level of elevation stands for (ruleset.toml), if the rules say

    def level_text(self, level: int) -> str:
        """A hex's elevation as the map prints it: its height ("10 m", a spot height's triangle
        before it) where the rules give levels in metres, else its level ("L2")."""
        return f"\u25b2{level * self.level_metres} m" if self.level_metres else f"L{level}"

    def _table_section(self, table: str, section: str) -> dict[str, dict[str, Any]]:
        t = self.tables.get(table)
        return t.section(section) if t else {}

    @property
    def terrain_types(self) -> dict[str, dict[str, Any]]:
        return self._table_section("terrain", "hex")

    @property
    def hexside_features(self) -> dict[str, dict[str, Any]]:
        return self._table_section("terrain", "hexside")

    @property
    def overlays(self) -> dict[str, dict[str, Any]]:
        return self._table_section("terrain", "overlay")

    @property
    def unit_types(self) -> dict[str, dict[str, Any]]:
        return self._table_section("units", "entry")

    @property
    def options(self) -> dict[str, dict[str, Any]]:
        """The optional rules a scenario may choose in its [options] (options.toml); none if the
        rule system has no such table."""
        return self._table_section("options", "entry") if "options" in self.tables else {}

    @property
    def mine_types(self) -> dict[str, dict[str, Any]]:
        return self._table_section("mines", "entry")

    def terrain_by_symbol(self) -> dict[str, str]:
        return {v["symbol"]: k for k, v in self.terrain_types.items()}

    def sample_tables(self) -> list[DataTable]:
        return [t for t in self.tables.values() if t.sample]


def available_rulesets() -> list[str]:
    return sorted({p.name for base in ruleset_folders() if base.is_dir()
                   for p in base.iterdir() if (p / "ruleset.toml").is_file()})


# a rule system is named, never given as a path: a scenario from elsewhere that says
# rules = "../../somewhere" reads no folder outside the installed rule systems
RULESET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


@lru_cache(maxsize=None)
def load_ruleset(name: str) -> Ruleset:
    plain = isinstance(name, str) and RULESET_NAME.fullmatch(name) and ".." not in name
    if not plain and name not in available_rulesets():          # an installed folder's own name stands
        known = ", ".join(available_rulesets()) or "none installed"
        raise RulesetError(f"{name!r} is not a rule system's name (installed: {known})")
    folder = next((base / name for base in ruleset_folders() if (base / name / "ruleset.toml").is_file()),
                  rulesets_dir() / name)
    head = folder / "ruleset.toml"
    if not head.is_file():
        known = ", ".join(available_rulesets()) or "none installed"
        raise RulesetError(f"unknown rule system {name!r} (installed: {known})")
    text, data = _read_toml(head)
    spec = {"name": "text", "title": "text", "version": "text", "rules_text": "text",
            "procedures": "text", "movement_classes": "list", "tables": "list", "level_metres": "int?"}
    info = data.get("ruleset")
    if not isinstance(info, dict):
        raise RulesetError("missing [ruleset] section", file=str(head))
    _check_keys(info, spec, head, text, "[ruleset]")
    classes = tuple(info["movement_classes"])
    tables = {}
    for fname in info["tables"]:
        t = load_table(folder / fname, classes)
        tables[t.name] = t
    return Ruleset(info["name"], info["title"], info["version"], info["rules_text"], classes,
                   folder, tables, info["procedures"], _phases(data, head, text), info.get("level_metres"))


# A phase's fields in ruleset.toml; see Phase for their meaning.
PHASE_FIELDS = {"key": "text", "label": "text", "rule": "text", "alternating": "bool?", "player": "int?",
                "spots": "bool?", "passes_to_end": "int?"}


def _phases(data: dict, head: Path, text: str) -> tuple[Phase, ...]:
    """The turn's sequence of play, kept as data so that a program need not import the rule
    system's code to name the phase a game is in (`umpire status` reads it directly)."""
    entries = data.get("phases")
    if not isinstance(entries, list) or not entries or not all(isinstance(e, dict) for e in entries):
        raise RulesetError("missing [[phases]]: the turn's sequence of play, one entry per phase", file=str(head))
    phases = []
    for n, entry in enumerate(entries, start=1):
        fields = _check_keys(entry, PHASE_FIELDS, head, text, f"[[phases]] #{n}")
        if fields.get("player") not in (None, 0, 1):
            raise RulesetError(f"field 'player': expected 0 or 1, got {fields['player']!r}", file=str(head),
                               place=f"[[phases]] #{n}")
        phases.append(Phase(**fields))
    keys = [p.key for p in phases]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise RulesetError(f"phase {twice[0]!r} is given twice", file=str(head), place="[[phases]]")
    return tuple(phases)


def system_class(ruleset: Ruleset) -> type:
    """The `RuleSystem` class of the package that ruleset.toml names as its procedures: the core
    finds a rule system through its data, never by name, so a club's own package plugs in."""
    import importlib
    try:
        module = importlib.import_module(ruleset.procedures)
    except ModuleNotFoundError:
        raise RulesetError(f"its procedures, package {ruleset.procedures!r}, are not installed",
                           file=str(ruleset.path / "ruleset.toml")) from None
    if not isinstance(getattr(module, "RuleSystem", None), type):
        raise RulesetError(f"package {ruleset.procedures!r} has no RuleSystem class",
                           file=str(ruleset.path / "ruleset.toml"))
    return module.RuleSystem


def load_table(path: Path, movement_classes: tuple[str, ...]) -> DataTable:
    text, data = _read_toml(path)
    meta = data.pop("table", None)
    if not isinstance(meta, dict):
        raise RulesetError("missing [table] section (title, sample)", file=str(path))
    _check_keys(meta, {"title": "text", "sample": "bool", "note": "text?"}, path, text, "[table]")
    fields = data.pop("fields", None)
    if not isinstance(fields, dict) or not fields:
        raise RulesetError("missing [fields] section documenting the entries", file=str(path))
    if all(isinstance(v, str) for v in fields.values()):
        fields = {"entry": fields}
    sections: dict[str, dict[str, dict[str, Any]]] = {}
    for section, spec in fields.items():
        for fname, ftype in spec.items():
            if not _valid_type(ftype):
                raise RulesetError(f"field {fname!r} has unknown type {ftype!r}", file=str(path),
                                   place=f"[fields.{section}]", line=line_of(text, f"{fname} ="))
        entries = data.pop(section, {})
        if not isinstance(entries, dict):
            raise RulesetError(f"[{section}] must hold entries like [{section}.<key>]", file=str(path))
        checked = {}
        for key, entry in entries.items():
            place = f"[{section}.{key}]"
            if not isinstance(entry, dict):
                raise RulesetError("must be a table of fields", file=str(path), place=place,
                                   line=line_of(text, place))
            checked[key] = _check_keys(entry, spec, path, text, place, movement_classes)
        sections[section] = checked
    if data:
        extra = next(iter(data))
        raise RulesetError(f"unknown section [{extra}] (no [fields.{extra}] documents it)",
                           file=str(path), line=line_of(text, f"[{extra}"))
    return DataTable(path.stem, meta["title"], meta["sample"], meta.get("note", ""), path, sections)


def _read_toml(path: Path) -> tuple[str, dict]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise RulesetError(f"cannot read: {e.strerror}", file=str(path)) from None
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesetError(f"not valid TOML: {e}", file=str(path)) from None


def _valid_type(t: Any) -> bool:
    if not isinstance(t, str):
        return False
    base = t[:-1] if t.endswith("?") else t
    return base in _SIMPLE_TYPES or base in ("list", "ints", "rows") or bool(_CHOICE.match(base))


def _check_keys(entry: dict, spec: dict[str, str], path: Path, text: str, place: str,
                movement_classes: tuple[str, ...] = ()) -> dict[str, Any]:
    line = line_of(text, place)
    for key in entry:
        if key not in spec:
            raise RulesetError(f"unknown field {key!r} (known: {', '.join(spec)})", file=str(path),
                               place=place, line=line)
    out = {}
    for key, ftype in spec.items():
        optional = ftype.endswith("?")
        ftype = ftype.rstrip("?")
        if key not in entry:
            if optional:
                continue
            raise RulesetError(f"missing field {key!r}", file=str(path), place=place, line=line)
        try:
            out[key] = _convert(entry[key], ftype, movement_classes)
        except ValueError as e:
            raise RulesetError(f"field {key!r}: {e}", file=str(path), place=place, line=line) from None
    return out


def _convert(value: Any, ftype: str, movement_classes: tuple[str, ...]) -> Any:
    if ftype == "text":
        if not isinstance(value, str):
            raise ValueError(f"expected text, got {value!r}")
        return value
    if ftype == "char":
        if not isinstance(value, str) or len(value) != 1:
            raise ValueError(f"expected one character, got {value!r}")
        return value
    if ftype == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"expected a whole number, got {value!r}")
        return value
    if ftype == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"expected a number, got {value!r}")
        return float(value)
    if ftype == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"expected true or false, got {value!r}")
        return value
    if ftype == "colour":
        if not isinstance(value, str) or not _COLOUR.match(value):
            raise ValueError(f"expected a colour like #a0b0c0, got {value!r}")
        return value
    if ftype == "list":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValueError(f"expected a list of text, got {value!r}")
        return value
    if ftype == "ints":
        if not isinstance(value, list) or not value or not all(isinstance(v, int) and not isinstance(v, bool)
                                                               for v in value):
            raise ValueError(f"expected a list of whole numbers, got {value!r}")
        return value
    if ftype == "rows":
        if not isinstance(value, list) or not value or not all(
                isinstance(r, list) and r and all(isinstance(v, str) for v in r) for r in value):
            raise ValueError("expected rows of text, like [[\"-\", \"S1\"], [\"S1\", \"D1\"]]")
        if len({len(r) for r in value}) != 1:
            raise ValueError("every row needs the same number of cells")
        return value
    if ftype == "costs":
        if not isinstance(value, dict):
            raise ValueError("expected movement costs like { truck = 2, vehicle = 1, ... }")
        costs = {}
        for cls in movement_classes:
            if cls not in value:
                raise ValueError(f"no cost for movement class {cls!r}")
        for cls, cost in value.items():
            if cls not in movement_classes:
                raise ValueError(f"unknown movement class {cls!r} (known: {', '.join(movement_classes)})")
            if cost == "no":
                costs[cls] = None
            elif isinstance(cost, (int, float)) and not isinstance(cost, bool) and cost >= 0:
                costs[cls] = float(cost)
            else:
                raise ValueError(f"cost for {cls!r} must be a number >= 0 or \"no\", got {cost!r}")
        return costs
    m = _CHOICE.match(ftype)
    if m:
        options = m.group(1).split("|")
        if value not in options:
            raise ValueError(f"expected one of {', '.join(options)}, got {value!r}")
        return value
    raise ValueError(f"unknown type {ftype!r}")
