"""Reading a scenario's order of battle: sides, battalions (and the brigades or regiments above
them), companies and their units, each entry on its own -- one refused, the next is read -- and
then the references between them (a parent, an HQ, a carrier)."""

from __future__ import annotations

import re
from typing import Any

from .oob import Battalion, Company, Scenario, Side, Unit
from .scenario_reader import ScenarioReader, suggest

# Counter colours of sides a scenario gives none, in order: distinct at a glance, a third side
# (partisans, a neutral) included, and unlike the terrain's greens and browns.
# a battalion's own colour, as #rrggbb
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")

SIDE_COLOURS = ("#3060c0", "#c03030", "#7b3fa0", "#d07a00", "#00838f", "#5d4037")

def read_oob(rd: ScenarioReader, data: dict, sc: Scenario) -> None:
    rules = sc.rules
    sides = rd.list_of_tables(data, "side")
    if len(sides) < 2:
        rd.fail(f"a scenario needs at least two [[side]] entries, found {len(sides)}", needle="[[side]]")
    ids: dict[str, str] = {}   # every id in the order of battle -> what it is

    def claim(ident: str, what: str, place: str) -> None:
        if ident in ids:
            rd.fail(f"duplicate id {ident!r} (already used by a {ids[ident]})", place=place,
                    needle=f'"{ident}"', after=None)
        ids[ident] = what

    given = {str(s.get("colour")).lower() for s in sides if isinstance(s, dict) and s.get("colour")}
    free = [c for c in SIDE_COLOURS if c not in given]     # a side without a colour takes the next unused
    for i, s in enumerate(sides, start=1):
        with rd.going_on(s, "side"):
            place = f"[[side]] #{i}"
            rd.keys(s, {"id", "name", "colour", "deploy"} | rd.declared("side"), {"id", "name"}, place,
                    anchor="[[side]]")
            sid = rd.text_of(s, "id", place)
            place, anchor = f'[[side]] "{sid}"', f'id = "{sid}"'
            claim(sid, "side", place)
            colour = s.get("colour") or (free.pop(0) if free else SIDE_COLOURS[(i - 1) % len(SIDE_COLOURS)])
            side = Side(sid, rd.text_of(s, "name", place), colour, s.get("deploy"),
                        rd.traits(s, "side", place, anchor))
            rd.trait_problems("side", side, place, anchor)
            sc.sides.append(side)
    if not sc.sides:
        rd.stop_if_any()        # no side read: nothing after can be checked
    side_ids = {s.id for s in sc.sides}

    battalion_of: dict[str, Battalion] = {}
    for b in rd.list_of_tables(data, "battalion"):
        bat = None
        with rd.going_on(b, "battalion"):
            rd.keys(b, {"id", "side", "name", "hq", "parent", "deploy", "units", "colour"} | rd.declared("battalion"),
                    {"id", "side"}, "[[battalion]]", anchor="[[battalion]]")
            bid = rd.text_of(b, "id", "[[battalion]]")
            place, anchor = f'[[battalion]] "{bid}"', f'id = "{bid}"'
            claim(bid, "battalion", place)
            if b["side"] not in side_ids:
                rd.unless_refused(b["side"], "side")
                rd.fail(f"unknown side {b['side']!r}{suggest(b['side'], side_ids)}", place=place,
                        needle="side =", after=anchor)
            colour = b.get("colour")
            if colour is not None and not (isinstance(colour, str) and COLOUR.fullmatch(colour)):
                rd.fail(f"colour {colour!r} is not a colour: write it as \"#rrggbb\" (\"#7b3fa0\" is purple)",
                        place=place, needle="colour =", after=anchor)
                colour = None
            bat = Battalion(bid, b["side"], b.get("name", bid), b.get("hq"), b.get("deploy"), b.get("parent"),
                            rd.traits(b, "battalion", place, anchor), colour)
            rd.trait_problems("battalion", bat, place, anchor)
            battalion_of[bid] = bat
            sc.battalions.append(bat)
        if bat is not None:
            _read_units(rd, b.get("units", []), sc, claim, place, anchor, bat, None)
        else:
            _refuse_units(rd, b)

    for c in rd.list_of_tables(data, "company"):
        comp = None
        with rd.going_on(c, "company"):
            rd.keys(c, {"id", "battalion", "name", "deploy", "units"} | rd.declared("company"), {"id"},
                    "[[company]]", anchor="[[company]]")
            cid = rd.text_of(c, "id", "[[company]]")
            place, anchor = f'[[company]] "{cid}"', f'id = "{cid}"'
            claim(cid, "company", place)
            if "battalion" not in c:
                rd.fail("company has no battalion: every company belongs to a [[battalion]]",
                        place=place, needle=anchor)
            bat = battalion_of.get(c["battalion"])
            if bat is None:
                rd.unless_refused(c["battalion"], "battalion")
                rd.fail(f"battalion {c['battalion']!r} is not defined"
                        f"{suggest(c['battalion'], battalion_of)}", place=place,
                        needle="battalion =", after=anchor)
            comp = Company(cid, bat.id, c.get("name", cid), c.get("deploy"), rd.traits(c, "company", place, anchor))
            rd.trait_problems("company", comp, place, anchor)
            sc.companies.append(comp)
        if comp is not None:
            _read_units(rd, c.get("units", []), sc, claim, place, anchor, bat, comp)
        else:
            _refuse_units(rd, c)

    for bat in sc.battalions:
        if bat.parent is None:
            continue
        with rd.going_on():
            place, anchor = f'[[battalion]] "{bat.id}"', f'id = "{bat.id}"'
            up = battalion_of.get(bat.parent)
            if up is None:
                rd.unless_refused(bat.parent, "battalion")
            if up is None or up.side != bat.side or up.id == bat.id:
                rd.fail(f"parent {bat.parent!r} must be another [[battalion]] of the same side: the brigade or "
                        f"regiment it belongs to{suggest(bat.parent, battalion_of)}", place=place,
                        needle="parent =", after=anchor)
            if up.parent is not None:
                rd.fail(f"parent {bat.parent!r} has a parent of its own: one level of brigade or regiment above "
                        "battalions", place=place, needle="parent =", after=anchor)
    units = {u.id: u for u in sc.units}
    for bat in sc.battalions:
        if bat.hq is not None:
            hq = units.get(bat.hq)
            if hq is None and rd.was_refused(bat.hq, "unit"):
                continue
            if hq is None or hq.battalion != bat.id or hq.company is not None:
                rd.note(f"hq {bat.hq!r} must be one of the battalion's own units (listed under the "
                        "battalion, not in a company)", place=f'[[battalion]] "{bat.id}"',
                        needle="hq =", after=f'id = "{bat.id}"')
    for u in sc.units:
        if u.carried_by is None:
            continue
        with rd.going_on():
            carrier = units.get(u.carried_by)
            where = f'unit "{u.id}"'
            if carrier is None:
                rd.unless_refused(u.carried_by, "unit")
                rd.fail(f"carried_by {u.carried_by!r} is not a unit", place=where, needle=f'"{u.id}"')
            if rules.unit_types[carrier.type]["carries"] < 1:
                rd.fail(f"{carrier.id} ({rules.unit_types[carrier.type]['label']}) cannot carry units",
                        place=where, needle=f'"{u.id}"')
            if carrier.hex != u.hex or carrier.side != u.side:
                rd.fail(f"must be in the same hex as its carrier {carrier.id}", place=where,
                        needle=f'"{u.id}"')
    if rd.refused or rd.nameless:      # a side's refused entries may be the units it has
        return
    for s in sc.sides:
        if not any(u.side == s.id for u in sc.units):
            rd.note(f"side {s.id!r} has no units", place=f'[[side]] "{s.id}"', needle=f'"{s.id}"')


