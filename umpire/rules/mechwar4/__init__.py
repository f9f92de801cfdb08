"""MechWar 4: the procedures that walk the tables in resources/rulesets/mechwar4."""

from __future__ import annotations

from ...core.ruleset import Ruleset
from ...core.terrain import GameMap
from .los import Mw4Map
from .spotting import Spotter


class RuleSystem:
    name = "mechwar4"

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def sight(self, game_map: GameMap, night: bool = False) -> Mw4Map:
        """The map prepared for line-of-sight questions (rebuild it when overlays change)."""
        return Mw4Map(game_map, self.ruleset, night)

    def spotter(self, game) -> Spotter:
        return Spotter(game, self.sight(game.map, game.night))

    def spot(self, game, roll):
        """Each side's sightings now: {side: {unit id: (observer ids, rule)}} (core.engine)."""
        spotter = self.spotter(game)
        out = {}
        for side in game.side_ids():
            rep = spotter.spot_side(side, roll)
            out[side] = {uid: (s.observers, s.rule) for uid, s in rep.seen.items()}
        return out
