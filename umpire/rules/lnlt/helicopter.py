"""Lock 'n Load Tactical helicopters (19.2.1, 19.2.8, 19.4, DCT) -- vehicles (vehicles.toml
`helicopter`) that fly -- and rubber boats on rivers (23.3.1, `boat`: +1 to hit them and those
aboard, on the DFT and the OFT as the aid prints both; they move on river hexes, running aground
on a bank hex to take passengers on or off: movement.py).

* Modes (19.2.1): a helicopter is Flying, Hovering or landed (its counter's `flight`).  It takes
  the mode with its move (`--pace flying|hover|land`; a move without one flies): it flies over
  any terrain at 1 MP a hex (our reading: the aid prices no terrain for it), mines and all.
  Airborne it is a level above its hex: no target modifier (the aid's ordnance notes).
* Fire: a helicopter firing in Flying mode is -2 on the DFT and +2 on the OFT; at one, the DFT is
  -1 hovering and -2 flying, the OFT +1 and +2 (19.2.1).  Small arms reach half their range
  against it and its defender adds its armour factor (vehicles.toml `af`, 19.2.8).  Only guided
  anti-aircraft weapons (ordnance.toml `aa`, the blue to-hit tables) fire at it flying.
* Passengers (19.4): the vehicles' capacities (16.1); they get on or off only when it lands or
  hovers (our reading).
* Damage (DCT helicopter column): Damaged, it leaves the map with whoever is aboard, firing and
  unloading no more; Destroyed, it crashes -- 2d6, one die the direction (1 north, 2 northeast...),
  the other halved up the hexes -- a Wreck where it falls, and a 6-firepower attack on every unit
  there; crew and passengers then bail out as from any destroyed vehicle (15.4).
"""

from __future__ import annotations

import math

from ...core.changes import Change
from ...core.game import Game, UnitState
from . import tables
from .state import vehicle

MODES = {"flying": "Flying", "hover": "Hovering"}
CRASH_FP = 6


def helicopter(game: Game, u: UnitState) -> bool:
    v = vehicle(game, u)
    return bool(v and v.get("helicopter"))


def airborne(game: Game, u: UnitState) -> bool:
    return helicopter(game, u) and u.marks.flight in MODES


def armour_factor(game: Game, u: UnitState) -> int:
    return vehicle(game, u).get("af") or 0


def firer_modifier(game: Game, units: list[UnitState], ordnance: bool) -> tuple[str, int] | None:
    """19.2.1: a helicopter firing in Flying mode."""
    if any(helicopter(game, u) and u.marks.flight == "flying" for u in units):
        return ("helicopter firing in Flying mode (19.2.1)", 2 if ordnance else -2)
    return None


def target_modifier(game: Game, v: UnitState, ordnance: bool) -> tuple[str, int] | None:
    """19.2.1: a hovering helicopter target -1 on the DFT (+1 OFT), a flying one -2 (+2)."""
    if not airborne(game, v):
        return None
    k = 1 if v.marks.flight == "hover" else 2
    return (f"helicopter target {MODES[v.marks.flight]} (19.2.1)", k if ordnance else -k)


def crash(game: Game, v: UnitState, dice, out: dict, lines: list) -> tuple[list[Change], object]:
    """DCT Destroyed: where the helicopter falls, and the 6-firepower attack there."""
    from .artillery import drift
    from .combat import strike
    r = dice.roll(f"crash of {v.id}: direction, then distance halved up", 2, 6)
    where = drift(game, v.hex, r.faces[0], math.ceil(r.faces[1] / 2))
    n = game.map.number(where)
    lines.append(f"  {v.id} crashes in {n} ({r.faces[0]}: direction, {r.faces[1]} halved up: "
                 f"{math.ceil(r.faces[1] / 2)} hexes, DCT)")
    changes: list[Change] = []
    below = [u for u in game.units.values() if u.on_map and u.hex == where and u.id != v.id and not u.carried_by]
    if below:
        a = dice.roll(f"crash of {v.id} on {n}: firepower {CRASH_FP}", 1, 6, (("firepower", CRASH_FP),))
        from .state import tm
        d = dice.roll(f"defence in {n}: target modifier {tm(game, where)}", 1, 6, (("TM", tm(game, where)),))
        dc = tables.dc_number(game.rules, a.total, d.total)
        lines.append(f"  the crash attacks {n}: {a.total} against {d.total}" + (f", DC+{dc}" if dc else ", no effect"))
        if dc is not None:
            changes += strike(game, below, dc, "dft", dice, out, lines, attacker=None)
    return changes, where


def boat(game: Game, u: UnitState) -> bool:
    """A rubber boat (23.3.1, vehicles.toml `boat`)."""
    v = vehicle(game, u)
    return bool(v and v.get("boat"))


def on_river(game: Game, units: list[UnitState]) -> bool:
    """23.3.1: units in (or a) rubber boat on a river hex."""
    for u in units:
        carrier = game.units.get(u.carried_by) if u.carried_by else None
        b = u if boat(game, u) else (carrier if carrier is not None and boat(game, carrier) else None)
        if b is not None and b.hex is not None and game.rules.terrain_types[game.map.terrain[b.hex]].get("river"):
            return True
    return False
