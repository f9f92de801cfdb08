"""Wardogs (Todd Pote, Majestic Twelve Games, 2008: the rules text wardogs-rules.txt, Basic
Training, not bundled with Umpire): the procedures that walk the tables in
resources/rulesets/wardogs.  Wardogs has no hidden-unit rule; Umpire adds double-blind play: each
side sees what its units' heights let them see (spotting.py), and declares its fire in secret.

The turn (p. 7), as ruleset.toml lists it: initiative (a d10 each, the low roll moves first);
movement of non-infantry units one at a time, the sides alternating (a fallen unit's turn may
be its attempt to stand up); defensive measures; infantry movement the same way; mine attacks;
stability checks owed; fire declared secretly by both sides; the declarations revealed and the
lock-on rolls; damage all at once; the record sheets carried into the next turn.

The modules:

    state.py      the shared contract: Marks, State, unit Traits, readers
    turn.py       initiative, the alternating order, the record sheets at the turn's end, victory
    movement.py   a move priced and checked: Table 1, facing, climbing, infantry, flight (pp. 9-10)
    flight.py     taking off and landing, runways, loading squads, cover in buildings (pp. 10, 13)
    stability.py  stability checks, Table 2, falling over and standing up (p. 11)
    crash.py      crashes and falls: their dice against armour (pp. 10-11)
    spotting.py   sight by height: hills, buildings, forests; what each side sees (pp. 12-13)
    reports.py    record sheets in a side's report, the inspector, counters' marks
    actions.py    the rule system's actions, its own and fire's
    declare.py    the secret declarations of fire, in the window or as orders files (p. 7 step 6)
    fire_actions.py  the reveal, lock-on rolls and simultaneous damage as their phases begin
    lockon.py     lock-on, Table 3 (p. 12)
    weapons.py    range bands, damage dice and arcs (Tables 4-6, p. 14)
    damage.py     hit resolution against the turn's armour, shields (Table 7, pp. 15-16)
    penetration.py  internal damage, Tables 8 and 9 (p. 17)
    terrain_fire.py  forests alight, churned terrain, falling building sections: the rules (p. 16)
    fires.py      the same on the table: who learns of them, the spread, the flames' heat (p. 16)
    mines.py      minefields and sweepers (p. 7 step 4, p. 18)
    defensive.py  smoke, decoy flares and chaff deployed (p. 18, Table 3)
    bot.py        the autoplay driver
"""

from __future__ import annotations

from ...core.changes import Change, apply
from ...core.rulesystem import RuleSystem as CoreRuleSystem
from . import actions, fire_actions, fires, flight, movement, reports, spotting, stability, state, turn


class RuleSystem(CoreRuleSystem):
    name = "wardogs"
    Marks, State, Traits = state.Marks, state.State, state.Traits
    sequence_rule = "Wardogs p. 7"

    # ------------------------------------------------------------------ what every system answers
    def first_player(self, game, dice):
        side = turn.low_side(game)
        return side, [f"{game.side(side).name} rolled lowest and goes first (Wardogs p. 7 step 2)"]

    def sight(self, game_map, night=False):
        return spotting.Sight(game_map, self.ruleset)

    def line_between(self, game, a, b, units=(None, None)):
        return spotting.line_between(game, self.sight(game.map), a, b, units)      # units' own heights (p. 6)

    def spot(self, game, roll):
        return spotting.spot(game, self.sight(game.map))

    def watchers(self, game, where, unit=None):
        return spotting.watchers(game, self.sight(game.map), where, unit)

    def check_move(self, game, unit_id, path, how=None):
        return movement.check_move(game, unit_id, path, how)

    def victory(self, game, final=False):
        return turn.Standing(game, final)

    # ------------------------------------------------------------------ the turn
    def phase_start(self, game, key, dice):
        if key == "initiative":
            return turn.initiative(game, dice)
        if key in movement.MOVE_PHASES:                         # p. 7 steps 2-3: who is still to move
            return [Change("game", "state", {"move_order": turn.mover_order(game, key == "infantry")})]
        if key == "stability":
            return stability.owed(game, dice)
        return fire_actions.phase_start(game, key, dice)      # declare, lock_on, damage (WB)

    def phase_end(self, game, key, dice):
        out = [Change("game", "state", {"move_order": ()})] if game.rule_state.move_order else []
        if key == "movement":                                    # p. 10: stalls, partial flight's landing
            out += movement.stalls(game, dice) + flight.partial_landings(game, dice)
        out += fire_actions.phase_end(game, key, dice)           # stability after fire (WB)
        if key == fire_actions.DAMAGE:                           # the turn's end phase: fires spread (p. 16)
            out += fires.spread(game, dice)
        return out

    def read_orders(self, path):
        return fire_actions.declare.read_orders(path)           # a declaration of fire as a file (WB)

    def orders_this_turn(self, game, side):
        """A package sent before the turn's declaration of fire has ended asks for this turn's
        (p. 7 step 6); a file handed in before that phase is kept until it (issue 23)."""
        keys = [p.key for p in self.phases()]
        return game.phase in keys and keys.index(game.phase) <= keys.index(fire_actions.DECLARE)

    def move_ends(self, ctx, unit_id, start, entered, paused, check):
        order = ctx.game.rule_state.move_order
        if unit_id in order and not paused:
            apply(ctx, [Change("game", "state", {"move_order": tuple(x for x in order if x != unit_id)})])
        apply(ctx, fires.heat_on_entering(ctx.game, ctx.game.units[unit_id], entered))     # p. 16
        return None

    def new_turn(self, game):
        return turn.record_sheets(game)

    def pass_problem(self, game, side):
        # p. 7 step 6: a side is done declaring once it has declared, if only "no fire"
        if game.phase == fire_actions.DECLARE and side not in game.rule_state.declarations:
            return (f"{game.side(side).name} has not declared its fire: declare it, or declare no fire, "
                    f"before it passes (Wardogs p. 7 step 6)")
        return None

    def moves_now(self, game):
        return game.phase in movement.MOVE_PHASES

    def may_act_now(self, game, unit):
        if game.phase in movement.MOVE_PHASES:
            return super().may_act_now(game, unit) and (state.is_infantry(game, unit) == (game.phase == "infantry"))
        if game.phase == fire_actions.DECLARE:
            # p. 7 step 6: a side acts here as a whole, by its declaration -- once it has declared
            # (if only no fire), none of its units is left out; before, any of them could still fire
            return super().may_act_now(game, unit) and unit.side not in game.rule_state.declarations
        return super().may_act_now(game, unit)

    # ------------------------------------------------------------------ its own actions
    def actions(self):
        return actions.ACTIONS

    def offers(self):
        # the window's controls: no pace, no boarding at a move's start (squads `load` at its end,
        # p. 10); the fire modules add "fire" with the fire they bring
        return frozenset()

    def scenario_data(self):
        return reports.SCENARIO_KEYS

    def scenario_problems(self, scenario):
        return reports.scenario_problems(scenario)

    # ------------------------------------------------------------------ how its units read
    MARK_WORDS = reports.MARK_WORDS

    def unit_marks(self, game, unit):
        return reports.unit_marks(game, unit)

    def strength_text(self, game, unit):
        return reports.strength_text(game, unit)

    def forces_table(self, game, units):
        return reports.forces_table(game, units)

    def orders_form(self, game, side):
        return reports.orders_form(game, side)

    def unit_details(self, game, unit, umpire):
        return reports.unit_details(game, unit, umpire)

    def bot(self):
        from .bot import Bot
        return Bot(self)
