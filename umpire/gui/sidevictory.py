"""Turn → Victory Situation in a side's view: the side's own objectives as its report gives them
("Held, as far as we know": its counters there, an enemy contact seen or last seen there), never
the umpire's count -- which named who truly holds hexes the side has never seen, and the hearts
and minds scores the War Blog page keeps from the sides (8.3)."""

from __future__ import annotations

from ..reports.content import objective_status
from ..rules import rule_system


def side_victory_text(game, side: str, view) -> str:
    """What `side` knows of its objectives, from its view (the map it is shown) only."""
    system = rule_system(game.rules)
    n = game.map.number
    lines = [f"{game.side(side).name}'s objectives after turn {game.turn}, as far as it knows "
             "(the count of points is the umpire's: View as Umpire, Ctrl+1):"]
    for v in game.victory:
        if v.side != side:
            continue
        for o in v.objectives:
            said = system.objective_status(game, side, o.hex) or objective_status(view.marks_at(o.hex))
            lines.append(f"  {o.label} ({n(o.hex)}, {o.points} points): {said}")
    if len(lines) == 1:
        lines.append("  none: the scenario gives this side no objectives")
    return "\n".join(lines)
