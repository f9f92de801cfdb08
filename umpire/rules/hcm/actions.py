"""Hex Command Mechanized's own unit actions, described for the shells (core.play.rule_actions).

Here: turning in place (3.5, 3.5.2, 3.5.5; not while meleed in flank or rear, 3.8 j); paratroops dropping and cavalry mounting and
dismounting (2.2.1: paratroops.py, cavalry.py); mines laid and removed (2.4.2, mines.py); works
and bridges built and removed by engineers (2.4.1, works.py, bridges.py); a force blocking reinforcements
falling back (3.4, blocking.py).  Fire and melee (fire_actions.py,
melee.py) and command (command.py) keep their own ACTIONS dicts; each is merged into
ACTIONS at the end of this file with one line.
"""

from __future__ import annotations

from ...core.actionspec import ActionField
from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.play.rule_actions import unit_action
from . import blocking, bridges, cavalry, command_actions, mines, paratroops, structure_fire, works
from .contact import facing_locked
from .facing import facing_limit, turns_between
from .zones import in_enemy_zone
from .fire_actions import ACTIONS as FIRE_ACTIONS
from .state import is_commander, is_infantry, kind, moving_now

DIRECTION_CHOICES = ("N", "NE", "SE", "S", "SW", "NW")


def face(game, params: dict, dice) -> tuple[str, list[Change]]:
    """3.5.2: a unit that does not move turns to face a new hexside, a hex of movement for each
    hexside turned, within its vehicle's limit (2.3.1).  A unit whose move ended in an enemy
    zone of control without turning may turn once, for free (3.5.5)."""
    uid = params.get("unit")
    u = game.units.get(uid)
    if u is None or u.side != params.get("side") or not u.on_map or u.carried_by:
        raise UmpireError(f"face: {params.get('side')} has no unit {uid!r} standing on the table")
    if is_commander(game, u):
        raise UmpireError(f"face: {uid} has no front to turn (3.5)")
    try:
        to = game.map.grid.direction_index(str(params.get("facing", "")))
    except ValueError as e:
        raise UmpireError(f"face: {e}") from None
    here = u.marks.facing
    turned = turns_between(here, to) if here is not None else 0
    n = game.map.number
    if u.acted:
        raise UmpireError(f"face: {uid} has already acted this turn")
    zoc = u.moved and in_enemy_zone(game, u.hex, u.side) and not u.marks.facing_changes
    if u.moved and not zoc:
        raise UmpireError(f"face: {uid} has moved; it turns as it moves (3.5)")
    if u.marks.order_hold == "a":
        raise UmpireError(f"face: {uid} may not change facing until its next activation (4.5.1 a)")
    if to != here and (locked := facing_locked(game, u)):
        raise UmpireError(f"face: {locked}")
    if zoc:
        cost, changes = 0, 1 if turned else 0
    else:
        cost, changes = turned, turned
        room = game.unit_type(u)["movement"]
        if cost > room:
            raise UmpireError(f"face: turning {turned} hexsides costs {cost} hexes of movement, it has {room} (3.5.2)")
    top = facing_limit(game, u)
    if top is not None and u.marks.facing_changes + changes > top:
        raise UmpireError(f"face: a {game.unit_type(u)['label'].lower()} makes {top} facing change(s) a turn "
                          f"(2.3.1)")
    why = "in the enemy's zone of control (3.5.5)" if zoc else f"{cost} hex(es) of movement (3.5.2)"
    line = f"{uid} in {n(u.hex)} turns to face {game.map.grid.direction_name(to)}: {why}"
    return f"{uid} faces {game.map.grid.direction_name(to)}", [
        Change("unit", uid, {"facing": to, "facing_changes": u.marks.facing_changes + changes, "acted": True},
               (line,))]


def _faces(game, u) -> bool:
    return u.on_map and not is_commander(game, u)


