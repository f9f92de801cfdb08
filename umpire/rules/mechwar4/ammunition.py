"""MechWar 4 ammunition: G class missiles spent after a shot (6.84, 6.87 for dual units) and,
when the scenario plays it ([options] ammunition), the depletion of direct-fire weapons by MW2
ammunition levels or the quick 2d6 table (6.87)."""

from __future__ import annotations

from ...core.errors import RulesetError
from ...core.game import Game, UnitState
from .worksheet import FireSheet


def ammunition(game: Game, u: UnitState, sheet: FireSheet, dice) -> list[tuple[str, dict, str]]:
    """After a shot: a G shot spends the missiles on 1d6 at or under the unit's rating (6.84) --
    a unit without another weapon leaves the map, a dual one fires conventionally from then on
    (6.87); a conventional shot, when the scenario plays ammunition, may deplete (6.87)."""
    heli = game.unit_type(u)["move_class"] == "helicopter"        # 17.25: every shot, as G class
    if not sheet.g_fire and not heli:
        return _conventional_ammunition(game, u, dice)
    rating = game.unit_type(u).get("ammo", 0)
    if not rating:
        return []
    r = dice.roll(f"ammunition depletion {u.id} (spent on 1-{rating})", 1, 6).total
    rule = "MW4 17.25, 6.84" if heli else "MW4 6.84"
    if r > rating:
        return [(u.id, {}, f"{u.id} ammunition: {r}, missiles left ({rule})")]
    if game.unit_type(u)["weapons_class"] == "dual":
        return [(u.id, {"g_spent": True}, f"{u.id} ammunition: {r}, missiles spent; it fires its other "
                                           "weapons from now on (MW4 6.84, 6.87)")]
    return [(u.id, {"g_spent": True, "status": "removed", "q": None, "r": None},
             f"{u.id} ammunition: {r}, {'ammunition' if heli else 'missiles'} spent; it leaves the map ({rule})")]


LOW_AMMO = 1          # the quick table's first depletion leaves the unit at Low Ammo (6.87)


def _conventional_ammunition(game: Game, u: UnitState, dice) -> list[tuple[str, dict, str]]:
    """MW4 6.87 (MW2): `levels` -- 1d6 at or under the depletion number takes a level off (3 to
    0, out at 0); `quick` -- 2d6 at or under the quick table's number(s): first Low Ammo, then
    out.  Weapons without a depletion number never deplete."""
    how = game.option("ammunition")
    number = game.unit_type(u).get("depletion")
    if how in (None, "none") or not number:
        return []
    if how == "levels":
        r = dice.roll(f"ammunition level {u.id} (down on 1-{number})", 1, 6).total
        if r > number:
            return [(u.id, {}, f"{u.id} ammunition: {r}, level {u.marks.ammo_level} kept (MW4 6.87)")]
        level = max(0, u.marks.ammo_level - 1)
        return [(u.id, {"ammo_level": level}, f"{u.id} ammunition: {r}, level {level}"
                 + (" -- out of ammunition" if level == 0 else "") + " (MW4 6.87)")]
    targets = game.rules.tables["ammo_quick"].section("entry").get(str(number))
    if targets is None:
        raise RulesetError(f"no quick-table row for depletion number {number}", file="ammo_quick.toml")
    for i, target in enumerate(targets["rolls"], start=1):
        r = dice.roll(f"quick ammunition {u.id} (roll {i}: depletes on 2-{target})", 2, 6).total
        if r > target:
            return [(u.id, {}, f"{u.id} ammunition: {r}, no depletion (MW4 6.87 quick table)")]
    level = LOW_AMMO if u.marks.ammo_level > LOW_AMMO else 0
    return [(u.id, {"ammo_level": level}, f"{u.id} ammunition: "
             + ("Low Ammo" if level else "out of ammunition") + " (MW4 6.87 quick table)")]
