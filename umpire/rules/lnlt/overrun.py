"""Lock 'n Load Tactical overrun (15.3): a Good Order vehicle that has not acted runs over the
leg units of a hex next to it, in terrain that allows it (terrain.toml `overrun`: clear, brush,
low crops), paying the hex's cost + 4 MP out of its movement.  It rolls 1d6 + 2 + its gun's HE
+ its machine guns' firepower against 1d6 + the hex's target modifier; higher, every defender
checks damage at the Damage Check Calculation Table's number.  The defenders left in Good
Order may then close assault it (17.1), each after a morale check.

Readings: the overrun is the vehicle's impulse and it stays where it attacked from (Umpire
keeps the two sides in separate hexes; the umpire moves it on if the table agrees); every
surviving Good Order defender close assaults it (the series leaves the choice to them).
An armour leader (11.5) in the vehicle's hex adds his LM.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.changes import Change
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, hex_distance
from . import tables
from .damage import morale_check, vehicle_struck
from .state import good_order, gun, kind, lm, lowest_armour, marks_after, tm, vehicle

if TYPE_CHECKING:
    from .combat import AttackSheet

EXTRA_MP, BONUS = 4, 2                          # 15.3


def sheet(game: Game, units: list[UnitState], defenders: list[UnitState], target: Hex,
          defenders_line: str) -> "AttackSheet":
    from .combat import AttackSheet, refuse
    from .movement import step_cost
    n = game.map.number
    if len(units) != 1 or not vehicle(game, units[0]):
        return refuse("one vehicle overruns at a time (15.3)", "LnLT 15.3")
    v = units[0]
    if hex_distance(v.hex, target) != 1:
        return refuse(f"{v.id} is not next to {n(target)}: an overrun drives into the hex (15.3)", "LnLT 15.3")
    terrain = game.rules.terrain_types[game.map.terrain[target]]
    if not terrain.get("overrun"):
        return refuse(f"no overrun in {terrain['label'].lower()} (15.3)", "LnLT 15.3")
    if any(vehicle(game, d) for d in defenders):
        return refuse("an overrun runs over leg units, not vehicles (15.3)", "LnLT 15.3")
    cost, note = step_cost(game, game.unit_type(v)["move_class"], v.hex, target)
    if cost is None or cost + EXTRA_MP > game.unit_type(v)["movement"]:
        return refuse(f"{v.id} lacks the movement: entering costs "
                      + (f"{cost:g} + {EXTRA_MP} MP" if cost is not None else note) + " (15.3)", "LnLT 15.3")
    g = gun(game, v)
    mods = (("overrun", BONUS),) + ((("HE", g["he"]),) if g else ()) + (("machine guns", game.unit_type(v)["firepower"]),)
    lead = max((lm(game, x) for x in game.units.values() if x.on_map and x.hex == v.hex and x.side == v.side
                and kind(game, x) == "armour_leader"), default=0)
    if lead:
        mods += (("armour leader's LM (11.5)", lead),)              # 15.3
    lines = [f"Overrun of {n(target)} by {v.id} (LnLT 15.3): {cost:g} + {EXTRA_MP} MP",
             *[f"  {w}: {x:+d}" for w, x in mods], defenders_line,
             f"  target modifier {tm(game, target):+d} ({terrain['label'].lower()})"]
    return AttackSheet(True, "", "", tuple(lines), "overrun", v.side, (v.id,), target, tuple(d.id for d in defenders),
                       sum(x for _w, x in mods), mods, tm(game, target))


def resolve(game: Game, sh: "AttackSheet", dice, out: dict, lines: list, extra: list[Change]) -> str:
    from .combat import strike
    v = game.units[sh.units[0]]
    n = game.map.number(sh.target)
    out.setdefault(v.id, {}).update(moved=True)
    a = dice.roll(f"overrun of {n} by {v.id}", 1, 6, sh.modifiers).total
    d = dice.roll(f"defence in {n}: target modifier {sh.defence}", 1, 6, (("TM", sh.defence),)).total
    dc = tables.dc_number(game.rules, a, d)
    defenders = [game.units[x] for x in sh.defenders]
    if dc is None:
        lines.append(f"Result: overrun {a} against {d} -- no effect (15.3)")
    else:
        lines.append(f"Result: overrun {a} against {d} -- damage checks at DC+{dc} (15.3)")
        extra += strike(game, defenders, dc, "dft", dice, out, lines, attacker=sh.side)
    summary = f"overruns {n}: {a} against {d}" + (f", DC+{dc}" if dc is not None else ", no effect")
    for u in defenders:                              # the survivors in Good Order strike back (17.1)
        after = out.get(u.id, {})
        if after.get("status") == "destroyed" or marks_after(out, u).shaken or not good_order(u):
            continue
        if out.get(v.id, {}).get("status") == "destroyed":
            break
        if not morale_check(game, u, dice, lines, why="close assault morale check"):
            continue
        ca = dice.roll(f"close assault by {u.id}", 1, 6, (("firepower", game.unit_type(u)["firepower"]),)).total
        cd = dice.roll(f"{v.id} against the close assault", 1, 6, (("lowest armour", lowest_armour(game, v)),)).total
        if ca > cd:
            lines.append(f"  {u.id} close assaults {v.id}: {ca} against {cd} -- destroyed (17.1)")
            extra += vehicle_struck(game, v, "Destroyed", "close_assault", dice, out, lines)
            summary += "; the vehicle is destroyed by a close assault"
        else:
            lines.append(f"  {u.id} close assaults {v.id}: {ca} against {cd} -- no effect (17.1)")
    return summary
