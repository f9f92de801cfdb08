"""Going on past the hex rammed or overrun (HCM 3.8.1), for melee_actions.py: the melee's
`beyond` field, the hex the vehicle goes on to.

Readings (tested in tests/rules/test_hcm_overrun.py):
* "If the vehicle has the normal movement speed": a vehicle not slowed -- no M or MM damage
  block (2.3.5) and not stuck (3.5.1).  Only a vehicle goes on; a gun does not.
* It goes on one hex past the defender's hex, through it: into one of the three hexes ahead as it
  passes (the hexside it would leave by, straight on or either side of it).  Its facing follows
  (3.5) and the turns count against its facing limit (2.3.1), none when it ends facing as it
  began (3.5.2).  The ground must take its movement class and its side's stacking must have room
  (3.5.6).  These are things the attacker knows: a bad `beyond` is refused before any die.
* Found out by the melee, after the dice: it stops at the point of contact, in its own hex, when
  the rammed vehicle or gun is of a heavier weight class than it, when a heavier structure
  (melee.structure_shelters) shelters the defending infantry, when the ram or the ambush
  destroyed it, or when an enemy holds the hex beyond.  Overrun infantry (3.8 k) may be passed
  like a rammed vehicle.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.hexgrid import direction_to, hex_distance, neighbour
from . import melee
from .damage import weight_index
from .fire_sheet import HARD
from .facing import facing_limit, turns_between
from .stacking import STACK
from .state import is_commander, kind, units_at, weight


def heading(a, d) -> int | None:
    """The direction the vehicle goes through the defender's hex."""
    return direction_to(a.hex, d.hex) if a.hex != d.hex else a.marks.facing


def turns(a, into: int, out: int) -> int:
    f = a.marks.facing
    if f is None or f == out:
        return 0                                                    # 3.5.2
    return turns_between(f, into) + turns_between(into, out)


def beyond_problem(game, a, d, beyond) -> str | None:
    """Why the vehicle may not go on to `beyond` (3.8.1), judged on what its side knows; None: it may."""
    n = game.map.number
    if kind(game, a) != "vehicle":
        return f"only a vehicle goes on past the hex it rams or overruns, not {a.id} (HCM 3.8.1)"
    if a.marks.stuck or {"M", "MM"} & set(a.marks.damage):
        return f"{a.id} has lost its normal speed: it stops at the point of contact (HCM 3.8.1, 2.3.5)"
    into = heading(a, d)
    if into is None or hex_distance(a.hex, d.hex) > 1:
        return f"{a.id} has no way through {n(d.hex)} (HCM 3.8.1)"
    ahead = [neighbour(d.hex, into + k) for k in (-1, 0, 1)]
    if beyond not in ahead:
        return f"{n(beyond)} is not one of the hexes ahead past {n(d.hex)}: {', '.join(n(h) for h in ahead)} " \
               "(HCM 3.8.1)"
    if not game.map.contains(beyond) or \
            game.rules.terrain_types[game.map.terrain[beyond]]["move"].get(game.unit_type(a)["move_class"]) is None:
        return f"{a.id} may not enter {n(beyond)} (HCM 3.8.1, 3.5)"
    own = [u for u in units_at(game, beyond, a.side) if not is_commander(game, u) and not u.carried_by]
    if len(own) >= STACK:
        return f"{n(beyond)} already holds {len(own)} items: two to a hex (HCM 3.5.6)"
    top, made = facing_limit(game, a), turns(a, into, direction_to(d.hex, beyond))
    if top is not None and a.marks.facing_changes + made > top:
        return f"going on to {n(beyond)} makes {made} facing change(s): a {game.unit_type(a)['label'].lower()} " \
               f"makes {top} a turn (HCM 2.3.1)"
    return None


def go_on(game, a, d, beyond, changes: list[Change], structure: bool) -> list[Change]:
    """After the contact (3.8.1): the vehicle goes on to `beyond`, or stops at the point of contact."""
    n = game.map.number
    if any(c.what == "unit" and c.key == a.id and (c.values.get("status") == "destroyed" or "q" in c.values)
           for c in changes):
        return []
    stop = ""
    if kind(game, d) in HARD and weight_index(weight(game, d)) > weight_index(weight(game, a)):
        stop = "what it rammed is heavier"
    elif kind(game, d) not in HARD and melee.structure_shelters(structure, weight(game, a)):
        stop = "the structure is heavier than the vehicle"
    elif any(e.side != a.side for e in units_at(game, beyond)):
        stop = f"the enemy holds {n(beyond)}"
    if stop:
        return [Change("note", "", {}, (f"  {a.id} stops at the point of contact: {stop} (HCM 3.8.1)",))]
    into, out = heading(a, d), direction_to(d.hex, beyond)
    return [Change("unit", a.id, {"q": beyond.q, "r": beyond.r, "facing": out,
                                  "facing_changes": a.marks.facing_changes + turns(a, into, out)},
                   (f"  {a.id} goes on past {n(d.hex)} to {n(beyond)} (HCM 3.8.1)",))]
