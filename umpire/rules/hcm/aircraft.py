"""Hex Command Mechanized ground attack aircraft in flight (HCM 2.4.3).

Planes move double the speed of vehicles of their weight (the sample catalogue's `movement`
is already doubled) and make no turns unless they are superior aircraft.  Umpire's reading: an
aircraft flies in its side's movement phase a hex of its movement a hex over any terrain, river
or unit; one not `superior` flies straight on along its facing (its first hex sets a facing it
does not have yet); a superior one turns as ground units do, a hex of movement for each hexside
(3.5.2).  Aircraft hold no zone of control, are held by none, take no room in a hex, meet no
mines and are seen by all once flying (4.1: it is on the table).  Their fire is fire_sheet.py's.
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, direction_to, hex_distance
from ...core.rulesystem import MoveCheck, Step
from .setting_out import setting_out

RULE = "HCM 2.4.3"


def is_aircraft(game: Game, u: UnitState) -> bool:
    return game.unit_type(u)["kind"] == "aircraft"


def fly(game: Game, u: UnitState, path: list[Hex], turns_between) -> MoveCheck:
    n = game.map.number
    t = game.unit_type(u)
    limit = float(t["movement"])

    def refuse(reason: str, steps=()) -> MoveCheck:
        return MoveCheck(u.id, tuple(steps), limit, False, reason, RULE)

    start = setting_out(game, u, path)
    if isinstance(start, str):
        return refuse(start)
    if start is None:                                   # 3.4: an arrival, one hex onto the table
        steps, facing = [Step(path[0], 1.0, 1.0, "flies onto the table (3.4)")], None
    else:
        steps, facing = [start], u.marks.facing
    for a, b in zip(path, path[1:]):
        if not game.map.contains(b):
            return refuse(f"{b} is off the map", steps)
        if hex_distance(a, b) != 1:
            return refuse(f"{n(a)} and {n(b)} are not adjacent", steps)
        d = direction_to(a, b)
        turned = turns_between(facing, d) if facing is not None else 0
        if turned and not t.get("superior"):
            return refuse(f"an aircraft makes no turns unless superior: {n(b)} is off its line of flight (2.4.3)",
                          steps)
        steps.append(Step(b, 1.0 + turned, steps[-1].total + 1.0 + turned,
                          "in flight" + (f", turning {turned} hexside(s) (3.5.2)" if turned else "")))
        facing = d
    if steps[-1].total > limit + 1e-9:
        return refuse(f"{n(steps[-1].hex)} is beyond its reach: {steps[-1].total:g} of {limit:g} hexes (2.4.3)", steps)
    return MoveCheck(u.id, tuple(steps), limit, True, marks=u.marks.but(facing=facing))
