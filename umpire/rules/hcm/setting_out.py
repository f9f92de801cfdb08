"""Where a move sets out (HCM 3.4, 3.5): the checks every mover's path shares -- ground units'
(movement.py) and aircraft's (aircraft.py) -- before each prices its steps its own way."""

from __future__ import annotations

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex
from ...core.rulesystem import Step
from ..botkit import entry_problem


def setting_out(game: Game, u: UnitState, path: list[Hex]) -> str | Step | None:
    """Why the path may not begin where it does (a reason), the start Step of a unit on the
    map, or None for a reinforcement that may come on at path[0] (3.4): the caller prices
    that entry, a ground unit by the terrain, an aircraft at one hex."""
    if u.status == "off_map":
        problem = entry_problem(game, u, path[0])
        return f"{problem} (3.4)" if problem else None
    if not u.on_map:
        return f"it is {u.status.replace('_', ' ')}"
    if path[0] != u.hex:
        return f"the path must start in its hex, {game.map.number(u.hex)}"
    return Step(u.hex, 0.0, 0.0, "start")
