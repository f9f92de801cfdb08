"""A side view and its report's tables as JSON, and back (issue 23): what a side package holds
of the side's knowledge, in a form a player's Umpire reads without the game file.

Written from the `SideView` and the side's `Report` only (umpire/reports/content.py), never from
the game: whatever the side does not know is not in them, so it cannot be here.  The JSON is
canonical (sorted keys, hexes in order) so that the same knowledge gives the same bytes.
"""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import UmpireError
from ..core.hexgrid import Grid, Hex, Hexside
from ..core.knowledge import FireMark, ObjectiveMark, SideInfo, SideView, UnitMark, ZoneMark
from ..core.rulesystem import Table
from ..core.terrain import GameMap, Overlay


def _hex(h: Hex | None) -> list[int] | None:
    return None if h is None else [h.q, h.r]


def _unhex(x) -> Hex | None:
    return None if x is None else Hex(int(x[0]), int(x[1]))


def _hexes(hs) -> list[list[int]]:
    return [_hex(h) for h in sorted(hs)]


def map_json(gm: GameMap) -> dict:
    g = gm.grid
    return {"grid": [g.columns, g.rows, g.orientation, g.stagger],
            "terrain": [[h.q, h.r, t] for h, t in sorted(gm.terrain.items())],
            "elevation": [[h.q, h.r, e] for h, e in sorted(gm.elevation.items()) if e],
            "hexsides": [[_hex(s.a), _hex(s.b), {k: _hex(v) for k, v in sorted(f.items())}]
                         for s, f in sorted(gm.hexsides.items())],
            "overlays": sorted(([_hex(o.hex), o.kind, o.side, o.secret, o.detail] for o in gm.overlays),
                                key=lambda x: json.dumps(x))}


def map_from(d: dict) -> GameMap:
    gm = GameMap(Grid(*d["grid"]), {Hex(q, r): t for q, r, t in d["terrain"]},
                 {Hex(q, r): 0 for q, r, _ in d["terrain"]} | {Hex(q, r): e for q, r, e in d["elevation"]})
    for a, b, f in d["hexsides"]:
        gm.hexsides[Hexside(_unhex(a), _unhex(b))] = {k: _unhex(v) for k, v in f.items()}
    gm.overlays = [Overlay(_unhex(h), kind, side, secret, detail) for h, kind, side, secret, detail in d["overlays"]]
    return gm


def _unit(u: UnitMark) -> dict:
    return {"key": u.key, "side": u.side, "hex": _hex(u.hex), "role": u.role, "label": u.label,
            "type_label": u.type_label, "strength": u.strength, "knowledge": u.knowledge, "face_down": u.face_down,
            "turn_seen": u.turn_seen, "company": u.company, "battalion": u.battalion, "seen_by": list(u.seen_by),
            "state": u.state}


def view_json(v: SideView) -> dict:
    return {"viewer": v.viewer, "viewer_name": v.viewer_name, "title": v.title, "turn": v.turn, "turns": v.turns,
            "map": map_json(v.map), "sides": [[s.id, s.name, s.colour] for s in v.sides],
            "units": [_unit(u) for u in sorted(v.units, key=lambda u: u.key)],
            "zones": [[z.id, z.side, z.label, _hexes(z.hexes)] for z in v.zones],
            "fire": [[f.side, f.label, f.turn, _hex(f.target), f.pattern, _hexes(f.zone), _hex(f.landed), f.came]
                     for f in v.fire],
            "objectives": [[_hex(o.hex), o.label, o.points] for o in v.objectives],
            "bands": [list(b) for b in v.bands]}


def view_from(d: dict) -> SideView:
    units = tuple(UnitMark(**{**u, "hex": _unhex(u["hex"]), "seen_by": tuple(u["seen_by"])}) for u in d["units"])
    return SideView(d["viewer"], d["viewer_name"], d["title"], d["turn"], d["turns"], map_from(d["map"]),
                    tuple(SideInfo(*s) for s in d["sides"]), units,
                    tuple(ZoneMark(i, s, label, frozenset(_unhex(h) for h in hs)) for i, s, label, hs in d["zones"]),
                    tuple(FireMark(s, label, t, _unhex(tg), p, frozenset(_unhex(h) for h in z), _unhex(ld), came)
                          for s, label, t, tg, p, z, ld, came in d["fire"]),
                    tuple(ObjectiveMark(_unhex(h), label, pts) for h, label, pts in d["objectives"]),
                    tuple(tuple(b) for b in d["bands"]))


def table_json(t: Table) -> dict:
    return {"title": t.title, "header": list(t.header), "rows": [list(r) for r in t.rows], "empty": t.empty}


def table_from(d: dict) -> Table:
    return Table(d["title"], tuple(d["header"]), [tuple(r) for r in d["rows"]], d["empty"])


def canonical(data: Any) -> bytes:
    """The one byte form of a JSON value: sorted keys, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str).encode("utf-8")


def parse(raw: bytes, where: str) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise UmpireError(f"{where} is not valid JSON: {e}") from None
