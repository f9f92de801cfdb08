"""What reading a game file relies on, checked as it is read.

A game file is a database anyone may edit by hand (sqlite3, a club server's console).  What play
takes for granted -- a unit's type is one of the rule system's, every hex lies on the map, every
side, battalion, company and unit named exists, statuses and numbers are ones play writes -- is
checked here, so that a damaged file is refused in one line naming the table, the row and the
problem by every command, not met as a crash half-way through one.

`check_static` covers what play never changes; db.py keeps its verdict with the cached static
part (db._STATIC), so it runs once per file.  `check_state` covers what play changes, each time
a game is read: a pass over rows just read, little next to reading them.  A rule system adds
checks of its own procedures (its phases, its command codes) to GAME_CHECKS.
"""

from __future__ import annotations

import difflib
import math
from typing import Any, Callable, Iterable

from ..errors import GameFileError
from ..game import CONTACT_STATUSES, PLOT_PATTERNS, UNIT_STATUSES, Game
from ..hexgrid import Grid, Hex, hex_distance
from ..limits import CONCENTRATION, COUNT, ELEVATION, MAP_SIDE, POINTS, STRENGTH, TURNS, out_of_range
from ..ruleset import Ruleset
from ..traits import Traits

# fn(game) -> [(place, problem)]: a rule system's checks of a game as read (rules/__init__.py)
GAME_CHECKS: list[Callable[[Game], Iterable[tuple[str, str]]]] = []

SUPPORT_KINDS = ("artillery", "rocket", "mortar", "air")


def _fail(place: str, problem: str) -> None:
    raise GameFileError(problem, place=place)


def unknown(kind: str, value: Any, known: Iterable[str]) -> str:
    """"unknown unit type 'x' (known: a, b)": every name when the list is short, else the nearest."""
    names = sorted(str(k) for k in known)
    if len(names) <= 12:
        return f"unknown {kind} {value!r} (known: {', '.join(names) or 'none'})"
    close = difflib.get_close_matches(str(value), names, n=3)
    some = f"the nearest: {', '.join(close)}" if close else f"{', '.join(names[:6])}..."
    return f"unknown {kind} {value!r} ({len(names)} known; {some})"


class _Checks:
    def __init__(self, grid: Grid, rules: Ruleset, family: type[Traits] = Traits) -> None:
        self.grid = grid
        self.rules = rules
        self.family = family

    def hex(self, h: Any, place: str, what: str = "hex") -> None:
        """h, if given, is a hex of the map (its coordinates may be anything a hand put there)."""
        if h is None:
            return
        q, r = (h.q, h.r) if isinstance(h, Hex) else (h, None)
        if isinstance(q, bool) or isinstance(r, bool) or not isinstance(q, int) or not isinstance(r, int):
            _fail(place, f"{what} q={q!r}, r={r!r} is not a hex")
        if not self.grid.contains(h):
            col, row = self.grid.to_offset(h)
            _fail(place, f"{what} q={q}, r={r} (column {col}, row {row}) is off the map "
                         f"(columns 1-{self.grid.columns}, rows 1-{self.grid.rows})")

    @staticmethod
    def number(value: Any, bounds: tuple[int, int], place: str, what: str) -> None:
        if problem := out_of_range(value, bounds):
            _fail(place, f"{what} {problem}")

    def traits(self, kind: str, record: Any, place: str) -> None:
        """The record's traits, their types checked as read (db._traits), by the rule system's
        own tables (core.traits)."""
        for _key, problem in self.family.problems(self.rules, kind, record):
            _fail(place, problem)

    @staticmethod
    def one_of(value: Any, known: Iterable[Any], place: str, what: str, optional: bool = False) -> None:
        if not (optional and value is None) and value not in known:
            _fail(place, unknown(what, value, known))