OWN = {spec.name: spec for spec in (
    unit_action("face", "Change facing", face, rule="HCM 3.5.2",
                fields=(ActionField("facing", "Face", choices=DIRECTION_CHOICES),),
                open=moving_now, when="only in a movement phase or a group's activation",
                help="Turn in place to face another hexside: a hex of movement for each hexside (3.5.2).",
                fits=_faces),
    unit_action("drop", "Drop (paratroops)", paratroops.drop, rule="HCM 2.2.1",
                fields=(ActionField("hex", "Target hex", kind="hex"),
                        ActionField("at", "Put it in (on 5-6, within two of the target)", required=False, kind="hex")),
                open=moving_now, when="only in a movement phase or a group's activation",
                help="A paratroop stand due as a reinforcement drops onto the table near a hex (2.2.1).",
                fits=lambda game, u: kind(game, u) == "paratroop" and u.status == "off_map"),
    unit_action("lay_mines", "Lay mines", mines.lay, rule="HCM 2.4.2",
                open=moving_now, when="only in a movement phase or a group's activation",
                help="A stand that has not moved or fought lays a secret minefield in its hex.",
                fits=lambda game, u: u.on_map and is_infantry(game, u)),
    unit_action("remove_mines", "Remove mines", mines.remove, rule="HCM 2.4.2",
                open=moving_now, when="only in a movement phase or a group's activation",
                help="A stand that has not moved or fought removes the minefield of its hex.",
                fits=lambda game, u: u.on_map and is_infantry(game, u)),
    unit_action("dismount", "Dismount (cavalry)", cavalry.dismount, rule="HCM 2.2.1",
                open=moving_now, when="only in a movement phase or a group's activation",
                help="A cavalry stand gets off its horses, free: it moves as infantry.",
                fits=lambda game, u: u.on_map and kind(game, u) == "cavalry"),
    unit_action("mount", "Mount (cavalry)", cavalry.mount, rule="HCM 2.2.1",
                open=moving_now, when="only in a movement phase or a group's activation",
                help="A dismounted cavalry stand mounts again, free; scattered horses come back on 5-6.",
                fits=lambda game, u: u.on_map and kind(game, u) == "cavalry"),
    unit_action("fall_back", "Fall back before reinforcements", blocking.fall_back, rule="HCM 3.4",
                fields=(ActionField("path", "Path, from its hex, away from the arrival", kind="hexes"),),
                open=lambda game: game.phase in blocking.BLOCKING,
                when="only when a force blocking reinforcements chooses to fall back",
                help="A unit by the entry of arriving reinforcements makes a free full move away from them (3.4).",
                fits=lambda game, u: u.id in blocking.blockers_now(game)),
    unit_action("works", "Build or remove works", works.labour, rule="HCM 2.4.1",
                fields=(ActionField("what", "Works", choices=("light", "medium", "heavy", "remove")),),
                open=moving_now, when="only in a movement phase or a group's activation",
                help="Engineers build works in their hex (light in a turn, medium in two, heavy in three) "
                     "or remove them.",
                fits=lambda game, u: u.on_map and bool(game.unit_type(u).get("engineer"))),
    unit_action("bridge", "Build or remove a bridge", bridges.labour, rule="HCM 2.4.1",
                fields=(ActionField("what", "Bridge", choices=("light", "medium", "heavy", "remove")),
                        ActionField("toward", "Over the river on the side", choices=DIRECTION_CHOICES)),
                open=moving_now, when="only in a movement phase or a group's activation",
                help="Engineers bridge the river on one side of their hex (light in a turn, medium in two, heavy "
                     "in three; a bridge bears vehicles up to its class) or remove an engineers' bridge.",
                fits=lambda game, u: u.on_map and bool(game.unit_type(u).get("engineer"))),
)}

# Parts B (fire, melee) and C (command) merge their dicts here, one line each.
ACTIONS = {**OWN, **FIRE_ACTIONS, **command_actions.ACTIONS, **structure_fire.ACTIONS}
