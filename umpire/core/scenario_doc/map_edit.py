"""The map's operations on a scenario document: paint terrain or elevation, resize the map,
set its orientation and stagger, add or remove a hexside feature.  Each is one undoable change
(document.py) that rewrites only what it edits: a painted hex changes one character of its row.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import tomlkit
from tomlkit.items import String, StringType

from ..hexgrid import Grid, Hex, Hexside, neighbours
from ..scenario_map import parse_hexsides
from .document import ScenarioDocument
from .grids import cells, resized, set_cells

LAYERS = ("terrain", "elevation")


def grid_text(doc: ScenarioDocument, layer: str) -> str:
    """A grid's text between its triple quotes, as written (the line after the quotes included)."""
    item = doc.table("map").get(layer)
    if not isinstance(item, String) or item.type not in (StringType.MLB, StringType.MLL):
        raise ValueError(f"[map] {layer} is not a multi-line string (write it as {layer} = \"\"\"...\"\"\")")
    return item.as_string()[3:-3]


def _put_grid(doc: ScenarioDocument, layer: str, raw: str) -> None:
    old = doc.table("map").item(layer)
    # the value is what TOML reads: the newline right after the opening quotes is not part of it
    value = raw[1:] if raw.startswith("\n") else raw
    doc.table("map")[layer] = String(old.type, value, raw, old.trivia)


def paint(doc: ScenarioDocument, layer: str, hexes: Iterable[Hex], char: str, what: str | None = None) -> None:
    """Give the hexes a terrain symbol or an elevation digit (`char`).  `what`: the operation's
    name for Undo ("woods"), else the character."""
    if layer not in LAYERS:
        raise ValueError(f"no grid {layer!r} (terrain or elevation)")
    grid = doc.grid()
    changes = {grid.to_offset(h): char for h in hexes if grid.contains(h)}
    if not changes:
        return
    raw = grid_text(doc, layer)
    with doc.change(f"Paint {len(changes)} hex{'es' if len(changes) > 1 else ''} {what or char}"):
        _put_grid(doc, layer, set_cells(raw, changes))


def resize(doc: ScenarioDocument, columns: int, rows: int, terrain_fill: str) -> None:
    """Cut or widen the map to columns x rows; new hexes are `terrain_fill` at level 0.  What
    is cut off the map stays in the order of battle and zones: the problems list says so."""
    with doc.change(f"Resize the map to {columns}x{rows}"):
        m = doc.table("map")
        m["columns"], m["rows"] = columns, rows
        for layer, fill in (("terrain", terrain_fill), ("elevation", "0")):
            _put_grid(doc, layer, resized(grid_text(doc, layer), columns, rows, fill))


def set_shape(doc: ScenarioDocument, orientation: str, stagger: str) -> None:
    Grid(1, 1, orientation, stagger)        # ValueError for a shape no grid has
    with doc.change(f"Make the map {orientation}-topped, {stagger} stagger"):
        m = doc.table("map")
        m["orientation"], m["stagger"] = orientation, stagger


def features_at(doc: ScenarioDocument, side: Hexside) -> list[str]:
    """The features [map.hexsides] lists on a hexside."""
    grid = doc.grid()
    return [kind for kind, specs in _hexsides(doc).items()
            if any(side in _sides(spec, grid) for spec in specs)]


def add_hexside(doc: ScenarioDocument, feature: str, side: Hexside) -> None:
    """List a feature on a hexside, as "AAAA/BBBB" (two adjacent hexes)."""
    grid = doc.grid()
    if feature in features_at(doc, side):
        return
    spec = f"{grid.number(side.a)}/{grid.number(side.b)}"
    with doc.change(f"Add {feature} {spec}"):
        table = doc.ensure_table("map.hexsides")
        if feature not in table:
            table[feature] = tomlkit.array()
        table[feature].append(spec)


