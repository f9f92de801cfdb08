"""Barrages that stay (MW4 7.14): an impact zone fired on again next turn strikes units that
move into it until the next Indirect Fire phase.  The rule system prices the attack
(`barrage_attack`); this module finds the zones a move entered and applies the results.

Our reading: once a barrage per move, when the unit enters a hex of a zone it did not start
in; the attack is applied after the move, so a unit destroyed on the way is removed where the
move ended.
"""

from __future__ import annotations

from ....core.changes import apply
from ....core.engine import Context
from ....core.hexgrid import Hex


def barrage_attacks(ctx: Context, uid: str, start: Hex | None, entered: list[Hex]) -> None:
    game = ctx.game
    barrages = [o for o in game.map.overlays if o.kind == "barrage"]
    done = {o.detail for o in barrages if o.hex == start}        # it started in that zone
    for h in entered:
        for o in barrages:
            if o.hex == h and o.detail not in done and game.units[uid].status == "on_map":
                done.add(o.detail)
                apply(ctx, ctx.system.barrage_attack(game, uid, o, ctx.dice))
