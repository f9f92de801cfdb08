"""War Blog signals units jamming the enemy (1.12).

The text gives the rule it expects to play: 1% a strength point of a signals unit within a
radius, so a 4-strength signals unit gives an enemy unit a 4% chance of being left with no
movement the first time it is moved.  Readings where the text leaves a choice:
* The radius is figures.toml's sample (the text gives none); the strengths of every enemy
  signals unit within it are added (after depressions, 4.0).
* The roll is the umpire's, made in secret for each unit in reach as its side's turn begins
  (Umpire has no roll at the first move); a jammed unit spends its whole movement at once --
  "straight to 0 movement": no move and, with no point left, no attack (11.0) that turn.
* Only the jammed side reads that its unit is jammed, never who jams it; the jamming side
  learns nothing of it.
* Their effect on air defence (1.12: "they will also effect air defence") has no figure and is
  not played.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from ...core.hexgrid import hex_distance
from . import combat
from .state import depressions, figure, whole

PER_POINT = 1          # 1.12: 1% a strength point


def jam_chance(game: Game, u) -> int:
    """1.12: the percent chance unit u is jammed: 1 a strength point of the enemy's signals
    units within the sample radius of it."""
    radius = figure(game, "signals_radius")
    return PER_POINT * int(sum(combat.depressed(game.unit_type(v)["strength"], whole(depressions(v)))
                               for v in game.units.values()
                               if v.on_map and v.side != u.side and game.unit_type(v).get("signals")
                               and hex_distance(v.hex, u.hex) <= radius))


def jam(game: Game, side: str, dice) -> list[Change]:
    """1.12: as the side's turn begins, each of its units in reach of enemy signals may be jammed."""
    out = []
    for u in sorted(game.units.values(), key=lambda u: u.id):
        if u.side != side or not u.on_map or not game.unit_type(u)["movement"]:
            continue
        chance = jam_chance(game, u)
        if not chance:
            continue
        roll = dice.roll(f"jamming of {u.id} ({chance} or less, secret)", 1, 100).total
        if roll <= chance:
            out.append(Change("unit", u.id, {"mp_spent": float(game.unit_type(u)["movement"])},
                              (f"{u.id}'s orders are jammed: no movement this turn (1.12)",), reader=side))
    return out
