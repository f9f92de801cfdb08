"""MechWar 4: the procedures that walk the tables in resources/rulesets/mechwar4."""

from __future__ import annotations

from ...core.ruleset import Ruleset
from ...core.terrain import GameMap
from .los import Mw4Map
from .movement import MoveCheck, check_move
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

    def check_move(self, game, unit_id: str, path) -> MoveCheck:
        """Price and check a path (MW4 8.0), and note who could fire on each hex entered (6.5)."""
        check = check_move(game, unit_id, path)
        if not check.legal:
            return check
        sight = self.sight(game.map, game.night)
        mover = game.units[unit_id]
        enemies = [v for v in game.units.values() if v.on_map and not v.carried_by and v.side != mover.side
                   and game.unit_type(v)["attack"] > 0]
        from ...core.hexgrid import hex_distance
        from ...core.los import Eye
        watchers = {}
        for step in check.steps[1:]:
            who = tuple(v.id for v in enemies if hex_distance(v.hex, step.hex) <= game.unit_type(v)["range"]
                        and sight.line_of_sight(Eye(v.hex), Eye(step.hex)).clear)
            if who:
                watchers[step.hex] = who
        return MoveCheck(check.unit, check.steps, check.allowance, True, stop_at=check.stop_at, watchers=watchers)
