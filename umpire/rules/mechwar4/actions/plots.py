"""Indirect fire plots (MW4 7.0, 14.0): a side's fire missions for a turn -- each concentration
of its off-board supports at one target hex, tight or loose -- checked whole before any is
kept, and secret to the side.  The rule system says what a mission may not do
(`plot_problem`) and resolves them in its Indirect Fire phase.  Registered with `engine.action`.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ....core.changes import Change, apply
from ....core.engine import Context
from ....core.errors import UmpireError
from ....core.limits import CONCENTRATION, TURNS, out_of_range
from ....core.store import models as m
from ..supports import all_supports, concentrations, unavailable
from ....core.play.kit import set_unit
from ..traits import support_traits


def plot(ctx: Context) -> tuple[str, Any]:
    """params: side, turn, missions -- [{"support", "concentration" (1..n), "target" (hex),
    "pattern" (tight | loose | smoke | fascam | counterbattery)}].  The side's plots for that turn
    are replaced by these.  A counterbattery task (MW4 7.81) needs no target."""
    game, p = ctx.game, ctx.params
    side, turn = p.get("side"), p.get("turn", game.turn)
    if side not in game.side_ids():
        raise UmpireError(f"plots refused: unknown side {side!r}")
    if why := game.turn_problem(turn):           # the missions of a wrong turn are not worth checking
        raise UmpireError(f"plots refused, nothing kept: {why}")
    kept, problems = check_plots(ctx, side, turn, p.get("missions") or [])
    if problems:
        raise UmpireError("plots refused, nothing kept: " + "; ".join(problems))
    write_plots(ctx, side, turn, kept)
    return f"{game.side(side).name} plots {len(kept)} fire mission{'s' if len(kept) != 1 else ''} " \
           f"for turn {turn}", None


def check_plots(ctx: Context, side: str, turn, missions: list) -> tuple[list, list[str]]:
    """The missions that may stand, and every reason against the others (nothing written)."""
    game = ctx.game
    problems: list[str] = []
    supports = all_supports(game)
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
        n, most = mission.get("concentration", 1), concentrations(game, a, turn) if isinstance(turn, int) else 1
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= most:
            what = "strikes" if a.kind == "air" else "concentrations"
            problems.append(f"{where}: {a.id} has {what} 1 to {most}" + (" for that turn" if most != a.concentrations
                                                                          else "") + f", not {n!r}")
            continue
        gone = unavailable(game, a.id, n, turn) if a.id in supports else None
        if gone:
            problems.append(f"{where}: {gone}")
            continue
        flown = game.support_used.get(a.id, {}).get("strikes", [])
        if a.kind == "air" and n in flown:
            problems.append(f"{where}: {a.id} strike {n} has been flown: each strike once (MW4 15.22, 15.23)")
            continue
        if (a.id, n) in seen:
            problems.append(f"{where}: {a.id} concentration {n} is plotted twice: one target hex a turn "
                            "(MW4 14.12, 14.21)")
            continue
        seen.add((a.id, n))
        if mission.get("pattern") == "counterbattery" and mission.get("target") is None:
            # a task, not a hex: the row keeps the gun's own hex, or any hex for off-board guns
            u = game.units.get(a.id)
            home = u.hex if u is not None and u.hex is not None else min(game.map.terrain, key=lambda h: (h.q, h.r))
            mission = dict(mission, target=game.map.number(home))
        try:
            target = game.map.grid.parse(str(mission.get("target")))
        except ValueError as e:
            problems.append(f"{where}: {e}")
            continue
        if not game.map.contains(target):
            problems.append(f"{where}: {game.map.number(target)} is off the map")
            continue
        pattern = mission.get("pattern", "tight")
        why = ctx.system.plot_problem(game, side, a, target, pattern, turn)
        if why:
            problems.append(f"{where} ({a.id} at {game.map.number(target)}): {why}")
            continue
        kept.append((a, n, target, pattern))
    for a in {a for a, *_ in kept if a.id in supports}:
        rounds = sum(1 for b, _n, _t, pattern in kept if b.id == a.id and pattern == "fascam")
        left = support_traits(a).fascam - game.support_used.get(a.id, {}).get("fascam", 0)
        if rounds > left:
            problems.append(f"{a.id}: {rounds} FASCAM fires plotted, {max(0, left)} left (MW4 19.4)")
    return kept, problems


def _on_map_gun(ctx: Context, uid, side: str):
    """An on-map unit the rule system lets fire indirect, as a support of one concentration."""
    if uid not in ctx.game.units:
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
        ctx.log.append(f"{a.id}: on a counterbattery task (MW4 7.81)" if pattern == "counterbattery"
                       else f"{a.id} #{n}: {pattern} at {game.map.number(target)}")


def multiply(ctx: Context) -> tuple[str, Any]:
    """params: side, support.  The US player's try to multiply an off-board support for next
    turn's Indirect Fire phase (MW4 14.32-14.34): one die, hidden from the enemy until then; the
    die is the multiple (a 1 fails) and each try uses one of the scenario's multiples."""
    game, p = ctx.game, ctx.params
    side, a = p.get("side"), next((x for x in game.artillery if x.id == p.get("support")), None)
    if a is None or a.side != side:
        raise UmpireError(f"no multiple: {p.get('support')!r} is not an off-board artillery support of "
                          f"{game.side(side).name if side in game.side_ids() else repr(side)}")
    used = dict(game.support_used.get(a.id, {}))
    tries, allowed = used.get("multiples", 0), support_traits(a).multiples
    if tries >= allowed:
        raise UmpireError(f"no multiple: {a.id} may be multiplied on {allowed} turn"
                          f"{'s' if allowed != 1 else ''} and has been {tries} time{'s' if tries != 1 else ''} "
                          "(MW4 14.32, 14.34)")
    turn = game.turn + 1
    if (used.get("multiplied") or {}).get("turn") == turn:
        raise UmpireError(f"no multiple: {a.id} is already multiplied for turn {turn}")
    if turn > game.turns:
        raise UmpireError(f"no multiple: the game ends with turn {game.turns}")
    die = ctx.dice.roll(f"multiple of {a.id} for turn {turn} (hidden from the enemy; MW4 14.33)", 1, 6).total
    used.update(multiples=tries + 1, multiplied={"turn": turn, "die": die, "rolled": game.turn})
    apply(ctx, [Change("support", a.id, {"used": used})])
    got = a.concentrations * die
    how = "fails: no more than usual" if die == 1 else f"x{die}"
    return (f"{a.id} multiple {tries + 1} of {allowed} for turn {turn}: die {die}, {how} -- "
            f"{got}({a.strength}H) concentrations to plot (MW4 14.33, 14.34)"), None


