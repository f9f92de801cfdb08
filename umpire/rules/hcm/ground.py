"""Hex Command Mechanized: what the ground and the firer's own side do to a shot (HCM 3.7.8,
3.7.9, 3.7.11, 4.4), read from the map for fire_sheet.py: the hexes that hinder sight, the
target's cover and higher ground, friendly units in the way."""

from __future__ import annotations

from ...core.hexgrid import Hex, Hexside, hex_distance, line_crossing
from . import fire
from .spotting import Sight
from .state import kind, units_at
from .structures import ruined


def elevation(game, h: Hex) -> int:
    return game.map.elevation.get(h, 0)


def hinders(game, firer: Hex):
    """The hexes that block a line of sight from `firer` (3.7.9): woods, hills and structures,
    unless the firer stands higher than them."""
    terrain, overlays = game.rules.terrain_types, game.rules.overlays
    eye = elevation(game, firer)

    def blocks(h: Hex) -> bool:
        if h not in game.map.terrain:
            return False
        tall = terrain[game.map.terrain[h]]["blocks_los"] or any(
            overlays.get(o.kind, {}).get("blocks_los") for o in game.map.overlays_at(h))
        return tall and elevation(game, h) >= eye
    return blocks


def cover(game, target: Hex, firer: Hex) -> int:
    """The target's cover benefits (3.7.11): its hex's (none for buildings in ruins, 3.7.17), its
    works' or rubble's, and a wall or fence on its side toward the firer."""
    rules = game.rules
    # 3.7.17: buildings keep their cover until brought down; a ruin's is its rubble's (structures.py)
    total = 0 if ruined(game, target) else rules.terrain_types[game.map.terrain[target]].get("cover", 0)
    total += max((rules.overlays.get(o.kind, {}).get("cover", 0) for o in game.map.overlays_at(target)), default=0)
    if hex_distance(target, firer) >= 1:
        toward = min(range(6), key=lambda d: fire.off_front(d, target, firer))
        side = Hexside.of(target, toward)
        total += max((rules.hexside_features.get(k, {}).get("cover", 0) for k in game.map.features(side)), default=0)
    return total


def higher(game, target: Hex, firer: Hex) -> bool:
    """HCM 3.7.8: a target on higher ground than the firer has it as cover."""
    hill = lambda h: game.rules.terrain_types[game.map.terrain[h]].get("hill", False)  # noqa: E731
    return elevation(game, target) > elevation(game, firer) or (hill(target) and not hill(firer))


def friends_in_the_way(game, u, t) -> str | None:
    """HCM 3.7.8: a unit fires over friendly units between it and the target only from higher
    ground than theirs, or at a target higher than they are, and never at a target next to them;
    an SP gun (its cannon low in the hull: a front-arc vehicle) never fires through them (2.3.2)."""
    sight = Sight(game.map, game.rules)
    sp = kind(game, u) == "vehicle" and game.unit_type(u)["arc"] == "front" and bool(game.unit_type(u)["gun"])
    for h in line_crossing(u.hex, t.hex).hexes:
        if h in (u.hex, t.hex) or not any(kind(game, x) not in ("commander", "dummy") and not x.carried_by
                                          for x in units_at(game, h, u.side)):
            continue
        n = game.map.number(h)
        if sp:
            return f"{u.id} is an SP gun, its cannon low in the hull: it cannot fire through the friends in {n}"
        if max(sight.height(u.hex), sight.height(t.hex)) <= sight.height(h):
            return f"friendly units in {n} are in the way and neither {u.id} nor the target is higher"
        if hex_distance(h, t.hex) <= 1:
            return f"the target is next to the friendly units in {n}: it may not be fired at over them"
    return None
