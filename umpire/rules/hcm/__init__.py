"""Hex Command Mechanized (the magazine article hex-command-mechanized.txt, not bundled with
Umpire): the procedures that walk the tables in resources/rulesets/hcm.

Foundation only so far: the state every module shares (state.py) and the data; the turn,
movement, sight and the rest follow.
"""

from __future__ import annotations

from ...core.errors import UmpireError
from ...core.rulesystem import RuleSystem as CoreRuleSystem
from . import fire_actions, state


class RuleSystem(CoreRuleSystem):
    name = "hcm"
    Marks, State, Traits = state.Marks, state.State, state.Traits
    sequence_rule = "HCM 3.1"

    def first_player(self, game, dice):
        return game.rule_state.phasing or game.first_player, []

    def sight(self, game_map, night=False):
        raise UmpireError("Hex Command Mechanized: sight is not written yet")

    def spot(self, game, roll):
        return {s: {} for s in game.side_ids()}

    def check_move(self, game, unit_id, path, how=None):
        raise UmpireError("Hex Command Mechanized: movement is not written yet")

    def victory(self, game, final=False):
        raise UmpireError("Hex Command Mechanized: victory is not written yet")

    # fire, indirect fire and melee (HCM 3.7, 3.8): engineer B's, in fire_actions.py
    def actions(self):
        return fire_actions.ACTIONS

    def offers(self):
        return frozenset({"attack"})

    def attack_kinds(self):
        return fire_actions.KINDS

    def assault_sheet(self, game, unit_ids, target, kind="fire", aim=None):
        return fire_actions.assault_sheet(game, unit_ids, target, kind, aim)

    def resolve_assault(self, game, sheet, dice):
        return fire_actions.resolve_assault(game, sheet, dice)
