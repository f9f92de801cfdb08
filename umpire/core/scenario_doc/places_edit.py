"""The scenario's other entries as undoable operations: deployment zones, objectives,
minefields, reinforcements with their turn and entry hexes, off-board artillery and air, and
single keys of [scenario], [options] and the rule system's own table.  The editor writes each
the way docs/scenario-format.md shows; the scenario loader checks them.
"""

from __future__ import annotations

from typing import Any


from .document import ScenarioDocument
from .oob_edit import append_table, inline, listing

ENTRY_KINDS = ("zone", "minefield", "reinforcement", "artillery", "air", "victory")


def add_zone(doc: ScenarioDocument, ident: str, side: str, hexes: list[str], label: str = "") -> None:
    """A deployment zone of listed hexes."""
    if any(z.get("id") == ident for z in doc.entries("zone")):
        raise ValueError(f"there is already a zone {ident!r}")
    with doc.change(f"Add zone {ident}"):
        append_table(doc, "zone", {"id": ident, "side": side, "label": label or ident, "hexes": list(hexes)})


def add_minefield(doc: ScenarioDocument, side: str, mine_type: str, hexes: list[str], secret: bool = True) -> None:
    with doc.change(f"Add {mine_type} minefield of {side}"):
        append_table(doc, "minefield", {"side": side, "type": mine_type, "hexes": list(hexes), "secret": secret})


def add_reinforcement(doc: ScenarioDocument, side: str, turn: int, entry: list[str], units: list[str]) -> None:
    """Units (or companies) arriving on a turn through map-edge hexes; they must be off the map."""
    with doc.change(f"Add reinforcement of {side} on turn {turn}"):
        append_table(doc, "reinforcement", {"side": side, "turn": turn, "entry": list(entry), "units": list(units)})


def add_support(doc: ScenarioDocument, kind: str, ident: str, side: str, count: int, strength: int,
                from_turn: int = 1) -> None:
    """Off-board artillery (`count` concentrations) or air (`count` strikes)."""
    if kind not in ("artillery", "air"):
        raise ValueError(f"no support {kind!r} (artillery or air)")
    counted = "concentrations" if kind == "artillery" else "strikes"
    with doc.change(f"Add {kind} {ident}"):
        append_table(doc, kind, {"id": ident, "side": side, counted: count, "strength": strength,
                                 "from_turn": from_turn})


def add_objective(doc: ScenarioDocument, side: str, hex_number: str, label: str, points: int) -> None:
    """An objective in the side's victory conditions (a [[victory]] made for it if it has none)."""
    with doc.change(f"Add objective {label or hex_number} for {side}"):
        victory = next((v for v in doc.entries("victory") if v.get("side") == side), None)
        if victory is None:
            append_table(doc, "victory", {"side": side, "text": "Hold the objectives.",
                                     "objectives": listing()})
            victory = doc.entries("victory")[-1]
        if "objectives" not in victory:
            victory["objectives"] = listing()
        victory["objectives"].append(inline({"hex": hex_number, "label": label, "points": points}))


def remove_entry(doc: ScenarioDocument, kind: str, index: int) -> None:
    """Remove the index-th [[kind]] entry (from 0, in the file's order)."""
    if kind not in ENTRY_KINDS:
        raise ValueError(f"no entry kind {kind!r}")
    entries = doc.entries(kind)
    if not 0 <= index < len(entries):
        raise IndexError(f"no [[{kind}]] #{index + 1}")
    target = entries[index]
    with doc.change(f"Remove [[{kind}]] #{index + 1}"):
        doc.remove_entries(kind, lambda e: e is target)


def set_value(doc: ScenarioDocument, table: str, key: str, value: Any) -> None:
    """Set a key of a top-level table ([scenario], [options], the rule system's own table...);
    None removes it.  The table is made if missing."""
    with doc.change(f"Set {table} {key}"):
        if value is None:
            t = doc.table(table)
            if key in t:
                del t[key]
        else:
            doc.ensure_table(table)[key] = value


def zone_hexes(doc: ScenarioDocument, ident: str, add: list[str] = (), remove: list[str] = ()) -> None:
    """Add hexes to a zone's listed hexes, or take listed ones off (a zone's rectangle, edge or
    radius stays as written: the hexes list is one of the parts it is the union of)."""
    zone = next((z for z in doc.entries("zone") if z.get("id") == ident), None)
    if zone is None:
        raise ValueError(f"there is no zone {ident!r}")
    with doc.change(f"Change zone {ident}"):
        if "hexes" not in zone:
            zone["hexes"] = []
        listed = zone["hexes"]
        for number in add:
            if number not in listed:
                listed.append(number)
        for number in remove:
            while number in listed:
                listed.remove(number)


