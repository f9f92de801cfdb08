"""The turn's actions: spotting, movement, the sequence of play and command orders.

Each is registered with `engine.action` and runs inside `engine.perform` (one transaction,
journaled).  Rule-system procedures come in as `ctx.system`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from .engine import Context, action, ACTIONS
from .errors import UmpireError
from .game import Contact, Game
from .hexgrid import Hex, hex_distance
from .los import Eye
from .store import models as m


# ---------------------------------------------------------------------- spotting

@dataclass
class KnowledgeChange:
    """What a spotting pass changed, per side: newly seen, seen now, lost from sight."""

    new: dict[str, list[str]] = field(default_factory=dict)
    lost: dict[str, list[str]] = field(default_factory=dict)
    seen: dict[str, list[str]] = field(default_factory=dict)


@action("spot")
def _spot(ctx: Context) -> tuple[str, KnowledgeChange]:
    """A spotting pass for every side (MW4 5.2: face-up when observed, face-down when out of
    every enemy's sight); contacts lost from sight become last-known."""
    game, session, rec = ctx.game, ctx.session, ctx.rec
    seen_by_side = ctx.system.spot(game, ctx.dice.d6)
    change = KnowledgeChange()
    face_up: set[str] = set()
    existing = {(c.side_id, c.unit_id): c for c in session.execute(select(m.ContactRow)).scalars()}
    for side in game.side_ids():
        seen = seen_by_side.get(side, {})
        face_up |= set(seen)
        labels = [int(c.label[1:]) for (s, _), c in existing.items() if s == side and c.label[1:].isdigit()]
        next_label = max(labels, default=0) + 1
        change.new[side], change.lost[side], change.seen[side] = [], [], sorted(seen)
        for uid, (observers, _rule) in sorted(seen.items()):
            u = game.units[uid]
            t = game.unit_type(u)
            row = existing.get((side, uid))
            values = dict(status="seen", q=u.hex.q, r=u.hex.r, turn=game.turn, detail="unit",
                          type_label=t["label"], role=t["role"], strength=game.strength(u), seen_by=list(observers))
            if row is None:
                rec.insert(m.ContactRow(side_id=side, unit_id=uid, label=f"C{next_label}", **values))
                next_label += 1
                change.new[side].append(uid)
                ctx.log.append(f"{game.side(side).name} spots a new contact: {t['label']} in {game.map.number(u.hex)}")
            else:
                rec.set(row, **values)
        for (s, uid), row in existing.items():
            if s == side and uid not in seen and row.status == "seen":
                rec.set(row, status="last_known", seen_by=[])
                change.lost[side].append(uid)
                ctx.log.append(f"{game.side(side).name} loses sight of {row.label}")
    for row in session.execute(select(m.UnitRow)).scalars():
        rec.set(row, face_down=row.id not in face_up)
    summary = "; ".join(f"{game.side(s).name} sees {len(change.seen[s])}" for s in game.side_ids())
    return f"Spotting: {summary}", change


def contacts_of(game: Game, side: str) -> list[Contact]:
    return sorted((c for (s, _), c in game.contacts.items() if s == side), key=lambda c: int(c.label[1:]))


# ---------------------------------------------------------------------- movement and turns

@action("move")
def _move(ctx: Context) -> tuple[str, Any]:
    """Move a unit along a path (the rule system prices and checks it), then spot again: a
    moving vehicle is seen in any enemy line of sight (MW4 5.21).

    params: unit, path (hex numbers), and optionally `until` (a hex of the path) where the move
    pauses for opportunity fire (6.52); it also pauses by itself on entering an enemy company's
    ambush zone (6.9131).  A paused unit goes on with another move, or halts.  Also optional,
    priced by the rule system: pace (normal, double, charge), column (True/False), mount and
    dismount (unit ids), exit (True: leave the map after the last hex).
    """
    game, session, rec = ctx.game, ctx.session, ctx.rec
    uid = ctx.params.get("unit")
    try:
        path = [game.map.grid.parse(n) for n in ctx.params.get("path", [])]
        until = game.map.grid.parse(ctx.params["until"]) if ctx.params.get("until") else None
    except ValueError as e:
        raise UmpireError(f"move {uid}: {e}") from None
    how = {k: ctx.params[k] for k in ("pace", "column", "mount", "dismount", "exit") if k in ctx.params}
    if uid in game.units:
        _check_turn_to_act(game, game.units[uid].side)
        _check_no_pause(game, uid)
        _check_in_activation(game, uid)
        command = game.command_of(game.units[uid])
        if command and ctx.system.commands()[command]["moves"] == "never":
            rule = ctx.system.commands()[command]["rule"]
            raise UmpireError(f"{uid} cannot move: {game.units[uid].company} is under a "
                              f"{ctx.system.commands()[command]['label']} command ({rule})")
    check = ctx.system.check_move(game, uid, path, how)
    if not check.legal:
        raise UmpireError(f"{uid} cannot move: {check.reason}" + (f" ({check.rule})" if check.rule else ""))
    n = game.map.number
    steps = list(check.steps)
    standing = _standing_stop(game, uid, check, ctx.system.commands()) if until is None else None
    stop = until if until is not None else (standing[0] if standing else None)
    if stop is not None:
        if stop not in [s.hex for s in steps[1:]]:
            raise UmpireError(f"move {uid}: the pause hex {n(stop)} is not on its path")
        steps = steps[: [s.hex for s in steps].index(stop, 1) + 1]
    paused = stop is not None and steps[-1].hex != check.steps[-1].hex
    end = steps[-1].hex
    mover = game.units[uid]
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
    _set_unit(ctx, rows[uid], moved=True, path=walked, mp_spent=spent, paused=paused, in_column=check.in_column,
              fatigue=mover.fatigue if paused else check.fatigue, **where)
    for pid in aboard:           # passengers ride along and spend nothing (8.164: they may rest)
        _set_unit(ctx, rows[pid], moved=True, **where)
    for pid in check.boarding:   # 9.12: a passenger pays 1 MP to mount
        _set_unit(ctx, rows[pid], moved=True, carried_by=uid, mp_spent=check.passenger_cost, **where)
    for pid in leaving:
        _set_unit(ctx, rows[pid], moved=True, carried_by=None, mp_spent=check.passenger_cost,
                  q=end.q, r=end.r, status="on_map")
    riders = aboard + list(check.boarding)
    ctx.log.append(f"{uid} moves " + " ".join(f"{n(s.hex)}({s.total:g})" for s in steps)
                   + f": {spent:g} of {check.allowance:g} MP" + (f", carrying {', '.join(riders)}" if riders else ""))
    ctx.log.extend(f"  {x}" for x in check.notes if not paused or "dismount" not in x and "leaves the map" not in x)
    for h, who in check.watchers.items():
        if h in [s.hex for s in steps[1:]]:
            ctx.log.append(f"  entering {n(h)} in sight of {', '.join(who)}: opportunity fire possible (MW4 6.5)")
    if paused:
        why = standing[1] if standing else "for opportunity fire (MW4 6.52)"
        ctx.log.append(f"  {uid} pauses in {n(end)} {why}; it may go on afterwards (6.53)")
    if check.stop_at is not None and check.stop_at == end:
        ctx.log.append(f"  {uid} enters a minefield in {n(check.stop_at)} and stops (MW4 16.13)")
        for row in session.execute(select(m.OverlayRow).where(m.OverlayRow.kind == "minefield",
                                   m.OverlayRow.q == end.q, m.OverlayRow.r == end.r)).scalars():
            rec.set(row, secret=False)        # a mined-hex marker goes on the map (16.0)
    spot_summary, change = _spot(ctx)
    if not paused:
        _unit_done(ctx, mover.side)
    state = f"pauses in {n(end)}" if paused else (f"left the map from {n(end)}" if gone else f"moved to {n(end)}")
    return f"{uid} {state} ({spent:g} MP). {spot_summary}", check


def _set_unit(ctx: Context, row: m.UnitRow, **values) -> None:
    """Change a unit's row (journaled) and its state in the game the action holds."""
    ctx.rec.set(row, **values)
    u = ctx.game.units[row.id]
    for k, v in values.items():
        if k in ("q", "r"):
            continue
        setattr(u, k, tuple(Hex(q, r) for q, r in v) if k == "path" else v)
    if "q" in values:
        u.hex = Hex(values["q"], values["r"]) if values["q"] is not None else None


def _check_in_activation(game: Game, uid: str) -> None:
    """While a company is activated as a formation, only its units act (MW4 4.1)."""
    if game.active_company and uid not in game.activation_units:
        raise UmpireError(f"{game.active_company} is activated: only {', '.join(game.activation_units)} may act "
                          "until its activation ends (MW4 4.1)")


def _unit_done(ctx: Context, side: str) -> None:
    """A unit finished its activation: in a company activation, the turn passes when every unit
    of the formation has acted; otherwise at once (MW4 4.1)."""
    game = ctx.game
    if game.active_company:
        waiting = [x for x in game.activation_units if (u := game.units[x]).on_map and not u.carried_by
                   and not (u.moved or u.fired or u.acted)]
        if waiting:
            return
        _close_company(ctx)
    _after_activation(ctx, side)


def _close_company(ctx: Context) -> None:
    game = ctx.game
    if game.active_company:
        ctx.log.append(f"{game.active_company}'s activation ends")
        ctx.rec.set(_info(ctx), active_company=None, activation_units=[])
        game.active_company, game.activation_units = None, ()


def _check_no_pause(game: Game, uid: str | None) -> None:
    """While a unit is paused mid-move, only it may go on (or halt) (MW4 6.52, 6.53)."""
    held = [u.id for u in game.units.values() if u.paused and u.id != uid]
    if held:
        raise UmpireError(f"{held[0]} is paused for opportunity fire: let it go on or halt it first (MW4 6.52)")


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
    if u is None or not u.paused:
        raise UmpireError(f"{uid} is not paused in a move")
    row = ctx.session.get(m.UnitRow, uid)
    ctx.rec.set(row, paused=False)
    u.paused = False
    _unit_done(ctx, u.side)
    return f"{uid} ends its move in {game.map.number(u.hex)}", None


def _info(ctx: Context) -> m.GameInfo:
    return ctx.session.execute(select(m.GameInfo)).scalars().one()


def _phase(ctx: Context, key: str):
    return next(p for p in ctx.system.phases() if p.key == key)


def _begin_phase(ctx: Context, key: str) -> None:
    """Enter a phase; an alternating phase draws who acts first (MW4 4.2), except the first
    phase of the game, which the scenario's first player opens (4.1 note 1)."""
    game, info = ctx.game, _info(ctx)
    phase = _phase(ctx, key)
    active = None
    if phase.alternating:
        if game.turn == 1 and key == ctx.system.phases()[0].key and not game.phase:
            active = game.first_player
            ctx.log.append(f"{game.side(active).name} is the scenario's first player (MW4 4.1)")
        else:
            active, lines = ctx.system.first_player(game, ctx.dice)
            ctx.log.extend(lines)
    ctx.rec.set(info, phase=key, active_side=active, passed=[], active_company=None, activation_units=[])
    game.phase, game.active_side, game.passed = key, active, ()
    game.active_company, game.activation_units = None, ()
    if hasattr(ctx.system, "phase_start"):
        rows = None
        for uid, values, line in ctx.system.phase_start(game, key, ctx.dice):
            if values:
                rows = rows or {r.id: r for r in ctx.session.execute(select(m.UnitRow)).scalars()}
                _set_unit(ctx, rows[uid], **values)
            ctx.log.append(line)
    ctx.log.append(f"Turn {game.turn}: {phase.label} ({phase.rule})")


def _open(ctx: Context) -> tuple[str, Any]:
    summary, change = _spot(ctx)
    _begin_phase(ctx, ctx.system.phases()[0].key)
    return summary, change


ACTIONS["open"] = _open        # the opening pass and first phase, journaled but not undoable


ENDED = "ended"


def _end_game(ctx: Context) -> str:
    """After the last turn: victory is evaluated (MW4 20.5) and play stops."""
    report = ctx.system.victory(ctx.game, final=True)
    ctx.rec.set(_info(ctx), phase=ENDED, active_side=None, passed=[])
    ctx.game.phase, ctx.game.active_side = ENDED, None
    ctx.log.extend(report.text(ctx.game).splitlines())
    return report.text(ctx.game).splitlines()[0]


def _new_turn(ctx: Context) -> str | None:
    """The next game turn, or the end of the game after the last; returns the end's summary."""
    game = ctx.game
    if game.turn >= game.turns:
        return _end_game(ctx)
    ctx.rec.set(_info(ctx), turn=game.turn + 1)
    for row in ctx.session.execute(select(m.UnitRow)).scalars():
        u = game.units[row.id]
        fatigue = u.fatigue
        if fatigue and u.status == "on_map" and u.mp_spent == 0:
            fatigue -= 1          # a movement phase without spending MP rests one level (8.164)
            ctx.log.append(f"{u.id} rests: fatigue level {fatigue} (MW4 8.164)")
        _set_unit(ctx, row, moved=False, fired=False, path=[], mp_spent=0.0, paused=False, acted=False,
                  fatigue=fatigue)
    game.turn += 1
    _spot(ctx)
    _begin_phase(ctx, ctx.system.phases()[0].key)


def _unmet_commands(ctx: Context) -> None:
    """At the end of an alternating phase, note companies that did not do what they were told
    (a Bound company whose units neither moved nor fired, MW4 19.14): the umpire decides."""
    game = ctx.game
    codes = ctx.system.commands()
    for (turn, cid), (code, _hex) in game.commands.items():
        if turn != game.turn or codes[code]["moves"] != "must":
            continue
        idle = [u.id for u in game.units.values() if u.company == cid and u.on_map
                and not (u.moved or u.fired or u.acted)]     # forming column counts (19.14 BC)
        if idle:
            ctx.log.append(f"{cid} had a {codes[code]['label']} command, but {', '.join(idle)} did not act "
                           f"({codes[code]['rule']})")


@action("next_phase")
def _next_phase(ctx: Context) -> tuple[str, Any]:
    """Go on to the next phase of the turn; after the last, the next game turn (MW4 4.1 F)."""
    game = ctx.game
    if game.phase == ENDED:
        raise UmpireError(f"the game is over: it ended after turn {game.turns}")
    if game.active_side is not None:
        _unmet_commands(ctx)
    keys = [p.key for p in ctx.system.phases()]
    if not game.phase:
        _begin_phase(ctx, keys[0])
    elif keys.index(game.phase) + 1 < len(keys):
        _begin_phase(ctx, keys[keys.index(game.phase) + 1])
    else:
        ended = _new_turn(ctx)
        if ended:
            return ended, None
    phase = _phase(ctx, game.phase)
    who = f"; {game.side(game.active_side).name} acts first" if game.active_side else ""
    return f"Turn {game.turn}: {phase.label}{who}", None


@action("end_turn")
def _end_turn(ctx: Context) -> tuple[str, Any]:
    """Close the game turn from any phase (the umpire skips what is left of it)."""
    if ctx.game.phase == ENDED:
        raise UmpireError(f"the game is over: it ended after turn {ctx.game.turns}")
    ended = _new_turn(ctx)
    if ended:
        return ended, None
    phase = _phase(ctx, ctx.game.phase)
    who = f"; {ctx.game.side(ctx.game.active_side).name} acts first" if ctx.game.active_side else ""
    return f"Turn {ctx.game.turn} of {ctx.game.turns} begins: {phase.label}{who}", None


@action("pass")
def _pass(ctx: Context) -> tuple[str, Any]:
    """The side to act passes: it acts no more this phase (MW4 8.23); when every side has
    passed, the phase ends."""
    game = ctx.game
    side = ctx.params.get("side") or game.active_side
    _check_turn_to_act(game, side)
    _check_no_pause(game, None)
    if game.active_company:
        raise UmpireError(f"{game.active_company} is activated: end its activation before passing (MW4 4.1)")
    passed = list(game.passed) + [side]
    others = [s for s in game.side_ids() if s not in passed]
    ctx.rec.set(_info(ctx), passed=passed, active_side=others[0] if others else None)
    game.passed, game.active_side = tuple(passed), (others[0] if others else None)
    if not others:
        ctx.log.append("every side has passed: the phase ends")
        _unmet_commands(ctx)
        _next_phase(ctx)
        return f"{game.side(side).name} passes; the phase ends", None
    return f"{game.side(side).name} passes; {game.side(others[0]).name} acts on alone", None


def _check_turn_to_act(game: Game, side: str | None) -> None:
    if not game.phase:
        return                        # a game from before the turn engine: no sequence to keep
    if game.phase == ENDED:
        raise UmpireError(f"the game is over: it ended after turn {game.turns}")
    if game.active_side is None:
        raise UmpireError("units act only in the Direct Fire/Movement phase (MW4 4.1)")
    if side != game.active_side:
        raise UmpireError(f"it is {game.side(game.active_side).name}'s activation (MW4 4.1)")


def _after_activation(ctx: Context, side: str) -> None:
    """Activations alternate; a side that has passed is skipped (MW4 4.1, 8.0)."""
    game = ctx.game
    if not game.phase:
        return
    others = [s for s in game.side_ids() if s != side and s not in game.passed]
    if others:
        ctx.rec.set(_info(ctx), active_side=others[0])
        game.active_side = others[0]


# ---------------------------------------------------------------------- command orders

@action("orders")
def _orders(ctx: Context) -> tuple[str, Any]:
    """A side's company commands for a turn (MW4 19.1), all checked before any is applied."""
    game, p = ctx.game, ctx.params
    side, turn = p.get("side"), p.get("turn")
    codes = ctx.system.commands()
    problems: list[str] = []
    if side not in game.side_ids():
        raise UmpireError(f"orders refused: unknown side {side!r}")
    if not isinstance(turn, int) or turn < game.turn:
        problems.append(f"orders are for turn {turn}, but the game is at turn {game.turn}")
    companies = {c.id: c for c in game.companies}
    battalion_side = {b.id: b.side for b in game.battalions}
    for cid, code in p.get("commands", {}).items():
        c = companies.get(cid)
        if c is None:
            problems.append(f"no company {cid!r}")
        elif battalion_side[c.battalion] != side:
            problems.append(f"{cid} is not a company of {game.side(side).name}: a side orders only its own units")
        elif code not in codes:
            problems.append(f"{cid}: unknown command {code!r} (known: {', '.join(codes)})")
        elif code == "bounding_overwatch" and sum(1 for u in game.units.values() if u.company == cid) < 2:
            problems.append(f"{cid} has a single unit: no Bounding Overwatch (MW4 19.14)")
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
    if problems:
        raise UmpireError("orders refused, nothing applied: " + "; ".join(problems))
    existing = {(r.turn, r.company_id): r for r in ctx.session.execute(
        select(m.CommandRow).where(m.CommandRow.turn == turn)).scalars()}
    for cid, code in p.get("commands", {}).items():
        h = ambush.get(cid)
        values = dict(code=code, ambush_q=h.q if h else None, ambush_r=h.r if h else None)
        row = existing.get((turn, cid))
        if row is None:
            ctx.rec.insert(m.CommandRow(turn=turn, company_id=cid, side_id=side, **values))
        else:
            ctx.rec.set(row, **values)
        ctx.log.append(f"{cid}: {codes[code]['label']}" + (f" on {game.map.number(h)}" if h else ""))
    return f"{game.side(side).name} gives orders for turn {turn} ({len(p.get('commands', {}))} companies)", None
