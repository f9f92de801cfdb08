"""Hex Command Mechanized (the magazine article hex-command-mechanized.txt, not bundled with
Umpire): the procedures that walk the tables in resources/rulesets/hcm.

Foundation only so far: the state every module shares (state.py) and the data; the turn,
movement, sight and the rest follow.
"""

from __future__ import annotations

from ...core.errors import UmpireError
from ...core.rulesystem import RuleSystem as CoreRuleSystem
from . import state


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
