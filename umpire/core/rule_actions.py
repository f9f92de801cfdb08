"""The rule action: one of a rule system's own actions (`RuleSystem.rule_actions`), journaled
like any other -- Lock 'n Load's spotting attempt (10.1), for one.  The core checks whose turn
it is (a free action, `RuleSystem.free_actions`, may be taken by either side while no side has
the turn); the rule system checks the rest and says what changes.  Registered with `engine.action`.
"""

from __future__ import annotations

from typing import Any

from .changes import apply
from .engine import Context, action
from .errors import UmpireError
from .turn import ENDED, _check_no_pause, _check_turn_to_act, _spot, _unit_done


@action("rule_action")
def _rule_action(ctx: Context) -> tuple[str, Any]:
    """params: name (one of the rule system's actions), side (who acts), and what it reads."""
    game, system = ctx.game, ctx.system
    name, side = ctx.params.get("name"), ctx.params.get("side")
    known = system.rule_actions()
    if name not in known:
        raise UmpireError(f"{game.rules.title} has no action {name!r}" + (f" (it has: {', '.join(known)})"
                                                                          if known else ""))
    if side not in game.side_ids():
        raise UmpireError(f"{known[name]}: unknown side {side!r}")
    # a free action (RuleSystem.free_actions) is taken while no side has the turn, and takes none
    free = game.active_side is None and name in system.free_actions(game)
    if free and game.phase == ENDED:
        raise UmpireError(f"the game is over: it ended after turn {game.turns}")
    if not free:
        _check_turn_to_act(game, side)
    _check_no_pause(game, None)
    summary, changes = system.rule_action(game, name, dict(ctx.params), ctx.dice)
    apply(ctx, changes)
    _spot(ctx)
    if not free:
        _unit_done(ctx, side)
    return summary, None
