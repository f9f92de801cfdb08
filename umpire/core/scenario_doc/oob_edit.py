"""The order of battle's operations on a scenario document: add, rename and remove sides,
battalions, companies and units; place a unit on a hex (or take it off the map); set a record's
own keys (a name, a colour, the rule system's traits).  Each is one undoable change.

The scenario format is flat with references (docs/scenario-format.md): a battalion names its
side, a company its battalion, and the units are listed in their battalion or company.  Renaming
an id renames every reference to it; removing a side or a formation removes what belongs to it,
so that no reference is left dangling.
"""

from __future__ import annotations

from typing import Any

import tomlkit

from .document import ScenarioDocument

KINDS = ("side", "battalion", "company")
# keys of other records that name an id of each kind
_REFERENCES = {
    "side": [(k, "side") for k in ("battalion", "zone", "reinforcement", "artillery", "air", "minefield",
                                   "victory")] + [("scenario", "first_player")],
    "battalion": [("company", "battalion"), ("battalion", "parent"), ("reinforcement", "units")],
    "company": [("reinforcement", "units")],
    "unit": [("battalion", "hq"), ("reinforcement", "units")],
    "zone": [(k, "deploy") for k in ("side", "battalion", "company")],     # where they set up
}


def inline(values: dict[str, Any]) -> Any:
    """An inline table written as a person writes one: `{ id = "A1", type = "us_m1" }`."""
    body = ", ".join(f"{tomlkit.key(k).as_string()} = {tomlkit.item(v).as_string()}" for k, v in values.items())
    return tomlkit.parse(f"x = {{ {body} }}\n")["x"]


def listing() -> Any:
    """An empty list written one entry a line, as the bundled scenarios list units."""
    array = tomlkit.array()
    array.multiline(True)
    return array


def record(doc: ScenarioDocument, kind: str, ident: str) -> Any:
    """The [[kind]] table with this id; KeyError if there is none."""
    for entry in doc.entries(kind):
        if entry.get("id") == ident:
            return entry
    raise ValueError(f"there is no {kind} {ident!r}")


def units(doc: ScenarioDocument) -> list[tuple[str, str, Any]]:
    """(owner kind, owner id, unit's inline table) of every unit, battalions' first."""
    out = []
    for kind in ("battalion", "company"):
        for owner in doc.entries(kind):
            for u in owner.get("units", []):
                out.append((kind, str(owner.get("id")), u))
    return out


def unit(doc: ScenarioDocument, uid: str) -> Any:
    for _, _, u in units(doc):
        if u.get("id") == uid:
            return u
    raise ValueError(f"there is no unit {uid!r}")


def ids(doc: ScenarioDocument, kind: str) -> list[str]:
    if kind == "unit":
        return [str(u.get("id")) for _, _, u in units(doc)]
    return [str(e.get("id")) for e in doc.entries(kind)]


def append_table(doc: ScenarioDocument, kind: str, values: dict[str, Any]) -> None:
    doc.append_entry(kind, {k: inline(v) if isinstance(v, dict) else v for k, v in values.items()})


def _check_new(doc: ScenarioDocument, kind: str, ident: str) -> None:
    if not ident.strip():
        raise ValueError(f"a {kind} needs an id")
    if ident in ids(doc, kind):
        raise ValueError(f"there is already a {kind} {ident!r}")


def add_side(doc: ScenarioDocument, ident: str, name: str, colour: str, **traits: Any) -> None:
    _check_new(doc, "side", ident)
    with doc.change(f"Add side {ident}"):
        append_table(doc, "side", {"id": ident, "name": name, "colour": colour, **traits})


def add_battalion(doc: ScenarioDocument, ident: str, side: str, name: str) -> None:
    _check_new(doc, "battalion", ident)
    record(doc, "side", side)
    with doc.change(f"Add battalion {ident}"):
        append_table(doc, "battalion", {"id": ident, "side": side, "name": name, "units": listing()})


def add_company(doc: ScenarioDocument, ident: str, battalion: str, name: str) -> None:
    _check_new(doc, "company", ident)
    record(doc, "battalion", battalion)
    with doc.change(f"Add company {ident}"):
        append_table(doc, "company", {"id": ident, "battalion": battalion, "name": name, "units": listing()})


