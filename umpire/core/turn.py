"""The turn's actions: spotting and the sequence of play (phases, activations, passing, the
end of the turn and of the game), and the helpers the other actions share (moves.py, fire.py,
activation.py, commands.py).

Each is registered with `engine.action` and runs inside `engine.perform` (one transaction,
journaled).  Rule-system procedures come in as `ctx.system`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from .changes import apply
from .engine import Context, action, ACTIONS
from .errors import UmpireError
from .game import Contact, Game
from .hexgrid import Hex
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
        # new contacts are numbered in an order that tells nothing of the units' true names
        for uid, (observers, _rule) in sorted(seen.items(), key=lambda kv: _label_order(game, side, kv[0])):
            u = game.units[uid]
            t = game.unit_type(u)
            row = existing.get((side, uid))
            values = dict(status="seen", q=u.hex.q, r=u.hex.r, turn=game.turn, detail="unit",
                          type_label=t["label"], role=t["role"], strength=ctx.system.strength_text(game, u),
                          seen_by=list(observers))
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
    learn_markers(ctx)
    summary = "; ".join(f"{game.side(s).name} sees {len(change.seen[s])}" for s in game.side_ids())
    return f"Spotting: {summary}", change


def _label_order(game: Game, side: str, uid: str) -> str:
    """A seeded shuffle: contacts spotted in one pass get their labels (C4, C5...) in this
    order, not their true ids' (a LAW team's label would sit next to its squad's).  The seed
    is the umpire's, so the order is fixed for replay and means nothing to the side."""
    return hashlib.sha256(f"{game.seed}|{side}|{uid}".encode()).hexdigest()


def learn_markers(ctx: Context) -> None:
    """Secret markers learnt by sight (terrain.toml `seen`: a wreck, an abandoned vehicle): a
    side whose units now see the hex knows of it from then on, like a contact."""
    game = ctx.game
    kinds = [k for k, spec in game.rules.overlays.items() if spec.get("seen")]
    if not kinds:
        return
    rows = ctx.session.execute(select(m.OverlayRow).where(m.OverlayRow.kind.in_(kinds),
                                                          m.OverlayRow.secret == True)).scalars()  # noqa: E712
    for row in rows:
        blind = [s for s in game.side_ids() if s != row.side_id and s not in row.known_to]
        if not blind:
            continue
        at = Hex(row.q, row.r)
        watching = ctx.system.watchers(game, at)
        told = [s for s in blind if watching.get(s)]
        if told:
            ctx.rec.set(row, known_to=sorted(set(row.known_to) | set(told)))
            game.map.overlays[:] = [o.told(told) if o.hex == at and o.kind == row.kind else o
                                    for o in game.map.overlays]


def contacts_of(game: Game, side: str) -> list[Contact]:
    return sorted((c for (s, _), c in game.contacts.items() if s == side), key=lambda c: int(c.label[1:]))


# ---------------------------------------------------------------------- shared by the actions, and the turn

def _set_unit(ctx: Context, row: m.UnitRow, **values) -> None:
    """Change a unit's row (journaled) and its state in the game the action holds.  Values that
    are not the unit table's columns are fields of the rule system's marks, merged into them;
    "marks" replaces them whole."""
    from .changes import UNIT_COLUMNS
    u = ctx.game.units[row.id]
    fields = {k: values.pop(k) for k in list(values) if k not in UNIT_COLUMNS}
    if fields or "marks" in values:
        marks = type(u.marks).read(values.pop("marks", u.marks), f"unit {row.id!r}: marks")
        u.marks = marks.but(**fields) if fields else marks
        values["marks"] = u.marks.stored()
    ctx.rec.set(row, **values)
    for k, v in values.items():
        if k in ("q", "r", "marks"):
            continue
        setattr(u, k, tuple(Hex(q, r) for q, r in v) if k == "path" else v)
    if "q" in values:
        u.hex = Hex(values["q"], values["r"]) if values["q"] is not None else None


def _activation(game: Game) -> tuple[str | None, tuple[str, ...]]:
    """The company activated as a formation and its units, where the rule system keeps one."""
    return game.rule_state.get("active_company"), tuple(game.rule_state.get("activation_units", ()))


