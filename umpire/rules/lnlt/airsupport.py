"""Lock 'n Load Tactical air support (19.1): a scenario's [[air]] (strength its firepower,
strikes how many it flies) called by a Good Order leader or scout on a hex in his line of sight.

The aircraft does not roll to hit (19.1): it attacks the hex as off-board artillery does
(18.2's procedure, which the aid's summary gives to mortars, artillery and aircraft alike): 1d6
+ its firepower against 1d6 + the hex's target modifier -- each vehicle its own roll, adding its
lowest armour -- and every unit struck checks damage.  One strike is one hex (our reading of "a
number of hexes": a strike a hex).  It is the caller's impulse (Ops Complete).  Anti-aircraft
fire at the aircraft, and the aircraft as a target (19.1.1), are not here.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game
from . import pickup
from .artillery import attack_hex
from .state import SPOTTERS, acting_unit, good_order, kind


def strikes_left(game: Game, support) -> int:
    return support.strikes - int(game.support_used.get(support.id, {}).get("strikes", 0))


def ready(game: Game, side: str, support_id: str | None = None) -> list:
    return [a for a in game.air if a.side == side and a.from_turn <= game.turn and strikes_left(game, a) > 0
            and support_id in (None, a.id)]


def may_call(game: Game, u) -> bool:
    return (kind(game, u) in SPOTTERS and u.on_map and good_order(u) and not (u.moved or u.fired or u.acted)
            and bool(ready(game, u.side)))


def strike(game: Game, sight, params: dict, dice) -> tuple[str, list]:
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
    out: dict = {u.id: {"acted": True, "ops_complete": True}}
    lines = [f"Air support: {support.label} called by {u.id} on {n} (LnLT 19.1), firepower {support.strength}, "
             "no roll to hit"]
    # What the strike did in the hex is also the struck side's to read (19.1, as 18.2's fire is):
    # those lines name no caller and no aircraft -- only the hex, its own units and the dice.
    here = [v for v in game.units.values() if v.on_map and v.hex == h and not v.carried_by]
    struck = sorted({v.side for v in here} - {u.side})
    seen = [f"An air strike falls on {n} (LnLT 19.1)"]
    seen += [f"Defenders: {k} unit{'s' if k != 1 else ''} of {game.side(s).name}"
             for s in struck if (k := sum(1 for v in here if v.side == s))]
    extra = attack_hex(game, h, support.strength, dice, out, seen, u.side)
    first = next((x.strip() for x in seen if x.startswith(f"  {n}")), f"{n}: nobody there")
    seen.append(f"Result: air strike on {first} (19.1)")
    pickup.fate_of_carried(game, out)
    used = dict(game.support_used.get(support.id, {}))
    used["strikes"] = int(used.get("strikes", 0)) + 1
    changes = [Change("note", "", {}, tuple(lines)), Change("note", "", {}, tuple(seen), [u.side, *struck] if struck else None),
               Change("support", support.id, {"used": used})]
    changes += [Change("unit", k, v) for k, v in out.items() if v] + extra
    return f"{u.id} calls {support.label} on {n}", changes
