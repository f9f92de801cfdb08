"""The sequence of play: the opening, the phases of a turn, passing, the next turn and the end
of the game.  The rule system says what its phases are (`RuleSystem.phases`), who acts first
in an alternating one (`first_player`) and what each phase does as it begins and ends; the core
keeps whose turn it is."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ..changes import apply
from ..actionspec import ActionField
from ..engine import ACTIONS, Context, action
from ..errors import UmpireError
from ..store import models as m
from .inbox import WITHIN, apply_held_within
from .kit import ENDED, after_activation, check_no_pause, check_turn_to_act, game_row, phase_of, set_unit
from .spotting import spot_pass


def begin_phase(ctx: Context, key: str) -> None:
    """Enter a phase; an alternating phase draws who acts first, except the game's first phase,
    which the scenario's first player opens."""
    game, info = ctx.game, game_row(ctx)
    phase = phase_of(ctx, key)
    active = None
    if phase.player is not None:          # a player turn: that side alone acts
        order = game.side_ids()
        first = order.index(ctx.system.turn_opener(game))
        active = order[(first + phase.player) % len(order)]
    elif phase.alternating:
        if game.turn == 1 and key == ctx.system.phases()[0].key and not game.phase:
            active = game.first_player
            rule = ctx.system.sequence_rule
            ctx.log.append(f"{game.side(active).name} is the scenario's first player" + (f" ({rule})" if rule else ""))
        else:
            active, lines = ctx.system.first_player(game, ctx.dice)
            ctx.log.extend(lines)
    ctx.rec.set(info, phase=key, active_side=active, passed=[])
    game.phase, game.active_side, game.passed = key, active, ()
    apply(ctx, ctx.system.phase_start(game, key, ctx.dice))
    if phase.spots:
        spot_pass(ctx)
    ctx.log.append(f"Turn {game.turn}: {phase.label} ({phase.rule})")


def _open(ctx: Context) -> tuple[str, Any]:
    """The opening: what the rule system settles before play, the first spotting pass and the
    first phase."""
    apply(ctx, ctx.system.game_start(ctx.game, ctx.dice))
    summary, change = spot_pass(ctx)
    begin_phase(ctx, ctx.system.phases()[0].key)
    return summary, change


ACTIONS["open"] = _open        # the opening pass and first phase, journaled but not undoable


def _end_game(ctx: Context) -> str:
    """After the last turn: victory is evaluated and play stops."""
    report = ctx.system.victory(ctx.game, final=True)
    ctx.rec.set(game_row(ctx), phase=ENDED, active_side=None, passed=[])
    ctx.game.phase, ctx.game.active_side = ENDED, None
    ctx.log.extend(report.text(ctx.game).splitlines())
    return report.text(ctx.game).splitlines()[0]


def _new_turn(ctx: Context) -> str | None:
    """The next game turn, or the end of the game after the last; returns the end's summary."""
    game = ctx.game
    if game.turn >= game.turns:
        return _end_game(ctx)
    ctx.rec.set(game_row(ctx), turn=game.turn + 1)
    apply(ctx, ctx.system.new_turn(game))        # what the rule system's marks do as the turn ends
    for row in ctx.session.execute(select(m.UnitRow)).scalars():
        set_unit(ctx, row, moved=False, fired=False, path=[], mp_spent=0.0, paused=False, acted=False)
    game.turn += 1
    spot_pass(ctx)
    begin_phase(ctx, ctx.system.phases()[0].key)


def _unmet_commands(ctx: Context) -> None:
    """At the end of an alternating phase, note the formations that did not do what their
    orders said they must (a command whose `moves` is "must", its units neither moving nor
    firing): the umpire decides."""
    game = ctx.game
    codes = ctx.system.commands()
    for (turn, cid), (code, _hex) in game.commands.items():
        if turn != game.turn or codes[code]["moves"] != "must":
            continue
        idle = [u.id for u in game.units.values() if u.company == cid and u.on_map and not u.carried_by
                and not (u.moved or u.fired or u.acted)]     # acting in place counts
        if idle:
            ctx.log.append(f"{cid} had a {codes[code]['label']} command, but {', '.join(idle)} did not act "
                           f"({codes[code]['rule']})")


def _played_after(ctx: Context, index: int) -> str | None:
    """The next phase after the one at `index` that this game plays (RuleSystem.plays_phase),
    None after the last."""
    for p in ctx.system.phases()[index + 1:]:
        if ctx.system.plays_phase(ctx.game, p.key):
            return p.key
    return None


