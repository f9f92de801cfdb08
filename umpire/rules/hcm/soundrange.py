"""Sound-ranging: finding hidden artillery by its noise (HCM 4.2).

When a gun fires and no enemy unit can see it, the enemy does not learn its hex: the owner shows
a group of ten connected hexes, one of which holds the gun.  The text allows a round group, a box
or a straight line, and forbids scattered or freakish groups.

Readings (HCM 4.2 leaves them open):
* The dice place the group, not the owner: 1d6 picks the shape (1-2 round, 3-4 box, 5-6 line),
  1d6 its orientation, 1d10 which of its ten hexes is the gun's.  So the gun is not always the
  middle of the group, and nothing in the group's shape tells which hex it is.
* "round" is a hex, its six neighbours and three touching hexes of the next ring; "box" is a
  parallelogram of two rows of five; "line" is ten hexes in a row along one of the grid's axes.
* A group that would run off the map is placed again (the next shape, orientation or place in
  turn, from the rolled one), so that it always lies whole on the map.
* "No enemy unit sees the gun" is the enemy's knowledge after the last spotting pass: its
  contact of the gun is `seen`.  A gun seen needs no sound-ranging.
* The group is shown for the turn: the markers are lifted when the next turn begins.
* The enemy is shown the group as ten secret `sound` markers known to it (core overlays), laid
  in hex order, and a journal line kept for it listing the hexes in hex order: nothing tells the
  gun's hex (the order of a list, a marker's detail).  The umpire's line names the gun.
"""

from __future__ import annotations

from collections import deque
from typing import Protocol

from ...core.changes import Change
from ...core.engine import UMPIRE_ONLY
from ...core.errors import UmpireError
from ...core.hexgrid import DIRECTIONS, Grid, Hex, neighbours, ring

OVERLAY = "sound"          # the overlay kind the enemy's map shows (terrain.toml [overlay.sound])
SIZE = 10                  # HCM 4.2: a group of ten connected hexes
SHAPES = ("round", "box", "line")


class Randint(Protocol):
    def randint(self, a: int, b: int) -> int: ...


class DiceRng:
    """The game's dice as a `randint`, so that a replay rolls the same group (each roll journaled)."""

    def __init__(self, dice, purpose: str) -> None:
        self.dice, self.purpose = dice, purpose

    def randint(self, a: int, b: int) -> int:
        return a - 1 + self.dice.roll(f"{self.purpose} (HCM 4.2)", 1, b - a + 1).total


def shape_offsets(shape: str, turn: int) -> list[Hex]:
    """The ten hexes of a shape around the origin, in a fixed order; `turn` (0-5) rotates it."""
    d0, d1 = DIRECTIONS[turn % 6], DIRECTIONS[(turn + 1) % 6]
    if shape == "round":
        outer = ring(Hex(0, 0), 2)
        start = 2 * (turn % 6)
        return [Hex(0, 0), *neighbours(Hex(0, 0)), *(outer[(start + k) % 12] for k in range(3))]
    if shape == "box":
        return [d0.scale(a) + d1.scale(b) for b in range(2) for a in range(5)]
    if shape == "line":
        return [d0.scale(k) for k in range(SIZE)]
    raise ValueError(f"unknown shape {shape!r}")


def connected(hexes: frozenset[Hex]) -> bool:
    """Whether the hexes form one group, each reachable from any other through the group."""
    if not hexes:
        return False
    first = next(iter(hexes))
    seen, todo = {first}, deque([first])
    while todo:
        for n in neighbours(todo.popleft()):
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(hexes)


