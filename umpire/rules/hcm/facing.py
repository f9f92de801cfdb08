"""Facing arithmetic for movement (HCM 3.5, 3.5.2, 2.3.1-2.3.2): hexsides turned, the vehicles'
limits, and a move's turning costs taken back when it ends facing as it began."""

from __future__ import annotations

from ...core.game import Game, UnitState
from ...core.rulesystem import Step
from .state import is_vehicle


def turns_between(a: int, b: int) -> int:
    """Hexsides of turn from facing a to facing b (0-3)."""
    d = abs(a - b) % 6
    return min(d, 6 - d)


def facing_limit(game: Game, u: UnitState) -> int | None:
    """2.3.1-2.3.2: light and soft-skinned vehicles two changes a turn, heavier ones one;
    None for units the text sets no limit on."""
    if not is_vehicle(game, u):
        return None
    t = game.unit_type(u)
    return 2 if t["weight"] in ("VL", "L") or t["armour"] == 0 else 1


def unpriced(steps: list[Step], turn_costs: list[int]) -> list[Step]:
    """The steps with their turning costs taken back (3.5.2)."""
    out = [steps[0]]
    for s, paid in zip(steps[1:], turn_costs[1:]):
        cost = s.cost - paid
        out.append(Step(s.hex, cost, out[-1].total + cost, s.note.split(", turning")[0]))
    return out