def add_unit(doc: ScenarioDocument, owner_kind: str, owner: str, ident: str, unit_type: str,
             hex_number: str | None = None) -> None:
    """A unit of `unit_type` (the rule system's catalogue) in a battalion or company."""
    _check_new(doc, "unit", ident)
    table = record(doc, owner_kind, owner)
    values = {"id": ident, "type": unit_type}
    if hex_number:
        values["hex"] = hex_number
    with doc.change(f"Add unit {ident}"):
        if "units" not in table:
            table["units"] = listing()
        table["units"].append(inline(values))


def place_unit(doc: ScenarioDocument, uid: str, hex_number: str | None) -> None:
    """Set a unit up on a hex, or (None) take it off the map: it then waits off the map, for a
    reinforcement or the air pool."""
    u = unit(doc, uid)
    with doc.change(f"Place {uid} at {hex_number}" if hex_number else f"Take {uid} off the map"):
        if hex_number:
            u["hex"] = hex_number
        elif "hex" in u:
            del u["hex"]


def set_field(doc: ScenarioDocument, kind: str, ident: str, key: str, value: Any) -> None:
    """Set one key of a record (a name, a colour, a trait); None removes it (its default)."""
    target = unit(doc, ident) if kind == "unit" else record(doc, kind, ident)
    with doc.change(f"Set {key} of {ident}"):
        if value is None:
            if key in target:
                del target[key]
        else:
            target[key] = value


def rename(doc: ScenarioDocument, kind: str, old: str, new: str) -> None:
    """Give a record a new id, and every reference to it too."""
    if old == new:
        return
    _check_new(doc, kind, new)
    target = unit(doc, old) if kind == "unit" else record(doc, kind, old)
    with doc.change(f"Rename {kind} {old} to {new}"):
        target["id"] = new
        for other, key in _REFERENCES[kind]:
            tables = [doc.table("scenario")] if other == "scenario" else doc.entries(other)
            for t in tables:
                _replace_ref(t, key, old, new)
        if kind == "unit":
            for _, _, u in units(doc):
                _replace_ref(u, "carried_by", old, new)


def _replace_ref(table: Any, key: str, old: str, new: str) -> None:
    value = table.get(key)
    if value == old:
        table[key] = new
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if v == old:
                value[i] = new


def remove(doc: ScenarioDocument, kind: str, ident: str) -> None:
    """Remove a record and what belongs to it: a side's battalions, zones, supports, minefields
    and victory conditions; a battalion's companies; a formation's units, and their places in
    reinforcements."""
    with doc.change(f"Remove {kind} {ident}"):
        _remove(doc, kind, ident)


def _remove(doc: ScenarioDocument, kind: str, ident: str) -> None:
    if kind == "unit":
        for _, _, u in units(doc):
            if u.get("id") == ident:
                for owner_kind in ("battalion", "company"):
                    for owner in doc.entries(owner_kind):
                        arr = owner.get("units", [])
                        for i in reversed(range(len(arr))):
                            if arr[i] is u or arr[i].get("id") == ident:
                                del arr[i]
        _drop_refs(doc, ident)
        return
    target = record(doc, kind, ident)
    if kind == "side":
        for b in [b for b in doc.entries("battalion") if b.get("side") == ident]:
            _remove(doc, "battalion", str(b["id"]))
        for other in ("zone", "reinforcement", "artillery", "air", "minefield", "victory"):
            _drop_entries(doc, other, lambda e: e.get("side") == ident)
    elif kind == "battalion":
        for c in [c for c in doc.entries("company") if c.get("battalion") == ident]:
            _remove(doc, "company", str(c["id"]))
    for u in list(target.get("units", [])):
        _remove(doc, "unit", str(u.get("id")))
    _drop_refs(doc, ident)
    _drop_entries(doc, kind, lambda e: e.get("id") == ident)


def _drop_entries(doc: ScenarioDocument, kind: str, gone) -> None:
    doc.remove_entries(kind, gone)


def _drop_refs(doc: ScenarioDocument, ident: str) -> None:
    """A reinforcement no longer lists a unit or company removed; one left empty goes."""
    for r in doc.entries("reinforcement"):
        arr = r.get("units", [])
        for i in reversed(range(len(arr))):
            if arr[i] == ident:
                del arr[i]
    _drop_entries(doc, "reinforcement", lambda e: len(e.get("units", [1])) == 0)