def zone_rectangle(doc: ScenarioDocument, ident: str, corner_a: str, corner_b: str) -> None:
    """A rectangle drawn for a zone: its `area` (two corners, columns and rows between) when it
    has none yet -- the zone reads as its set-up rectangle -- else its hexes join the zone's
    listed `hexes` (a zone has one `area`; the union of the parts is the zone)."""
    from .shapes import rectangle
    zone = next((z for z in doc.entries("zone") if z.get("id") == ident), None)
    if zone is None:
        raise ValueError(f"there is no zone {ident!r}")
    if "area" in zone:
        grid = doc.grid()
        hexes = rectangle(grid, grid.parse(corner_a), grid.parse(corner_b))
        return zone_hexes(doc, ident, add=sorted(grid.number(h) for h in hexes))
    with doc.change(f"Zone {ident}: area {corner_a} to {corner_b}"):
        zone = next(z for z in doc.entries("zone") if z.get("id") == ident)
        zone["area"] = [corner_a, corner_b]


def set_entry_value(doc: ScenarioDocument, kind: str, index: int, key: str, value: Any) -> None:
    """One key of the index-th [[kind]] entry (an off-board battery's strength, a reinforcement's
    turn, a key its rule system reads on it); None takes the key out."""
    if kind not in ENTRY_KINDS:
        raise ValueError(f"no entry kind {kind!r}")
    if not 0 <= index < len(doc.entries(kind)):
        raise IndexError(f"no [[{kind}]] #{index + 1}")
    with doc.change(f"Set [[{kind}]] #{index + 1} {key}"):
        entry = doc.entries(kind)[index]
        if value is None:
            if key in entry:
                del entry[key]
        else:
            entry[key] = value


ZONE_SHAPES = ("hexes", "area", "south_of", "north_of", "edge", "within")     # core.zones.ZONE_PARTS


def set_zone_within(doc: ScenarioDocument, index: int, centre: str | None, radius: int) -> None:
    """The index-th zone's circle: the hexes within `radius` of `centre`, written as
    `within = { hex = "1515", radius = 3 }`; no centre takes the circle out."""
    zones = doc.entries("zone")
    if not 0 <= index < len(zones):
        raise IndexError(f"no [[zone]] #{index + 1}")
    with doc.change(f"Zone {zones[index].get('id')}: " + (f"within {radius} of {centre}" if centre else "no circle")):
        zone = doc.entries("zone")[index]
        if centre:
            zone["within"] = inline({"hex": centre, "radius": radius})
        elif "within" in zone:
            del zone["within"]


def edge_band(doc: ScenarioDocument, edge: str, depth: int) -> dict[str, Any]:
    """The zone shape of a map edge `depth` hexes deep: `edge = "south"` for one row or column
    (the format's own edge), else the rectangle of the rows or columns along it (`area`)."""
    grid = doc.grid()
    if edge not in ("north", "south", "east", "west"):
        raise ValueError(f"edge must be north, south, east or west, not {edge!r}")
    reach = grid.rows if edge in ("north", "south") else grid.columns
    if not 1 <= depth <= reach:
        raise ValueError(f"a {edge} edge is 1 to {reach} hexes deep, not {depth}")
    if depth == 1:
        return {"edge": edge}
    cols, rows = (1, grid.columns), (1, grid.rows)
    if edge == "north":
        rows = (1, depth)
    elif edge == "south":
        rows = (grid.rows - depth + 1, grid.rows)
    elif edge == "west":
        cols = (1, depth)
    else:
        cols = (grid.columns - depth + 1, grid.columns)
    return {"area": [grid.number(grid.from_offset(cols[0], rows[0])), grid.number(grid.from_offset(cols[1], rows[1]))]}


def add_shaped_zone(doc: ScenarioDocument, ident: str, side: str, label: str, shape: dict[str, Any]) -> None:
    """A new zone given by one or more of the format's shapes (`edge`, `area`, `within`,
    `south_of`, `north_of`, `hexes`): one change."""
    unknown = set(shape) - set(ZONE_SHAPES)
    if unknown or not shape:
        raise ValueError(f"a zone's shape is one of {', '.join(ZONE_SHAPES)}, not {', '.join(sorted(unknown)) or 'nothing'}")
    if not ident.strip():
        raise ValueError("a zone needs an id")
    if any(z.get("id") == ident for z in doc.entries("zone")):
        raise ValueError(f"there is already a zone {ident!r}")
    values: dict[str, Any] = {"id": ident, "side": side, "label": label or ident}
    values.update((k, inline(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
                  for k, v in shape.items())
    with doc.change(f"Add zone {ident}"):
        append_table(doc, "zone", values)
