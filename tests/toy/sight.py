"""Toy Skirmish sight (rule 5): who sees whom, and the sight line the umpire's tools draw."""

from __future__ import annotations

from umpire.core.game import Game
from umpire.core.hexgrid import Hex, hex_distance
from umpire.core.los import Eye, LosResult, crossing

RULE = "Toy 5"
HAZE = 2            # the option visibility = "haze": nobody sees further


class Sight:
    """The map made ready for sight lines: a line is blocked by a woods or town hex between its
    ends, or by a hex between them higher than both ends.  The end hexes never block."""

    def __init__(self, game_map, rules) -> None:
        self.map = game_map
        self.rules = rules

    def _blocks(self, h: Hex) -> bool:
        return bool(self.rules.terrain_types[self.map.terrain[h]]["blocks_sight"]) or any(
            self.rules.overlays.get(o.kind, {}).get("blocks_sight") for o in self.map.overlays_at(h))

    def line_of_sight(self, a: Eye, b: Eye) -> LosResult:
        line = crossing(a.hex, b.hex)
        ends = (a.hex, b.hex)
        hexes = tuple(t.hex for t in line.touches if t.kind == "through" or t.hex in ends)
        top = max(self.map.elevation.get(a.hex, 0), self.map.elevation.get(b.hex, 0))
        rng = hex_distance(a.hex, b.hex)
        for t in line.touches:
            if t.hex in ends or t.kind != "through":
                continue
            if self.map.elevation.get(t.hex, 0) > top:
                return LosResult(False, a.hex, b.hex, rng, hexes, blocker=t.hex, rule=RULE,
                                 reason="higher ground than both ends")
            if self._blocks(t.hex):
                return LosResult(False, a.hex, b.hex, rng, hexes, blocker=t.hex, rule=RULE, reason="woods or town")
        return LosResult(True, a.hex, b.hex, rng, hexes)


def reach(game: Game, unit) -> int:
    """How many hexes away the unit sees: its type's sight, two at most in haze."""
    seen = game.unit_type(unit)["sight"]
    return min(seen, HAZE) if game.option("visibility") == "haze" else seen


def sees(game: Game, sight: Sight, observer, where: Hex) -> bool:
    """An enemy next to the observer is always seen; further, within its reach along a clear line."""
    d = hex_distance(observer.hex, where)
    return d <= 1 or (d <= reach(game, observer) and sight.line_of_sight(Eye(observer.hex), Eye(where)).clear)


def observers(game: Game, side: str) -> list:
    """The side's units that look out: on the map, not riding inside a carrier."""
    return [u for u in game.units.values() if u.side == side and u.on_map and not u.carried_by]


def spot(game: Game) -> dict[str, dict[str, tuple]]:
    """Each side's sightings: {side: {enemy unit id: (observer ids, rule)}}.  A passenger is
    inside its carrier and is not seen."""
    sight = Sight(game.map, game.rules)
    out: dict[str, dict[str, tuple]] = {}
    for side in game.side_ids():
        mine = observers(game, side)
        out[side] = {}
        for enemy in game.units.values():
            if enemy.side == side or not enemy.on_map or enemy.carried_by:
                continue
            who = tuple(u.id for u in mine if sees(game, sight, u, enemy.hex))
            if who:
                out[side][enemy.id] = (who, RULE)
    return out


def watchers(game: Game, where: Hex, unit=None) -> dict[str, tuple[str, ...]]:
    """The units of each side that see hex `where` now (the unit's own side left out)."""
    sight = Sight(game.map, game.rules)
    out = {}
    for side in game.side_ids():
        if unit is not None and side == unit.side:
            continue
        who = tuple(u.id for u in observers(game, side) if sees(game, sight, u, where))
        if who:
            out[side] = who
    return out
