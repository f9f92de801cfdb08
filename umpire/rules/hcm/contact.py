"""Melee contact (HCM 3.8 e note, 3.8 i, 3.8 j): what a melee leaves on the units that fought it.

Readings (tested in tests/rules/test_hcm_contact.py):
* 3.8 e note: a defender that wins a melee has spent its defensive bonus (the cover of its hex,
  melee.toml's sample `defender_cover`) for every later melee that turn -- not only for the
  later attackers of the same melee action but in any later action that turn.  It is kept on
  the unit (Marks.melee_won_turn) and cleared as the turn ends (turn.py).
* 3.8 i: a unit in a melee takes a facing, a hexside, never a corner.  Umpire's facings are
  always hexsides (core.hexgrid directions), so no unit can point at a corner; a unit that has
  no facing yet (one that came onto the table and stopped in its entry hex) faces its opponent
  as the melee is fought.
* 3.8 j: a unit is meleed in its flank or rear when its attacker comes from outside the three
  hexes of its front (zones.py): from a neighbouring hex, the direction of that hex; from inside
  its own hex, the hexside the attacker entered by (the reverse of the attacker's facing, as it
  faces the way it moved, 3.5).  The contact begins as the attacker moves into the hex (3.8 b)
  or fights it from the next hex.  Such a defender keeps the attacker's id (Marks.pinned_by) and
  may not change facing -- neither turning in place nor in a move that ends facing another
  way -- while any of those attackers stands in its hex or next to it ("until contact is
  discontinued"); the line saying so is its owner's (the attacker reads nothing of it: its ids
  are the enemy's); the mark is dropped as each phase and the turn end once the contact is over.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game, UnitState
from ...core.hexgrid import direction_to, hex_distance


def bonus_spent(game: Game, u: UnitState) -> bool:
    """3.8 e note: the unit has won a melee as defender this turn: no defensive bonus now."""
    return u.marks.melee_won_turn == game.turn


def won_defending(game: Game, d: UnitState) -> Change:
    return Change("unit", d.id, {"melee_won_turn": game.turn},
                  (f"  {d.id} has won a melee this turn: it defends without its bonus for the rest of the turn "
                   "(HCM 3.8 e note)",), d.side)


def attack_direction(a: UnitState, d: UnitState) -> int | None:
    """The hexside of the defender the attack comes through (3.8 j), None when it cannot be told."""
    if a.hex != d.hex:
        return direction_to(d.hex, a.hex)
    return None if a.marks.facing is None else (a.marks.facing + 3) % 6


def from_flank_or_rear(a: UnitState, d: UnitState) -> bool:
    """3.8 j: the attack comes from outside the defender's three front hexsides."""
    came, f = attack_direction(a, d), d.marks.facing
    if came is None or f is None:
        return False
    return min((came - f) % 6, (f - came) % 6) > 1


def engage(game: Game, a: UnitState, d: UnitState) -> list[Change]:
    """3.8 i, j, as attacker `a` fights defender `d`: each without a facing faces the other; a
    defender struck in flank or rear is pinned by the attacker."""
    out = []
    for u, other in ((a, d), (d, a)):
        if u.marks.facing is None and u.hex != other.hex:
            out.append(Change("unit", u.id, {"facing": direction_to(u.hex, other.hex)},
                              (f"  {u.id} faces its opponent (HCM 3.8 i)",), u.side))
    if from_flank_or_rear(a, d) and a.id not in d.marks.pinned_by:
        out.append(Change("unit", d.id, {"pinned_by": d.marks.pinned_by + (a.id,)},
                          (f"  {d.id} is meleed in its flank or rear: it may not change facing while "
                           "the contact lasts (HCM 3.8 j)",), d.side))
    return out


def entered(game: Game, mover_id: str) -> list[Change]:
    """3.8 b, j: a unit that moves into an enemy's hex has engaged it there; an enemy it came upon
    through its flank or rear is pinned from then on (for the move's end, RuleSystem.move_ends)."""
    a = game.units.get(mover_id)
    if a is None or not a.on_map:
        return []
    out = []
    for d in sorted(game.units.values(), key=lambda u: u.id):
        if d.on_map and d.side != a.side and d.hex == a.hex and not d.carried_by \
                and d.marks.facing is not None and a.id not in d.marks.pinned_by and from_flank_or_rear(a, d):
            out.append(Change("unit", d.id, {"pinned_by": d.marks.pinned_by + (a.id,)},
                              (f"{d.id} is engaged in its flank or rear: it may not change facing while the "
                               "contact lasts (HCM 3.8 j)",), d.side))
    return out


def still_pinning(game: Game, u: UnitState) -> tuple[str, ...]:
    """The attackers of u's flank or rear still in contact: on the map, in its hex or next to it."""
    if not u.on_map:
        return ()
    return tuple(x for x in u.marks.pinned_by if x in game.units and game.units[x].on_map
                 and hex_distance(game.units[x].hex, u.hex) <= 1)


def facing_locked(game: Game, u: UnitState) -> str | None:
    """Why the unit may not change facing now (3.8 j), or None."""
    held = still_pinning(game, u)
    if not held:
        return None
    return f"{u.id} was meleed in its flank or rear by {', '.join(held)}: no facing change while the contact " \
           "lasts (HCM 3.8 j)"


def contacts_ended(game: Game) -> list[Change]:
    """The pins whose contact is over, dropped (3.8 j): for the end of each phase."""
    return [Change("unit", u.id, {"pinned_by": still_pinning(game, u)}) for u in sorted(game.units.values(),
            key=lambda u: u.id) if u.marks.pinned_by and still_pinning(game, u) != u.marks.pinned_by]
