"""A side's victory conditions ([[victory]] in docs/scenario-format.md) as undoable operations:
its text, its objectives one by one (hex, label, points) and where its units may leave the map
for points (`exit`, a zone of map-edge hexes).  Each refuses a value the scenario could not take -- a hex that is not a
hex number or lies off the map, points outside 0-999, an exit hex not on the map edge, an empty
text -- with a ValueError naming the objective (or the exit) and the problem, and changes
nothing; the rest (a side that does not exist...) the Problems dock names as `umpire validate`
would.  An objective or an exit changed is written again whole, as a person writes it
(`{ hex = "1012", label = "Kaltenbach", points = 10 }`), in the file's place and layout."""

from __future__ import annotations

from typing import Any

from ..limits import POINTS
from ..zones import is_edge_hex
from .document import ScenarioDocument
from .oob_edit import inline, listing

OBJECTIVE_KEYS = ("hex", "label", "points")     # the order a person writes them (scenario-format.md)
EXIT_EDGES = ("north", "south", "east", "west")


def victory(doc: ScenarioDocument, index: int) -> Any:
    entries = doc.entries("victory")
    if not 0 <= index < len(entries):
        raise IndexError(f"no [[victory]] #{index + 1}")
    return entries[index]


def objective_name(objective: Any, number: int) -> str:
    """"objective #2 (Oberfeld)": how a refusal names it."""
    label = objective.get("label") if hasattr(objective, "get") else None
    return f"objective #{number}" + (f" ({label})" if label else "")


def _points(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not POINTS[0] <= value <= POINTS[1]:
        raise ValueError(f"{what}: points must be a whole number from {POINTS[0]} to {POINTS[1]}, not {value!r}")
    return value


def _hex(doc: ScenarioDocument, text: Any, what: str) -> str:
    """A hex number of the map, as typed (trimmed); ValueError naming `what` if it is not one."""
    try:
        doc.grid().parse(str(text))
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None
    return str(text).strip()


def set_text(doc: ScenarioDocument, index: int, text: str) -> None:
    """What the side must do, in words (the reports print it): never empty."""
    v = victory(doc, index)
    if not str(text).strip():
        raise ValueError(f"the victory conditions of {v.get('side')} need a text: what the side must do, in words")
    with doc.change(f"Victory of {v.get('side')}: text"):
        victory(doc, index)["text"] = str(text).strip()


def add_objective(doc: ScenarioDocument, index: int, hex_number: str, label: str = "", points: int = 5) -> None:
    """A new objective at the end of the index-th victory conditions' list."""
    v = victory(doc, index)
    number = len(v.get("objectives", [])) + 1
    what = f"new objective #{number} of {v.get('side')}"
    values: dict[str, Any] = {"hex": _hex(doc, hex_number, what)}
    if label.strip():
        values["label"] = label.strip()
    values["points"] = _points(points, what)
    with doc.change(f"Victory of {v.get('side')}: add objective {label.strip() or values['hex']}"):
        v = victory(doc, index)
        if "objectives" not in v:
            v["objectives"] = listing()
        v["objectives"].append(inline(values))


def set_objective(doc: ScenarioDocument, index: int, number: int, key: str, value: Any) -> None:
    """One key of the index-th victory conditions' objective #number (from 1): its hex, label
    (empty: none) or points; the objective is written again whole."""
    v = victory(doc, index)
    objectives = v.get("objectives", [])
    if not 1 <= number <= len(objectives):
        raise IndexError(f"the victory conditions of {v.get('side')} have no objective #{number}")
    if key not in OBJECTIVE_KEYS:
        raise ValueError(f"an objective has {', '.join(OBJECTIVE_KEYS)}, not {key!r}")
    old = objectives[number - 1]
    what = f"{objective_name(old, number)} of {v.get('side')}"
    values = {k: old[k] for k in OBJECTIVE_KEYS if k in old}
    values.update({k: x for k, x in old.items() if k not in OBJECTIVE_KEYS})     # a key it should not have stays
    if key == "hex":
        values["hex"] = _hex(doc, value, what)
    elif key == "points":
        values["points"] = _points(value, what)
    elif str(value or "").strip():
        values["label"] = str(value).strip()
    else:
        values.pop("label", None)
    if values == dict(old.unwrap() if hasattr(old, "unwrap") else old):
        return
    with doc.change(f"Victory of {v.get('side')}: {objective_name(old, number)} {key}"):
        victory(doc, index)["objectives"][number - 1] = inline(values)


def remove_objective(doc: ScenarioDocument, index: int, number: int) -> None:
    v = victory(doc, index)
    objectives = v.get("objectives", [])
    if not 1 <= number <= len(objectives):
        raise IndexError(f"the victory conditions of {v.get('side')} have no objective #{number}")
    with doc.change(f"Victory of {v.get('side')}: remove {objective_name(objectives[number - 1], number)}"):
        del victory(doc, index)["objectives"][number - 1]


def set_exit(doc: ScenarioDocument, index: int, edge: str | None, hexes: list[str], points: int) -> None:
    """Where the side's units may leave the map and the points each scores: a map edge,
    listed edge hexes, or both; neither takes the exit out.  Other zone shapes the file's exit
    has (an area, a circle...) are kept as they are."""
    v = victory(doc, index)
    what = f"the exit of {v.get('side')}"
    if edge is not None and edge not in EXIT_EDGES:
        raise ValueError(f"{what}: the edge is north, south, east or west, not {edge!r}")
    grid = doc.grid()
    listed = []
    for number in hexes:
        h = grid.parse(_hex(doc, number, what))
        if not is_edge_hex(grid, h):
            raise ValueError(f"{what}: hex {number} is not on the map edge (units leave the map from an edge "
                             "hex)")
        listed.append(str(number).strip())
    old = v["exit"].unwrap() if hasattr(v.get("exit"), "unwrap") else {}
    kept = {k: x for k, x in old.items() if k not in ("edge", "hexes", "points")}
    values: dict[str, Any] = {}
    if edge:
        values["edge"] = edge
    if listed:
        values["hexes"] = listed
    values.update(kept)
    if values:
        values["points"] = _points(points, what)
    if values == old or (not values and "exit" not in v):
        return          # focus leaving a field unchanged is no change to undo
    with doc.change(f"Victory of {v.get('side')}: " + ("exit" if values else "no exit")):
        v = victory(doc, index)
        if values:
            v["exit"] = inline(values)
        elif "exit" in v:
            del v["exit"]
