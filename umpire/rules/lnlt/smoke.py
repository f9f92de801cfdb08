"""Lock 'n Load Tactical smoke (7.0): a Good Order multi-man counter rolls 1d6 against its
nation's smoke-laying capability (units.toml `smoke`, a sample) to put a Smoke 1 marker in its
own hex or one next to it; either way its impulse is spent (Ops Complete).  Smoke degrades a
line of sight like degrading terrain (10.3: terrain.toml's smoke overlay); fire out of a smoke
hex takes -1 on the DFT and +1 on the OFT (combat.py, ordnance.py).  In the Administrative
phase Smoke 1 turns to Smoke 2 and Smoke 2 lifts (9.0).
Reading: the unit that laid smoke does not move on in the same impulse (7.0 lets it, one MF
less; an impulse here is one action).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game
from ...core.hexgrid import Hex, hex_distance
from .state import SMC, acting_unit, kind


def in_smoke(game: Game, h: Hex) -> bool:
    return any(o.kind == "smoke" for o in game.map.overlays_at(h))


def can_lay(game: Game, u) -> bool:
    """Whether `u` lays smoke at all (7.0): a multi-man counter of a nation that does."""
    return bool(game.unit_type(u).get("smoke")) and kind(game, u) not in SMC and kind(game, u) != "vehicle"


def lay(game: Game, params: dict, dice) -> tuple[str, list]:
    u = acting_unit(game, params, "smoke")
    capability = game.unit_type(u).get("smoke") or 0
    if not can_lay(game, u):
        raise UmpireError(f"smoke: {u.id} lays no smoke: multi-man counters of a smoke-laying nation do (7.0)")
    try:
        h = game.map.grid.parse(params.get("hex") or game.map.number(u.hex))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"smoke: {e}") from None
    if hex_distance(u.hex, h) > 1:
        raise UmpireError(f"smoke: {game.map.number(h)} is not {u.id}'s hex or one next to it (7.0)")
    n = game.map.number(h)
    r = dice.roll(f"smoke by {u.id} in {n} (capability {capability})", 1, 6).total
    changes = [Change("unit", u.id, {"acted": True, "ops_complete": True})]
    if r > capability:
        return f"{u.id} fails to lay smoke in {n}: {r} over {capability} (7.0)", changes
    changes.append(Change("overlay", "smoke", {"q": h.q, "r": h.r, "detail": f"Smoke 1, laid turn {game.turn}"},
                          (f"Smoke 1 in {n} (7.0)",)))
    return f"{u.id} lays smoke in {n}: {r} (7.0)", changes


def administrative(game: Game) -> list:
    """9.0: Smoke 1 becomes Smoke 2; Smoke 2 lifts."""
    smoke = [o for o in game.map.overlays if o.kind == "smoke"]
    if not smoke:
        return []
    keep = [o for o in smoke if (o.detail or "").startswith("Smoke 1")]
    n = game.map.number
    return [Change("overlay", "smoke", {"clear": True},
                   tuple(f"smoke in {n(o.hex)} " + ("thins to Smoke 2" if o in keep else "lifts") + " (9.0)"
                         for o in smoke))] + \
        [Change("overlay", "smoke", {"q": o.hex.q, "r": o.hex.r,
                                     "detail": (o.detail or "").replace("Smoke 1", "Smoke 2", 1)}) for o in keep]
