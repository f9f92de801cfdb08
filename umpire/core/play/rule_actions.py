"""A unit's own action: one of a rule system's actions that only says what changes -- a spotting
attempt, a medic's care, an air strike.  The rule system describes it with `unit_action` (an
ActionSpec, listed by `RuleSystem.actions` like any other) and gives the function that judges
it; the core checks whose turn it is (a free action may be taken by either side while no side
has the turn), writes the changes, runs the spotting pass and hands the turn on.

Files written before these actions had names of their own journaled them all as "rule_action"
with the action's name among the params; that kind stays here so those files replay.
"""

from __future__ import annotations

from typing import Any, Callable

from ..actionspec import UNIT, ActionField, ActionSpec
from ..changes import apply
from ..engine import Context, action
from ..errors import UmpireError
from .kit import ENDED, check_no_pause, check_turn_to_act, unit_done
from .spotting import spot_pass

# (game, params, dice) -> (summary, changes): the rule system's judgement of the action; params
# hold at least `side` (the acting side) and what its fields ask for
Resolve = Callable[[Any, dict, Any], tuple[str, list]]


def acting_side(game, params: dict) -> str | None:
    """Whose action it is: the side named, else the acting unit's (or the first of its units')."""
    if params.get("side"):
        return params["side"]
    uid = params.get("unit") or (params.get("units") or [None])[0]
    u = game.units.get(uid) if isinstance(uid, str) else None
    return u.side if u is not None else None


def unit_action(name: str, label: str, resolve: Resolve, *, rule: str = "", help: str = "",
                fields: tuple[ActionField, ...] = (), ask=None, open=None, when: str = "", free=None,
                worksheet: bool = False, formerly: str = "", fits=None) -> ActionSpec:
    """Describe one of a rule system's unit actions.  `fields` (or `ask`, when what it asks
    for depends on who acts) come after the acting unit; `open`, `free` and `fits` as ActionSpec's."""
    def run(ctx: Context) -> tuple[str, Any]:
        return _run(ctx, spec, resolve)
    spec = ActionSpec(name, label, run, acting_side, (UNIT,) + tuple(fields), rule, help, worksheet,
                      ask=(lambda game, side, unit: (UNIT,) + tuple(ask(game, side, unit))) if ask else None,
                      open=open, when=when, free=free, formerly=formerly, fits=fits)
    return spec


def _run(ctx: Context, spec: ActionSpec, resolve: Resolve) -> tuple[str, Any]:
    game = ctx.game
    side = acting_side(game, ctx.params)
    if side not in game.side_ids():
        raise UmpireError(f"{spec.label}: unknown side {side!r}" if ctx.params.get("side")
                          else f"{spec.label}: no unit {ctx.params.get('unit')!r}")
    # a free action is taken while no side has the turn, and takes none
    free = game.active_side is None and spec.is_free(game)
    if free and game.phase == ENDED:
        raise UmpireError(f"the game is over: it ended after turn {game.turns}")
    if not free:
        check_turn_to_act(game, side)
    if not spec.is_open(game):
        phase = next((p.label for p in ctx.system.phases() if p.key == game.phase), game.phase)
        phase = phase[:-len(" phase")] if phase.lower().endswith(" phase") else phase
        raise UmpireError(f"{spec.label}: {spec.when or 'not now'}, not in the {phase} phase"
                          + (f" ({spec.rule})" if spec.rule else ""))
    check_no_pause(ctx, None)
    summary, changes = resolve(game, dict(ctx.params, side=side), ctx.dice)
    apply(ctx, changes)
    spot_pass(ctx)
    if not free:
        unit_done(ctx, side)
    return summary, None


def named(system, name: str) -> ActionSpec | None:
    """The rule system's unit action of that name, or of the name earlier versions gave it."""
    own = [s for s in system.actions().values() if s.by_unit]
    return next((s for s in own if s.name == name), None) or next((s for s in own if s.formerly == name), None)


@action("rule_action", "Rule action (files of earlier versions)", who="side")
def _rule_action(ctx: Context) -> tuple[str, Any]:
    """A unit action as earlier versions journaled it: params name (the action), side, and what
    it reads.  Runs the rule system's action of that name today."""
    spec = named(ctx.system, ctx.params.get("name"))
    if spec is None:
        raise UmpireError(f"{ctx.game.rules.title} has no action {ctx.params.get('name')!r}")
    return spec.run(ctx)
