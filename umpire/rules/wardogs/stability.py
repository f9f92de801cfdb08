"""Wardogs stability (Wardogs p. 11, Table 2; p. 7 steps 2 and 5): the check, its failure, and
standing up again.

Readings:
* p. 11: a d10 plus Table 2 (stability.toml, read as documented there), the pilot's skill
  (units.toml [skill.*]: regular 0 and green -1 are printed) and the unit's equipment (its record
  sheet's `stability`).  A result of 1 fails; Umpire reads a result below 1 as failing too.
* A failure: a mecha falls, a vehicle goes out of control (both `fallen`: no moving or firing
  until it recovers), an aircraft crashes (crash.py).  A mecha falling over falls its own height
  (the example of p. 11: a 10 m mecha falls 10 m) and takes the fall's damage (crash.py).
* p. 11: standing up is a new check at 2 MP; back up, the unit has half of what MP were left
  (rounded down).  It may try again while 2 MP remain.  Step 2 of p. 7 has fallen units try
  before other movement: Umpire offers the attempt as a unit's turn in the Movement phase (the
  text lets players change this order).
* p. 7 step 8: targets hit by fire check as damage ends, -1 a hit (`after_fire`, for the fire
  modules).  Umpire's reading: infantry never check (p. 10 exempts them from landing checks, and
  a squad has nothing to fall over).
* p. 7 step 5: the checks owed for landings and mine hits (`checks` on the marks) are rolled as
  the Stability phase begins, in unit order.
"""

from __future__ import annotations

import math

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.play.rule_actions import unit_action
from . import crash
from .state import kind, traits

RULE = "Wardogs p. 11"
STAND_COST = 2


def table2(game: Game) -> dict[str, dict]:
    return game.rules.tables["stability"].section("entry")


def modifiers(game: Game, u: UnitState, reasons: tuple[str, ...] = ()) -> list[tuple[str, int]]:
    """What is added to the d10: each Table 2 reason (a key of stability.toml, once for each
    time it is listed), the pilot's skill and the unit's equipment."""
    out = []
    for key in reasons:
        row = table2(game)[key]
        out.append((f"{row['label'].lower()}, Table 2", row["modifier"]))
    skill = traits(u).skill
    skill_mod = game.rules.tables["units"].section("skill")[skill]["stability"]
    if skill_mod:
        out.append((f"{skill} pilot", skill_mod))
    gear = game.unit_type(u)["stability"]
    if gear:
        out.append(("equipment", gear))
    return out


def passes(result: int) -> bool:
    """p. 11: a result of 1 fails (and, Umpire's reading, anything below it)."""
    return result > 1


def check(game: Game, u: UnitState, dice, reasons: tuple[str, ...] = (), why: str = "") -> tuple[bool, str]:
    """A stability check: whether it stands, and the journal line."""
    mods = tuple(modifiers(game, u, reasons))
    roll = dice.roll(f"{u.id} stability check{', ' + why if why else ''} ({RULE})", 1, 10, mods)
    ok = passes(roll.total)
    return ok, f"{roll.describe()}: {'stays up' if ok else 'fails'} ({RULE}, Table 2)"


def failure(game: Game, u: UnitState, dice) -> list[Change]:
    """p. 11: what a failed check does -- a mecha falls (and takes its fall), a vehicle goes out
    of control, an aircraft crashes."""
    k = kind(game, u)
    if k == "cas" or (u.marks.flying and k != "infantry"):
        return crash.crash(game, u, dice, "a failed stability check in flight")
    if k == "mecha":
        out = [Change("unit", u.id, {"fallen": True, "flying": False, "altitude": 0},
                      (f"{u.id} falls ({RULE})",), u.side)]
        return out + crash.fall(game, u, dice, 2.0 * game.unit_type(u)["size"])
    if k == "infantry":
        return []                      # infantry are exempt (p. 10)
    return [Change("unit", u.id, {"fallen": True}, (f"{u.id} goes out of control: no moving or firing until it recovers ({RULE})",), u.side)]


def owed(game: Game, dice) -> list[Change]:
    """p. 7 step 5: every check owed for a landing or a mine hit, rolled now."""
    out: list[Change] = []
    for u in sorted(game.units.values(), key=lambda u: u.id):
        if u.status != "on_map" or not u.marks.checks:
            continue
        reasons = tuple(r for r in u.marks.checks if r in table2(game))
        ok, line = check(game, u, dice, reasons, ", ".join(u.marks.checks))
        out.append(Change("unit", u.id, {"checks": ()}, (line,), u.side))
        if not ok:
            out += failure(game, u, dice)
    return out


def after_fire(game: Game, dice, hits: dict[str, int]) -> list[Change]:
    """p. 7 step 8: each target hit by fire makes a stability check as the damage phase ends,
    -1 for each hit (Table 2); for the fire modules to call with {unit id: hits taken}."""
    out: list[Change] = []
    for uid in sorted(hits):
        u = game.units[uid]
        if u.status != "on_map" or not hits[uid] or kind(game, u) == "infantry":
            continue
        ok, line = check(game, u, dice, ("fire_hit",) * hits[uid], f"{hits[uid]} hit(s) by fire")
        out.append(Change("note", uid, {}, (line,), u.side))
        if not ok:
            out += failure(game, u, dice)
    return out


def stand_up(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """p. 11: a fallen unit tries to stand (or regain control) at 2 MP; up, it has half the rest."""
    uid = params.get("unit")
    u = game.units.get(uid)
    if u is None or u.side != params.get("side") or not u.on_map:
        raise UmpireError(f"stand_up: {params.get('side')} has no unit {uid!r} on the table")
    if not u.marks.fallen:
        raise UmpireError(f"stand_up: {uid} is standing ({RULE})")
    if u.moved:
        raise UmpireError(f"stand_up: {uid} has already moved this turn")
    mp = float(game.unit_type(u)["air_mp"] if u.marks.flying else game.unit_type(u)["mp"])
    if u.mp_spent + STAND_COST > mp:
        raise UmpireError(f"stand_up: {uid} has {mp - u.mp_spent:g} MP left; an attempt costs {STAND_COST} ({RULE})")
    spent = u.mp_spent + STAND_COST
    ok, line = check(game, u, dice, (), "standing up")
    if not ok:
        return f"{uid} stays down", [Change("unit", uid, {"mp_spent": spent}, (line,))]
    half = u.marks.but(fallen=False, half_mp=True)
    left = math.floor((mp - spent) / 2)
    return f"{uid} is back up with {left:g} MP", [Change("unit", uid, {"mp_spent": spent, "marks": half},
                                                         (line, f"  {uid} has {left:g} MP left, half the rest ({RULE})"))]


ACTIONS = {
    "stand_up": unit_action("stand_up", "Stand up (a fallen unit)", stand_up, rule=RULE,
                            open=lambda game: game.phase in ("movement", "infantry"), when="only in a movement phase",
                            help="A fallen mecha or an out-of-control vehicle tries to recover: 2 MP and a stability "
                                 "check; up, it moves with half the MP left (p. 11).",
                            fits=lambda game, u: u.on_map and u.marks.fallen),
}