def _sequence_state(ctx: Context, **values) -> None:
    """Those of `values` the rule system's game state keeps (activations, overwatch)."""
    from .changes import set_state
    kept = {k: v for k, v in values.items() if k in type(ctx.game.rule_state).model_fields}
    if kept:
        set_state(ctx, kept)


def _panics(ctx: Context, row: m.UnitRow, verb: str) -> bool:
    """The panic check a unit makes immediately before it moves or fires (`verb`: "move" or
    "fire"; MW4 13.0, 13.13): a 1d10 at or under the rule system's panic number puts a panic
    marker on it, and it neither moves nor fires this turn (13.1).  True when it panicked."""
    need, why = ctx.system.panic_number(ctx.game, ctx.game.units[row.id])
    if not need:
        return False
    # the fire check's wording is what journals already hold: replays compare it
    before = " before moving" if verb == "move" else ""
    mods = ctx.system.panic_die_modifiers(ctx.game, ctx.game.units[row.id])
    r = ctx.dice.roll(f"panic check {row.id}{before} ({why}; panics on 1-{need})", 1, 10, mods)
    if r.total > need:
        return False
    _set_unit(ctx, row, panicked=True, acted=True)
    ctx.log.append(f"{row.id} panics on {r.total} and does not {verb} (MW4 13.0, 13.1)")
    return True


def _check_in_activation(game: Game, uid: str) -> None:
    """While a company is activated as a formation, only its units act (MW4 4.1)."""
    company, members = _activation(game)
    if company and uid not in members:
        raise UmpireError(f"{company} is activated: only {', '.join(members)} may act "
                          "until its activation ends (MW4 4.1)")


def _unit_done(ctx: Context, side: str) -> None:
    """A unit finished its activation: in a company activation, the turn passes when every unit
    of the formation has acted; otherwise at once (MW4 4.1)."""
    game = ctx.game
    company, members = _activation(game)
    if company:
        waiting = [x for x in members if (u := game.units[x]).on_map and not u.carried_by
                   and not (u.moved or u.fired or u.acted)]
        if waiting:
            return
        _close_company(ctx)
    if ctx.system.impulse_goes_on(game, side):
        # the rule system's impulse has a second half still to come (Lock 'n Load 6.1: assault
        # movement, then its fire): the side acts on, and its action broke any run of passes
        if game.passed:
            ctx.rec.set(_info(ctx), passed=[])
            game.passed = ()
        return
    _after_activation(ctx, side)


def _close_company(ctx: Context) -> None:
    game = ctx.game
    company, _members = _activation(game)
    if company:
        ctx.log.append(f"{company}'s activation ends")
        _sequence_state(ctx, active_company=None, activation_units=())


def _check_no_pause(game: Game, uid: str | None) -> None:
    """While a unit is paused mid-move, only it may go on (or halt) (MW4 6.52, 6.53)."""
    held = [u.id for u in game.units.values() if u.paused and u.on_map and u.id != uid]   # not one destroyed
    _check_no_overrun(game, uid)
    if held:
        raise UmpireError(f"{held[0]} is paused for opportunity fire: let it go on or halt it first (MW4 6.52)")


def _check_no_overrun(game: Game, uid: str | None) -> None:
    """While a unit is held in an overrun (paused in an enemy-held hex), it must fight on or
    leave before anything else happens, the end of the turn included (MW4 12.0, 12.5)."""
    fighting = [u for u in game.units.values() if u.paused and u.id != uid and u.on_map and any(
        v.on_map and v.hex == u.hex and v.side != u.side for v in game.units.values())]
    if fighting:
        raise UmpireError(f"{fighting[0].id} is in an overrun in {game.map.number(fighting[0].hex)}: it fights "
                          "on or leaves the hex first (MW4 12.0, 12.5)")


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
    if phase.player is not None:          # a player turn: that side alone acts (War Blog 7.0)
        order = game.side_ids()
        first = order.index(game.first_player)
        active = order[(first + phase.player) % len(order)]
    elif phase.alternating:
        if game.turn == 1 and key == ctx.system.phases()[0].key and not game.phase:
            active = game.first_player
            ctx.log.append(f"{game.side(active).name} is the scenario's first player (MW4 4.1)")
        else:
            active, lines = ctx.system.first_player(game, ctx.dice)
            ctx.log.extend(lines)
    ctx.rec.set(info, phase=key, active_side=active, passed=[])
    _sequence_state(ctx, active_company=None, activation_units=(), overwatch_targets=())
    game.phase, game.active_side, game.passed = key, active, ()
    apply(ctx, ctx.system.phase_start(game, key, ctx.dice))
    if phase.spots:
        _spot(ctx)
    ctx.log.append(f"Turn {game.turn}: {phase.label} ({phase.rule})")


