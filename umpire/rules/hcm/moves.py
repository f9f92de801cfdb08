"""What happens around a Hex Command Mechanized move, with dice (the checks themselves are
movement.py's): rain (3.5.1) and the forest entry roll (3.5.3) as the move sets out, and after it a hidden unit on the table (4.1), towed guns limbered (2.3.6)
and a melee begun (3.8 h); mines striking (2.4.2).

The forest roll is made as the move sets out, for the first forest hex of its path that the
vehicle enters off the road: on a failure the vehicle goes as far as the hex before the forest
and stops there (its passengers to be taken on stay where they are).
"""

from __future__ import annotations

from ...core.changes import Change, apply
from ...core.hexgrid import direction_to
from ...core.play.spotting import spot_pass
from . import spotting
from .movement import check_move, forest_entries
from .state import DAMAGE_LETTERS, anti_mine, is_vehicle, kind, weight

RAIN_STUCK = 3            # 3.5.1: stuck on 3-6
FOREST_LIGHT, FOREST_HEAVY = 4, 6    # 3.5.3


def rain_roll(ctx, uid: str) -> str | None:
    """3.5.1: in rain, a wheeled vehicle rolls 1d6 as it sets out; on 3-6 it is stuck this turn."""
    game = ctx.game
    u = game.units[uid]
    if not game.rule_state.scenario.get("rain") or game.unit_type(u)["wheels"] != "wheeled" or not u.on_map:
        return None
    roll = ctx.dice.roll(f"{uid} in the rain: stuck on {RAIN_STUCK}-6 (3.5.1)", 1, 6).total
    if roll < RAIN_STUCK:
        ctx.log.append(f"{uid} rolls {roll} in the rain: its wheels hold (3.5.1)")
        return None
    apply(ctx, [Change("unit", uid, {"stuck": True, "moved": True},
                       (f"{uid} rolls {roll}: stuck in the mud for the turn (3.5.1)",))])
    return f"{uid} is stuck in the mud and does not move this turn (3.5.1)"


def forest_need(game, u) -> int:
    """3.5.3: 4-6 lets a vehicle into a forest, 6 for heavy and very heavy ones."""
    return FOREST_HEAVY if weight(game, u) in ("H", "VH") else FOREST_LIGHT


def forest_roll(ctx, uid: str, check) -> str | None:
    """3.5.3: the entry roll for the first forest hex the vehicle's path enters off the road."""
    game = ctx.game
    u = game.units[uid]
    if not is_vehicle(game, u):
        return None
    entries = forest_entries(game, u, list(check.steps))
    if not entries:
        return None
    n = game.map.number
    forest = entries[0]
    need = forest_need(game, u)
    roll = ctx.dice.roll(f"{uid} tries to enter the forest at {n(forest)}: {need}-6 (3.5.3)", 1, 6).total
    if roll >= need:
        ctx.log.append(f"{uid} rolls {roll}: it finds a way into the forest at {n(forest)} (3.5.3)")
        return None
    path = [s.hex for s in check.steps]
    short = path[:path.index(forest)]
    how = {"pace": "reverse"} if check.marks is not None and check.marks.reversed_turn == game.turn else {}
    lines = (f"{uid} rolls {roll}: it cannot enter the forest at {n(forest)} (3.5.3)",)
    if len(short) < 2 or u.status == "off_map":
        apply(ctx, [Change("unit", uid, {"moved": True}, lines + (f"{uid} stays where it is",))])
        return f"{uid} cannot find a way into the forest at {n(forest)} and stays (3.5.3)"
    cut = check_move(game, uid, short, how)
    if not cut.legal:              # cannot happen for a prefix of a legal path; stay put to be safe
        apply(ctx, [Change("unit", uid, {"moved": True}, lines)])
        return f"{uid} cannot enter the forest at {n(forest)} and stays (3.5.3)"
    end = short[-1]
    values = {"q": end.q, "r": end.r, "moved": True, "mp_spent": cut.total,
              "path": [[h.q, h.r] for h in short], "marks": cut.marks}
    apply(ctx, [Change("unit", uid, values, lines + (f"{uid} moves " + " ".join(n(h) for h in short[1:])
                                                      + " and stops at the forest's edge (3.5.3)",))])
    apply(ctx, after_move(game, uid, cut))
    spot_pass(ctx)
    return f"{uid} stops in {n(end)}: it could not enter the forest at {n(forest)} (3.5.3)"


def after_move(game, uid: str, check) -> list[Change]:
    """After a move: a hidden unit is on the table (4.1); a gun taken on is limbered, one set
    down unlimbered (2.3.6); a unit that moved into the enemy has begun its melee (3.8 h)."""
    out = spotting.went_on_table(game, uid) if game.units[uid].on_map else []
    for pid in check.boarding:
        if kind(game, game.units[pid]) == "gun":
            out.append(Change("unit", pid, {"limbered": True}, (f"{pid} is limbered to {uid} (2.3.6)",)))
    for pid in check.leaving:
        if kind(game, game.units[pid]) == "gun":
            face = {"facing": direction_to(check.steps[-2].hex, check.steps[-1].hex)} if len(check.steps) > 1 else {}
            out.append(Change("unit", pid, {"limbered": False, **face}, (f"{pid} is unlimbered (2.3.6)",)))
    if check.engages is not None:
        out.append(Change("unit", uid, {"melee_turn": game.turn}))
    return out


def mines_strike(game, uid: str, leaving: bool, dice) -> list[Change]:
    """2.4.2: a unit without anti-mine capability entering a minefield takes a hit marker, and a
    vehicle rolls a damage block; the field stops it (movement.py).  The block, like all damage,
    is for the owner and the umpire (2.3.3)."""
    u = game.units[uid]
    if leaving or anti_mine(game, u):
        return []
    out = [Change("unit", uid, {"hits": u.marks.hits + 1},
                  (f"{uid} enters a minefield: one hit marker (2.4.2)",))]
    if is_vehicle(game, u):
        face = DAMAGE_LETTERS[dice.roll(f"damage block for {uid} in the minefield (2.4.2)", 1, 6).total - 1]
        # one block as rolled: 2.4.2 names no gun weight, so the incremental rule of 2.3.3 (damage.place) has
        # nothing to compare (our reading)
        out.append(Change("unit", uid, {"damage": (*u.marks.damage, face)},
                          (f"  {uid}'s damage block shows {face} (2.4.2, 2.3.3)",), u.side))
    return out
