"""War Blog's own scenario table described for the scenario editor's form (core.scenario_fields):
the same keys hearts.py and refugees.py read and check (hearts.KEYS), in words a club organizer
reads, each citing its rule."""

from __future__ import annotations

from ...core.limits import SCORE
from ...core.scenario_fields import ScenarioField as F

FIELDS = (
    F("destroy", "Objectives destroyed", "hexes",
      "objective hexes the side taking them destroys rather than captures (War Blog 8.2)"),
    F("hearts_and_minds", "Hearts and minds", "rows",
      "mustering places whose score the units standing there move; at the limit they raise units (War Blog 8.3)",
      row=(F("hex", "Hex", "hex", "the mustering place (8.3)", required=True),
           F("favours", "Favours", "side", "the side it raises units for (8.3)", required=True),
           F("limit", "Limit", "number", "its score at that side's end of the scale (8.3)",
             default=5, low=SCORE[0], high=SCORE[1], required=True),
           F("start", "Start", "number", "its score as the game begins (8.3)", default=0, low=0, high=SCORE[1]),
           F("raises", "Raises", "unit_type", "the unit type it raises (8.3)", default="irregulars"))),
    F("refugees", "Latent refugees", "rows",
      "refugee units set up off the map, waiting in a hex until the enemy comes near (War Blog 1.33)",
      row=(F("unit", "Unit", "unit", "a refugee unit of the order of battle, without a hex (1.33)", required=True,
             of_kinds=("refugee",)),
           F("hex", "Hex", "hex", "where it waits: a city or a town (1.33)", required=True))),
)
