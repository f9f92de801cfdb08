"""War Blog's own unit actions, described for the shells (core.play.rule_actions): air strikes,
air superiority patrols and their recall (9.1-9.3), air insertion and extraction (3.3, 3.4), drone
reconnaissance (3.6, 1.45), laying and clearing mines (2.4.6) and the advance after combat (3.5)."""

from __future__ import annotations

from ...core.actionspec import ActionField
from ...core.play.rule_actions import unit_action
from . import air, airlift, bridges, drones, exploit, mines, superiority
from .state import kind

def _air(game, u) -> bool:
    return kind(game, u) == "air"


def _engineers(game, u) -> bool:
    return kind(game, u) == "engineer" and u.on_map


def _advancing(game, u) -> bool:
    ex = u.marks.exploit_in(game.turn)
    return ex is not None and ex.stage is not None


# the menu greys out what a unit cannot take (its kind, or a state it needs); the engine says why
ACTIONS = {spec.name: spec for spec in (
    unit_action("air_strike", "Air strike", air.strike, rule="WB 9.1",
                fields=(ActionField("hex", "Hex attacked", kind="hex"),),
                help="An aircraft from the air pool attacks an enemy-held hex the side can see.", fits=_air),
    unit_action("air_patrol", "Air superiority patrol", superiority.patrol, rule="WB 9.2, 9.3",
                fields=(ActionField("rounds", "Rounds of air combat at most (9.3: after the first, either side may pull out)",
                                    required=False, kind="number"),),
                help="Fighters from the air pool go up to the air superiority box and, with those already "
                     "up, fight the enemy's fighters there.",
                fits=lambda game, u: _air(game, u) and superiority.ready(game, u)),       # 9.3: from the pool
    unit_action("air_recall", "Recall from the air superiority box", superiority.recall, rule="WB 9.3",
                help="Fighters in the air superiority box come back to the air pool.",
                fits=lambda game, u: _air(game, u) and bool(u.marks.box)),
    unit_action("air_insert", "Air insertion", airlift.insert, rule="WB 3.3",
                fields=(ActionField("hex", "Landing hex", kind="hex"),),
                help="A paratrooper, airmobile or special forces unit waiting off the map drops on a hex, "
                     "under the enemy's fire.", fits=airlift.insertable, worksheet=True),
    unit_action("air_extract", "Air extraction", airlift.extract, rule="WB 3.4",
                fields=(ActionField("lift", "Unit lifted out", kind="unit"),),
                help="An air transport lifts a small unit off the map, under the enemy's fire.",
                fits=airlift.transport, worksheet=True),
    unit_action("drone_recon", "Drone reconnaissance", drones.reconnoitre, rule="WB 3.6, 1.45",
                fields=(ActionField("hex", "Hex flown over", kind="hex"),),
                help="A drone from the air pool searches a hex and the six around it for the enemy.",
                fits=drones.drone),
    unit_action("lay_bridge", "Lay bridge", bridges.lay, rule="WB 1.27",
                fields=(ActionField("hex", "Hex across the river", kind="hex"),),
                help="A bridging unit lays a bridge over the river beside it; its side's units cross there.",
                fits=bridges.bridging),
    unit_action("lay_mines", "Lay mines", mines.lay, rule="WB 2.4.6",
                help="Engineers lay a minefield in their hex.", fits=_engineers),
    unit_action("clear_mines", "Clear mines", mines.clear, rule="WB 2.4.6",
                help="Engineers clear the minefield of their hex.", fits=_engineers),
    unit_action("exploit", "Advance after combat", exploit.advance, rule="WB 3.5",
                fields=(ActionField("hex", "One hex further (after advancing; fast units)", required=False,
                                    kind="hex"),),
                help="A unit that won an attack moves into the hex it took, fast units one hex further.",
                fits=_advancing),
)}
