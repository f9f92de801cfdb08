"""The rule action: one of a rule system's own actions that only say what changes
(`RuleSystem.rule_actions`: a spotting attempt, a medic's care...), journaled like any other.
The core checks whose turn it is (a free action, `RuleSystem.free_actions`, may be taken by
either side while no side has the turn); the rule system checks the rest and says what changes.
"""

from __future__ import annotations

from typing import Any

from ..changes import apply
from ..engine import Context, action
from ..errors import UmpireError
from .kit import ENDED, check_no_pause, check_turn_to_act, unit_done
from .spotting import spot_pass


@action("rule_action", "Rule action", who="side")
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
        check_turn_to_act(game, side)
    check_no_pause(ctx, None)
    summary, changes = system.rule_action(game, name, dict(ctx.params), ctx.dice)
    apply(ctx, changes)
    spot_pass(ctx)
    if not free:
        unit_done(ctx, side)
    return summary, None