@action("next_phase", "Next phase", who="umpire")
def _next_phase(ctx: Context) -> tuple[str, Any]:
    """Go on to the next phase of the turn; after the last, the next game turn."""
    game = ctx.game
    if game.phase == ENDED:
        raise UmpireError(f"the game is over: it ended after turn {game.turns}")
    ended = _go_on(ctx)
    if ended:
        return ended, None
    phase = phase_of(ctx, game.phase)
    who = f"; {game.side(game.active_side).name} acts first" if game.active_side else ""
    return f"Turn {game.turn}: {phase.label}{who}", None


def _go_on(ctx: Context) -> str | None:
    """One step of the turn, as Next Phase takes it: the phase closes (its formations' unmet
    commands noted, the rule system's end of phase) and the next one it plays begins, with its
    own entry effects; after the last, the next game turn.  Returns the game's end when the
    step ended it, else None."""
    game = ctx.game
    if game.active_side is not None:
        _unmet_commands(ctx)
    _end_phase(ctx)
    keys = [p.key for p in ctx.system.phases()]
    if not game.phase:
        begin_phase(ctx, keys[0])
    elif (following := _played_after(ctx, keys.index(game.phase))) is not None:
        begin_phase(ctx, following)
    else:
        return _new_turn(ctx)
    return None


def _end_phase(ctx: Context) -> None:
    """What the rule system does as the phase closes."""
    if ctx.game.phase and ctx.game.phase != ENDED:
        apply(ctx, ctx.system.phase_end(ctx.game, ctx.game.phase, ctx.dice))


# An End Turn journaled since it plays the phases left says so in its row's parameters; a row
# without it was written when End Turn skipped them, and replays as it was played.
PHASES_LEFT = "phases_left"


@action("end_turn", "End turn", who="umpire")
def _end_turn(ctx: Context) -> tuple[str, Any]:
    """Close the game turn from any phase: every phase left is played in order, as Next Phase
    would play it -- its entry effects (removal rolls, artillery landing, the reveal of declared
    fire...), its spotting and its end -- and the next turn begins.  At each phase it begins, the
    held orders files whose phase it is are applied, as the engine applies them after a Next
    Phase (core.play.inbox.apply_held_within): a declaration of fire handed in early is in before
    the reveal asks for it.  One action in the journal: one undo takes the whole End Turn back,
    the files applied in it held again.  Where any step is refused (the rule system holds play,
    a phase cannot begin yet), nothing of it stands and the refusal names the phase."""
    game = ctx.game
    if game.phase == ENDED:
        raise UmpireError(f"the game is over: it ended after turn {game.turns}")
    if ctx.dice.replaying and PHASES_LEFT not in ctx.params:
        return _end_turn_skipping(ctx)
    ctx.params[PHASES_LEFT] = "played"          # journaled with the row (core.acting keeps params)
    # held files applied within: always when played now; on replay, as the row was played (a row
    # journaled before End Turn applied them, or that applied none, has no WITHIN: none applied)
    within = not ctx.dice.replaying or WITHIN in ctx.params
    ctx.params.pop(WITHIN, None)                # what it settles is found again, not read back
    turn, played = game.turn, []
    while ctx.game.turn == turn:
        game = ctx.game
        here = phase_of(ctx, game.phase) if game.phase else None
        holding = ctx.system.hold_problem(game, None)
        if holding:
            raise UmpireError(_refusal(here, holding, ctx))
        try:
            ended = _go_on(ctx)
        except UmpireError as e:         # the phase that refused: the one closing or beginning
            if ctx.dice.replaying:
                raise                    # a replay names the row that parted from the journal
            raise UmpireError(_refusal(phase_of(ctx, game.phase) if game.phase else here, str(e), ctx)) from None
        if ended:
            _settled_none(ctx.params)
            return ended, None
        if game.turn == turn:
            played.append(phase_of(ctx, game.phase).label)
        if within:
            apply_held_within(ctx)               # may read ctx.game afresh
    _settled_none(ctx.params)
    game = ctx.game
    phase = phase_of(ctx, game.phase)
    who = f"; {game.side(game.active_side).name} acts first" if game.active_side else ""
    # the phases played are each in the journal's lines; the summary names a few, or counts them
    after = "; ".join(played) if len(played) <= 3 else f"{len(played)} phases"
    also = f" (after turn {turn}'s {after})" if played else ""
    # the held files it settled are in its lines, each kept for its side, and in its params -- not
    # in the summary, which a side's view of the window shows: how many files the enemy sent is not its business
    return f"Turn {game.turn} of {game.turns} begins: {phase.label}{who}{also}", None


