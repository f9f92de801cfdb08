"""What a suppression level costs a MechWar 4 unit, and who shares it.

* A firer loses attack points for each suppression level: 2 if it is a hard target (7.51) or a
  protected one other than those named in 7.52; 3 for the thin-skinned M113s, BMPs, BRDMs and
  BTR-60s (7.52: the catalogue marks them with `suppression_loss = 3`) and for soft targets (7.6).
* Infantry riding in a carrier shares the carrier's suppression (7.31: buttoning up suppresses
  the mounted infantry with its vehicle; 7.52: passengers are affected as their carrier is).
  Umpire puts the marker on the passengers when the carrier is suppressed (actions.fire), and
  reads a passenger's level as the higher of its own and its carrier's, so that a game saved
  before that change still plays by the rule.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game, UnitState

HARD_LOSS = 2          # MW4 7.51
SOFT_LOSS = 3          # MW4 7.6


def suppression_loss(unit_type: dict[str, Any]) -> tuple[int, str]:
    """(attack points lost a suppression level, the rule) for a unit type."""
    named = unit_type.get("suppression_loss")
    if named is not None:
        return named, "MW4 7.52"
    if unit_type["target"] == "soft":
        return SOFT_LOSS, "MW4 7.6"
    return HARD_LOSS, "MW4 7.51" if unit_type["target"] == "hard" else "MW4 7.51, 7.52"


def suppression_of(game: Game, unit: UnitState) -> int:
    """The unit's suppression level, a passenger's at least its carrier's (7.31, 7.52)."""
    level = unit.marks.suppression
    carrier = game.units.get(unit.carried_by or "")
    if carrier is not None:
        level = max(level, carrier.marks.suppression)
    return level


def passengers_sharing(game: Game, carrier_id: str, outside: set[str]) -> list[str]:
    """The passengers a carrier's suppression falls on: those riding it, except riders who took
    the shot on their own (9.2, 9.52-9.55)."""
    return sorted(v.id for v in game.units.values() if v.carried_by == carrier_id and v.id not in outside)