def _read_units(rd: ScenarioReader, entries: Any, sc: Scenario, claim: Any, place: str, anchor: str,
                bat: Battalion, comp: Company | None) -> None:
    """Each unit of a battalion or company read on its own: one refused, the next is read."""
    if not isinstance(entries, list):
        rd.note("units must be a list like [ { id = \"A1\", type = \"...\", hex = \"0101\" } ]",
                place=place, needle="units", after=anchor)
        return
    for u in entries:
        with rd.going_on(u, "unit"):
            _read_unit(rd, u, sc, claim, place, anchor, bat, comp)


def _refuse_units(rd: ScenarioReader, entry: Any) -> None:
    """The units of a battalion or company refused are not read: a reference to one later in the
    file is no problem of its own."""
    units = entry.get("units") if isinstance(entry, dict) else None
    for u in units if isinstance(units, list) else []:
        if isinstance(u, dict) and isinstance(u.get("id"), str):
            rd.refused.add(u["id"])


def _read_unit(rd: ScenarioReader, u: Any, sc: Scenario, claim: Any, place: str, anchor: str,
               bat: Battalion, comp: Company | None) -> None:
    types = sc.rules.unit_types
    rd.keys(u, {"id", "type", "hex", "name", "carried_by"} | rd.declared("unit"), {"id", "type"},
            f"{place} units", anchor=anchor)
    uid = rd.text_of(u, "id", f"{place} units")
    uplace = f'{place} unit "{uid}"'
    claim(uid, "unit", uplace)
    if u["type"] not in types:
        rd.fail(f"unknown unit type {u['type']!r}{suggest(u['type'], types)} (known: {', '.join(types)})",
                place=uplace, needle=f'"{u["type"]}"', after=anchor)
    h = rd.hex_of(sc.map, u["hex"], uplace, anchor) if "hex" in u else None
    if h is not None:
        move = types[u["type"]]["move_class"]
        terrain = sc.rules.terrain_types[sc.map.terrain[h]]
        if terrain["move"].get(move) is None:
            rd.fail(f"{types[u['type']]['label']} cannot stand in {terrain['label'].lower()} "
                    f"hex {u['hex']}", place=uplace, needle=f'"{uid}"', after=anchor)
    unit = Unit(uid, u["type"], bat.side, bat.id, comp.id if comp else None, h, u.get("name", ""),
                u.get("carried_by"), rd.traits(u, "unit", uplace, anchor, needle=f'"{uid}"'))
    rd.trait_problems("unit", unit, uplace, anchor, needle=f'"{uid}"')
    sc.units.append(unit)