def _settled_none(params: dict) -> None:
    """An End Turn that settled no held file keeps no WITHIN: its row is as it was before."""
    if not params.get(WITHIN):
        params.pop(WITHIN, None)


def _refusal(phase, why: str, ctx: Context | None = None) -> str:
    """End Turn refused at `phase`, in one line -- with the held files it found refused on the
    way, which often are why (a declaration refused is a side that has not declared)."""
    where = f" -- {phase.label} ({phase.rule})" if phase is not None else ""
    done = ctx.params.get(WITHIN) or () if ctx is not None else ()
    also = "".join(f" ({ctx.game.side(h['side']).name}'s held orders were refused as their phase came: "
                   f"{h['refused']})" for h in done if h.get("refused"))
    return f"End Turn refused{where}: {why}{also}; nothing was done"


def _end_turn_skipping(ctx: Context) -> tuple[str, Any]:
    """End Turn as it was before it played the phases left: the journal's old rows replay so."""
    held = ctx.system.hold_problem(ctx.game, None)
    if held:
        raise UmpireError(held)
    _end_phase(ctx)
    ended = _new_turn(ctx)
    if ended:
        return ended, None
    phase = phase_of(ctx, ctx.game.phase)
    who = f"; {ctx.game.side(ctx.game.active_side).name} acts first" if ctx.game.active_side else ""
    return f"Turn {ctx.game.turn} of {ctx.game.turns} begins: {phase.label}{who}", None


@action("pass", "Pass", who="side", fields=(ActionField("side", "Side", required=False, kind="side"),))
def _pass(ctx: Context) -> tuple[str, Any]:
    """The side to act passes.  In an alternating phase it acts no more this phase, and the phase
    ends when every side has passed -- or, where the phase says so (`passes_to_end`), passing
    only hands the turn over and that many passes in a row end it."""
    game = ctx.game
    side = ctx.params.get("side") or game.active_side
    if side not in game.side_ids():
        raise UmpireError("no side has the turn to pass: name the side that passes")
    check_turn_to_act(game, side)
    check_no_pause(ctx, None)
    refused = ctx.system.pass_problem(game, side)
    if refused:
        raise UmpireError(refused)
    ending = ctx.system.impulse_end(game, side)
    if ending is not None:            # a pass in the middle of an impulse only ends it
        apply(ctx, ending)
        after_activation(ctx, side)
        return f"{game.side(side).name} ends its impulse; {game.side(game.active_side).name} to act", None
    passed = list(game.passed) + [side]
    phase = phase_of(ctx, game.phase) if game.phase else None
    if phase is not None and phase.passes_to_end:
        if len(passed) >= phase.passes_to_end:
            ctx.log.append(f"{len(passed)} passes in a row: the phase ends")
            _next_phase(ctx)
            return f"{game.side(side).name} passes; the phase ends", None
        other = next(s for s in game.side_ids()[game.side_ids().index(side) + 1:] + game.side_ids() if s != side)
        ctx.rec.set(game_row(ctx), passed=passed, active_side=other)
        game.passed, game.active_side = tuple(passed), other
        # said whole: a side reads its own passes only, and "2 in a row" alone left it guessing
        return (f"{game.side(side).name} passes ({len(passed)} of the {phase.passes_to_end} passes in a row that "
                f"end the phase); {game.side(other).name} to act"), None
    # in a player turn only that player acts: its passing ends the phase
    acting = [side] if phase is not None and phase.player is not None else game.side_ids()
    others = [s for s in acting if s not in passed]
    ctx.rec.set(game_row(ctx), passed=passed, active_side=others[0] if others else None)
    game.passed, game.active_side = tuple(passed), (others[0] if others else None)
    if not others:
        ctx.log.append("every side has passed: the phase ends")
        _unmet_commands(ctx)
        _next_phase(ctx)
        return f"{game.side(side).name} passes; the phase ends", None
    return f"{game.side(side).name} passes; {game.side(others[0]).name} acts on alone", None
