"""The Regrouping phase (MW4 4.1 E) and the Regroup command (19.14 RGC): partial-strength
platoons of one company that spent the turn in the same hex recombine into one unit.

Who may regroup, as Umpire reads 4.1 E and 19.14:
* two or more units of the same side, company and type (19.14: "of the same type"), on the map
  in one hex and not riding a carrier, each of them down at least a step (partial strength);
* none of them moved or fired this turn (4.1 E: no MOVE or FIRE marker) -- so each began the
  turn in that hex, as 4.1 E asks;
* if the side gave the company a command this turn (the Command rules, 19.1), that command is
  Regroup (RGC); a company with no command this turn plays by 4.1 E alone;
* together they have no more steps than one full-strength unit (4.1 E): Umpire refuses a
  regroup that would waste steps rather than throw the surplus away.

The unit named first takes the combined steps and keeps its own markers -- the owner chooses the
recombined unit's status by which unit he names first (19.14); the others leave play ("removed":
not losses, so neither victory points nor morale count them).  The journal lines are the
side's own: the enemy learns of a regroup only by what it sees on the map afterwards.
"""

from __future__ import annotations

from itertools import combinations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState

PHASE = "regroup"
COMMAND = "regroup"


def problem(game: Game, units: list[UnitState]) -> str | None:
    """Why these units may not regroup now, or None (4.1 E, 19.14)."""
    if game.phase != PHASE:
        return "units regroup only in the Regrouping phase (MW4 4.1 E)"
    if len(units) < 2:
        return "name two or more units to regroup (MW4 4.1 E)"
    first = units[0]
    n = game.map.number
    for u in units:
        if not u.on_map or u.carried_by:
            return f"{u.id} is not on the map on its own (MW4 4.1 E)"
        if u.side != first.side or u.company != first.company or u.company is None:
            return f"{u.id} is not of {first.id}'s company: only platoons of one company regroup (MW4 4.1 E, 19.14)"
        if u.type != first.type:
            return f"{u.id} is not of {first.id}'s type (MW4 19.14)"
        if u.hex != first.hex:
            return f"{u.id} is in {n(u.hex)}, not in {n(first.hex)} with {first.id} (MW4 4.1 E)"
        if not u.steps_lost:
            return f"{u.id} is at full strength: only units that have taken losses regroup (MW4 4.1 E, 19.14)"
        if u.moved or u.fired:
            return f"{u.id} {'moved' if u.moved else 'fired'} this turn (MW4 4.1 E)"
    command = game.command_of(first)
    if command is not None and command != COMMAND:
        return f"{first.company}'s command this turn is {command}, not Regroup (MW4 19.14 RGC)"
    full = game.unit_type(first)["steps"]
    left = sum(full - u.steps_lost for u in units)
    if left > full:
        return f"together they have {left} steps, more than a full-strength unit's {full} (MW4 4.1 E)"
    return None


def partners(game: Game, unit: str) -> tuple[str, ...]:
    """What `unit` may take in now, for the form's choice: each set of units in its hex with
    which `problem` finds nothing wrong, as "A2" or "A2, A3" (4.1 E, 19.14).  Only the side's
    own units are named."""
    u = game.units.get(unit)
    if u is None or not u.on_map:
        return ()
    mates = sorted(v.id for v in game.units.values() if v.id != u.id and v.on_map and v.hex == u.hex
                   and v.side == u.side and v.company == u.company and v.type == u.type)
    out = []
    for n in range(1, len(mates) + 1):
        for group in combinations(mates, n):
            if problem(game, [u] + [game.units[x] for x in group]) is None:
                out.append(", ".join(group))
    return tuple(out)


def cannot_regroup(game: Game, u: UnitState) -> str | None:
    """Why `u` cannot regroup now, or None: the window greys the entry and says this."""
    if game.phase != PHASE:
        return "units regroup only in the Regrouping phase (MW4 4.1 E)"
    if not u.steps_lost:
        return f"{u.id} is at full strength (MW4 4.1 E, 19.14)"
    if not partners(game, u.id):
        mates = [v for v in game.units.values() if v.id != u.id and v.on_map and v.hex == u.hex
                 and v.side == u.side and v.company == u.company and v.type == u.type]
        if u.on_map and mates:        # the reason the first of them gives
            return problem(game, [u, mates[0]])
        return f"no other partial platoon of {u.id}'s company and type shares its hex (MW4 4.1 E)"
    return None


def regroup(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """The action: `unit` takes in the units of `with` (4.1 E, 19.14)."""
    ids = [params.get("unit")] + [x for x in (params.get("with") or []) if x != params.get("unit")]
    missing = [x for x in ids if x not in game.units]
    if missing:
        raise UmpireError(f"regroup: no unit {missing[0]!r}")
    units = [game.units[x] for x in ids]
    why = problem(game, units)
    if why:
        raise UmpireError(f"{ids[0]} cannot regroup: {why}")
    first, others = units[0], units[1:]
    full = game.unit_type(first)["steps"]
    left = sum(full - u.steps_lost for u in units)
    where = game.map.number(first.hex)
    out = [Change("unit", first.id, {"steps_lost": full - left},
                  (f"{first.id} regroups with {', '.join(u.id for u in others)} in {where}: "
                   f"{left}/{full} steps (MW4 4.1 E, 19.14)",), first.side)]
    for u in others:
        out.append(Change("unit", u.id, {"status": "removed", "q": None, "r": None},
                          (f"  {u.id} is absorbed into {first.id} (MW4 4.1 E)",), u.side))
    return f"{first.id} regroups in {where}: {left}/{full} steps", out
