"""Lock 'n Load Tactical state read from the game.  The rule system's counters on each unit
(`UnitState.marks`):

    shaken        flipped to its Shaken side (5.0 DCT)
    wounded       a wounded single-man counter (5.0 DCT, 11.1.2)
    ops_complete  it used its impulse this turn without moving or firing (4.1, 10.1)

Moved and Fired markers are the core's `moved` and `fired`; the Administrative phase's removal
of markers (9.0) is the core's new turn.
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex

SMC = ("leader", "hero")
MAX_TM = 4                                   # 5.5


def acting_unit(game: Game, params: dict, what: str) -> UnitState:
    """The unit named in a rule action's params: the acting side's, Good Order, not yet acted
    this turn (4.1); else UmpireError naming `what` was tried."""
    from ...core.errors import UmpireError
    side, uid = params.get("side"), params.get("unit")
    u = game.units.get(uid)
    if u is None or u.side != side:
        raise UmpireError(f"{what}: {uid!r} is not a unit of {side}")
    if not good_order(u):
        raise UmpireError(f"{what}: {uid} is not in Good Order")
    if u.moved or u.fired or u.acted:
        raise UmpireError(f"{what}: {uid} has already acted this turn (4.1)")
    return u


def kind(game: Game, u: UnitState) -> str:
    return game.unit_type(u)["kind"]


def shaken(u: UnitState) -> bool:
    return bool(u.marks.get("shaken"))


def good_order(u: UnitState) -> bool:
    return u.on_map and not shaken(u)


def morale(game: Game, u: UnitState) -> int:
    """Its morale, one less for a wounded leader (11.1.2)."""
    return game.unit_type(u)["morale"] - (1 if u.marks.get("wounded") else 0)


def lm(game: Game, u: UnitState, rallied: bool = False) -> int:
    """Leadership modifier: a Good Order leader's (or one that has just `rallied`), less one if
    wounded (11.1.2)."""
    if not u.on_map or (shaken(u) and not rallied):
        return 0
    return max(0, game.unit_type(u)["lm"] - (1 if u.marks.get("wounded") else 0))


def best_leader(game: Game, h: Hex, side: str, exclude: str | None = None) -> int:
    return max((lm(game, u) for u in game.units.values() if u.on_map and u.hex == h and u.side == side
                and u.id != exclude), default=0)


def tm(game: Game, h: Hex) -> int:
    return min(MAX_TM, game.rules.terrain_types[game.map.terrain[h]]["tm"])


def sight_of(game_map, rules, h: Hex) -> str:
    kinds = [rules.terrain_types[game_map.terrain[h]]["sight"]]
    kinds += [rules.overlays[o.kind]["sight"] for o in game_map.overlays_at(h) if o.kind in rules.overlays]
    return "blocking" if "blocking" in kinds else ("degrading" if "degrading" in kinds else "open")


def dct_column(game: Game, u: UnitState) -> str:
    if kind(game, u) == "hero":
        return "shaken_smc_or_hero"
    if kind(game, u) in SMC:
        return "shaken_smc_or_hero" if shaken(u) else "good_smc"
    return "shaken_mmc" if shaken(u) else "good_mmc"


def factors(game: Game, u: UnitState) -> str:
    """The counter's firepower-range-morale (a leader's LM in brackets)."""
    t = game.unit_type(u)
    return f"{t['firepower']}-{t['range']}-{morale(game, u)}" + (f" [{t['lm']}]" if t["lm"] else "")


def strength_text(game: Game, u: UnitState) -> str:
    """What anyone who sees the counter reads: its factors, and its Shaken side when flipped."""
    return factors(game, u) + (" Shaken" if shaken(u) else "")
