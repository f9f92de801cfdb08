"""What every action shares, the core's and a rule system's: the game's record, a unit's row,
whose turn it is, what holds play up, and the end of a unit's activation."""

from __future__ import annotations

from sqlalchemy import select

from ..changes import apply, set_unit  # noqa: F401  (set_unit: what actions use to change a unit)
from ..engine import Context
from ..errors import UmpireError
from ..game import Game
from ..store import models as m

ENDED = "ended"                       # the phase of a game whose last turn is over


def unit_asked(game: Game, params: dict, doing: str):
    """The unit an action's `unit` parameter names, or a one-line refusal saying what was asked."""
    u = game.units.get(params.get("unit"))
    if u is None:
        raise UmpireError(f"{doing}: no unit {params.get('unit')!r}")
    return u


def game_row(ctx: Context) -> m.GameInfo:
    return ctx.session.execute(select(m.GameInfo)).scalars().one()


def check_turn_to_act(game: Game, side: str | None) -> None:
    if not game.phase:
        return                        # a game from before the turn engine: no sequence to keep
    if game.phase == ENDED:
        raise UmpireError(f"the game is over: it ended after turn {game.turns}")
    if game.active_side is None:
        raise UmpireError("no side acts in this phase: units act only when it is their side's turn to act")
    if side != game.active_side:
        raise UmpireError(f"it is {game.side(game.active_side).name}'s turn to act")


def check_no_pause(ctx: Context, uid: str | None) -> None:
    """While a unit is paused mid-move, only it may go on (or halt); nor does anything else
    happen while the rule system holds play for something to be settled (`hold_problem`)."""
    game = ctx.game
    held = ctx.system.hold_problem(game, uid)
    if held:
        raise UmpireError(held)
    paused = [u.id for u in game.units.values() if u.paused and u.on_map and u.id != uid]   # not one destroyed
    if paused:
        raise UmpireError(f"{paused[0]} is paused for opportunity fire: let it go on or halt it first"
                          + (f" ({ctx.system.pause_rule})" if ctx.system.pause_rule else ""))


def check_may_act(ctx: Context, uid: str, doing: str) -> None:
    """What the rule system says against this unit `doing` something now (an activation it is
    not part of...)."""
    problem = ctx.system.act_problem(ctx.game, uid, doing)
    if problem:
        raise UmpireError(problem)


def unit_done(ctx: Context, side: str) -> None:
    """A unit has finished its action: the rule system's activation may go on (its other units
    still to act, the second half of an impulse); otherwise the turn passes."""
    game = ctx.game
    waits, closing = ctx.system.activation_goes_on(game)
    if waits:
        return
    apply(ctx, closing)
    if ctx.system.impulse_goes_on(game, side):
        # the impulse has a second half still to come: the side acts on, and its action broke
        # any run of passes
        if game.passed:
            ctx.rec.set(game_row(ctx), passed=[])
            game.passed = ()
        return
    after_activation(ctx, side)


def phase_of(ctx: Context, key: str):
    return next(p for p in ctx.system.phases() if p.key == key)


def after_activation(ctx: Context, side: str) -> None:
    """Activations alternate; a side that has passed is skipped."""
    game = ctx.game
    if not game.phase or phase_of(ctx, game.phase).player is not None:
        return                        # in a player turn the same side acts on
    if phase_of(ctx, game.phase).passes_to_end:     # an action breaks a run of passes
        other = next(s for s in game.side_ids() if s != side)
        ctx.rec.set(game_row(ctx), passed=[], active_side=other)
        game.passed, game.active_side = (), other
        return
    chosen = ctx.system.next_to_act(game, side)
    if chosen is not None:            # the rules fix who acts next (it may be the same side)
        ctx.rec.set(game_row(ctx), active_side=chosen)
        game.active_side = chosen
        return
    others = [s for s in game.side_ids() if s != side and s not in game.passed]
    if others:
        ctx.rec.set(game_row(ctx), active_side=others[0])
        game.active_side = others[0]
