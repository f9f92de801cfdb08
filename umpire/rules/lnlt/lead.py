"""A leader's impulse in Lock 'n Load Tactical (4.0, step 1): a Good Order leader activates
its own hex and the hexes next to it, and the units of all of them act in that one impulse.

It is the unit action "lead": it opens the impulse (kept in the game-wide state as `impulse`:
side, turn, hexes) and takes no action of the leader's own -- the leader then moves or fires
with its hex like the others.  While the impulse is open the side acts on (the core's
`impulse_goes_on`) and only units of those hexes act; it closes when none of them is left to
act, or when the side passes (`impulse_end`).

Readings: each activated hex acts as its own stack (6.0: the units of a hex move together),
one action after another; fire still comes from one hex at a time (5.2).  A leader that has
already acted this turn activates nothing.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex
from .state import Impulse, acting_unit, kind

LEADERS = ("leader",)


def open_hexes(game: Game, side: str) -> list[Hex] | None:
    """The hexes of the side's open leader's impulse, or None."""
    imp = game.rule_state.impulse
    if imp is None or imp.side != side or imp.turn != game.turn:
        return None
    hexes = imp.activated
    return hexes if waiting(game, side, hexes) else None


def waiting(game: Game, side: str, hexes: list[Hex]) -> list[UnitState]:
    """Units of those hexes still to act this turn (not a weapon, not riding aboard)."""
    return [u for u in game.units.values() if u.side == side and u.on_map and u.hex in hexes and not u.carried_by
            and kind(game, u) != "support_weapon" and not (u.moved or u.fired or u.acted)]


def outside(game: Game, side: str, unit_ids) -> str | None:
    """Why these units may not act now: the side's leader's impulse is open and they stand
    outside its hexes; else None."""
    hexes = open_hexes(game, side)
    if hexes is None:
        return None
    away = [x for x in unit_ids if x in game.units and game.units[x].hex not in hexes]
    if not away:
        return None
    leader = game.rule_state.impulse.leader
    return (f"{away[0]} is outside {leader}'s impulse: the units of {game.map.number(hexes[0])} and the hexes "
            "next to it act now, or pass to end it (4.0)")


def is_leader(game: Game, u) -> bool:
    """Whether `u` may open a leader's impulse (4.0): the Unit menu offers it to leaders only."""
    return kind(game, u) in LEADERS and u.on_map


def lead(game: Game, params: dict) -> tuple[str, list[Change]]:
    u = acting_unit(game, params, "leader's impulse")
    if kind(game, u) not in LEADERS:
        raise UmpireError(f"leader's impulse: {u.id} is not a leader (4.0)")
    if open_hexes(game, u.side) is not None:
        raise UmpireError("leader's impulse: one is already open: its units act, or pass to end it (4.0)")
    hexes = [u.hex] + [h for h in game.map.on_map_neighbours(u.hex)]
    n = game.map.number
    ready = waiting(game, u.side, hexes)
    others = sorted({n(v.hex) for v in ready if v.hex != u.hex})
    if not others:
        raise UmpireError(f"leader's impulse: no unit of {game.side(u.side).name} next to {n(u.hex)} is left to act "
                          "-- activate the hex by acting with its units (4.0)")
    line = f"{u.id} activates {n(u.hex)} and the hexes next to it: {', '.join(others)} (4.0)"
    impulse = Impulse(side=u.side, turn=game.turn, leader=u.id, hexes=tuple((h.q, h.r) for h in hexes))
    return f"{u.id} leads {n(u.hex)} and {', '.join(others)}", [Change("game", "state", {"impulse": impulse},
                                                                       (line,))]


def end(game: Game, side: str) -> list[Change]:
    """A pass while the impulse is open closes it."""
    if open_hexes(game, side) is None:
        return []
    return [Change("game", "state", {"impulse": None},
                   (f"{game.rule_state.impulse.leader}'s impulse ends (4.0)",))]