def place_impact(ctx: Context) -> tuple[str, Any]:
    """params: side, support, concentration, turn, hex (or None to take it back), reason.  The
    umpire sets where a plotted fire lands instead of rolling its scatter (issue 6, 5); the
    fire-for-effect roll still decides whether it comes at all."""
    game, p = ctx.game, ctx.params
    turn = p.get("turn", game.turn)
    key = (turn, p.get("side"), p.get("support"), p.get("concentration", 1))
    # a turn or concentration no plot can have is not looked up: the database cannot take every number
    row = None if out_of_range(turn, TURNS) or out_of_range(key[3], CONCENTRATION) else ctx.session.get(m.PlotRow, key)
    if row is None:
        raise UmpireError(f"no such plot: {p.get('support')} #{p.get('concentration', 1)} of "
                          f"{p.get('side')} for turn {turn}")
    if p.get("hex") is None:
        ctx.rec.set(row, impact=None)
        return f"Umpire takes back the impact hex of {row.support_id} #{row.concentration}: scatter is rolled", None
    reason = str(p.get("reason") or "").strip()
    if not reason:
        raise UmpireError("an impact placed by the umpire needs a reason (it goes into the journal)")
    try:
        h = game.map.grid.parse(str(p["hex"]))
    except ValueError as e:
        raise UmpireError(f"impact hex: {e}") from None
    if not game.map.contains(h):
        raise UmpireError(f"impact hex {game.map.number(h)} is off the map")
    ctx.rec.set(row, impact={"q": h.q, "r": h.r, "reason": reason})
    return (f"Umpire places the impact of {row.support_id} #{row.concentration} (turn {turn}) in "
            f"{game.map.number(h)}: {reason}"), None


def h_fire_stance(ctx: Context) -> tuple[str, Any]:
    """params: unit, unbuttoned (bool).  How a unit takes indirect fire, its side's standing
    choice until changed (MechWar 4: a hard or protected unit buttons up, 7.31 -- the usual -- or
    takes the fire unbuttoned on the D2 CRT, 7.32).  The rule system says who has the choice."""
    game, p = ctx.game, ctx.params
    u = game.units.get(p.get("unit"))
    if u is None:
        raise UmpireError(f"no unit {p.get('unit')!r}")
    why = ctx.system.stance_problem(game, u.id)
    if why:
        raise UmpireError(why)
    want = bool(p.get("unbuttoned"))
    set_unit(ctx, ctx.session.get(m.UnitRow, u.id), unbuttoned=want)
    how = "unbuttoned, on the D2 CRT (MW4 7.32)" if want else "buttoned up (MW4 7.31)"
    return f"{u.id} will take H fire {how}", None


def displace(ctx: Context) -> tuple[str, Any]:
    """params: side, support, concentration.  An off-board concentration moves instead of firing:
    no longer spotted, and out of action for three turns (MW4 19.22).  Any concentration may
    move: whether the enemy had spotted it is the enemy's knowledge, so the answer never says."""
    game, p = ctx.game, ctx.params
    a = next((x for x in game.artillery if x.id == p.get("support") and x.side == p.get("side")), None)
    n = p.get("concentration", 1)
    if a is None:
        raise UmpireError(f"no displacement: {p.get('support')!r} is not an off-board artillery support of that side")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= a.concentrations:
        raise UmpireError(f"no displacement: {a.id} has concentrations 1 to {a.concentrations}, not {n!r}")
    used = dict(game.support_used.get(a.id, {}))
    if (used.get("displaced") or {}).get(str(n), 0) >= game.turn:
        raise UmpireError(f"no displacement: {a.id} #{n} is already displacing (MW4 19.22)")
    used["spotted"] = [k for k in used.get("spotted", []) if k != n]
    used["displaced"] = {**used.get("displaced", {}), str(n): game.turn + 3}
    apply(ctx, [Change("support", a.id, {"used": used})])
    return f"{a.id} #{n} displaces: out of action until after turn {game.turn + 3} (MW4 19.22)", None
