"""Hex Command Mechanized minefields laid and removed (HCM 2.4.2).

Infantry or engineers lay or remove one hex of mines a stand a turn, and the stands doing it
fight no more that turn.  Umpire's reading: a stand that has neither moved nor fought this turn
lays a secret field in its own hex, or removes the field of its own hex, in its side's movement
phase; it is then marked (Marks.mines_turn) so that it does not fire or melee that turn.  A field
laid is secret from the enemy until a unit enters it (2.4.2: announced when entered).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from .state import is_infantry


def _stand(game, params: dict, what: str):
    uid = params.get("unit")
    u = game.units.get(uid)
    if u is None or u.side != params.get("side") or not u.on_map or u.carried_by:
        raise UmpireError(f"{what}: {params.get('side')} has no stand {uid!r} standing on the table")
    if not is_infantry(game, u):
        raise UmpireError(f"{what}: {uid} is not infantry: infantry and engineers handle mines (2.4.2)")
    if u.moved or u.fired or u.acted:
        raise UmpireError(f"{what}: {uid} has already moved or acted this turn (2.4.2)")
    return u


def mined(game, h, side: str) -> bool:
    """A minefield in h that the side knows of: a secret enemy field it has not met is no field
    to it (refusing to lay or remove there would tell of it)."""
    return any(o.kind == "minefield" and o.hex == h and o.known_by(side) for o in game.map.overlays)


def lay(game, params: dict, dice) -> tuple[str, list[Change]]:
    u = _stand(game, params, "lay mines")
    n = game.map.number(u.hex)
    if mined(game, u.hex, u.side):
        raise UmpireError(f"lay mines: {n} is mined already (2.4.2)")
    return f"{u.id} lays mines in {n}", [
        Change("overlay", "minefield", {"q": u.hex.q, "r": u.hex.r, "side": u.side, "secret": True, "detail": "field"}),
        Change("unit", u.id, {"acted": True, "mines_turn": game.turn},
               (f"{u.id} lays a minefield in {n}: it fights no more this turn (2.4.2)",))]


def remove(game, params: dict, dice) -> tuple[str, list[Change]]:
    u = _stand(game, params, "remove mines")
    n = game.map.number(u.hex)
    if not mined(game, u.hex, u.side):
        raise UmpireError(f"remove mines: {u.side} knows of no mines in {n}")
    return f"{u.id} removes the mines in {n}", [
        Change("overlay", "minefield", {"clear": True, "q": u.hex.q, "r": u.hex.r}),
        Change("unit", u.id, {"acted": True, "mines_turn": game.turn},
               (f"{u.id} removes the minefield in {n}: it fights no more this turn (2.4.2)",))]
