"""The Wardogs rule system's actions: its own (turning in place, movement.py; standing up,
stability.py; taking off, landing, loading a squad, declaring cover, flight.py) and those of fire
(the fire modules), merged into ACTIONS below with one line each."""

from __future__ import annotations

from ...core.actionspec import ActionField
from ...core.hexgrid import DIRECTION_NAMES
from ...core.play.rule_actions import unit_action
from . import fire_actions, flight, movement, stability

DIRECTION_CHOICES = ("N", "NE", "SE", "S", "SW", "NW")

OWN = {
    "face": unit_action("face", "Change facing", movement.face, rule="Wardogs p. 9",
                        fields=(ActionField("facing", "Face", choices=DIRECTION_CHOICES),),
                        # the hexsides of the game's own hexes (pointy-topped: E and W, no N or S)
                        ask=lambda g, side, unit: (ActionField("facing", "Face", choices=DIRECTION_NAMES[g.map.grid.orientation]),),
                        open=lambda g: g.phase in movement.MOVE_PHASES, when="only in a movement phase",
                        help="Turn in place before moving: 1 MP a hexside (infantry turn freely).",
                        fits=lambda g, u: u.on_map and not u.moved),
}

ACTIONS = {**OWN, **stability.ACTIONS, **flight.ACTIONS}
ACTIONS.update(fire_actions.ACTIONS)          # declarations, orders, clearing mines, deploying measures (WB)
