"""MechWar 4: the procedures that walk the tables in resources/rulesets/mechwar4."""

from __future__ import annotations

from ...core.ruleset import Ruleset
from ...core.terrain import GameMap
from .los import Mw4Map


class RuleSystem:
    name = "mechwar4"

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def sight(self, game_map: GameMap, night: bool = False) -> Mw4Map:
        """The map prepared for line-of-sight questions (rebuild it when overlays change)."""
        return Mw4Map(game_map, self.ruleset, night)
