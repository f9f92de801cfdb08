"""War Blog sieges (11.4): a fortified hex whose every neighbour lies in the besiegers' zones of
control, with no unit of the besieged side in any of them, may be besieged instead of assaulted.
The besiegers take no damage; each besieged unit takes 0.4 to 1.4 depressions (one 1d11 in
tenths), 0.1 more for each besieging unit beyond two in the surrounding hexes, and then checks
morale (6.0).  Like an assault it costs the besiegers 2 MP (11.0).

Reading: 11.4 says four besiegers inflict 0.7 to 1.7, which its own rule (0.1 for each unit
beyond two) makes 0.6 to 1.6; we follow the rule, as for 11.3's third example.  The besieged
recover a depression a turn by standing still, as any unit (7.1).
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, hex_distance
from .battle import AttackSheet, refuse
from .outcome import morale
from .state import in_enemy_zoc, units_at, works

BASE_LOW, SPREAD, PER_UNIT = 0.4, 1.0, 0.1          # 11.4


def sheet(game: Game, units: list[UnitState], target: Hex) -> AttackSheet:
    n = game.map.number
    side = units[0].side
    defenders = [v for v in units_at(game, target) if v.side != side]
    if not defenders or works(game, defenders[0]) != "fortified":
        return refuse(f"{n(target)} is not a fortified hex held by the enemy: only those are besieged (11.4)",
                      "War Blog 11.4")
    dside = defenders[0].side
    ring = game.map.on_map_neighbours(target)
    for u in units:
        if hex_distance(u.hex, target) != 1:
            return refuse(f"{u.id} is not next to {n(target)}: besiegers stand around it (11.4)", "War Blog 11.4")
    held = {u.hex for u in game.units.values() if u.on_map and u.side == side}
    open_side = [h for h in ring if h not in held and not in_enemy_zoc(game, h, dside)]
    if open_side:
        return refuse(f"{n(open_side[0])} is outside the besiegers' zones of control: {n(target)} is not surrounded "
                      "(11.4)", "War Blog 11.4")
    relief = [v for h in ring for v in units_at(game, h) if v.side == dside]
    if relief:
        return refuse(f"{game.side(dside).name} holds {n(relief[0].hex)} next to the fort: the siege is broken (11.4)",
                      "War Blog 11.4")
    around = sum(1 for u in game.units.values() if u.on_map and u.side == side and u.hex in ring)
    extra = max(0, around - 2)
    low = BASE_LOW + PER_UNIT * extra
    lines = [f"Siege of {n(target)} by {', '.join(u.id for u in units)} (War Blog 11.4)",
             f"  {around} surrounding hex{'es' if around != 1 else ''} held: {low:.1f} to {low + SPREAD:.1f} "
             "depressions on each besieged unit, none on the besiegers",
             f"Defenders: {len(defenders)} unit{'s' if len(defenders) != 1 else ''} of {game.side(dside).name}"]
    return AttackSheet(True, "", "", tuple(lines), "siege", side, tuple(u.id for u in units), target,
                       tuple(v.id for v in defenders), dside, extra=({"low": round(low, 1)}))


def resolve(game: Game, sh: AttackSheet, dice, out) -> str:
    """The besieged's depressions (1d11: 0.0 to 1.0 over the low end) and morale checks."""
    from .resolve import ASSAULT_COST, spend      # resolve.py calls this module: imported late
    low = sh.extra["low"]
    for u in (game.units[x] for x in sh.units):
        spend(game, out, u, ASSAULT_COST, acted=True)
    total = []
    for v in (game.units[x] for x in sh.defenders):
        r = dice.roll(f"siege damage on {v.id} ({low:.1f} + tenths)", 1, 11).total
        damage = round(low + (r - 1) / 10, 1)
        out.depress(v, damage)
        morale(game, out, v, dice, [game.units[x].hex for x in sh.units])
        total.append(damage)
    out.lines.insert(0, f"Result: the siege inflicts {', '.join(f'{d:g}' for d in total)} depressions (11.4)")
    return f"siege of {{hex}}: {', '.join(f'{d:g}' for d in total)} depressions"
