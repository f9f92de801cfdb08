"""Rally (HCM 3.9, 3.6, 3.7.19): units with a commander recover; routed stands without one run.

In the rally phase of its half of the turn, each unit of the phasing side that a commander
influences -- the commander in its hex, or with the optional sphere of influence
(`[hcm] sphere = true`, 3.6, 4.5) a commander of Morale 2 next to it -- regains one lost figure
(a stand of infantry), loses one hit marker, and if routed recovers (3.9, 3.7.19).  Then every
routed stand of the side still without a commander runs its full movement toward the rear, and
one that runs off the table is removed (3.7.19).

Readings:
* The rally is the phasing side's, once in each half of the turn, so each side rallies once a
  turn (3.9 and 7.8 do not say whose units rally).
* A routed stand that recovers keeps its facing: the owner turns it as he wishes when it next
  moves (3.5.2: the first facing change of a move).
* "The rear" is the table edge nearest the side's own units on the map (their mean position), so
  nothing about the enemy's hidden positions decides it.  Running ignores terrain costs (a rout is
  at full speed, one hex a movement point) but never enters a hex it could not enter, an enemy's
  hex or a full hex (3.5.6: two items); blocked, it stops.  The enemy zone-of-control and
  destruction cases of 3.7.19 are not modelled.
* The run happens in the rally phase, not at the instant of the rout: the fire rules rout a stand,
  and from then on it runs in each of its side's rally phases until rallied.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, neighbours
from .command import influence
from .state import is_commander, is_dummy, is_infantry, units_at

STACK = 2          # HCM 3.5.6: two items to a hex (commanders apart)


def rally(game: Game, side: str) -> list[Change]:
    """HCM 3.9: what the side's commanders do for the units they influence."""
    sphere = bool(game.rule_state.scenario.get("sphere", False))
    out: list[Change] = []
    for u in _units(game, side):
        c = influence(game, u, sphere)
        if c is None:
            continue
        values: dict = {}
        said = []
        if is_infantry(game, u) and u.steps_lost > 0:
            values["steps_lost"] = u.steps_lost - 1
            said.append("regains a figure")
        if u.marks.routed:
            values["routed"] = False
            said.append("recovers from its rout")
        elif u.marks.hits > 0:
            values["hits"] = u.marks.hits - 1
            said.append("loses a hit marker")
        if values:
            out.append(Change("unit", u.id, values, (f"{u.id}, with {c.id}, {' and '.join(said)} (HCM 3.9)",), side))
    return out


def rear_edge(game: Game, side: str) -> str:
    """The table edge nearest the side's own units: N, S, W or E (our reading of "the rear")."""
    own = [u.hex for u in game.units.values() if u.side == side and u.on_map]
    if not own:
        return "S"
    cols, rows = game.map.grid.columns, game.map.grid.rows
    offsets = [game.map.grid.to_offset(h) for h in own]
    mc = sum(c for c, _ in offsets) / len(offsets)
    mr = sum(r for _, r in offsets) / len(offsets)
    gaps = {"N": mr - 1, "S": rows - mr, "W": mc - 1, "E": cols - mc}
    return min(gaps, key=lambda e: (gaps[e], "NSWE".index(e)))


def _to_edge(game: Game, h: Hex, edge: str) -> int:
    col, row = game.map.grid.to_offset(h)
    return {"N": row - 1, "S": game.map.grid.rows - row, "W": col - 1, "E": game.map.grid.columns - col}[edge]


def _may_enter(game: Game, u: UnitState, h: Hex, moved: dict[str, Hex | None]) -> bool:
    if not game.map.contains(h):
        return False
    here = [x for x in units_at(game, h) if x.id not in moved]
    here += [game.units[x] for x, at in moved.items() if at == h]
    if any(x.side != u.side for x in here):
        return False
    if sum(1 for x in here if not is_commander(game, x)) >= STACK:
        return False
    costs = game.rules.terrain_types.get(game.map.terrain.get(h), {}).get("move", {})
    return costs.get(game.unit_type(u)["move_class"]) is not None


def run(game: Game, u: UnitState, moved: dict[str, Hex | None] | None = None) -> Change | None:
    """HCM 3.7.19: a routed stand runs its full movement toward its rear edge; off the table it is
    removed.  `moved`: where units that ran before it in the same phase went (None: off)."""
    moved = moved or {}
    edge = rear_edge(game, u.side)
    at, path = u.hex, [u.hex]
    for _ in range(int(game.unit_type(u)["movement"])):
        if _to_edge(game, at, edge) == 0:
            return Change("unit", u.id, {"status": "removed", "q": None, "r": None},
                          (f"{u.id}, routed, runs off the table and is removed (HCM 3.7.19)",), u.side)
        steps = sorted((n for n in neighbours(at) if _may_enter(game, u, n, moved)
                        and _to_edge(game, n, edge) < _to_edge(game, at, edge)), key=game.map.number)
        if not steps:
            break
        at = steps[0]
        path.append(at)
    if at == u.hex:
        return None
    where = game.map.number(at)
    return Change("unit", u.id, {"q": at.q, "r": at.r},
                  (f"{u.id}, routed, runs to {where} toward the rear ({edge} edge, HCM 3.7.19)",), u.side)


def rally_phase(game: Game, side: str) -> list[Change]:
    """The rally phase of the side (3.9, 3.7.19): rally, then the routed without a commander run.
    A stand rallied in this phase does not run."""
    out = rally(game, side)
    recovered = {c.key for c in out if c.values.get("routed") is False}
    sphere = bool(game.rule_state.scenario.get("sphere", False))
    moved: dict[str, Hex | None] = {}       # the next runner sees this one where it went
    for u in _units(game, side):
        if u.marks.routed and u.id not in recovered and influence(game, u, sphere) is None:
            change = run(game, u, moved)
            if change is not None:
                out.append(change)
                q = change.values.get("q")
                moved[u.id] = Hex(q, change.values["r"]) if q is not None else None
    return out


def _units(game: Game, side: str) -> list[UnitState]:
    return sorted((u for u in game.units.values() if u.side == side and u.on_map
                   and not is_commander(game, u) and not is_dummy(game, u)), key=lambda u: u.id)
