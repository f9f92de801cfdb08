"""Indirect fire plots (MW4 7.0, 14.0): a side's fire missions for a turn -- each concentration
of its off-board supports at one target hex, tight or loose -- checked whole before any is
kept, and secret to the side.  The rule system says what a mission may not do
(`plot_problem`) and resolves them in its Indirect Fire phase.  Registered with `engine.action`.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from .engine import Context, action
from .errors import UmpireError
from .store import models as m


@action("plot")
def _plot(ctx: Context) -> tuple[str, Any]:
    """params: side, turn, missions -- [{"support", "concentration" (1..n), "target" (hex),
    "pattern" (tight | loose | smoke)}].  The side's plots for that turn are replaced by these."""
    game, p = ctx.game, ctx.params
    side, turn = p.get("side"), p.get("turn", game.turn)
    if side not in game.side_ids():
        raise UmpireError(f"plots refused: unknown side {side!r}")
    problems: list[str] = []
    if not isinstance(turn, int) or turn < game.turn:
        problems.append(f"plots are for turn {turn}, but the game is at turn {game.turn}")
    kept, more = check_plots(ctx, side, turn, p.get("missions") or [])
    problems += more
    if problems:
        raise UmpireError("plots refused, nothing kept: " + "; ".join(problems))
    write_plots(ctx, side, turn, kept)
    return f"{game.side(side).name} plots {len(kept)} fire mission{'s' if len(kept) != 1 else ''} " \
           f"for turn {turn}", None


def check_plots(ctx: Context, side: str, turn, missions: list) -> tuple[list, list[str]]:
    """The missions that may stand, and every reason against the others (nothing written)."""
    game = ctx.game
    problems: list[str] = []
    supports = {a.id: a for a in game.artillery}
    seen: set[tuple[str, int]] = set()
    kept = []
    for i, mission in enumerate(missions, start=1):
        where = f"mission {i}"
        if not isinstance(mission, dict):
            problems.append(f"{where}: support, concentration, target and pattern expected")
            continue
        a = supports.get(mission.get("support")) or _on_map_gun(ctx, mission.get("support"), side)
        if a is None or a.side != side:
            problems.append(f"{where}: {mission.get('support')!r} is neither an off-board support nor an on-map "
                            f"indirect-fire unit of {game.side(side).name}")
            continue
        n = mission.get("concentration", 1)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= a.concentrations:
            problems.append(f"{where}: {a.id} has concentrations 1 to {a.concentrations}, not {n!r}")
            continue
        if (a.id, n) in seen:
            problems.append(f"{where}: {a.id} concentration {n} is plotted twice: one target hex a turn "
                            "(MW4 14.12, 14.21)")
            continue
        seen.add((a.id, n))
        try:
            target = game.map.grid.parse(str(mission.get("target")))
        except ValueError as e:
            problems.append(f"{where}: {e}")
            continue
        if not game.map.contains(target):
            problems.append(f"{where}: {game.map.number(target)} is off the map")
            continue
        pattern = mission.get("pattern", "tight")
        why = ctx.system.plot_problem(game, side, a, target, pattern, turn) if hasattr(ctx.system, "plot_problem") \
            else f"{game.rules.title} has no indirect fire"
        if why:
            problems.append(f"{where} ({a.id} at {game.map.number(target)}): {why}")
            continue
        kept.append((a, n, target, pattern))
    return kept, problems


def _on_map_gun(ctx: Context, uid, side: str):
    """An on-map unit the rule system lets fire indirect, as a support of one concentration."""
    if not hasattr(ctx.system, "indirect_support") or uid not in ctx.game.units:
        return None
    return ctx.system.indirect_support(ctx.game, uid)


def write_plots(ctx: Context, side: str, turn: int, kept: list) -> None:
    """Replace the side's plots for the turn by these (journaled)."""
    game = ctx.game
    for row in ctx.session.execute(select(m.PlotRow).where(m.PlotRow.turn == turn,
                                                           m.PlotRow.side_id == side)).scalars():
        ctx.rec.delete(row)
    ctx.session.flush()
    for a, n, target, pattern in kept:
        ctx.rec.insert(m.PlotRow(turn=turn, side_id=side, support_id=a.id, concentration=n,
                                 target_q=target.q, target_r=target.r, pattern=pattern))
        ctx.log.append(f"{a.id} #{n}: {pattern} at {game.map.number(target)}")
