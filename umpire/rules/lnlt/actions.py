"""Lock 'n Load's own unit actions, described for the shells (core.play.rule_actions): a
spotting attempt (10.1), an off-board fire mission (18.2), laying smoke (7.0), a leader's
impulse (4.0), and the Rally phase's free actions -- support weapons changing hands (3.0, 1.6)
and medics (3.0, 11.3), which either side takes while no side has the turn.  Each is an
impulse of the Operations phase otherwise (4.0)."""

from __future__ import annotations

from ...core.actionspec import ActionField
from ...core.hexgrid import DIRECTION_NAMES
from ...core.play.rule_actions import unit_action
from . import airsupport, artillery, lead, medic, pickup, smoke, spotting, starshell


RALLY, IMPULSE = "only in the Rally phase", "only as an impulse of the Operations phase"


def _in_rally(game) -> bool:
    return game.phase == "rally"          # 3.0, steps 4 and 5


def _in_operations(game) -> bool:
    return game.phase != "rally"          # the rest are impulses (4.0)


def _mission_fields(game, side, unit):
    return (ActionField("hex", "Aiming hex (spotting round)", kind="hex"),
            ActionField("mission", "Mission", artillery.MISSIONS),
            ActionField("to", "Second hex (line, walking barrage)", required=False, kind="hex"),
            ActionField("direction", "Walking barrage's direction",
                        ("",) + DIRECTION_NAMES[game.map.grid.orientation], required=False),
            ActionField("support", "Support", ("",) + tuple(a.id for a in game.artillery if a.side == side),
                        required=False))


def _spot(game, params, dice):
    return spotting.attempt(game, spotting.Sight(game.map, game.rules), params, dice)


def _fire_mission(game, params, dice):
    return artillery.fire_mission(game, spotting.Sight(game.map, game.rules), params, dice)


ACTIONS = {spec.name: spec for spec in (
    unit_action("spot_attempt", "Spotting attempt", _spot, rule="LnLT 10.1", formerly="spot",
                fields=(ActionField("hex", "Hex looked at", kind="hex"),
                        ActionField("fire", "Fire at it at once if spotted (10.1)", ("", "yes"), required=False)),
                open=_in_operations, when=IMPULSE,
                help="A unit looks hard at one hex in its line of sight; a unit spotted there may be fired "
                     "at at once."),
    unit_action("fire_mission", "Artillery fire mission", _fire_mission, rule="LnLT 18.2", ask=_mission_fields,
                open=_in_operations, when=IMPULSE, fits=artillery.may_call,
                help="A leader or scout calls off-board artillery on a hex it sees: a spotting round, its "
                     "drift, then fire for effect."),
    unit_action("smoke", "Lay smoke", lambda game, params, dice: smoke.lay(game, params, dice), rule="LnLT 7.0",
                fields=(ActionField("hex", "Its hex or one next to it (empty: its own)", required=False, kind="hex"),),
                open=_in_operations, when=IMPULSE, fits=smoke.can_lay,
                help="A unit able to lay smoke lays it in its hex or one next to it."),
    unit_action("lead", "Lead the hexes next to it", lambda game, params, dice: lead.lead(game, params),
                rule="LnLT 4.0", open=_in_operations, when=IMPULSE, fits=lead.is_leader,
                help="A leader's impulse: the units of its hex and of the hexes next to it act together."),
    unit_action("weapons", "Support weapons: pick up, drop, hand over, change mode",
                lambda game, params, dice: pickup.act(game, params), rule="LnLT 3.0, 1.6", ask=pickup.fields,
                open=_in_rally, when=RALLY, free=_in_rally,
                help="In the Rally phase a unit picks up, drops or hands over a support weapon, "
                     "changes the mode of one it carries, or captures one lying in its hex."),
    unit_action("heal", "Medic: heal", medic.heal, rule="LnLT 3.0, 11.3", ask=medic.fields,
                open=_in_rally, when=RALLY, free=_in_rally, fits=medic.is_medic,
                help="In the Rally phase a medic tends a wounded leader or a unit of its hex."),
    unit_action("star_shell", "Fire a star shell", lambda game, params, dice: starshell.fire(
                    game, spotting.Sight(game.map, game.rules), params, dice), rule="LnLT 20.2",
                fields=(ActionField("hex", "Hex lit", kind="hex"),),
                open=_in_operations, when=IMPULSE, fits=starshell.can_fire,
                help="At night a leader or mortar team lights a hex it sees and those around it until the "
                     "Administrative phase."),
    unit_action("air_support", "Call air support", lambda game, params, dice: airsupport.strike(
                    game, spotting.Sight(game.map, game.rules), params, dice), rule="LnLT 19.1",
                fields=(ActionField("hex", "Hex attacked", kind="hex"),
                        ActionField("support", "Air support (empty: the first ready)", required=False)),
                open=_in_operations, when=IMPULSE, fits=airsupport.may_call,
                help="A leader or scout calls the scenario's air support on a hex he sees: no roll to hit."),
)}
