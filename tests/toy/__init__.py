"""Toy Skirmish: the tests' own rule system, small enough to read in one sitting.

The core's tests (tests/core) play it instead of a real game's rules, and it is the worked
example of how a rule system plugs into Umpire: a data folder (rulesets/toy: its ruleset.toml
names this package as its `procedures`) and this package, whose `RuleSystem` implements the
protocol of umpire.core.rulesystem.  Umpire finds the folder through $UMPIRE_RULESETS
(umpire.core.ruleset.ruleset_folders) and imports the package by name; tests/conftest.py sets
both up.  Its scenario is tests/toy/skirmish.toml.  The rules are its own, made up for the
tests, cited as "Toy n":

1. Units.  A unit type (units.toml) has a strength, a defence, movement points, a sight range,
   steps and the points its loss scores.  A unit may be dug in and may be shaken (state.Marks);
   the game remembers who holds each objective (state.State).
2. The turn has three phases.  Movement: the sides take turns, one unit each -- a move, or a
   shaken unit's rally attempt -- the scenario's first player first; a side that passes is done
   for the phase, which ends when both have passed.  Combat: the same, with attacks.  End: no
   side acts; units that did not move dig in and objectives change hands.  The game ends after
   its last turn.
3. Movement.  A unit moves once a turn along adjacent hexes, paying for each hex entered its
   terrain's cost for its class (foot or vehicle); along a road or over a bridge it pays the
   road's or bridge's cost instead; a stream adds its cost (vehicles cross only by a bridge),
   and a slope adds 1 going up.  It may not enter a hex an enemy unit holds.  A move may pause
   halfway (for an opportunity attack, rule 6) and go on with the points left, or halt.  A
   reinforcement enters at one of its entry hexes from its turn on, paying for that hex.  Moving
   ends being dug in.  A unit may leave the map from its side's exit hexes (rule 8).
4. Carrying.  A truck carries one foot unit, which goes where the truck goes and may get off at
   the end of the truck's move (`dismount`).  A passenger is not seen and not attacked; it is
   destroyed with its truck.
5. Sight.  A unit sees enemy units within its sight range along a clear sight line: no woods or
   town hex between, and no hex between higher than both ends.  An enemy next to it is always
   seen.  The option visibility = "haze" cuts every sight range to 2.
6. Combat.  In the Combat phase units next to a hex where their side sees an enemy attack it
   together: attack = their strengths; defence = the defenders' defences + the hex's cover + 1
   for each defender dug in.  Roll 1d6 + attack - defence: 5 or more, every defender loses a
   step and is shaken (no steps left: destroyed); 3 or 4, the defenders are shaken; 2 or less,
   the attackers are shaken.  A unit attacks once a turn; a shaken one does not attack.  In the
   Movement phase units next to an enemy unit paused mid-move may attack it so, out of turn
   (an opportunity attack).  Instead of moving, a shaken unit may try to rally: 1d6, rallied on
   the scenario's rally number or more (rule 9).
7. Mines.  A unit entering a mined hex stops there and is shaken, and loses a step on a roll of
   its minefield type's loss_on or more.  Leaving mines is free.
8. Victory.  An objective is held by the last side to have had units alone in it (counted at
   the start and in each End phase).  At the end a side scores the points of its objectives it
   holds, the points of the enemy units destroyed (if its [[victory]] says points_for_units) and
   its exit points for each of its units that left by its exit hexes.  The higher score wins.
9. The scenario's own table, [toy], may set `rally`: the roll a shaken unit needs (2 to 6,
   default 4).
10. Digging in.  In the Movement phase, instead of moving, a unit that has not acted this turn
   may dig in at once (actions.py).
"""

from __future__ import annotations

from umpire.core.rulesystem import RuleSystem as CoreRuleSystem
from umpire.core.scenario_fields import ScenarioField

from . import combat, sight, state, turn
from .actions import ACTIONS
from .movement import check_move



class RuleSystem(CoreRuleSystem):
    name = "toy"
    Marks, State = state.Marks, state.State
    sequence_rule = "Toy 2"                # the rules the core's journal lines cite
    opportunity_rule = "Toy 6"
    pause_rule = go_on_rule = "Toy 3"
    mine_rules = {"stops": "Toy 7", "destroyed": "Toy 7"}

    # ------------------------------------------------------------------ what every rule system says

    def first_player(self, game, dice):
        side = game.first_player
        return side, [f"{game.side(side).name} acts first: the scenario's first player (Toy 2)"]

    def sight(self, game_map, night=False):
        return sight.Sight(game_map, self.ruleset)

    def spot(self, game, roll):
        return sight.spot(game)

    def watchers(self, game, where, unit=None):
        return sight.watchers(game, where, unit)

    def check_move(self, game, unit_id, path, how=None):
        return check_move(game, unit_id, path, how)

    def victory(self, game, final=False):
        return turn.Standing(game, final)

    # ------------------------------------------------------------------ the optional hooks it uses
    def offers(self):
        return frozenset({"attack", "exit"})

    def attack_kinds(self):
        return combat.KINDS

    def assault_sheet(self, game, unit_ids, target, kind="attack", aim=None):
        if aim:
            return combat.refuse("a toy attack strikes the whole hex, not one unit in it")
        return combat.attack_sheet(game, unit_ids, target, kind)

    def resolve_assault(self, game, sheet, dice):
        return combat.resolve(game, sheet, dice)

    def mine_attack(self, game, unit_id, mine_type, leaving, dice):
        return combat.mine_attack(game, unit_id, mine_type, leaving, dice)

    def game_start(self, game, dice):
        return turn.objectives(game)

    def phase_start(self, game, key, dice):
        return turn.end_phase(game) if key == "end" else []

    def actions(self):
        return ACTIONS

    def scenario_data(self):
        return {"rally": "the roll a shaken unit needs to rally on 1d6, 2 to 6 (Toy 9)"}

    # the same key described for the scenario editor's form (core.scenario_fields)
    SCENARIO_FIELDS = (ScenarioField("rally", "Rally roll", "number", "the roll a shaken unit needs to rally on "
                                     "1d6 (Toy 9)", default=turn.RALLY, low=2, high=6),)

    def scenario_problems(self, scenario):
        value = scenario.rule_data.get("rally", turn.RALLY)
        if type(value) is not int or not 2 <= value <= 6:
            return [("[toy]", "rally", f"rally must be a whole number from 2 to 6, got {value!r} (Toy 9)")]
        return []

    def state_problems(self, game):
        for number, side in game.rule_state.held.items():
            if side not in game.side_ids():
                yield "game_info", f"objective {number} is held by {side!r}, not a side of the game"

    def unit_marks(self, game, unit):
        return " ".join(x for x, on in (("DI", unit.marks.dug_in), ("SH", unit.marks.shaken)) if on)

    def bot(self):
        from .bot import Bot
        return Bot(self)
