"""How a MechWar 4 reinforcement enters the map (MW4 20.6): through its entry hexes, or the
nearest free ones when the enemy holds them (20.68); in column, each unit paying for the
hypothetical road or open ground behind the entry hex (20.61, 20.62), free units through one
hex queueing too (20.66)."""

from __future__ import annotations

from ...core.game import Game
from ...core.hexgrid import Hex, hex_distance
from ...core.rulesystem import MoveCheck, Step
from .traits import enters_in_column

COLUMN_SPACING = 0.5    # MW4 20.62 example: half a point a place in a column queued on a road off the map


def _fail(unit: str, steps: list[Step], allowance: float, reason: str, rule: str) -> MoveCheck:
    return MoveCheck(unit, tuple(steps), allowance, False, reason, rule)


def entry_hexes(game: Game, group) -> list[Hex]:
    """Where a reinforcement may enter: its entry hexes, or -- those held by the enemy -- the
    nearest map-edge hexes free of enemy units instead (MW4 20.68)."""
    from ...core.zones import is_edge_hex
    enemy = {v.hex for v in game.units.values() if v.on_map and v.side != group.side}
    free = [h for h in group.entry if h not in enemy]
    if len(free) == len(group.entry):
        return list(group.entry)
    edge = [h for h in game.map.hexes() if is_edge_hex(game.map.grid, h) and h not in enemy]
    for held in (h for h in group.entry if h in enemy):
        best = min((hex_distance(held, h) for h in edge), default=None)
        free += [h for h in edge if best is not None and hex_distance(held, h) == best and h not in free]
    return free


def entry_cost(game: Game, u, entry: Hex | None):
    """Movement points for a reinforcement to enter at `entry` (MW4 20.6), or a failed MoveCheck.

    In column, the k-th unit through an entry hex also pays for the hypothetical hexes behind it:
    on a road (20.61) half a point for each place in the column -- our reading of 20.62's example,
    two vehicles to a road hex -- on top of the road hex's 1 MP (8.1); across open ground the
    k-1 clear hexes behind the entry hex (20.62).  Free
    formation units entering through the same hex form a column too (20.66).
    """
    t = game.unit_type(u)
    ma = float(t["movement"])
    group = next((r for r in game.reinforcements if u.id in r.units), None)
    if group is None:
        return _fail(u.id, [], ma, f"{u.id} is off the map and not a reinforcement", "MW4 20.6")
    if game.turn < group.turn:
        return _fail(u.id, [], ma, f"{u.id} arrives on turn {group.turn}; this is turn {game.turn}", "MW4 20.6")
    allowed = entry_hexes(game, group)
    if entry is None or entry not in allowed:
        where = ", ".join(game.map.number(h) for h in allowed)
        rule = "MW4 20.68" if allowed != list(group.entry) else "MW4 20.42"
        return _fail(u.id, [], ma, f"{u.id} enters at {where}", rule)
    if enters_in_column(group):
        waiting = [game.units[x] for x in group.units[: group.units.index(u.id)]]
        behind = [x.id for x in waiting if x.status == "off_map"]
        if behind:
            return _fail(u.id, [], ma, f"the column enters in its order: {behind[0]} first", "MW4 20.63")
    ahead = sum(1 for x in group.units if x != u.id and game.units[x].on_map and game.units[x].moved
                and game.units[x].path and game.units[x].path[0] == entry)
    rules = game.rules
    move_class = t["move_class"]
    road = any("road" in kinds for side, kinds in game.map.hexsides.items() if entry in (side.a, side.b))
    if move_class == "helicopter":
        return 1.0, "enters flying (17.11)"
    if road:
        # 20.62's example (0.5, 1, 1.5 MP for the first three) is read as the queue off the map,
        # two vehicles to a hypothetical road hex; the entry hex then costs its road (8.1: 1 MP)
        per = rules.hexside_features["road"]["move"][move_class]
        queue = COLUMN_SPACING * (ahead + 1)
        return per + queue, f"enters on the road, {ahead + 1} in column: {queue:g} MP to reach the map (20.62) " \
                            f"and {per:g} for the road hex (8.1)"
    here = rules.terrain_types[game.map.terrain[entry]]["move"][move_class]
    clear = rules.terrain_types["clear"]["move"][move_class]
    if here is None:
        return _fail(u.id, [], ma, f"{u.id} cannot enter {game.map.terrain[entry]}", "MW4 8.25")
    return here + ahead * clear, f"enters {ahead + 1} in column across open ground (20.62)"
