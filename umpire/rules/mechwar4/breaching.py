"""Breached minefields and mine plows (MW4 16.17-16.21).

* 16.2: a vehicle the scenario gives a mine plow (unit trait `mine_plow`) enters a mined hex in
  column without being attacked, and stops there (16.13 stops every move in a mined hex); at the
  end of the phase it breaches the field: a "breach" marker, the lane, goes into the hex.
* 16.21: after breaching, one die on the Mine Plow Damage Table (`plow_damage.toml`, a sample:
  the text names the table without printing it): on its number the plow is destroyed and the
  vehicle plows no more this game.
* 16.18: a vehicle in column pays 4 more MP to enter a breached field; infantry in column
  nothing more.  16.19: units in column stay in it and leave it without being attacked and go
  on through it (a lane: no stop).  Units out of column meet the field as before.

The lane is the breaching side's secret: the field's owner is not told its field was breached
-- its map keeps the field as it was -- until one of its units sees the plow at work or, later,
the hex (the marker is learnt like a wreck).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex
from .traits import UnitTraits

BREACHED_COLUMN_MP = 4             # MW4 16.18: vehicles in column


def breached(game: Game, h: Hex | None) -> bool:
    return h is not None and any(o.kind == "breach" and o.hex == h for o in game.map.overlays)


def has_plow(game: Game, u: UnitState) -> bool:
    return bool(UnitTraits.model_construct(**u.traits).mine_plow) and not u.marks.plow_lost \
        and game.unit_type(u)["move_class"] in ("vehicle", "truck")


def spared(game: Game, u: UnitState, leaving: bool) -> str | None:
    """Why the field in the unit's hex (it stands in it as it enters, and still as it leaves) does
    not attack it, or None: a plow going in (16.2), a unit in column in a breached field (16.19)."""
    if not u.marks.in_column:
        return None
    if breached(game, u.hex):
        return "in column in a breached minefield (MW4 16.19)"
    if has_plow(game, u) and not leaving:
        return "its mine plow goes in first (MW4 16.2)"
    return None


def lane(game: Game, u: UnitState, h: Hex, in_column: bool) -> tuple[float, bool, str]:
    """Entering the mined hex h: (extra MP, whether the move may go on through it, a note) -- a
    breached field in column (16.18, 16.19), a plow going in (16.2), else the 16.13 stop."""
    if breached(game, h) and in_column:
        extra = BREACHED_COLUMN_MP if game.unit_type(u)["move_class"] != "foot" else 0.0
        return extra, True, f"+{extra:g} a breached minefield in column (16.18, 16.19)"
    if has_plow(game, u) and in_column:
        return 0.0, False, "plows into the minefield (16.2)"
    return 0.0, False, ""


def plows_at_phase_end(game: Game, dice) -> list[Change]:
    """16.2, 16.21: each plow in column standing in an unbreached field breaches it; then its die."""
    out: list[Change] = []
    n = game.map.number
    lost_on = game.rules.tables["plow_damage"].section("entry")["plow"]["lost_on"]
    for u in sorted(game.units.values(), key=lambda v: v.id):
        if not (u.on_map and u.marks.in_column and has_plow(game, u)) or breached(game, u.hex):
            continue
        if not any(o.kind == "minefield" and o.hex == u.hex for o in game.map.overlays):
            continue
        out.append(Change("overlay", "breach", {"q": u.hex.q, "r": u.hex.r, "side": u.side, "secret": True,
                                                "detail": f"turn {game.turn}", "seen_with": u.id},
                          (f"{u.id} breaches the minefield in {n(u.hex)} (MW4 16.2)",), u.side))
        r = dice.roll(f"mine plow damage {u.id} (lost on 1-{lost_on}, sample table)", 1, 6).total
        if r <= lost_on:
            out.append(Change("unit", u.id, {"plow_lost": True},
                              (f"  {u.id}'s mine plow is destroyed ({r}; MW4 16.21)",), u.side))
        else:
            out.append(Change("unit", u.id, {}, (f"  {u.id}'s mine plow holds ({r}; MW4 16.21)",), u.side))
    return out