def _open(ctx: Context) -> tuple[str, Any]:
    """The opening: what the rule system settles before play (MechWar 4: battalion HQ values,
    19.821), the first spotting pass and the first phase."""
    apply(ctx, ctx.system.game_start(ctx.game, ctx.dice))
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
    apply(ctx, ctx.system.new_turn(game))        # what the rule system's marks do as the turn ends
    for row in ctx.session.execute(select(m.UnitRow)).scalars():
        _set_unit(ctx, row, moved=False, fired=False, path=[], mp_spent=0.0, paused=False, acted=False)
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
        idle = [u.id for u in game.units.values() if u.company == cid and u.on_map and not u.carried_by
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
    _end_phase(ctx)
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


def _end_phase(ctx: Context) -> None:
    """What the rule system does as the phase closes (War Blog 7.1: recovery)."""
    if ctx.game.phase and ctx.game.phase != ENDED:
        apply(ctx, ctx.system.phase_end(ctx.game, ctx.game.phase, ctx.dice))


@action("end_turn")
def _end_turn(ctx: Context) -> tuple[str, Any]:
    """Close the game turn from any phase (the umpire skips what is left of it)."""
    if ctx.game.phase == ENDED:
        raise UmpireError(f"the game is over: it ended after turn {ctx.game.turns}")
    _check_no_overrun(ctx.game, None)
    _end_phase(ctx)
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
    if _activation(game)[0]:
        raise UmpireError(f"{_activation(game)[0]} is activated: end its activation before passing (MW4 4.1)")
    ending = ctx.system.impulse_end(game, side)
    if ending is not None:            # a pass in the middle of an impulse only ends it (LnLT 6.1)
        apply(ctx, ending)
        _after_activation(ctx, side)
        return f"{game.side(side).name} ends its impulse; {game.side(game.active_side).name} to act", None
    passed = list(game.passed) + [side]
    phase = _phase(ctx, game.phase) if game.phase else None
    if phase is not None and phase.passes_to_end:
        # passing hands the turn over; n passes in a row end the phase (Lock 'n Load 4.0)
        if len(passed) >= phase.passes_to_end:
            ctx.log.append(f"{len(passed)} passes in a row: the phase ends")
            _next_phase(ctx)
            return f"{game.side(side).name} passes; the phase ends", None
        other = next(s for s in game.side_ids()[game.side_ids().index(side) + 1:] + game.side_ids() if s != side)
        ctx.rec.set(_info(ctx), passed=passed, active_side=other)
        game.passed, game.active_side = tuple(passed), other
        return f"{game.side(side).name} passes ({len(passed)} in a row); {game.side(other).name} to act", None
    # in a player turn only that player acts: its passing ends the phase (War Blog 7.0)
    acting = [side] if phase is not None and phase.player is not None else game.side_ids()
    others = [s for s in acting if s not in passed]
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
        raise UmpireError("no side acts in this phase: units act only when it is their side's turn to act")
    if side != game.active_side:
        raise UmpireError(f"it is {game.side(game.active_side).name}'s turn to act")


def _after_activation(ctx: Context, side: str) -> None:
    """Activations alternate; a side that has passed is skipped (MW4 4.1, 8.0)."""
    game = ctx.game
    if not game.phase or _phase(ctx, game.phase).player is not None:
        return                        # in a player turn the same side acts on (War Blog 7.0)
    if _phase(ctx, game.phase).passes_to_end:     # an action breaks a run of passes (Lock 'n Load 4.0)
        other = next(s for s in game.side_ids() if s != side)
        ctx.rec.set(_info(ctx), passed=[], active_side=other)
        game.passed, game.active_side = (), other
        return
    others = [s for s in game.side_ids() if s != side and s not in game.passed]
    if others:
        ctx.rec.set(_info(ctx), active_side=others[0])
        game.active_side = others[0]
