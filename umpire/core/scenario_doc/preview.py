"""What the editor draws: the scenario as it stands, as the umpire would see it at set-up --
the map, every unit set up on it, the zones and objectives -- built even while the scenario has
problems (a unit of an unknown type is still drawn, as "?"), so that the organizer sees what
the file says while fixing it.  The editor is the organizer's, who knows every side's secrets:
this view is never a side's and is never printed for one."""

from __future__ import annotations

from typing import Any

from ..errors import ScenarioError
from ..hexgrid import Hex
from ..knowledge import UMPIRE, ObjectiveMark, SideInfo, SideView, UnitMark, ZoneMark
from ..scenario_map import read_map
from ..terrain import GameMap, Overlay
from ..zones import resolve_zone
from .document import ScenarioDocument
from .oob_edit import units

PALETTE = ("#2f5fb3", "#b3312f", "#2e7d32", "#8e24aa", "#ef6c00", "#00838f")


def game_map(doc: ScenarioDocument, rules: Any) -> GameMap | None:
    """The map as far as it can be read (None: its size or grids are broken)."""
    def fail(problem: str, **_: Any) -> None:
        raise ScenarioError(problem)
    try:
        return read_map(doc.data().get("map"), rules, fail, lambda *a, **k: None)
    except (ScenarioError, ValueError, TypeError, KeyError):
        return None


def editor_view(doc: ScenarioDocument, rules: Any) -> SideView | None:
    m = game_map(doc, rules)
    if m is None:
        return None
    data = doc.data()
    for mf in data.get("minefield", []):        # the organizer sees every side's mines, secret or not
        for number in mf.get("hexes", []) if isinstance(mf, dict) else []:
            h = _hex(m, number)
            if h is not None:
                m.overlays.append(Overlay(h, "minefield", str(mf.get("side")), bool(mf.get("secret", True)),
                                          str(mf.get("type"))))
    sides = tuple(SideInfo(str(s.get("id")), str(s.get("name", s.get("id"))),
                           str(s.get("colour", PALETTE[i % len(PALETTE)])))
                  for i, s in enumerate(data.get("side", [])) if isinstance(s, dict))
    side_of_battalion = {b.get("id"): b.get("side") for b in data.get("battalion", []) if isinstance(b, dict)}
    battalion_of_company = {c.get("id"): c.get("battalion") for c in data.get("company", []) if isinstance(c, dict)}
    types = rules.unit_types
    marks = []
    for owner_kind, owner, u in units(doc):
        h = _hex(m, u.get("hex"))
        if h is None or u.get("carried_by"):
            continue
        battalion = owner if owner_kind == "battalion" else battalion_of_company.get(owner)
        t = types.get(str(u.get("type")), {"role": "unknown", "label": "?"})
        marks.append(UnitMark(key=str(u.get("id")), side=str(side_of_battalion.get(battalion, "")), hex=h,
                              role=t.get("role", "unknown"), label=str(u.get("id")), type_label=t.get("label", "?"),
                              strength="", knowledge="truth", company=owner if owner_kind == "company" else None,
                              battalion=battalion))
    zones = []
    for z in data.get("zone", []):
        try:
            hexes = resolve_zone(m.grid, z)
        except (ValueError, TypeError, KeyError, AttributeError):
            continue        # the problems list names it
        zones.append(ZoneMark(str(z.get("id")), str(z.get("side")), str(z.get("label", z.get("id"))), hexes))
    objectives = {}
    for v in data.get("victory", []):
        for o in v.get("objectives", []) if isinstance(v, dict) else []:
            h = _hex(m, o.get("hex")) if isinstance(o, dict) else None
            if h is not None and isinstance(o.get("points", 0), int):
                objectives[h] = ObjectiveMark(h, str(o.get("label", "")), o.get("points", 0))
    head = data.get("scenario", {})
    turns = head.get("turns") if isinstance(head.get("turns"), int) else 1
    return SideView(UMPIRE, "Organizer", str(head.get("title", "New scenario")), 0, turns, m, sides,
                    tuple(marks), tuple(zones), objectives=tuple(objectives.values()))


def _hex(m: GameMap, number: Any) -> Hex | None:
    try:
        h = m.grid.parse(str(number))
    except ValueError:
        return None
    return h if m.contains(h) else None
