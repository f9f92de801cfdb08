"""War Blog bridging units laying bridges (1.27; 1.16 promises engineers the same, "no rules
written yet").

The text says only that bridging elements "will be able to lay bridges".  Umpire's reading, so
that an umpire can play them:
* A bridging unit -- or engineers, whom 1.16 promises the same -- that has neither moved nor
  fought this turn lays a bridge over a river on a
  hexside of its own hex (the action "lay_bridge", naming the hex across); that takes its
  turn's movement.
* The bridge carries that side's units over the river as a printed bridge does -- movement,
  retreats, the advance after combat and attacks across it at 0.4 (2.5.2) -- and not the
  enemy's: it is the side's equipment, and the enemy cannot use what it has not seen.
* It is a secret marker of the side (terrain.toml `laid_bridge`, kept in the hex it was laid
  from, its `detail` the hex across) that the enemy learns of when it sees the hex.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.hexgrid import hex_distance
from .state import LAID_BRIDGE, hexside_features, kind


def bridging(game: Game, u: UnitState) -> bool:
    """A bridging unit (1.27) or engineers (1.16: they "build and destroy bridges"), on the map."""
    return (bool(game.unit_type(u).get("bridging")) or kind(game, u) == "engineer") and u.on_map


def lay(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """1.27: a bridge over the river between the unit's hex and the hex named."""
    side = params.get("side")
    u = game.units.get(params.get("unit") or "")
    if u is None or u.side != side or not u.on_map:
        raise UmpireError(f"lay bridge: {params.get('unit')!r} is not a unit of {side} on the map")
    if not bridging(game, u):
        raise UmpireError(f"lay bridge: {u.id} is not a bridging or engineer unit (1.27, 1.16)")
    if u.mp_spent or u.fired or u.acted:
        raise UmpireError(f"lay bridge: {u.id} has moved or fought this turn (1.27)")
    try:
        across = game.map.grid.parse(params.get("hex"))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"lay bridge: {e}") from None
    n = game.map.number
    if not game.map.contains(across) or hex_distance(u.hex, across) != 1:
        raise UmpireError(f"lay bridge: {n(across)} is not next to {u.id} in {n(u.hex)}")
    feats = hexside_features(game, u.hex, across, side)
    if "river" not in feats:
        raise UmpireError(f"lay bridge: no river between {n(u.hex)} and {n(across)} (1.27, 2.5.2)")
    if "bridge" in feats:
        raise UmpireError(f"lay bridge: the river between {n(u.hex)} and {n(across)} is bridged already")
    line = f"{u.id} lays a bridge over the river from {n(u.hex)} to {n(across)} (1.27)"
    return line, [Change("overlay", LAID_BRIDGE, {"q": u.hex.q, "r": u.hex.r, "side": side, "secret": True,
                                                  "detail": n(across)}),
                  Change("unit", u.id, {"mp_spent": float(game.unit_type(u)["movement"]), "still": 0}, (line,))]
