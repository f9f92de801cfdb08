"""Lock 'n Load Tactical snipers (11.4, 5.0, 5.5): a Good Order sniper fires alone, rolling 2d6
+ its firepower + the DFT modifiers against 1d6 + the hex's target modifier; if higher, one
unit of the hex, picked at random, takes the damage check.  A sniper alone in its hex doubles
its target modifier against fire other than artillery's and snipers' (up to +8, 5.5).

Readings: "one random unit" is picked by a die over the hex's units in the order of their
ids; the sniper uses its own range like any unit.  Snipers rally themselves (DCT: Shaken).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.game import Game, UnitState
from . import tables
from .state import MAX_SNIPER_TM, kind, tm

if TYPE_CHECKING:
    from .combat import AttackSheet


def is_sniper(game: Game, u: UnitState) -> bool:
    return kind(game, u) == "sniper"


def defence_tm(game: Game, defenders: list[UnitState], firers: list[UnitState]) -> int:
    """5.5: the hex's target modifier, doubled for a lone sniper unless a sniper fires at it."""
    base = tm(game, defenders[0].hex)
    if len(defenders) == 1 and is_sniper(game, defenders[0]) and not any(is_sniper(game, f) for f in firers):
        raw = game.rules.terrain_types[game.map.terrain[defenders[0].hex]]["tm"]
        return min(MAX_SNIPER_TM, 2 * raw)
    return base


def resolve(game: Game, sh: "AttackSheet", dice, out: dict, lines: list, extra: list) -> str:
    """11.4: 2d6 + FP + modifiers against 1d6 + TM; one unit at random takes the check."""
    from .combat import strike
    n = game.map.number(sh.target)
    a = dice.roll(f"sniper fire on {n}: firepower {sh.firepower}, 2d6", 2, 6, (("firepower", sh.firepower),)
                  + sh.modifiers).total
    d = dice.roll(f"defence in {n}: target modifier {sh.defence}", 1, 6, (("TM", sh.defence),)).total
    out.setdefault(sh.units[0], {})["fired"] = True
    dc = tables.dc_number(game.rules, a, d)
    if dc is None:
        lines.append(f"Result: sniper fire {a} against {d} -- no effect (11.4)")
        return f"sniper fire on {n}: {a} against {d}, no effect"
    targets = sorted((game.units[x] for x in sh.defenders), key=lambda u: u.id)
    pick = dice.roll(f"the sniper's target among {len(targets)}", 1, len(targets)).total if len(targets) > 1 else 1
    hit = targets[math.ceil(pick) - 1]
    lines.append(f"Result: sniper fire {a} against {d} -- one unit checks damage at DC+{dc} (11.4)")
    extra += strike(game, [hit], dc, "dft", dice, out, lines, attacker=sh.side)
    return f"sniper fire on {n}: {a} against {d}, DC+{dc}"
