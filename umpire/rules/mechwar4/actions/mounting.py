"""A carrier struck while mounting or dismounting (MW4 9.32): its move is taken back.

Umpire's mounting is at the start of a carrier's move and its dismounting at the end (9.12), so
the act 9.32 speaks of is a truck's or APC's move declared with a mount or a dismount, paused on
the way for opportunity fire (6.5).  Our reading: if that fire deals the carrier any effect --
a suppression or a loss it survives -- the carrier goes back at once to the hex its move began
in, with whoever rode in it when it set out; the units that had just mounted are put down there
on foot, and the dismount does not happen; its move is over.  A move that declares its dismount
only when it goes on after the pause was not, at the pause, "in the act" of dismounting: fire at
the pause leaves it where it is.  The firing side reads that the carrier fell back; who rode in
it is its own side's to know."""

from __future__ import annotations

from ....core.engine import Context
from ....core.hexgrid import Hex
from ....core.play.kit import set_unit

CARRIERS = ("truck", "vehicle")         # 9.32: "a truck or APC unit"


def mounting_marks(game, uid: str, check, paused: bool) -> dict:
    """What marks_after_move records of a mounting or dismounting move (9.32): its first hex
    and the units that boarded, while it is paused; nothing once it ends."""
    mover = game.units[uid]
    if not paused:
        return {"mount_move": None, "boarded": ()}
    if mover.paused:                  # going on: the move keeps what its first leg declared
        return {}
    kind = game.unit_type(mover)
    if kind["move_class"] in CARRIERS and kind["carries"] and (check.boarding or check.leaving) and mover.hex:
        return {"mount_move": (mover.hex.q, mover.hex.r), "boarded": tuple(check.boarding)}
    return {}


def struck_while_mounting(ctx: Context, rows: dict, target: str) -> None:
    """9.32: after a combat effect on the target, a carrier paused in a mounting or dismounting
    move goes back to its first hex and the operation does not take place."""
    game = ctx.game
    t = game.units[target]
    if t.status != "on_map" or not t.paused or t.marks.mount_move is None:
        return
    back, boarded = Hex(*t.marks.mount_move), t.marks.boarded
    n = game.map.number
    set_unit(ctx, rows[target], q=back.q, r=back.r, paused=False, mount_move=None, boarded=())
    ctx.log.append(f"  {target} is struck in the act of {'mounting' if boarded else 'dismounting'} "
                   f"and falls back to {n(back)}: the operation does not take place (MW4 9.32)")
    for v in list(game.units.values()):
        if v.carried_by != target:
            continue
        if v.id in boarded:
            set_unit(ctx, rows.get(v.id) or v.id, carried_by=None, q=back.q, r=back.r)
            ctx.log.keep(f"  {v.id} is put down again in {n(back)}: it did not mount (MW4 9.32)", t.side)
        else:
            set_unit(ctx, rows.get(v.id) or v.id, q=back.q, r=back.r)
            ctx.log.keep(f"  {v.id} stays aboard {target} in {n(back)} (MW4 9.32)", t.side)
