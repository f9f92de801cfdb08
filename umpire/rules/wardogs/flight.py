"""Wardogs flight, passengers and cover (Wardogs pp. 10, 13): taking off and landing, runways,
squads loading into a carrier, cover declared inside a building.

Readings:
* p. 10: taking off is declared as the unit's movement begins: Umpire makes it the unit's turn
  in the Movement phase, and the unit moves by its air MP in a later turn of the phase.  A unit
  without VTOL needs a straight runway of 1.5 x size hexes (rounded up) ahead of its front; Umpire
  reads a runway as hexes of clear ground (terrain.toml `clear`) or road, all on the map.
* p. 11: a unit that stood up this turn may not take off.
* The text gives no altitudes: Umpire keeps a flying unit `altitude` levels (5 m) up, 2 (10 m)
  unless the player says; it sees and is seen from that height (spotting.py).
* p. 10: a landing in starred terrain of Table 1 calls for a stability check at step 5 (p. 7),
  landing in forest with Table 2's -2; infantry and close air support are exempt.  A unit without
  VTOL landing with no runway ahead crashes (p. 10: a landing without the gear for the terrain).
* p. 10: jet assisted and partial flight last one turn: a unit in partial flight still up when
  the Movement phase ends lands where it is.
* p. 10: a squad loads when it ends its movement in the hex of a friendly carrier with room
  (the `load` action in the Infantry phase); it unloads at the end of the carrier's move (the
  move's `dismount`, or `unload` where it stands).
* p. 13: a unit inside a building taller than itself declares partial or total cover at the end
  of the movement phase; the declaration is its own side's secret until it shows in the fire.
"""

from __future__ import annotations

import math

from ...core.actionspec import ActionField
from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.hexgrid import DIRECTIONS
from ...core.play.rule_actions import unit_action
from . import crash
from .state import height_m, kind

RULE = "Wardogs p. 10"
DEFAULT_ALTITUDE = 2


def runway_hexes(size: int) -> int:
    """p. 10: 1.5 x size hexes (a size 4 jet: 6), rounded up."""
    return math.ceil(1.5 * size)


def runway_problem(game: Game, u: UnitState) -> str | None:
    """Why there is no runway straight ahead of its front (None: there is one, or it needs none)."""
    t = game.unit_type(u)
    if t["vtol"]:
        return None
    need = runway_hexes(t["size"])
    step = DIRECTIONS[u.marks.facing or 0]
    h = u.hex
    for _ in range(need):
        h = h + step
        if not game.map.contains(h):
            return f"a runway of {need} hexes ahead runs off the map ({RULE})"
        if not game.rules.terrain_types[game.map.terrain[h]]["clear"]:
            return f"a runway of {need} hexes ahead crosses {game.map.number(h)}, not clear ground ({RULE})"
    return None


def _own(game: Game, params: dict, what: str) -> UnitState:
    uid = params.get("unit")
    u = game.units.get(uid)
    if u is None or u.side != params.get("side") or not u.on_map or u.carried_by:
        raise UmpireError(f"{what}: {params.get('side')} has no unit {uid!r} standing on the table")
    return u


