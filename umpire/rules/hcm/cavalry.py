"""Hex Command Mechanized cavalry mounting and dismounting (HCM 2.2.1).

Cavalry are mounted infantry moving 5 hexes; mounting and dismounting cost nothing, but a stand
that dismounts into combat scatters its horses (Marks.horses_away, set by the melee rules).
Umpire's reading: in a movement phase (or its group's activation) a cavalry stand dismounts
(Marks.on_foot: it moves at infantry speed) or mounts again, free, before or instead of moving.
Mounting with the horses scattered rolls 1d6 once for all the side's cavalry with scattered
horses in that hex: on 5-6 the horses are back and they mount; otherwise they stay on foot.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from .state import kind

HORSES_BACK = 5           # 2.2.1: 5-6


def _stand(game, params: dict, what: str):
    uid = params.get("unit")
    u = game.units.get(uid)
    if u is None or u.side != params.get("side") or not u.on_map or u.carried_by:
        raise UmpireError(f"{what}: {params.get('side')} has no cavalry stand {uid!r} on the table")
    if kind(game, u) != "cavalry":
        raise UmpireError(f"{what}: {uid} is not cavalry (2.2.1)")
    if u.moved:
        raise UmpireError(f"{what}: {uid} has moved this turn: it mounts or dismounts before moving (2.2.1)")
    return u


def dismount(game, params: dict, dice) -> tuple[str, list[Change]]:
    u = _stand(game, params, "dismount")
    if u.marks.on_foot or u.marks.horses_away:
        raise UmpireError(f"dismount: {u.id} is on foot already")
    return f"{u.id} dismounts", [Change("unit", u.id, {"on_foot": True}, (f"{u.id} dismounts (2.2.1)",))]


def mount(game, params: dict, dice) -> tuple[str, list[Change]]:
    u = _stand(game, params, "mount")
    if not (u.marks.on_foot or u.marks.horses_away):
        raise UmpireError(f"mount: {u.id} is mounted already")
    if not u.marks.horses_away:
        return f"{u.id} mounts", [Change("unit", u.id, {"on_foot": False}, (f"{u.id} mounts (2.2.1)",))]
    group = sorted(v.id for v in game.units.values() if v.on_map and v.hex == u.hex and v.side == u.side
                   and kind(game, v) == "cavalry" and v.marks.horses_away)
    roll = dice.roll(f"horses of {', '.join(group)}: back on {HORSES_BACK}-6 (2.2.1)", 1, 6).total
    if roll < HORSES_BACK:
        return f"the horses of {', '.join(group)} are still scattered", [
            Change("note", None, {}, (f"{', '.join(group)} roll {roll} for their horses: still scattered (2.2.1)",))]
    return f"{', '.join(group)} mount", [
        Change("unit", v, {"horses_away": False, "on_foot": False},
               (f"{v}'s horses are back: it mounts (2.2.1, rolled {roll})",)) for v in group]
