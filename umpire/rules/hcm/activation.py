"""Hex Command Mechanized's activation sequence (HCM 4.6, 3.1 option 2), the scenario's
`[hcm] sequence = "activation"`.

Each side numbers its groups -- Umpire's groups are the scenario's companies, in the order of the
scenario's `[hcm.activation]` (side = [company ids]) and then the rest in the scenario's order.
After the initiative (3.1) and the first spotting, the sides take turns in the `groups` phase: the
initiative winner activates its group 1, whose units move, fire and fight to the end of their
activation; then the other side its group 1; then the winner's group 2, and so on (4.6's option
of one initiative roll a turn rather than one a pair of groups).  A side's pass closes its group
and hands over; a side with no group left passes for good.  Units outside every company -- the
battle group's own, artillery among them -- "float" (4.6): they act in any of their side's
activations; so do commanders, each placed once a turn (4.6).  The rally and the second spotting
follow.  The A/B phases are not played (`plays_phase`).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
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
    groups = {}
    for s in game.side_ids():
        own = [c.id for c in game.companies if side_of.get(c.battalion) == s]
        listed = [c for c in (game.rule_state.scenario.get("activation") or {}).get(s, []) if c in own]
        groups[s] = tuple(listed + [c for c in own if c not in listed])
    lines = tuple(f"{game.side(s).name}'s groups in order: {', '.join(g) or 'none'} (4.6)" for s, g in groups.items())
    return [Change("game", "state", {"activation": groups}, lines, "umpire")]


def current(game: Game, side: str) -> str | None:
    """The company id of the side's group now to act, None when all have acted this turn."""
    groups = game.rule_state.activation.get(side, ())
    done = game.rule_state.groups_done.get(side, 0)
    return groups[done] if done < len(groups) else None


def goes_on(game: Game, side: str) -> bool:
    """While a side has a group open, it acts on after each of its units' actions."""
    return game.phase == GROUPS and current(game, side) is not None


def close(game: Game, side: str) -> list[Change] | None:
    """A pass closes the side's open group (4.6) and hands over."""
    if not goes_on(game, side):
        return None
    group = current(game, side)
    done = dict(game.rule_state.groups_done)
    done[side] = done.get(side, 0) + 1
    left = len(game.rule_state.activation.get(side, ())) - done[side]
    return [Change("game", "state", {"groups_done": done},
                   (f"{game.side(side).name} ends the activation of its group {done[side]}, {_name(game, group)} "
                    f"({left} to come) (4.6)",))]


def unit_problem(game: Game, uid: str) -> str | None:
    """4.6: in the groups phase only the open group's units act -- and those that float."""
    if game.phase != GROUPS:
        return None
    u = game.units[uid]
    if u.company is None or is_commander(game, u):
        return None
    group = current(game, u.side)
    if group is None:
        return f"{game.side(u.side).name}'s groups have all acted this turn (4.6)"
    if u.company != group:
        return f"{uid} is not in the group now acting, {_name(game, group)} (4.6)"
    return None


def new_turn() -> Change:
    return Change("game", "state", {"groups_done": {}})


def note(game: Game) -> str:
    """The status line's words for the activation under way."""
    if game.phase != GROUPS or game.active_side is None:
        return ""
    group = current(game, game.active_side)
    if group is None:
        return ""
    n = game.rule_state.groups_done.get(game.active_side, 0) + 1
    return f"{game.side(game.active_side).name}'s group {n} acting (4.6)"


def _name(game: Game, cid: str) -> str:
    return next((c.name for c in game.companies if c.id == cid), cid)