def take_off(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    u = _own(game, params, "take_off")
    t = game.unit_type(u)
    if not t["air_mp"]:
        raise UmpireError(f"take_off: a {t['label']} does not fly ({RULE})")
    if u.marks.flying or u.marks.fallen or u.moved:
        raise UmpireError(f"take_off: {u.id} is already flying, down or has moved ({RULE})")
    if u.marks.half_mp:
        raise UmpireError(f"take_off: {u.id} stood up this turn: no flight until next turn (Wardogs p. 11)")
    problem = runway_problem(game, u)
    if problem:
        raise UmpireError(f"take_off: {problem}")
    up = int(params.get("altitude") or DEFAULT_ALTITUDE)
    return f"{u.id} takes off", [Change("unit", u.id, {"flying": True, "altitude": up},
                                        (f"{u.id} takes off to {up * 5} m ({RULE})",), u.side)]


def landing(game: Game, u: UnitState, dice) -> list[Change]:
    """The changes of a landing where it is: the check owed, or a crash without a runway."""
    n = game.map.number(u.hex)
    if runway_problem(game, u):
        return crash.crash(game, u, dice, f"landing without a runway in {n}")
    t = game.rules.terrain_types[game.map.terrain[u.hex]]
    checks = u.marks.checks
    if t["starred"] and kind(game, u) not in ("cas", "infantry"):
        checks = checks + ("forest_landing" if t["forest"] else "landing",)
    line = f"{u.id} lands in {n}" + (f", {t['label'].lower()}: a stability check at step 5 (Wardogs Table 1)"
                                     if len(checks) > len(u.marks.checks) else "")
    return [Change("unit", u.id, {"flying": False, "altitude": 0, "checks": checks}, (line,), u.side)]


def land(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    u = _own(game, params, "land")
    if not u.marks.flying:
        raise UmpireError(f"land: {u.id} is not flying")
    return f"{u.id} lands", landing(game, u, dice)


def partial_landings(game: Game, dice) -> list[Change]:
    """p. 10: at the Movement phase's end, units in partial flight come down where they are."""
    out: list[Change] = []
    for u in sorted(game.units.values(), key=lambda u: u.id):
        if u.on_map and u.marks.flying and game.unit_type(u)["flight"] == "partial":
            out += landing(game, u, dice)
    return out


def load(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    u = _own(game, params, "load")
    if kind(game, u) != "infantry":
        raise UmpireError(f"load: only infantry squads ride in carriers ({RULE}, infantry transport)")
    cid = params.get("carrier")
    c = game.units.get(cid)
    if c is None or c.side != u.side or not c.on_map or c.hex != u.hex:
        raise UmpireError(f"load: no friendly carrier {cid!r} in {game.map.number(u.hex)} ({RULE}, infantry transport)")
    aboard = sum(1 for v in game.units.values() if v.carried_by == cid)
    if aboard >= game.unit_type(c)["carries"]:
        raise UmpireError(f"load: {cid} has room for {game.unit_type(c)['carries']} squad(s) and no more ({RULE})")
    return f"{u.id} loads into {cid}", [Change("unit", u.id, {"carried_by": cid, "acted": True},
                                               (f"{u.id} loads into {cid} ({RULE}, infantry transport)",))]


def unload(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """p. 10: a carrier sets its squads down in its hex at the end of its movement (one that moves
    unloads with its move's `dismount`); they move as usual next turn."""
    c = _own(game, params, "unload")
    riders = sorted(v.id for v in game.units.values() if v.carried_by == c.id)
    if not riders:
        raise UmpireError(f"unload: {c.id} carries nobody ({RULE}, infantry transport)")
    n = game.map.number(c.hex)
    return f"{', '.join(riders)} unload from {c.id}", [
        Change("unit", r, {"carried_by": None, "q": c.hex.q, "r": c.hex.r, "status": "on_map", "moved": True},
               (f"{r} unloads from {c.id} in {n} ({RULE}, infantry transport)",)) for r in riders]


def declare_cover(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    u = _own(game, params, "cover")
    want = params.get("cover") or ""
    levels = game.rules.terrain_types[game.map.terrain[u.hex]]["building_levels"]
    if want and 5 * levels <= height_m(game, u):
        raise UmpireError(f"cover: {u.id} ({height_m(game, u):g} m) is not inside a building taller than itself "
                          "(Wardogs p. 13)")
    said = want or "no cover"
    return f"{u.id} declares {said}", [Change("unit", u.id, {"cover": want},
                                              (f"{u.id} declares {said} inside the building (Wardogs p. 13)",), u.side)]


def _moving(game) -> bool:
    return game.phase in ("movement", "infantry")


ACTIONS = {spec.name: spec for spec in (
    unit_action("take_off", "Take off", take_off, rule=RULE, open=lambda g: g.phase == "movement",
                fields=(ActionField("altitude", "Altitude (5 m levels)", required=False, kind="number"),),
                when="only in the Movement phase", help="Take off into flight: a runway of 1.5 x size hexes ahead "
                                                          "unless VTOL; the unit then moves by its air MP (p. 10).",
                fits=lambda g, u: u.on_map and bool(g.unit_type(u)["air_mp"]) and not u.marks.flying),
    unit_action("land", "Land", land, rule=RULE, open=_moving, when="only in a movement phase",
                help="Land where it is: a runway ahead unless VTOL; starred terrain calls for a stability check (p. 10).",
                fits=lambda g, u: u.on_map and u.marks.flying),
    unit_action("load", "Load into a carrier", load, rule=RULE, open=lambda g: g.phase == "infantry",
                fields=(ActionField("carrier", "Carrier", kind="unit"),), when="only in the Infantry movement phase",
                help="A squad in the hex of a friendly carrier with room gets in (p. 10).",
                fits=lambda g, u: u.on_map and kind(g, u) == "infantry"),
    unit_action("unload", "Unload squads", unload, rule=RULE, open=lambda g: g.phase == "movement",
                when="only in the Movement phase",
                help="A carrier sets its squads down in its hex; they move next turn (p. 10).",
                fits=lambda g, u: u.on_map and any(v.carried_by == u.id for v in g.units.values())),
    unit_action("cover", "Declare cover in a building", declare_cover, rule="Wardogs p. 13",
                open=lambda g: g.phase in ("movement", "defensive", "infantry"),
                fields=(ActionField("cover", "Cover", choices=("partial", "total", "")),),
                when="only at the end of movement",
                help="Inside a building taller than the unit: partial cover (it may fire) or total (no sight out).",
                fits=lambda g, u: u.on_map and bool(g.rules.terrain_types[g.map.terrain[u.hex]]["building_levels"])),
)}