def check_static(part: dict, grid: Grid, rules: Ruleset, turns: Any, family: type[Traits] = Traits) -> None:
    """The map, the order of battle's frame, zones, reinforcements and victory conditions
    (db._static_part's dict) fit the game's map and rule system (`family`: its traits).
    GameFileError if not."""
    c = _Checks(grid, rules, family)
    for what, value in (("columns", grid.columns), ("rows", grid.rows)):
        c.number(value, MAP_SIDE, "game_info", what)
    c.number(turns, TURNS, "game_info", "turns")
    terrain, elevation = part["terrain"], part["elevation"]
    for h, kind in terrain.items():
        place = f"map_hex q={h.q}, r={h.r}"
        c.hex(h, place)
        c.one_of(kind, rules.terrain_types, place, "terrain")
        c.number(elevation[h], ELEVATION, place, "elevation")
    if len(terrain) != grid.columns * grid.rows:
        missing = next(h for h in grid.hexes() if h not in terrain)
        _fail("map_hex", f"the map has no row for hex {grid.number(missing)}")
    for side, kind, high in part["hexsides"]:
        place = f"map_hexside {kind!r} q={side.a.q}, r={side.a.r} / q={side.b.q}, r={side.b.r}"
        c.hex(side.a, place)
        c.hex(side.b, place)
        c.one_of(kind, rules.hexside_features, place, "hexside feature")
        if hex_distance(side.a, side.b) != 1 or high not in (None, side.a, side.b):
            _fail(place, "not a hexside: its hexes are not next to each other, or its high side is neither")
    sides = {s.id for s in part["sides"]}
    for s in part["sides"]:
        c.traits("side", s, f"side {s.id!r}")
    battalions = {b.id: b for b in part["battalions"]}
    for b in part["battalions"]:
        place = f"battalion {b.id!r}"
        c.one_of(b.side, sides, place, "side")
        c.one_of(b.parent, battalions, place, "parent battalion", optional=True)
        c.traits("battalion", b, place)
    for co in part["companies"]:
        c.one_of(co.battalion, battalions, f"company {co.id!r}", "battalion")
        c.traits("company", co, f"company {co.id!r}")
    for z in part["zones"]:
        c.one_of(z.side, sides, f"zone {z.id!r}", "side")
        for h in z.hexes:
            c.hex(h, f"zone {z.id!r}")
    for i, r in enumerate(part["reinforcements"], start=1):
        place = f"reinforcement #{i}"
        c.one_of(r.side, sides, place, "side")
        c.number(r.turn, (1, turns), place, "turn")
        c.traits("reinforcement", r, place)
        for h in r.entry:
            c.hex(h, place, "entry hex")
    for i, v in enumerate(part["victory"], start=1):
        place = f"victory #{i}"
        c.one_of(v.side, sides, place, "side")
        for o in v.objectives:
            c.hex(o.hex, f"{place} objective {o.label!r}")
            c.number(o.points, POINTS, f"{place} objective {o.label!r}", "points")
        for h in v.exit_hexes:
            c.hex(h, place, "exit hex")
        c.number(v.exit_points, POINTS, place, "exit points")


