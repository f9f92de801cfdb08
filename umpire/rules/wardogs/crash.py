"""Wardogs crashes and falls (Wardogs pp. 10-11): how many dice, of what type, against armour.

Readings:
* p. 10, a crash: a d10 times the unit's size is the number of damage dice; the die is a d4,
  one type larger for every full ten dice (24 dice: two steps, d8).  p. 11, a fall of more than
  5 m: a d4 for every full 5 m fallen (10 m: 2d4; 55 m: 11 dice, so d6), stepping up the same way.
  The die types run d4, d6, d8, d10, d12 (the dice of p. 4) and stop at d12.
* Each die rolled against the unit's armour as fire is (p. 10): each at or above it is a point
  of damage (the crash example: "each result of 3 or more" against AR 3).  Umpire takes each point
  off the armour rating now (p. 6: armour falls as damage is taken); points beyond armour 0 are
  internal damage for the penetration tables (Tables 8-9), which fire's damage module rolls --
  until it is wired here they are journalled for the umpire to apply.
* The crash example stops rolling once the helicopter is destroyed; Umpire rolls all the dice
  at once (one record in the journal) and the count is the same.
* p. 11: damage from a fall belongs to the Physical Combat phase, which Basic Training does not
  list in its turn: Umpire applies it at once.  Who reads the lines: the unit's own side (internal damage
  is hidden from the enemy).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game, UnitState
from .state import armour

DIE_TYPES = (4, 6, 8, 10, 12)
RULE_CRASH, RULE_FALL = "Wardogs p. 10, crashing", "Wardogs p. 11, falling"


def damage_die(count: int) -> int:
    """pp. 10-11: a d4, one type larger for every 10 dice."""
    return DIE_TYPES[min(count // 10, len(DIE_TYPES) - 1)]


def fall_dice(metres: float) -> int:
    """p. 11: a d4 for every 5 m of a fall of more than 5 m; none for 5 m or less."""
    return int(metres // 5) if metres > 5 else 0


def crash_dice(d10: int, size: int) -> int:
    """p. 10: the d10 times the unit's size."""
    return d10 * size


def points(faces: tuple[int, ...], ar: int) -> int:
    """Each die at or above the armour is a point of damage (p. 10)."""
    return sum(1 for f in faces if f >= ar)


def take_points(game: Game, u: UnitState, hits: int, rule: str) -> list[Change]:
    """The points off the armour now; those past 0 noted as internal damage (Tables 8-9)."""
    ar = armour(game, u)
    left = max(ar - hits, 0)
    past = max(hits - ar, 0)
    lines = [f"  {u.id}: {hits} point{'s' if hits != 1 else ''} of damage, armour {ar} -> {left} ({rule})"]
    if past:
        lines.append(f"  {past} past armour 0: penetration rolls on Table {9 if game.unit_type(u)['kind'] == 'av' else 8}")
    return [Change("unit", u.id, {"ar": left}, tuple(lines), u.side)]


def roll_against_armour(game: Game, u: UnitState, dice, count: int, why: str, rule: str) -> list[Change]:
    if count <= 0:
        return []
    sides = damage_die(count)
    ar = armour(game, u)
    roll = dice.roll(f"{u.id} {why}: {count}d{sides} against armour {ar} ({rule})", count, sides)
    hits = points(roll.faces, ar)
    return [Change("note", u.id, {}, (f"{roll.describe()}: {hits} at {ar} or more",), u.side)] + \
        take_points(game, u, hits, rule)


def crash(game: Game, u: UnitState, dice, why: str) -> list[Change]:
    """p. 10: a unit crashes (MP to 0 in flight, a landing without gear for the terrain, a failed
    check in flight): d10 x size dice.  It is down, out of flight, and cannot crash twice (p. 11)."""
    size = game.unit_type(u)["size"]
    d10 = dice.roll(f"{u.id} crashes ({why}): d10 x size {size} damage dice ({RULE_CRASH})", 1, 10).total
    count = crash_dice(d10, size)
    out = [Change("unit", u.id, {"flying": False, "altitude": 0, "fallen": True},
                  (f"{u.id} crashes: {d10} x {size} = {count} dice of d{damage_die(count)} ({RULE_CRASH})",), u.side)]
    return out + roll_against_armour(game, u, dice, count, "crash damage", RULE_CRASH)


def fall(game: Game, u: UnitState, dice, metres: float) -> list[Change]:
    """p. 11: a fall of more than 5 m: a d4 for every 5 m."""
    count = fall_dice(metres)
    if not count:
        return [Change("note", u.id, {}, (f"  {u.id} falls {metres:g} m: no damage at 5 m or less ({RULE_FALL})",), u.side)]
    return roll_against_armour(game, u, dice, count, f"falls {metres:g} m", RULE_FALL)
