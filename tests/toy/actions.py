"""The toy's own actions, registered through RuleSystem.actions(): an ActionSpec says what it is
called, who acts and what it asks for, so that `umpire actions` lists it, `umpire act` runs it
and the window's Unit menu offers it -- with no code of its own in the command line or the GUI."""

from __future__ import annotations

from umpire.core.actionspec import ActionField, ActionSpec
from umpire.core.changes import Change, apply
from umpire.core.errors import UmpireError
from umpire.core.play.rule_actions import unit_action
from umpire.core.play.kit import check_may_act, check_no_pause, check_turn_to_act, unit_done
from . import turn


def dig_in(ctx) -> tuple[str, None]:
    """Toy 10: in the Movement phase, instead of moving, a unit digs in at once."""
    game, uid = ctx.game, ctx.params.get("unit")
    u = game.units.get(uid)
    if u is None or not u.on_map:
        raise UmpireError(f"dig in: no unit {uid!r} on the map")
    check_turn_to_act(game, u.side)
    check_no_pause(ctx, uid)
    check_may_act(ctx, uid, "dig_in")
    if game.phase != "movement":
        raise UmpireError("dig in: units dig in during the Movement phase (Toy 10)")
    if u.moved or u.acted:
        raise UmpireError(f"dig in: {uid} has already acted this turn (Toy 10)")
    if u.marks.dug_in:
        raise UmpireError(f"dig in: {uid} is dug in already")
    apply(ctx, [Change("unit", uid, {"dug_in": True, "acted": True}, (f"{uid} digs in (Toy 10)",))])
    unit_done(ctx, u.side)
    return f"{uid} digs in", None


ACTIONS = {
    # written out whole, with the core's turn checks called by hand
    "dig_in": ActionSpec("dig_in", "Dig in", dig_in, "unit", (ActionField("unit", "Unit", kind="unit"),),
                         "Toy 10", "A unit that has not acted this turn digs in at once, instead of moving."),
    # a unit action: the rule system only judges it and says what changes (core.play.rule_actions)
    "rally": unit_action("rally", "Rally", turn.rally, rule="Toy 6", open=lambda game: game.phase == "movement",
                         when="only in the Movement phase",
                         help="A shaken unit tries to rally instead of moving."),
}
