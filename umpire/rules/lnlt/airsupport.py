"""Lock 'n Load Tactical air support (19.1) and its aircraft as targets (19.1.1): a scenario's
[[air]] (strength its firepower, strikes how many it flies) called by a Good Order leader or
scout on a hex in his line of sight.

The call (the action "air_support", the caller's impulse: Ops Complete) brings the aircraft over
the hex: a counter of the caller's side (units.toml `fixed_wing`, vehicles.toml `aircraft`, a
sample) paused there, as a unit paused mid-move is, so that the enemy may fire at it before it
attacks (19.1.1, our reading of "fixed-wing aircraft" as targets: anti-aircraft fire is fire out
of turn, as opportunity fire is, 5.3).  Only guided anti-aircraft ordnance (ordnance.toml `aa`)
fires at it, at +2 on the OFT (19.1.1), then penetration against its armour (14.1, "Ordnance vs
armored vehicle and aircraft"): higher destroys it -- it crashes as a helicopter does, a 6-firepower
attack where it falls; equal, or a failed morale check when lower, damages it: it aborts and the
strike is lost.  The call is always paused, whether or not the enemy has anti-aircraft there, so
that the caller learns nothing of the enemy by it.  When the caller's side halts the aircraft
(`umpire halt`, the window's Halt), the strike falls (`deliver`): no roll to hit (19.1) -- it
attacks the hex as off-board artillery does (18.2's procedure, which the aid's summary gives to
mortars, artillery and aircraft alike): 1d6 + its firepower against 1d6 + the hex's target
modifier, each vehicle its own roll adding its lowest armour, and every unit struck checks
damage.  One strike is one hex (our reading of "a number of hexes": a strike a hex).  The
aircraft then leaves the map.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game
from . import pickup
from .artillery import attack_hex
from .state import SPOTTERS, acting_unit, aircraft, good_order, kind

AIRCRAFT_TYPE = "fixed_wing"          # units.toml: the counter put over the hex (a sample)


def strikes_left(game: Game, support) -> int:
    return support.strikes - int(game.support_used.get(support.id, {}).get("strikes", 0))


def ready(game: Game, side: str, support_id: str | None = None) -> list:
    return [a for a in game.air if a.side == side and a.from_turn <= game.turn and strikes_left(game, a) > 0
            and support_id in (None, a.id)]


def cannot_call(game: Game, u) -> str | None:
    """Why this unit may not call air support now (19.1), or None when it may -- the window greys
    its entry with the reason."""
    if kind(game, u) not in SPOTTERS:
        return "a leader or scout calls air support (19.1)"
    if not u.on_map or not good_order(u):
        return f"{u.id} is not in Good Order on the map (19.1)"
    if u.moved or u.fired or u.acted:
        return f"{u.id} has already acted this turn (4.1)"
    if game.phase == "rally":
        return "only as an impulse of the Operations phase (4.0)"
    if not ready(game, u.side):
        return f"{game.side(u.side).name} has no air support to call this turn (19.1)"
    return None


def may_call(game: Game, u) -> bool:
    return cannot_call(game, u) is None


def inbound(game: Game, side: str | None = None) -> list:
    """Aircraft over their target, waiting for the enemy's anti-aircraft fire (19.1.1)."""
    return [u for u in game.units.values() if u.paused and u.on_map and aircraft(game, u)
            and side in (None, u.side)]


def strike(game: Game, sight, params: dict, dice) -> tuple[str, list]:
    """The call: the aircraft comes over the hex, paused for the enemy's fire (19.1.1)."""
    u = acting_unit(game, params, "air support")
    if kind(game, u) not in SPOTTERS:
        raise UmpireError(f"air support: {u.id} calls none: a leader or scout does (19.1)")
    supports = ready(game, u.side, params.get("support"))
    if not supports:
        raise UmpireError(f"air support: {game.side(u.side).name} has no air support to call now (19.1)")
    support = supports[0]
    try:
        h = game.map.grid.parse(params.get("hex"))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"air support: {e}") from None
    n = game.map.number(h)
    if sight.degrading(u.hex, h) is None:
        raise UmpireError(f"air support: {n} is out of {u.id}'s line of sight (19.1)")
    plane = pickup.free_id(game, "aircraft")
    used = dict(game.support_used.get(support.id, {}))
    used["strikes"] = int(used.get("strikes", 0)) + 1
    lines = (f"Air support: {support.label} called by {u.id} on {n} (LnLT 19.1), firepower {support.strength}, "
             "no roll to hit",
             f"  {plane} comes over {n}: the enemy's anti-aircraft may fire at it first (19.1.1); halt it to let "
             "the strike fall")
    return f"{u.id} calls {support.label} on {n}", [
        Change("unit", u.id, {"acted": True, "ops_complete": True}),
        Change("unit", plane, {"new_like": u.id, "type": AIRCRAFT_TYPE, "name": support.label, "q": h.q, "r": h.r,
                               "moved": True, "paused": True, "strike": support.id}),
        Change("support", support.id, {"used": used}), Change("note", "", {}, lines)]


