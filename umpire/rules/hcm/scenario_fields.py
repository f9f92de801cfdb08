"""Hex Command Mechanized's own scenario table ([hcm]) described for the scenario editor's form
(core.scenario_fields): the keys reports.SCENARIO_KEYS names and reports.scenario_problems
checks, each citing its rule.  A commander's CVS values (2.1) are keys of his unit, not of this
table: the editor shows them in a commander's fields (state.UnitTraits; UNIT_TRAIT_KINDS below)."""

from __future__ import annotations

from ...core.scenario_fields import ScenarioField as F

FIELDS = (
    F("sequence", "Sequence of play", "choice",
      "alternate: the side winning the initiative moves and fires first (3.1 A/B); activation: numbered "
      "groups of companies activate in turn (4.6)", default="alternate", choices=("alternate", "activation")),
    F("activation", "Activation groups", "per_side",
      "each side's companies in the order they activate, for sequence = activation (4.6)"),
    F("group_initiative", "Group initiative", "choice",
      "each: a roll for every group number; once: the turn's winner goes first throughout (4.6)",
      default="each", choices=("each", "once")),
    F("break_point", "Break point (%)", "number",
      "per cent of a force lost at which it breaks and panics (3.3, 3.11)", default=40, low=1, high=100),
    F("sight", "Sight (hexes)", "number",
      "a bad day's sight in hexes; left out, the whole sighting table applies (4.1)", low=1, high=99,
      unset="whole table"),
    F("rain", "Rain", "flag", "wheeled vehicles roll to get stuck as they move (3.5.1)", default=False),
    F("passable_forests", "Passable forests", "hexes",
      "forest hexes vehicles enter without the entry roll (3.5.3)"),
    F("advance_cvs", "Advance on Aggressiveness", "flag",
      "advancing after melee rolls the commander's Aggressiveness (3.8.5, optional)", default=False),
    F("arrival_roll", "Arrival roll", "flag",
      "reinforcements arrive on 1d10 above their commander's Initiative (3.4, optional)", default=False),
    F("sphere", "Sphere of command", "flag",
      "a commander of Morale 2 rallies the neighbouring hexes too (3.6, 4.5, optional)", default=False),
    F("cvs_combat", "CVS Combat", "flag",
      "a commander adds his CVS Combat to the firing unit's roll instead of +1 (3.10 d, optional)", default=False),
)

# 2.1: the CVS values and the overall command are a commander's; set on another unit they are
# refused (reports.scenario_problems): the editor offers them on commanders only
UNIT_TRAIT_KINDS = {key: ("commander",) for key in ("initiative", "tactical", "aggressiveness", "combat", "morale",
                                                    "overall", "ethnic")}
