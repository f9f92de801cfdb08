"""Reading the [map] part of a scenario: terrain and elevation grids, hexside features.

Scenario format (see docs/scenario-format.md for the whole file):

    [map]
    columns = 40
    rows = 30
    orientation = "flat"      # flat-topped columns (SPI's classic maps) or "pointy"
    stagger = "even"          # which columns (rows on pointy maps) sit half a hex lower
    slopes = "auto"           # auto: a slope hexside wherever the level changes
    terrain = '''             # one line per row, one symbol per column (spaces ignored)
    ..ww..
    '''
    elevation = '''           # one digit per hex, same layout
    001122
    '''
    [map.hexsides]
    road = ["0101-0102-0203"]          # a path: every step crosses a road hexside
    stream = ["0512/0612", "0613 N NE"] # two adjacent hexes, or a hex and its sides

    [[map.overlay]]
    kind = "wreck"
    hexes = ["1012"]

    [map.backdrop]                     # the club's map image under the terrain (core/backdrop.py)
    image = "board.png"
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from .backdrop import read_backdrop
from .hexgrid import Grid, Hex, Hexside, neighbours
from .limits import MAP_SIDE, out_of_range
from .ruleset import Ruleset
from .terrain import GameMap, Overlay

Fail = Callable[..., None]   # fail(problem, place=..., needle=...) raises ScenarioError; note(...) may go on

_MAP_KEYS = {"columns", "rows", "orientation", "stagger", "slopes", "terrain", "elevation",
             "hexsides", "overlay", "backdrop"}


def read_map(data: Any, rules: Ruleset, fail: Fail, note: Fail | None = None,
             folder: Path | None = None) -> GameMap:
    """The map of a scenario (`folder`: the scenario file's, where its backdrop image lies).  `fail` raises for a problem that leaves no map to read on (no
    [map], its size); `note` takes one that spoils only its own hex or hexside, so that every
    such problem of the map is found in one go (by default it raises too)."""
    note = note or fail
    if not isinstance(data, dict):
        fail("missing [map] section (columns, rows, terrain, elevation)", place="[map]")
    for key in data:
        if key not in _MAP_KEYS:
            note(f"unknown key {key!r} (known: {', '.join(sorted(_MAP_KEYS))})", place="[map]",
                 needle=f"{key} =")
    cols, rows = data.get("columns"), data.get("rows")
    for name, v in (("columns", cols), ("rows", rows)):
        problem = out_of_range(v, MAP_SIDE)
        if problem:
            fail(f"{name} {problem}", place="[map]", needle=f"{name} =")
    try:
        grid = Grid(cols, rows, data.get("orientation", "flat"), data.get("stagger", "even"))
    except ValueError as e:
        fail(str(e), place="[map]")
    symbols = rules.terrain_by_symbol()
    terrain_rows = _grid_rows(data.get("terrain"), grid, "terrain", fail)
    terrain: dict[Hex, str] = {}
    said: set[str] = set()      # each wrong symbol once, where it first stands
    for r, line in enumerate(terrain_rows, start=1):
        for c, ch in enumerate(line, start=1):
            if ch in symbols:
                terrain[grid.from_offset(c, r)] = symbols[ch]
            elif ch not in said:
                said.add(ch)
                known = ", ".join(f"{s!r} {k}" for s, k in symbols.items())
                note(f"row {r}, column {c}: unknown terrain symbol {ch!r} (known: {known})",
                     place="[map] terrain", needle=line)
    elev_rows = _grid_rows(data.get("elevation"), grid, "elevation", fail)
    elevation: dict[Hex, int] = {}
    said.clear()
    for r, line in enumerate(elev_rows, start=1):
        for c, ch in enumerate(line, start=1):
            if ch.isascii() and ch.isdigit():     # isdigit() alone takes '²', which int() refuses
                elevation[grid.from_offset(c, r)] = int(ch)
            elif ch not in said:
                said.add(ch)
                note(f"row {r}, column {c}: elevation must be a digit 0-9, got {ch!r}",
                     place="[map] elevation", needle=line)
    game_map = GameMap(grid, terrain, elevation)
    if len(elevation) < grid.rows * grid.columns:
        # a level unread (noted above): the slopes, read from every hex's level, cannot be checked
        return game_map
    slopes = data.get("slopes", "listed")
    if slopes not in ("auto", "listed"):
        note(f"slopes must be \"auto\" or \"listed\", got {slopes!r}", place="[map]", needle="slopes")
    if slopes == "auto":
        _auto_slopes(game_map)
    _read_hexsides(data.get("hexsides", {}), game_map, rules, note)
    _read_overlays(data.get("overlay", []), game_map, rules, note)
    if "backdrop" in data:
        game_map.backdrop = read_backdrop(data["backdrop"], grid, folder or Path("."), note)
    return game_map


def _grid_rows(text: Any, grid: Grid, name: str, fail: Fail) -> list[str]:
    if not isinstance(text, str):
        fail(f"{name} must be a multi-line string with one line per map row", place=f"[map] {name}",
             needle=f"{name} =")
    lines = [ln.replace(" ", "").replace("\t", "") for ln in text.splitlines()]
    lines = [ln for ln in lines if ln]
    if len(lines) != grid.rows:
        fail(f"{name} has {len(lines)} rows but the map has {grid.rows}", place=f"[map] {name}",
             needle=f"{name} =")
    for r, ln in enumerate(lines, start=1):
        if len(ln) != grid.columns:
            fail(f"{name} row {r} has {len(ln)} columns but the map has {grid.columns}",
                 place=f"[map] {name}", needle=ln)
    return lines


def _auto_slopes(m: GameMap) -> None:
    """A slope hexside between every pair of adjacent hexes of different level."""
    for h in m.hexes():
        for n in neighbours(h):
            if n in m.elevation and h < n and m.elevation[h] != m.elevation[n]:
                high = h if m.elevation[h] > m.elevation[n] else n
                m.add_feature(Hexside.between(h, n), "slope", high)


_PAIR = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")
_SIDES = re.compile(r"^\s*(\d+)((?:\s+[A-Za-z]{1,2})+)\s*$")
_PATH = re.compile(r"^\s*\d+(\s*-\s*\d+)+\s*$")


def parse_hexsides(spec: str, grid: Grid) -> list[Hexside]:
    """'0512/0612', '0613 N NE' or a path '0101-0102-0203' -> hexsides.  ValueError if bad."""
    m = _PAIR.match(spec)
    if m:
        a, b = grid.parse(m.group(1)), grid.parse(m.group(2))
        try:
            return [Hexside.between(a, b)]
        except ValueError:
            raise ValueError(f"{m.group(1)} and {m.group(2)} are not adjacent") from None
    m = _SIDES.match(spec)
    if m:
        h = grid.parse(m.group(1))
        return [Hexside.of(h, grid.direction_index(d)) for d in m.group(2).split()]
    if _PATH.match(spec):
        hexes = [grid.parse(p.strip()) for p in spec.split("-")]
        out = []
        for x, y in zip(hexes, hexes[1:]):
            try:
                out.append(Hexside.between(x, y))
            except ValueError:
                raise ValueError(f"path steps from {grid.number(x)} to {grid.number(y)}, "
                                 "which are not adjacent") from None
        return out
    raise ValueError(f"{spec!r} is not a hexside: write '0512/0612', '0512 N NE' or a path "
                     "'0101-0102-0203'")


def _read_hexsides(data: Any, m: GameMap, rules: Ruleset, note: Fail) -> None:
    if not isinstance(data, dict):
        note("[map.hexsides] must map feature names to lists", place="[map.hexsides]")
        return
    features = rules.hexside_features
    for kind, specs in data.items():
        place = f"[map.hexsides] {kind}"
        if kind not in features:
            note(f"unknown hexside feature {kind!r} (known: {', '.join(features)})", place=place,
                 needle=f"{kind} =")
            continue
        if not isinstance(specs, list) or not all(isinstance(s, str) for s in specs):
            note("must be a list of strings", place=place, needle=f"{kind} =")
            continue
        for spec in specs:
            problem = _add_hexsides(spec, kind, m, features[kind])
            if problem:
                note(problem, place=place, needle=spec)


def _add_hexsides(spec: str, kind: str, m: GameMap, feature: dict) -> str | None:
    """Puts one entry's hexsides on the map; what is wrong with it, if anything."""
    try:
        sides = parse_hexsides(spec, m.grid)
    except ValueError as e:
        return str(e)
    for side in sides:
        if not (m.contains(side.a) and m.contains(side.b)):
            return f"{spec!r} reaches off the map"
        high = None
        if feature["draw"] == "slope":
            ea, eb = m.elevation[side.a], m.elevation[side.b]
            if ea == eb:
                return (f"slope {m.number(side.a)}/{m.number(side.b)} joins two hexes of "
                        f"level {ea}; a slope needs a higher side")
            high = side.a if ea > eb else side.b
        m.add_feature(side, kind, high)
    return None


def _read_overlays(data: Any, m: GameMap, rules: Ruleset, note: Fail) -> None:
    if not isinstance(data, list):
        note("use [[map.overlay]] entries with kind and hexes", place="[[map.overlay]]")
        return
    for i, entry in enumerate(data, start=1):
        place = f"[[map.overlay]] #{i}"
        if not isinstance(entry, dict) or set(entry) - {"kind", "hexes"}:
            note("an overlay has exactly: kind, hexes", place=place, needle="[[map.overlay]]")
            continue
        kind = entry.get("kind")
        if not isinstance(kind, str) or kind not in rules.overlays or kind == "minefield":
            note(f"unknown overlay {kind!r} (known: "
                 f"{', '.join(k for k in rules.overlays if k != 'minefield')}; minefields go in "
                 "[[minefield]])", place=place, needle=str(kind))
            continue
        for number in entry.get("hexes", []):
            try:
                h = m.grid.parse(number)
            except ValueError as e:
                note(str(e), place=place, needle=str(number))
                continue
            m.overlays.append(Overlay(h, kind))