def sound_region(grid: Grid, gun_hex: Hex, rng: Randint) -> frozenset[Hex]:
    """The ten connected hexes shown for a gun firing unseen at `gun_hex` (HCM 4.2): a round
    group, a box or a line, holding the gun at a place the dice choose, whole on the map."""
    if not grid.contains(gun_hex):
        raise UmpireError(f"sound-ranging: the gun's hex {grid.number(gun_hex)} is off the map (HCM 4.2)")
    shape = (rng.randint(1, 6) - 1) // 2          # 1-2 round, 3-4 box, 5-6 line
    turn = rng.randint(1, 6) - 1
    place = rng.randint(1, SIZE) - 1
    # the rolled placement first, then the others in turn: the first whole on the map
    for s in range(len(SHAPES)):
        for t in range(6):
            offsets = shape_offsets(SHAPES[(shape + s) % 3], turn + t)
            for p in range(SIZE):
                at = offsets[(place + p) % SIZE]
                region = frozenset(gun_hex + (o - at) for o in offsets)
                if all(grid.contains(h) for h in region):
                    return region
    raise UmpireError(f"sound-ranging: a map of {grid.columns} x {grid.rows} hexes has no room for "
                      f"a group of {SIZE} hexes (HCM 4.2)")


def compact(region: frozenset[Hex]) -> bool:
    """A straight line, or a group as tight as a box of two rows of five: at least 13 pairs of
    neighbouring hexes (a snake or an L of ten hexes has 9) -- HCM 4.2's "round, box or line"."""
    hexes = sorted(region)
    d = [h - hexes[0] for h in hexes[1:]]
    if all(x.q == 0 for x in d) or all(x.r == 0 for x in d) or all(x.s == 0 for x in d):
        return True
    pairs = sum(1 for h in hexes for n in neighbours(h) if n in region) // 2
    return pairs >= 13


def region_changes(game, gun_id: str, region: frozenset[Hex]) -> list[Change]:
    """The changes showing `region` to every side that does not see gun `gun_id` now: a secret
    `sound` marker on each hex, known to those sides, and a line each reads -- both in hex order;
    the umpire's line names the gun and its hex."""
    gun = game.units[gun_id]
    told = [s for s in game.side_ids()
            if s != gun.side and not _sees(game, s, gun_id)]
    if not told:
        return []
    hexes = sorted(region, key=game.map.number)
    listed = ", ".join(game.map.number(h) for h in hexes)
    changes = [Change("note", None, {}, (f"Sound-ranging (HCM 4.2): {gun_id} fired unseen from "
                                         f"{game.map.number(gun.hex)}; the enemy is shown {listed}",), UMPIRE_ONLY)]
    changes += [Change("overlay", OVERLAY, {"q": h.q, "r": h.r, "side": gun.side, "secret": True,
                                            "detail": f"turn {game.turn}", "known_to": told}) for h in hexes]
    for side in told:
        changes.append(Change("note", None, {}, (f"Sound-ranging (HCM 4.2): an enemy gun fired from one of "
                                                 f"the hexes {listed}",), side))
    return changes


def sound_ranging(game, gun_id: str, dice) -> list[Change]:
    """What the enemy learns when gun `gun_id` fires (HCM 4.2) -- for the fire procedure to call:
    nothing if every enemy side sees it, else a group of ten hexes holding it, rolled."""
    gun = game.units.get(gun_id)
    if gun is None or not gun.on_map:
        raise UmpireError(f"sound-ranging: {gun_id!r} is not a unit on the map (HCM 4.2)")
    if all(_sees(game, s, gun_id) for s in game.side_ids() if s != gun.side):
        return []
    return region_changes(game, gun_id, sound_region(game.map.grid, gun.hex, DiceRng(dice, f"Sound-ranging {gun_id}")))


def lift_regions(game) -> list[Change]:
    """As a turn ends: the groups shown this turn are lifted (HCM 4.2, our reading)."""
    if any(o.kind == OVERLAY for o in game.map.overlays):
        return [Change("overlay", OVERLAY, {"clear": True})]
    return []


def _sees(game, side: str, unit_id: str) -> bool:
    c = game.contacts.get((side, unit_id))
    return c is not None and c.status == "seen"