def deliver(game: Game, plane, dice) -> list[Change]:
    """The aircraft halted over its hex: the strike falls (19.1), then it leaves the map.  What
    the strike did in the hex is also the struck side's to read (19.1, as 18.2's fire is): those
    lines name no caller and no aircraft -- only the hex, its own units and the dice."""
    support = next((a for a in game.air if a.id == plane.marks.strike), None)
    h = plane.hex
    n = game.map.number(h)
    # off the map; it keeps its hex, where the core's halt says it ended
    gone = Change("unit", plane.id, {"status": "removed", "paused": False},
                  (f"{plane.id} leaves the map after its strike (19.1)",))
    if support is None:
        return [gone]
    out: dict = {}
    here = [v for v in game.units.values() if v.on_map and v.hex == h and not v.carried_by and not aircraft(game, v)]
    struck = sorted({v.side for v in here} - {plane.side})
    seen = [f"An air strike falls on {n} (LnLT 19.1)"]
    seen += [f"Defenders: {k} unit{'s' if k != 1 else ''} of {game.side(s).name}"
             for s in struck if (k := sum(1 for v in here if v.side == s))]
    extra = attack_hex(game, h, support.strength, dice, out, seen, plane.side)
    first = next((x.strip() for x in seen if x.startswith(f"  {n}")), f"{n}: nobody there")
    seen.append(f"Result: air strike on {first} (19.1)")
    pickup.fate_of_carried(game, out)
    return [Change("note", "", {}, tuple(seen), [plane.side, *struck] if struck else None)] + \
        [Change("unit", k, v) for k, v in out.items() if v] + extra + [gone]


def aircraft_hit(game: Game, plane, a, d, dice, out: dict, lines: list, extra: list[Change]) -> str:
    """14.1, 19.1.1: an aircraft hit.  Penetration higher than its armour (or a 6 against a 1)
    destroys it: it crashes, a 6-firepower attack where it falls (as a helicopter, DCT); equal,
    it is damaged and aborts; lower, a morale check less the difference -- failed, damaged and
    aborting, passed no effect.  A 1 against a 6 is a dud.  Aborting, its strike is lost."""
    if a.faces[0] == 1 and d.faces[0] == 6:
        result, how = "No Effect", "a 1 against a 6: a dud"
    elif (a.faces[0] == 6 and d.faces[0] == 1) or a.total > d.total:
        result, how = "Destroyed", "a 6 against a 1: catastrophic" if a.faces[0] == 6 and d.faces[0] == 1 else "penetrates"
    elif a.total == d.total:
        result, how = "Damaged", "equal: damaged"
    else:
        from .damage import morale_check
        result = "No Effect" if morale_check(game, plane, dice, lines, less=d.total - a.total) else "Damaged"
        how = f"short by {d.total - a.total}: morale check"
    lines.append(f"Result: {a.total} against {d.total} on {plane.id} -- {how}: {result.lower()} (14.1, 19.1.1)")
    n = game.map.number(plane.hex)
    if result == "Damaged":
        out.setdefault(plane.id, {}).update(status="removed", q=None, r=None)
        lines.append(f"  {plane.id} is damaged and aborts: its strike on {n} is lost (19.1.1)")
    elif result == "Destroyed":
        from .helicopter import crash
        changes, _where = crash(game, plane, dice, out, lines)     # the aid's "aircraft crash 6-FP attack"
        extra += changes
        out.setdefault(plane.id, {}).update(status="destroyed", q=None, r=None)
        lines.append(f"  {plane.id} is shot down: its strike on {n} is lost (19.1.1)")
    return f"AA fire hits the aircraft over {n}: {result.lower()}"
