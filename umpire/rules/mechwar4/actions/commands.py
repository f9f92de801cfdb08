"""Command orders (MW4 19.1): a side's company commands for a turn, from the orders panel or an
orders file, checked whole before any is applied.  Registered with `engine.action`.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ....core.engine import Context
from ....core.errors import UmpireError
from ....core.los import Eye
from .plots import check_plots, write_plots
from ....core.store import models as m


def orders(ctx: Context) -> tuple[str, Any]:
    """A side's company commands for a turn (MW4 19.1), all checked before any is applied."""
    game, p = ctx.game, ctx.params
    side, turn = p.get("side"), p.get("turn")
    codes = ctx.system.commands()
    problems: list[str] = []
    if side not in game.side_ids():
        raise UmpireError(f"orders refused: unknown side {side!r}")
    if why := game.turn_problem(turn):
        problems.append(why)
    companies = {c.id: c for c in game.companies}
    battalion_side = {b.id: b.side for b in game.battalions}
    for cid, code in p.get("commands", {}).items():
        c = companies.get(cid)
        if c is None or battalion_side[c.battalion] != side:
            # one answer for an enemy company and a made-up name: the refusal reaches the side
            # (its orders page), and must not tell it which of the enemy's companies exist
            problems.append(f"{cid!r} is not one of {game.side(side).name}'s companies: a side orders only its own units")
        elif code not in codes:
            problems.append(f"{cid}: unknown command {code!r} (known: {', '.join(codes)})")
        elif why := ctx.system.command_problem(game, cid, code):
            problems.append(why)
    ambush: dict[str, Any] = {}
    for cid, number in p.get("ambush", {}).items():
        if turn != 1:
            problems.append(f"{cid}: ambush hexes are chosen before the game, for turn 1 (MW4 6.9131)")
            continue
        if cid not in p.get("commands", {}) or p["commands"][cid] != "ambush":
            problems.append(f"{cid}: an ambush hex needs the Ambush command (MW4 6.9131)")
            continue
        try:
            h = game.map.grid.parse(number)
        except ValueError as e:
            problems.append(f"{cid}: {e}")
            continue
        members = [u for u in game.units.values() if u.company == cid and u.on_map]
        sight = ctx.system.sight(game.map, game.night)
        if not any(sight.line_of_sight(Eye(u.hex), Eye(h)).clear for u in members):
            problems.append(f"{cid}: ambush hex {number} is not in the company's line of sight (MW4 6.9131)")
        ambush[cid] = h
    for cid, code in p.get("commands", {}).items():
        if code == "ambush" and cid not in ambush and not any(cid in x for x in problems):
            problems.append(f"{cid}: the Ambush command needs an ambush hex (MW4 6.9131)")
    fire: list = []
    if p.get("missions") is not None and not why:     # the orders file's fire plots (MW4 7.0, 14.0)
        fire, more = check_plots(ctx, side, turn, p["missions"])
        problems += more
    if problems:
        raise UmpireError("orders refused, nothing applied: " + "; ".join(problems))
    if p.get("missions") is not None:
        write_plots(ctx, side, turn, fire)
    existing = {(r.turn, r.company_id): r for r in ctx.session.execute(
        select(m.CommandRow).where(m.CommandRow.turn == turn)).scalars()}
    for cid, code in p.get("commands", {}).items():
        h = ambush.get(cid)
        values = dict(code=code, hex_q=h.q if h else None, hex_r=h.r if h else None)
        row = existing.get((turn, cid))
        if row is None:
            ctx.rec.insert(m.CommandRow(turn=turn, company_id=cid, side_id=side, **values))
        else:
            ctx.rec.set(row, **values)
        ctx.log.append(f"{cid}: {codes[code]['label']}" + (f" on {game.map.number(h)}" if h else ""))
    plots = f", {len(fire)} fire mission{'s' if len(fire) != 1 else ''}" if p.get("missions") is not None else ""
    n = len(p.get("commands", {}))
    return f"{game.side(side).name} gives orders for turn {turn} ({n} compan{'y' if n == 1 else 'ies'}{plots})", None
