"""MechWar 4's own actions, registered with the engine through `RuleSystem.actions()`: fire and
split fire (6.0, 6.93), overruns (12.0), company activations, column and defilade (4.1, 8.11,
10.5), company commands (19.1), indirect fire plots, multiples, displacement and how a unit
takes H fire (7.0, 14.0, 14.33, 19.22, 7.32).  Each names its parameters for the shells."""

from __future__ import annotations

from ....core.actionspec import UNIT, ActionField, ActionSpec
from ....core.play.rule_actions import unit_action
from .. import electronic, engineers, regroup
from . import activation, air, commands, fire, overrun, plots, radio, short_halt, split_fire


def _company_side(game, params):
    """The side of the company whose activation ends (the one activated now)."""
    company = game.rule_state.active_company
    bat = next((c.battalion for c in game.companies if c.id == company), None)
    return next((b.side for b in game.battalions if b.id == bat), None)


SIDE = ActionField("side", "Side", kind="side")

ACTIONS = {spec.name: spec for spec in (
    ActionSpec("fire", "Fire", fire.fire, "firers",
               (ActionField("firers", "Firing units", kind="units"), ActionField("target", "Target", kind="enemy"),
                ActionField("mode", "Weapon", ("main", "mg", "infantry_h"), required=False, kind="choice")),
               "MW4 6.0", "One or more units fire at one enemy unit the side observes.", worksheet=True),
    ActionSpec("split_fire", "Split fire", split_fire.split_fire, "unit",
               (UNIT, ActionField("shots", "Elements and targets", kind="text")), "MW4 6.93",
               "A vehicular platoon fires as separate elements, each at its own target."),
    ActionSpec("overrun", "Fight on or leave the overrun", overrun.overrun, "unit",
               (UNIT, ActionField("then", "Then", ("stay", "leave"), kind="choice"),
                ActionField("to", "Leave to hex", required=False, kind="hex"),
                ActionField("target", "Fire at", required=False, kind="enemy")), "MW4 12.0"),
    ActionSpec("activate", "Activate company", activation.activate, "company",
               (ActionField("company", "Company", kind="company"),), "MW4 4.1"),
    ActionSpec("end_activation", "End the company's activation", activation.end_activation, _company_side,
               (), "MW4 4.1"),
    ActionSpec("form_column", "Form column", activation.form_column, "unit", (UNIT,), "MW4 8.11"),
    ActionSpec("defilade", "Enter defilade", activation.defilade, "unit",
               (UNIT, ActionField("facing", "Facing hex", required=False, kind="hex")), "MW4 10.5"),
    ActionSpec("orders", "Give orders", commands.orders, "side",
               (SIDE, ActionField("turn", "Turn", kind="number"), ActionField("commands", "Commands", kind="text")),
               "MW4 19.1", worksheet=True),
    ActionSpec("plot", "Plot fire missions", plots.plot, "side",
               (SIDE, ActionField("turn", "Turn", kind="number"), ActionField("missions", "Missions", kind="text")),
               "MW4 7.0, 14.0", worksheet=True),
    ActionSpec("place_impact", "Place an impact", plots.place_impact, "umpire",
               (SIDE, ActionField("support", "Support"), ActionField("concentration", "Concentration", kind="number"),
                ActionField("hex", "Impact hex", required=False, kind="hex"), ActionField("reason", "Reason")),
               "MW4 7.2"),
    ActionSpec("multiply", "Roll a multiple", plots.multiply, "side",
               (SIDE, ActionField("support", "Support")), "MW4 14.33"),
    ActionSpec("h_fire_stance", "Take H fire unbuttoned", plots.h_fire_stance, "unit",
               (UNIT, ActionField("unbuttoned", "Unbuttoned", kind="flag")), "MW4 7.31, 7.32"),
    ActionSpec("displace", "Displace a battery", plots.displace, "side",
               (SIDE, ActionField("support", "Support"), ActionField("concentration", "Concentration", kind="number")),
               "MW4 19.22"),
    ActionSpec("short_halt", "Short halt fire", short_halt.short_halt, "unit",
               (UNIT, ActionField("target", "Target", kind="enemy")), "MW4 19.3",
               "A stabilised tank paused in its move fires for 2 MP at -2 on the die, then goes on or halts.",
               worksheet=True),
    unit_action("regroup", "Regroup", regroup.regroup, rule="MW4 4.1 E, 19.14",
                fields=(ActionField("with", "Units it takes in", kind="units"),),
                open=lambda game: game.phase == regroup.PHASE, when="only in the Regrouping phase",
                free=lambda game: game.phase == regroup.PHASE,
                help="Partial-strength platoons of one company that neither moved nor fired this turn, "
                     "in one hex, recombine into the first unit named."),
    unit_action("engineer_work", "Engineer work", engineers.work, rule="MW4 19.612, 16.17",
                fields=(ActionField("work", "Work", tuple(engineers.WORKS), kind="choice"),),
                open=lambda game: game.phase == "fire_move", when="only in the Direct Fire/Movement phase",
                help="An engineer spends its activation on a work in its hex: an abatis in woods (12 turns "
                     "in a row), clearing an abatis or breaching a minefield (one turn each); direct fire at "
                     "it undoes the turn's work."),
    ActionSpec("air_pass", "Fly an air pass", air.air_pass, "side",
               (SIDE, ActionField("support", "Air support"), ActionField("path", "Path (hexes, edge to edge)", kind="hexes"),
                ActionField("low", "Hexes flown low", required=False, kind="hexes"),
                ActionField("strikes", "Strikes (bomb HEX, strafe FROM TARGET, missile FROM TARGET)", required=False)),
               "MW4 15.3-15.8", "An advanced air support enters at a map edge, flies its path high or low, acquires "
               "targets, bombs, strafes or fires missiles, and leaves, under the enemy's air defence.",
               worksheet=True, ask=air.pass_fields, open=lambda game: game.phase == "indirect_fire",
               when="only in the Indirect Fire phase"),
    ActionSpec("radio_silence", "Keep radio silence", radio.radio_silence, "side", (SIDE,), "MW4 19.99",
               "For the rest of this turn no HQ or gun of the side can be located by radio direction finding; "
               "its companies act as if jammed (Overwatch or Withdraw only, no unobserved indirect fire)."),
    unit_action("direction_find", "Radio direction finding", electronic.direction_find, rule="MW4 19.91-19.92",
                fields=(ActionField("kind", "Enemy emitter", tuple(electronic.KINDS), kind="choice"),),
                open=lambda game: game.phase == electronic.PHASE_RDF, when="only in the Indirect Fire phase",
                free=lambda game: game.phase == electronic.PHASE_RDF,
                fits=lambda game, u: electronic.has_rdf(u),
                help="An RDF-equipped HQ that neither moved nor fired this turn listens for the nearest enemy "
                     "emitter of a kind; located, its side is told a hex within one of it (sample detection "
                     "values)."),
    unit_action("jam", "Jam the enemy's radios", electronic.jam, rule="MW4 19.914",
                fields=(ActionField("stop", "Switch it off", required=False, kind="flag"),),
                open=lambda game: game.phase == electronic.PHASE_JAM, when="only in the Direct Fire/Movement phase",
                fits=lambda game, u: bool(game.unit_type(u).get("jammer")),
                help="A jammer tries to start (sample Jammer Table); at work, the enemy's companies take only "
                     "Overwatch or Withdraw and its indirect fire may not be unobserved."),
)}
