"""Wardogs crashes and falls (Wardogs pp. 10-11): how many dice, of what type, against armour.

Readings:
* p. 10, a crash: a d10 times the unit's size is the number of damage dice; the die is a d4,
  one type larger for every full ten dice (24 dice: two steps, d8).  p. 11, a fall of more than
  5 m: a d4 for every full 5 m fallen (10 m: 2d4; 55 m: 11 dice, so d6), stepping up the same way.
  The die types run d4, d6, d8, d10, d12 (the dice of p. 4) and stop at d12.
* Each die is rolled against the unit's armour "as if it were weapon fire" (p. 10): read on
  Table 7 as a damage die is (damage.py), with no range modifier -- under the armour it misses;
  equal, a point off the armour; over, a point and a penetration roll.  The crash example ("each
  result of 3 or more" against AR 3 is a point) counts the same points.  Umpire's readings:
  every die is read against the armour as the crash or fall begins (the example reads all 24
  against AR 3); shields take points first, as they take fire's; a unit already at armour 0
  rolls each penetration twice and infantry die of one (p. 16).  The penetration rolls are made
  at once, on Table 8 for mecha and Table 9 for every other unit (penetration.py, as fire's), so
  a crash can destroy what it wrecks.
* The crash example stops rolling once the helicopter is destroyed; Umpire rolls all the dice
  at once (one record in the journal) and the count is the same.
* p. 11: damage from a fall belongs to the Physical Combat phase, which Basic Training does not
  list in its turn: Umpire applies it at once.  Who reads the lines: the unit's own side (internal damage
  is hidden from the enemy); that the unit is destroyed, every side that sees it.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game, UnitState
from .damage import Die, apply_hits, result_of, shields_up
from .penetration import roll_internal
from .state import armour, kind

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


def as_fire(faces, ar: int) -> list[Die]:
    """The dice read on Table 7 as weapon fire's are, with no range modifier (p. 10)."""
    out = []
    for f in faces:
        row = result_of(f, ar)
        out.append(Die(f, f, row["hit"], row["penetration"]))
    return out


def roll_against_armour(game: Game, u: UnitState, dice, count: int, why: str, rule: str) -> list[Change]:
    """`count` damage dice against the unit's armour as weapon fire (p. 10): points off shields
    and armour, then the penetration rolls on Table 8 or 9 (p. 17)."""
    if count <= 0:
        return []
    sides = damage_die(count)
    ar = armour(game, u)
    roll = dice.roll(f"{u.id} {why}: {count}d{sides} against armour {ar} ({rule})", count, sides)
    rolled = as_fire(roll.faces, ar)
    hits = sum(d.hit for d in rolled)
    out = apply_hits(rolled, shields_up(u.marks), ar, ar, kind(game, u))
    lines = [f"{roll.describe()}: {hits} at {ar} or more, {sum(d.penetrates for d in rolled)} of them over it",
             f"  {u.id}: {hits} point{'s' if hits != 1 else ''} of damage, armour {ar} -> {out.armour} "
             f"({rule}, as fire: Table 7)"]
    if out.penetrations:
        lines.append(f"  {out.penetrations} penetration roll{'s' if out.penetrations != 1 else ''} on "
                     f"Table {8 if kind(game, u) == 'mecha' else 9} (Wardogs p. 17)")
    if out.killed:
        lines.append(f"  {out.lines[-1]}")
    marks, hurt, broken = roll_internal(game, u, u.marks.but(shields=out.shields, ar=out.armour), out.penetrations, dice)
    lines += [f"    {x}" for x in hurt]
    changes = [Change("unit", u.id, {"ar": marks.ar, "shields": marks.shields, "damage": dict(marks.damage)},
                      tuple(lines), u.side)]
    if out.killed or broken:
        seen_by = [s for s in game.side_ids()
                   if s == u.side or getattr(game.contacts.get((s, u.id)), "status", "") == "seen"]
        changes.append(Change("unit", u.id, {"status": "destroyed"}, (f"{u.id} is destroyed ({rule})",), seen_by))
    return changes


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
