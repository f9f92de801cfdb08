"""The move and halt actions: a unit moves along a path priced by the rule system, pausing
where the umpire asks or where the enemy's standing orders stop it (MW4 6.5), and goes on or
halts after the pause.  Registered with `engine.action`; see turn.py for the sequence of play.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from .engine import Context, action
from .errors import UmpireError
from .game import Game
from .hexgrid import Hex, hex_distance
from .store import models as m
from .turn import (_sequence_state, _check_in_activation, _check_no_pause, _check_turn_to_act, _info, _panics, _set_unit, _spot,
                   _unit_done)


@action("move")
def _move(ctx: Context) -> tuple[str, Any]:
    """Move a unit along a path (the rule system prices and checks it), then spot again: a
    moving vehicle is seen in any enemy line of sight (MW4 5.21).

    params: unit, path (hex numbers), and optionally `until` (a hex of the path) where the move
    pauses for opportunity fire (6.52); it also pauses by itself on entering an enemy company's
    ambush zone (6.9131).  A paused unit goes on with another move, or halts.  Also optional,
    priced by the rule system: pace (normal, double, charge), column (True/False), mount and
    dismount (unit ids), exit (True: leave the map after the last hex), with (unit ids of its hex
    moving with it as one stack, where the rules move stacks: LnLT 6.0).
    """
    game, session = ctx.game, ctx.session
    uid = ctx.params.get("unit")
    try:
        path = [game.map.grid.parse(n) for n in ctx.params.get("path", [])]
        until = game.map.grid.parse(ctx.params["until"]) if ctx.params.get("until") else None
    except ValueError as e:
        raise UmpireError(f"move {uid}: {e}") from None
    how = {k: ctx.params[k] for k in ("pace", "column", "mount", "dismount", "exit", "overrun", "with")
           if k in ctx.params}
    if uid in game.units:
        if in_overrun(game) is game.units[uid]:
            raise UmpireError(f"{uid} is in an overrun: it fights on or leaves the hex at no cost (MW4 12.0)")
        _check_turn_to_act(game, game.units[uid].side)
        _check_no_pause(game, uid)
        _check_in_activation(game, uid)
        command = game.command_of(game.units[uid])
        # mounting or dismounting in place changes status, it does not move (19.14)
        in_place = len(path) == 1 and not how.get("exit") and game.units[uid].on_map
        spec = ctx.system.commands().get(command, {}) if command else {}
        if command and in_place and not spec.get("status", True):
            raise UmpireError(f"{uid} cannot mount or dismount: {game.units[uid].company} is under a "
                              f"{spec['label']} command ({spec['rule']})")
        if command and not in_place and spec["moves"] == "never":
            rule = ctx.system.commands()[command]["rule"]
            raise UmpireError(f"{uid} cannot move: {game.units[uid].company} is under a "
                              f"{ctx.system.commands()[command]['label']} command ({rule})")
    check = ctx.system.check_move(game, uid, path, how)
    if not check.legal:
        raise UmpireError(f"{uid} cannot move: {check.reason}" + (f" ({check.rule})" if check.rule else ""))
    _close_overwatch(ctx)
    n = game.map.number
    mover = game.units[uid]
    # a unit going on after a pause checked before it set out (MW4 13.13: once per move)
    if not mover.paused and _panics(ctx, session.get(m.UnitRow, uid), "move"):
        _unit_done(ctx, mover.side)
        where = n(mover.hex) if mover.hex else "off the map"
        return f"{uid} panics ({where}) and does not move this turn (MW4 13.1)", None
    start = mover.hex
    if not mover.paused and mine_type_at(game, start) and (len(path) > 1 or how.get("exit")):
        mine_attack(ctx, uid, start, leaving=True)          # whatever the result, it may leave (16.14)
        if mover.status != "on_map":
            _spot(ctx)
            _unit_done(ctx, mover.side)
            return f"{uid} is destroyed leaving the mined hex {n(start)}{_cite(ctx, 'leaving')}", None
    steps = list(check.steps)
    standing = _standing_stop(game, uid, check, ctx.system.commands()) if until is None else None
    stop = until if until is not None else (standing[0] if standing else None)
    if stop is not None and stop == check.overrun and until is None:
        stop = None               # the defenders fire in the firefight itself (12.0, 12.3)
    if stop is not None:
        if stop not in [s.hex for s in steps[1:]]:
            raise UmpireError(f"move {uid}: the pause hex {n(stop)} is not on its path")
        steps = steps[: [s.hex for s in steps].index(stop, 1) + 1]
    paused = stop is not None and steps[-1].hex != check.steps[-1].hex
    if paused and check.companions:
        raise UmpireError(f"move {uid}: a stack moving together goes to its last hex without pausing")
    end = steps[-1].hex
    walked = ([[h.q, h.r] for h in mover.path] if mover.paused else []) + \
        [[s.hex.q, s.hex.r] for s in (steps if not mover.paused else steps[1:])]
    # a paused move's dismount and exit wait for the rest of the move (6.53)
    leaving = () if paused else check.leaving
    gone = check.exits and not paused
    aboard = [v.id for v in game.units.values() if v.carried_by == uid and v.id not in leaving]
    spent = steps[-1].total + (0.0 if paused else check.end_cost)
    rows = {r.id: r for r in session.execute(select(m.UnitRow).where(
        m.UnitRow.id.in_([uid, *aboard, *check.boarding, *leaving]))).scalars()}
    where = dict(q=None, r=None, status="exited") if gone else dict(q=end.q, r=end.r, status="on_map")
    kept = type(mover.marks).model_fields       # the marks the rule system keeps
    left_hex = {"defilade": None} if (gone or end != start) and "defilade" in kept else {}   # it stays behind (10.5)
    if check.marks is not None and not paused:     # the rule system's counters after the move
        left_hex["marks"] = check.marks
    formation = {k: v for k, v in (("in_column", check.in_column),
                                   ("fatigue", mover.marks.get("fatigue") if paused else check.fatigue)) if k in kept}
    _set_unit(ctx, rows[uid], moved=True, path=walked, mp_spent=spent, paused=paused, **formation, **where,
              **left_hex)
    for cid in check.companions:  # the rest of the stack moves with it (LnLT 6.0)
        marks = {"marks": check.companion_marks[cid]} if cid in check.companion_marks else {}
        _set_unit(ctx, session.get(m.UnitRow, cid), moved=True, path=walked, mp_spent=spent, **where, **marks)
    for pid in aboard:           # passengers ride along and spend nothing (8.164: they may rest)
        _set_unit(ctx, rows[pid], moved=True, **where)
    for pid in check.boarding:   # 9.12: a passenger pays 1 MP to mount
        _set_unit(ctx, rows[pid], moved=True, carried_by=uid, mp_spent=check.passenger_cost, **where)
    for pid in leaving:
        _set_unit(ctx, rows[pid], moved=True, carried_by=None, mp_spent=check.passenger_cost,
                  q=end.q, r=end.r, status="on_map")
    _carried_along(ctx, {uid, *check.companions, *aboard, *check.boarding, *leaving})
    riders = aboard + list(check.boarding)
    ctx.log.append(f"{uid} moves " + " ".join(f"{n(s.hex)}({s.total:g})" for s in steps)
                   + f": {spent:g} of {check.allowance:g} MP" + (f", carrying {', '.join(riders)}" if riders else "")
                   + (f", with {', '.join(check.companions)}" if check.companions else ""))
    ctx.log.extend(f"  {x}" for x in check.notes + (() if paused else check.end_notes))
    for h, who in check.watchers.items():
        if h in [s.hex for s in steps[1:]]:
            ctx.log.append(f"  entering {n(h)} in sight of {', '.join(who)}: opportunity fire possible"
                           + (f" ({ctx.system.opportunity_rule})" if ctx.system.opportunity_rule else ""))
    if paused:
        why = standing[1] if standing else "for opportunity fire (MW4 6.52)"
        ctx.log.append(f"  {uid} pauses in {n(end)} {why}; it may go on afterwards (6.53)")
    mined = check.stop_at is not None and check.stop_at == end
    if mined:
        ctx.log.append(f"  {uid} enters a minefield in {n(check.stop_at)} and stops{_cite(ctx, 'stops')}")
        mine_attack(ctx, uid, end, leaving=False)
    if mover.status == "on_map":
        barrage_attacks(ctx, uid, start, [s.hex for s in steps[1:]])
    fight = firefight(ctx, uid) if check.overrun is not None and not paused and end == check.overrun \
        and mover.status == "on_map" else None
    spot_summary, change = _spot(ctx)
    if not paused and in_overrun(game) is None:
        _unit_done(ctx, mover.side)
    state = f"pauses in {n(end)}" if paused else (f"left the map from {n(end)}" if gone else f"moved to {n(end)}")
    if fight:
        state = f"overruns {n(end)}: {fight}"
    elif mined and mover.status != "on_map":
        state = f"is destroyed by mines in {n(end)}{_cite(ctx, 'destroyed')}"
    elif mined:
        state = f"moved to {n(end)} and is stopped by mines there{_cite(ctx, 'stops')}"
    elif mover.status != "on_map" and not gone:
        state = f"is destroyed by a barrage on its way to {n(end)} (MW4 7.14)"
    return f"{uid} {state} ({spent:g} MP). {spot_summary}", check


def _carried_along(ctx: Context, moving: set[str]) -> None:
    """What the moving units carry goes where they went (Lock 'n Load's support weapons, 1.6; a
    squad's weapon aboard a vehicle), however deep."""
    game = ctx.game
    frontier = set(moving)
    while frontier:
        nested = [u for u in game.units.values() if u.carried_by in frontier and u.id not in moving
                  and u.status in ("on_map", "exited")]
        frontier = set()
        for u in nested:
            c = game.units[u.carried_by]
            _set_unit(ctx, ctx.session.get(m.UnitRow, u.id), q=c.hex.q if c.hex else None,
                      r=c.hex.r if c.hex else None, status=c.status)
            moving.add(u.id)
            frontier.add(u.id)


def _cite(ctx: Context, event: str) -> str:
    rule = ctx.system.mine_rules.get(event)
    return f" ({rule})" if rule else ""


def _close_overwatch(ctx: Context) -> None:
    """The mover goes on or halts: the chance of overwatch fire has passed (MW4 6.91)."""
    if ctx.game.rule_state.get("overwatch_targets", ()):
        _sequence_state(ctx, overwatch_targets=())


def _standing_stop(game: Game, uid: str, check, codes: dict) -> tuple[Hex, str] | None:
    """Where the move stops by itself under the enemy's standing orders, and why: the first hex
    in sight of a unit whose company watches -- under Overwatch (19.14), or in its ambush zone,
    the ambush hex or next to it (6.9131).  A unit going on after a pause stops again only
    for watchers that could not already see it where it paused."""
    mover = game.units[uid]
    seen_at_start = set(check.watchers.get(check.steps[0].hex, ())) if mover.paused else set()
    for step in check.steps[1:]:
        for wid in check.watchers.get(step.hex, ()):
            w = game.units[wid]
            if wid in seen_at_start or w.company is None or w.side == mover.side:
                continue
            code, ambush_hex = game.commands.get((game.turn, w.company), (None, None))
            watch = codes.get(code, {}).get("watches")
            if watch == "zone" and ambush_hex is not None and hex_distance(step.hex, ambush_hex) <= 1:
                return step.hex, "in an ambush zone (MW4 6.9131)"
            if watch == "sight":
                return step.hex, f"in sight of {wid} on {codes[code]['label']} ({codes[code]['rule']}, MW4 6.5)"
    return None


@action("halt")
def _halt(ctx: Context) -> tuple[str, Any]:
    """A unit paused for opportunity fire ends its move where it is."""
    game = ctx.game
    uid = ctx.params.get("unit")
    u = game.units.get(uid)
    if u is None or not u.paused or not u.on_map:
        raise UmpireError(f"{uid} is not paused in a move")
    if in_overrun(game) is u:
        raise UmpireError(f"{uid} is in an overrun: it fights on or leaves the hex (MW4 12.0, 12.5)")
    _close_overwatch(ctx)
    _set_unit(ctx, ctx.session.get(m.UnitRow, uid), paused=False)
    _unit_done(ctx, u.side)
    return f"{uid} ends its move in {game.map.number(u.hex)}", None


from .mines import mine_attack, mine_type_at  # noqa: E402
from .barrages import barrage_attacks  # noqa: E402
from .overrun import firefight, in_overrun  # noqa: E402  (overrun imports fire, which imports turn)
