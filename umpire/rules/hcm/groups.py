"""Hex Command Mechanized's activation sequence played through the turn (HCM 4.6, 3.1 option 2),
the scenario's `[hcm] sequence = "activation"`.

Each side numbers its groups -- the scenario's companies ("groups of platoons"), in the order of
its `[hcm.activation]` (side = [company ids]) and then the rest in the scenario's order; State.
activation keeps it (the `activation_order` action, command_actions.py, may number them anew before play).  As
the turn begins, after the initiative, its sequence of groups is set (`activation.sequence`):
the groups numbered 1, then those numbered 2..., who goes first in each number rolled for each
number or, with `group_initiative = "once"`, the initiative winner's first throughout.  In the `groups` phase each group in turn acts to its end -- its units move,
fire and fight -- and its side's pass closes it; the sequence says who acts next, even the same
side twice running (`next_to_act`).  Units outside every company, commanders, and companies
whose units all fire indirect "float" (4.6: artillery): they act in any of their side's
activations.  Once every group has acted, the sides pass and the rally follows.  The A/B phases
are not played (`plays_phase`).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from . import activation
from .activation import floats
from .state import is_commander

AB_PHASES = ("a_movement", "a_placement", "a_fire_np", "a_fire_p", "a_melee",
             "b_command", "b_movement", "b_placement", "b_fire_np", "b_fire_p", "b_melee", "b_rally")
GROUPS = "groups"


def by_activation(game: Game) -> bool:
    return game.rule_state.scenario.get("sequence") == "activation"


def plays_phase(game: Game, key: str) -> bool:
    """4.6 plays the groups phase instead of the two halves; A/B the halves only."""
    if by_activation(game):
        return key not in AB_PHASES
    return key != GROUPS


def at_start(game: Game) -> list[Change]:
    """The groups of each side, numbered (4.6), kept in State.activation."""
    if not by_activation(game):
        return []
    side_of = {b.id: b.side for b in game.battalions}
    order = {}
    for s in game.side_ids():
        own = [c.id for c in game.companies if side_of.get(c.battalion) == s and not floats(game, c.id)]
        listed = [c for c in (game.rule_state.scenario.get("activation") or {}).get(s, []) if c in own]
        order[s] = tuple(listed + [c for c in own if c not in listed])
    lines = tuple(f"{game.side(s).name}'s groups in order: {', '.join(g) or 'none'} (4.6)" for s, g in order.items())
    return [Change("game", "state", {"activation": order}, lines, "umpire")]


def turn_begins(game: Game, dice) -> list[Change]:
    """As the turn's first spotting phase begins, its initiative decided: the sequence of its groups (4.6) -- the umpire's
    record: which company acts when is each side's own secret."""
    if not by_activation(game):
        return []
    steps, lines = activation.sequence(game, dice)
    return [Change("game", "state", {"group_steps": tuple(tuple(x) for x in steps), "group_now": 0},
                   tuple(lines), "umpire")]


def step_now(game: Game) -> tuple[str, str] | None:
    steps = game.rule_state.group_steps
    now = game.rule_state.group_now
    return tuple(steps[now]) if game.phase == GROUPS and now < len(steps) else None


def first_side(game: Game) -> str | None:
    """Who opens the groups phase: the side of the first group."""
    steps = game.rule_state.group_steps
    return steps[0][0] if steps else None


def goes_on(game: Game, side: str) -> bool:
    """While the side's group is the one acting, the side acts on after each of its units."""
    step = step_now(game)
    return step is not None and step[0] == side


def close(game: Game, side: str) -> list[Change] | None:
    """A pass closes the side's group (4.6); the next in the sequence acts."""
    if not goes_on(game, side):
        return None
    now = game.rule_state.group_now + 1
    left = len(game.rule_state.group_steps) - now
    return [Change("game", "state", {"group_now": now},
                   (f"{game.side(side).name}'s group has acted ({left} activation{'s' if left != 1 else ''} "
                    f"left this turn) (4.6)",))]


def next_side(game: Game, side: str) -> str | None:
    """The side of the next group in the sequence; None when all have acted."""
    step = step_now(game)
    return step[0] if step is not None else None


def unit_problem(game: Game, uid: str) -> str | None:
    """4.6: in the groups phase only the acting group's units act -- and those that float."""
    if game.phase != GROUPS:
        return None
    u = game.units[uid]
    if floats(game, u.company) or is_commander(game, u):
        return None
    step = step_now(game)
    if step is None:
        return "every group has acted this turn (4.6)"
    if u.company != step[1]:
        name = next((c.name for c in game.companies if c.id == step[1]), step[1])
        return f"{uid} is not in the group now acting, {name} (4.6)"
    return None


def note(game: Game) -> str:
    """The status line's words for the activation under way."""
    step = step_now(game)
    if step is None:
        return ""
    return f"activation {game.rule_state.group_now + 1} of {len(game.rule_state.group_steps)} (4.6)"