def remove_hexside(doc: ScenarioDocument, feature: str, side: Hexside) -> None:
    """Take a feature off one hexside.  An entry naming it alone goes; a path through it is cut
    in two; a hex's list of sides loses that side."""
    grid = doc.grid()
    specs = _hexsides(doc).get(feature)
    if specs is None:
        return
    with doc.change(f"Remove {feature} {grid.number(side.a)}/{grid.number(side.b)}"):
        table = doc.table("map.hexsides")
        array = table[feature]
        for i in reversed(range(len(array))):
            spec = str(array[i])
            if side not in _sides(spec, grid):
                continue
            del array[i]
            for j, rest in enumerate(_without(spec, side, grid)):
                array.insert(i + j, rest)
        if not len(array):
            del table[feature]


def _hexsides(doc: ScenarioDocument) -> dict[str, list[str]]:
    table: Any = doc.table("map.hexsides")
    return {k: [str(s) for s in v] for k, v in table.items() if isinstance(v, list)}


def _sides(spec: str, grid: Grid) -> list[Hexside]:
    try:
        return parse_hexsides(spec, grid)
    except ValueError:          # a broken entry: the problems list names it; the editor leaves it be
        return []


def _without(spec: str, side: Hexside, grid: Grid) -> list[str]:
    """What is left of an entry once one of its hexsides is taken off."""
    if "-" in spec:                     # a path: the steps before and after the one removed
        hexes = [p.strip() for p in spec.split("-")]
        pieces, current = [], [hexes[0]]
        for a, b in zip(hexes, hexes[1:]):
            if Hexside.between(grid.parse(a), grid.parse(b)) == side:
                pieces.append(current)
                current = [b]
            else:
                current.append(b)
        pieces.append(current)
        return ["-".join(p) for p in pieces if len(p) > 1]
    words = spec.split()
    if len(words) > 1 and "/" not in spec:      # a hex and its sides by compass direction
        h = grid.parse(words[0])
        kept = [d for d in words[1:] if Hexside.of(h, grid.direction_index(d)) != side]
        return [" ".join([words[0], *kept])] if kept else []
    return []


def fill_region(doc: ScenarioDocument, layer: str, start: Hex) -> set[Hex]:
    """The hexes joined to `start` (hex by hex) that hold the same character in the grid: what
    the Fill tool paints."""
    grid = doc.grid()
    rows = cells(grid_text(doc, layer))

    def char(h: Hex) -> str | None:
        c, r = grid.to_offset(h)
        return rows[r - 1][c - 1] if r <= len(rows) and c <= len(rows[r - 1]) else None

    want = char(start)
    region, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n not in region and grid.contains(n) and char(n) == want:
                region.add(n)
                todo.append(n)
    return region


def overlays_at(doc: ScenarioDocument, number: str) -> list[str]:
    """The overlays [[map.overlay]] lists on a hex (smoke, a wreck, a village...)."""
    return [str(e.get("kind")) for e in doc.entries("map.overlay") if number in [str(h) for h in e.get("hexes", [])]]


def toggle_overlay(doc: ScenarioDocument, kind: str, number: str) -> None:
    """Put an overlay on a hex (in the first [[map.overlay]] of that kind, or a new one), or take
    it off if it is there (an entry left with no hex goes)."""
    if kind in overlays_at(doc, number):
        with doc.change(f"Take {kind} off {number}"):
            for e in doc.entries("map.overlay"):
                if e.get("kind") == kind:
                    while number in e.get("hexes", []):
                        e["hexes"].remove(number)
            doc.remove_entries("map.overlay", lambda e: e.get("kind") == kind and not len(e.get("hexes", [])))
        return
    with doc.change(f"Put {kind} on {number}"):
        entry = next((e for e in doc.entries("map.overlay") if e.get("kind") == kind), None)
        if entry is None:
            doc.append_entry("map.overlay", {"kind": kind, "hexes": [number]})
        else:
            entry["hexes"].append(number)