def check_state(game: Game, family: type[Traits] = Traits) -> None:
    """Units, contacts, overlays, plots, commands and supports as play left them name what
    exists, on the map, with known statuses and numbers in range (`family`: the rule system's
    traits).  GameFileError if not."""
    c = _Checks(game.map.grid, game.rules, family)
    sides = set(game.side_ids())
    battalions = {b.id: b for b in game.battalions}
    companies = {co.id: co for co in game.companies}
    units, types = game.units, game.rules.unit_types
    place = "game_info"
    c.number(game.turn, (1, game.turns), place, "turn")
    c.one_of(game.first_player, sides, place, "first_player side")
    c.one_of(game.active_side, sides, place, "active side", optional=True)
    for s in game.passed:
        c.one_of(s, sides, place, "side (passed)")
    for u in units.values():
        place = f"unit {u.id!r}"
        c.one_of(u.type, types, place, "unit type")
        c.one_of(u.side, sides, place, "side")
        c.one_of(u.battalion, battalions, place, "battalion")
        if battalions[u.battalion].side != u.side:
            _fail(place, f"its battalion {u.battalion!r} is of side {battalions[u.battalion].side!r}, not {u.side!r}")
        c.one_of(u.company, companies, place, "company", optional=True)
        if u.company is not None and companies[u.company].battalion != u.battalion:
            _fail(place, f"its company {u.company!r} is not of its battalion {u.battalion!r}")
        c.one_of(u.status, UNIT_STATUSES, place, "status")
        c.traits("unit", u, place)
        c.one_of(u.carried_by, units, place, "carrier", optional=True)
        c.hex(u.hex, place)
        for h in u.path:
            c.hex(h, place, "path hex")
        c.number(u.steps_lost, (0, types[u.type]["steps"]), place, "steps_lost")
        if not isinstance(u.mp_spent, (int, float)) or not 0 <= u.mp_spent < math.inf:
            _fail(place, f"mp_spent must be a number of movement points, 0 or more, got {u.mp_spent!r}")
    for (side, uid), ct in game.contacts.items():
        place = f"contact of {side!r} for {uid!r}"
        c.one_of(side, sides, place, "side")
        c.one_of(uid, units, place, "unit")
        c.one_of(ct.status, CONTACT_STATUSES, place, "status")
        c.hex(ct.hex, place)
        c.number(ct.turn, (1, game.turns), place, "turn")
    overlays = game.rules.overlays
    for i, o in enumerate(game.map.overlays, start=1):
        place = f"overlay #{i} ({o.kind!r})"
        c.hex(o.hex, place)
        c.one_of(o.kind, overlays, place, "overlay")
        c.one_of(o.side, sides, place, "side", optional=True)
        for s in o.known_to:                   # the other sides that know of a secret marker
            c.one_of(s, sides, place, "side it is known to")
    supports = {a.id for a in (*game.artillery, *game.air)}
    for a, kind, count in ([(a, a.kind, a.concentrations) for a in game.artillery]
                           + [(a, "air", a.strikes) for a in game.air]):
        place = f"support {a.id!r}"
        c.one_of(a.side, sides, place, "side")
        c.one_of(kind, SUPPORT_KINDS, place, "kind")
        c.number(count, COUNT, place, "count")
        c.number(a.strength, STRENGTH, place, "strength")
        c.number(a.from_turn, (1, game.turns), place, "from_turn")
        c.traits(kind if kind == "air" else "artillery", a, place)
    for p in game.plots:
        place = f"plot turn {p.turn} of {p.side!r}: {p.support!r} #{p.concentration}"
        c.one_of(p.side, sides, place, "side")
        c.one_of(p.support, {*supports, *units}, place, "support")
        c.number(p.turn, (1, game.turns), place, "turn")
        c.number(p.concentration, CONCENTRATION, place, "concentration")
        c.one_of(p.pattern, PLOT_PATTERNS, place, "pattern")
        c.hex(p.target, place, "target hex")
        if p.impact is not None:          # the umpire's impact hex: {q, r, reason}
            q, r = (p.impact.get("q"), p.impact.get("r")) if isinstance(p.impact, dict) else (p.impact, None)
            c.hex(Hex(q, r), place, "impact hex")
    for (turn, cid), (_code, named) in game.commands.items():
        place = f"command turn {turn} for {cid!r}"
        c.one_of(cid, companies, place, "company")
        c.number(turn, (1, game.turns), place, "turn")
        c.hex(named, place, "the hex it names")
    for i, r in enumerate(game.reinforcements, start=1):
        for uid in r.units:
            c.one_of(uid, units, f"reinforcement #{i}", "unit")
    for b in game.battalions:
        c.one_of(b.hq, units, f"battalion {b.id!r}", "hq unit", optional=True)
    for check in GAME_CHECKS:
        for place, problem in check(game):
            _fail(place, problem)
