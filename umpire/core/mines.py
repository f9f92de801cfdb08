"""Mine attacks (MW4 16.0-16.16): a unit of either side entering or leaving a mined hex is
attacked at once, the result applied at once, and the mined-hex marker goes on the map.

The rule system prices the attack (`mine_sheet`); this module rolls it and applies it like a
shot (losses shared by passengers, suppression, a wreck, company morale).
"""

from __future__ import annotations


from sqlalchemy import select

from .changes import Change, apply
from .engine import Context
from .fire import _apply, _resolve
from .hexgrid import Hex
from .store import models as m


def mine_type_at(game, h: Hex | None) -> str | None:
    """The type of the minefield in hex h, or None."""
    kinds = [o.detail for o in game.map.overlays if o.kind == "minefield" and o.hex == h] if h else []
    # FASCAM fired again on a hex lays a stronger field over it: "hasty +2" (MW4 19.43)
    return max(kinds, key=lambda k: int(k.partition(" +")[2] or 0), default=None)


def mine_attack(ctx: Context, uid: str, where: Hex, leaving: bool) -> None:
    """Attack the unit with the mines of hex `where` and reveal the mined hex (16.0)."""
    game = ctx.game
    kind = mine_type_at(game, where)
    if kind is None:
        return
    own = ctx.system.mine_attack(game, uid, kind, leaving, ctx.dice)
    if own is not None:
        if not own:
            return
        apply(ctx, own, indent="  ")
    else:
        sheet = ctx.system.mine_sheet(game, uid, kind, leaving)
        if sheet is None:
            return
        die = ctx.dice.roll(f"mine attack on {uid} in {game.map.number(where)}", 1, 6).total
        result = _resolve(ctx, sheet, die)
        ctx.log.extend(f"  {x}" for x in sheet.text(uid))
        rows = {r.id: r for r in ctx.session.execute(select(m.UnitRow)).scalars()}
        _apply(ctx, rows, uid, result)
    # a mined-hex marker goes on the map (16.0) of the side struck and of those who saw it strike
    # (the struck unit may lie destroyed: it is told where it was)
    apply(ctx, [Change("overlay", "minefield", {"reveal": True, "q": where.q, "r": where.r, "seen_with": uid})])
