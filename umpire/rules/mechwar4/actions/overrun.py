"""Overruns (MW4 12.0-12.5): a unit that ends its move in an enemy-held hex fights it out there.

The move action hands over once the mover stands in the hex (after any opportunity fire on the
way, 12.3).  The rule system rolls the fire initiative (`overrun_initiative`) and prices each
shot (`fire_sheet(..., overrun=True)`); this module runs the firefight: the sides alternate,
first the winner, until every unit in the hex has fired once -- no panic checks (12.4), earlier
fire does not matter (12.2) and nothing here counts as the unit's fire for the turn.

If the mover and an enemy unit both survive, the mover stays put, held in the overrun: its side
either fights again (`overrun` with then="stay") or leaves to a next hex at no cost ("leave").
Nothing else happens meanwhile, and the turn cannot end with both sides in one hex (12.5).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ....core.engine import Context
from ....core.errors import UmpireError
from .fire import apply_result, resolve_shot
from ....core.game import Game, UnitState
from ....core.hexgrid import hex_distance
from ....core.play.movement import mine_attack
from ....core.store import models as m
from ....core.play.kit import set_unit, unit_done
from ....core.play.spotting import spot_pass


def defenders_of(game: Game, mover: UnitState) -> list[UnitState]:
    """The enemy units in the mover's hex (passengers fight with their carrier, 9.13)."""
    return sorted((v for v in game.units.values() if v.on_map and v.hex == mover.hex and v.side != mover.side
                   and not v.carried_by), key=lambda v: v.id)


def in_overrun(game: Game) -> UnitState | None:
    """The unit held in an overrun (paused in an enemy-held hex), if any."""
    return next((u for u in game.units.values() if u.paused and u.on_map and defenders_of(game, u)), None)


def firefight(ctx: Context, uid: str) -> str:
    """One overrun firefight in the mover's hex; returns how it ended, for the summary."""
    game, system = ctx.game, ctx.system
    mover = game.units[uid]
    n = game.map.number
    defenders = defenders_of(game, mover)
    first, lines = system.overrun_initiative(game, mover, defenders, ctx.dice)
    ctx.log.append(f"overrun in {n(mover.hex)}: {uid} against {', '.join(d.id for d in defenders)} (MW4 12.0)")
    ctx.log.extend(f"  {x}" for x in lines)
    attackers = [uid]
    queues = {mover.side: attackers, defenders[0].side: [d.id for d in defenders]}
    order: list[str] = []
    turn = first
    while queues[mover.side] or queues[defenders[0].side]:       # alternate until each fired once
        if queues[turn]:
            order.append(queues[turn].pop(0))
        turn = defenders[0].side if turn == mover.side else mover.side
    rows = {r.id: r for r in ctx.session.execute(select(m.UnitRow)).scalars()}
    wanted = ctx.params.get("target")
    for fid in order:
        f = game.units[fid]
        if f.status != "on_map":
            continue                                             # destroyed before its turn to fire
        if fid == uid:
            left = [d for d in defenders_of(game, mover)]
            if not left:
                break
            target = next((d for d in left if d.id == wanted), None) or \
                max(left, key=lambda d: (game.unit_type(d)["attack"], d.id))
        else:
            if mover.status != "on_map":
                break
            target = mover
        sheet = system.fire_sheet(game, fid, target.id, "main", overrun=True)
        if not sheet.legal:
            ctx.log.append(f"  {fid} cannot fire: {sheet.reason}" + (f" ({sheet.rule})" if sheet.rule else ""))
            continue
        die = ctx.dice.roll(f"overrun fire {fid} at {target.id}", 1, 6).total
        result = resolve_shot(ctx, sheet, die)
        ctx.log.extend(f"  {x}" for x in sheet.text(target.id))
        apply_result(ctx, rows, target.id, result)
    left = defenders_of(game, mover) if mover.status == "on_map" else []
    if mover.status != "on_map":
        return f"{uid} is destroyed in the overrun"
    if not left:
        set_unit(ctx, rows[uid], paused=False)
        return f"{uid} clears {n(mover.hex)}"
    set_unit(ctx, rows[uid], paused=True)
    ctx.log.append(f"  {uid} and {len(left)} enemy unit{'s' if len(left) > 1 else ''} survive: fight on or "
                   f"leave the hex (MW4 12.0)")
    return f"{uid} and the enemy both hold on in {n(mover.hex)}: fight on or leave"


def overrun(ctx: Context) -> tuple[str, Any]:
    """After a firefight that left both sides in the hex (MW4 12.0): params unit, then "stay"
    (another firefight at once) or "leave" with `to`, a next hex free of the enemy, entered at
    no cost; optionally target (the enemy unit the mover fires at)."""
    game = ctx.game
    uid, then = ctx.params.get("unit"), ctx.params.get("then")
    held = in_overrun(game)
    if held is None or held.id != uid:
        raise UmpireError(f"{uid} is not in an overrun" + (f" ({held.id} is)" if held else ""))
    n = game.map.number
    if then == "stay":
        outcome = firefight(ctx, uid)
    elif then == "leave":
        try:
            to = game.map.grid.parse(str(ctx.params.get("to")))
        except ValueError as e:
            raise UmpireError(f"overrun {uid}: {e}") from None
        if not game.map.contains(to) or hex_distance(to, held.hex) != 1:
            raise UmpireError(f"{uid} leaves the overrun hex for a next hex on the map, not {n(to)}")
        if any(v.on_map and v.hex == to and v.side != held.side for v in game.units.values()):
            raise UmpireError(f"{n(to)} holds an enemy unit: leave to a hex free of the enemy (MW4 12.0)")
        start = held.hex
        mine_attack(ctx, uid, start, leaving=True)             # 16.15: mines on the way out too
        if held.status != "on_map":
            spot_pass(ctx)
            unit_done(ctx, held.side)
            return f"{uid} is destroyed leaving the mined hex {n(start)} (MW4 16.15)", None
        row = ctx.session.get(m.UnitRow, uid)
        set_unit(ctx, row, q=to.q, r=to.r, paused=False, path=[[h.q, h.r] for h in held.path] + [[to.q, to.r]])
        for p in [v for v in game.units.values() if v.carried_by == uid]:
            set_unit(ctx, ctx.session.get(m.UnitRow, p.id), q=to.q, r=to.r)
        ctx.log.append(f"{uid} leaves the overrun for {n(to)} at no cost (MW4 12.0)")
        outcome = f"{uid} leaves the overrun for {n(to)}"
    else:
        raise UmpireError(f"overrun {uid}: say whether it stays and fights on or leaves (then = stay | leave)")
    spot_summary, _change = spot_pass(ctx)
    if in_overrun(game) is None:
        unit_done(ctx, held.side)
    return f"{outcome}. {spot_summary}", None
