"""Hex Command Mechanized (Terry Cabek's magazine article, MWAN #121, 2003: the rules text
hex-command-mechanized.txt, not bundled with Umpire): the procedures that walk the tables in
resources/rulesets/hcm.  Umpire is the judge of 4.1 who keeps the hidden units on his own map.

The turn (3.1-3.9 and the summary in 7), as Umpire reads it: the sequences of 3 and 7 differ --
7 adds a spotting step before reinforcements and another after rally, and puts the panic check
with the commanders' removal; Umpire follows 7's order with 3's content.  A game turn opens with
the initiative (3.1: 1d10 each, ties rolled again; turn.py); its winner is the phasing player
for the turn's first half and the other side for the second ("A/B", 3.1 option 1):

    initiative                           3.1     both roll; what each unit sees is noted (3.7.16)
    x_command   commanders lifted, panic 3.2-3.3 (command.py), then spotting rolls (7.2)
    x_blocking  blockers fall back       3.4     the non-phasing player: its units by an arrival fall
                                                 back or stay, or it passes (blocking.py)
    x_movement  reinforcements, movement 3.4-3.5 the phasing player (player 0 in the first half)
    x_placement commanders placed        3.6     the phasing player
    x_fire_np   fire, non-phasing player 3.7     (fire_actions.py)
    x_fire_p    fire, phasing player     3.7
    x_melee     melee                    3.8     the phasing player (melee.py)
    x_rally     rally, spotting again    3.9, 7.9

(x = a, then b.)  With `[hcm] sequence = "activation"` the numbered groups of 4.6 play instead of
the halves: initiative, a_command, `groups` (the sides' groups in turn, groups.py), a_rally.
The ruleset's `player = 0` is this turn's initiative winner (`turn_opener`, a core hook).

The modules:

    state.py     the shared contract: Marks, State, unit Traits (CVS values), readers
    turn.py      initiative, the halves of the turn, what a turn's end clears, victory (3.11)
    groups.py    the numbered groups of 4.6 played through the turn, a scenario's choice
    movement.py  a move checked: facing, forests, zones of control, damage, holds (3.5, 2.3)
    facing.py    facing arithmetic: hexsides turned, vehicles' limits (3.5.2, 2.3.1)
    stacking.py  stacking, cargo and towing, commanders placed (3.5.6, 2.3.6, 3.6)
    zones.py     zones of control: the three front hexes (3.5.5)
    moves.py     the dice around a move: rain, the forest roll; mines (3.5.1, 3.5.3, 2.4.2)
    aircraft.py  ground attack aircraft in flight (2.4.3)
    setting_out.py  where a move sets out: the checks ground units and aircraft share (3.4, 3.5)
    paratroops.py, cavalry.py   drops, mounting and dismounting (2.2.1)
    mines.py, works.py          mines laid and removed (2.4.2), works built and removed (2.4.1)
    bridges.py                  engineers' bridges built and removed (2.4.1)
    structures.py, structure_fire.py   buildings and works under fire, rubble (3.7.17, 2.4.1)
    blocking.py  the force blocking reinforcements: falling back, the flank overlap (3.4)
    contact.py   what a melee leaves: a defender's spent bonus, flank pins (3.8 e, i, j)
    advance.py, overrun.py      retreat and advance after melee (3.8.4-3.8.5), going on past a ram (3.8.1)
    fire.py, fire_sheet.py      the numbers of a shot and its worksheet (3.7.1-3.7.12, 3.7.16)
    smallarms.py, stands.py     infantry fire and what a hit does to a stand (3.7.2, 3.7.5, 3.7.19)
    damage.py    damage blocks and their incremental rule (2.3.3, 2.3.5)
    fire_effects.py, fire_actions.py   a shot's outcome, and fire as actions (3.7)
    sudden.py, ground.py        sudden targets, obscurity, cover and higher ground (3.7.16, 4.4, 3.7.8)
    indirect.py, indirect_fire.py      indirect fire, scatter, rockets (3.7.13-3.7.15, 4.3)
    cvs_combat.py               the optional CVS Combat on the die (3.10 d)
    melee.py, melee_actions.py  melee, ramming, swarming, ambush (3.8, 3.8.1-3.8.3); rout.py the routed
    command.py   commanders: CVS rolls, lifting and placing, death and capture (2.1, 3.2, 3.6, 3.10)
    orders.py    written orders, their changes, acting without orders, 4.5.1's consequences
    panic.py, rally.py          the panic check (3.3) and rally (3.9, 3.7.19)
    reinforce.py activation.py  reinforcements and their apparent strength (3.4); 4.6's order of groups
    soundrange.py               sound-ranging a gun that fires unseen (4.2)
    command_actions.py          the command rules as actions and in the turn
    spotting.py  hidden units, markers, spotting rolls, sight lines (4.1, 7.2, 3.7.9)
    reports.py   how units read: marks, strength, the forces table, the inspector
    reminder.py  which units could still fire, for the reminder before Pass (3.7, 1.1.4)
    actions.py   the rule system's actions, its own and those of fire, melee and command
    bot.py       the autoplay driver
"""

from __future__ import annotations

from ...core.changes import Change, apply
from ...core.rulesystem import RuleSystem as CoreRuleSystem
from . import (actions, blocking, command_actions, contact, fire_actions, groups, movement, reminder, reports, spotting,
               state, structures, turn)
from .fire import fire_range
from .moves import forest_roll, rain_roll, after_move, mines_strike


class RuleSystem(CoreRuleSystem):
    name = "hcm"
    Marks, State, Traits = state.Marks, state.State, state.Traits
    sequence_rule = "HCM 3.1"
    mine_rules = {"stops": "HCM 2.4.2"}

    # ------------------------------------------------------------------ what every system answers
    def turn_opener(self, game):
        return game.rule_state.opener or game.first_player

    def first_player(self, game, dice):
        side = groups.first_side(game) or self.turn_opener(game)     # 4.6: the first group's side
        return side, [f"{game.side(side).name}'s group acts first (4.6)"]

    def sight(self, game_map, night=False):
        return spotting.Sight(game_map, self.ruleset)

    def spot(self, game, roll):
        return spotting.spot(game)

    def watchers(self, game, where, unit=None):
        return spotting.watchers(game, self.sight(game.map), where, unit)

    def check_move(self, game, unit_id, path, how=None):
        return movement.check_move(game, unit_id, path, how)

    def victory(self, game, final=False):
        return turn.Standing(game, final)

    # ------------------------------------------------------------------ the turn
    def game_start(self, game, dice):
        placed = tuple(sorted(u.id for u in game.units.values() if u.on_map and state.traits(u).on_table))
        return ([Change("game", "state", {"on_table": placed})] if placed else []) + groups.at_start(game)

    def plays_phase(self, game, key):
        return groups.plays_phase(game, key) and blocking.plays(game, key)      # 3.4: A/B only

    def impulse_goes_on(self, game, side):
        return groups.goes_on(game, side)

    def impulse_end(self, game, side):
        return groups.close(game, side)

    def next_to_act(self, game, side):
        return groups.next_side(game, side)

    def act_problem(self, game, unit_id, doing):
        return groups.unit_problem(game, unit_id)

    def range_between(self, game, a, b):   # 3.7.3: the neighbouring hex is range 0 (core hook: what los prints)
        return fire_range(a, b)

    def moves_now(self, game):          # 3.5, 4.6: a movement phase or a group's activation (the core's reminder)
        return state.moving_now(game)

    def may_act_now(self, game, unit):  # 3.6-3.8: commanders are placed, dummies only move; neither fires nor fights
        if state.firing_now(game) and not state.moving_now(game):
            # 3.7, 1.1.4: a unit that moved may fire, a light gun fires twice, and a unit with
            # nothing in sight to shoot at has nothing to do (reminder.py)
            return self.act_problem(game, unit.id, "fire") is None and reminder.could_still_fire(game, unit)
        return super().may_act_now(game, unit) and (state.moving_now(game) or state.placing_now(game) or state.kind(game, unit) not in ("commander", "dummy"))

    def status_note(self, game):
        return groups.note(game)

    def phase_start(self, game, key, dice):
        sight = self.sight(game.map)
        if key == "initiative":
            # forces held back retry their Aggressiveness (4.5.1 c): command_actions.py
            return turn.initiative(game, dice) + [spotting.seen_at_start(game, sight)] + \
                command_actions.phase_start(game, key, dice)
        out = turn.second_half(game) if key == "b_command" else []
        if key == "a_command":
            out += groups.turn_begins(game, dice)      # 4.6: the turn's order of groups
        # lifting and panic (3.2, 3.3), reinforcements (3.4), rally (3.9): command_actions.py
        out += command_actions.phase_start(game, key, dice)
        if key in blocking.BLOCKING:                   # 3.4: arrivals told, the blockers' choice
            out += blocking.phase_start(game, key, dice)
        if key.endswith("_command"):
            # 3.2 before 7.2: the commanders just lifted are off the table, out of the rolls
            lifted = frozenset(c.key for c in out if c.what == "unit" and c.values.get("status") == "off_map")
            return out + spotting.spotting_rolls(game, sight, dice, lifted)
        if key.endswith("_rally"):
            return out + turn.objectives(game) + spotting.spotting_rolls(game, sight, dice)
        return out

    def phase_end(self, game, key, dice):
        # lone commanders caught (3.10c); flank contacts that have ended (3.8 j)
        return command_actions.phase_end(game, key, dice) + contact.contacts_ended(game)

    def new_turn(self, game):
        return turn.turn_end(game) + command_actions.new_turn(game)

    # ------------------------------------------------------------------ moving
    def paces(self):
        return movement.PACES

    def move_starts(self, ctx, unit_id, check):
        return rain_roll(ctx, unit_id) or forest_roll(ctx, unit_id, check)

    def move_ends(self, ctx, unit_id, start, entered, paused, check):
        apply(ctx, after_move(ctx.game, unit_id, check))
        apply(ctx, fire_actions.melee_actions.ambush(ctx.game, unit_id, ctx.dice))      # 3.8.3 (melee_actions.py)
        apply(ctx, contact.entered(ctx.game, unit_id))                                   # 3.8 j
        return None

    def mine_attack(self, game, unit_id, mine_type, leaving, dice):
        return mines_strike(game, unit_id, leaving, dice)

    def offers(self):
        return frozenset({"mount", "pace", "fire", "attack"})

    # fire and melee as the core's attack on a hex, its worksheet read before the roll (B: fire_actions.py)
    def attack_kinds(self):
        return fire_actions.KINDS

    def attacks_now(self, game):        # 3.7, 3.8, 4.6: fire and melee have their phases
        return state.firing_now(game) or state.melee_now(game)

    def may_ride(self, game, unit):     # 3.2, 3.6: a commander is lifted and placed each turn, never carried
        return super().may_ride(game, unit) and state.kind(game, unit) != "commander"

    def assault_sheet(self, game, unit_ids, target, kind="fire", aim=None):
        return fire_actions.assault_sheet(game, unit_ids, target, kind, aim)

    def resolve_assault(self, game, sheet, dice):
        return fire_actions.resolve_assault(game, sheet, dice)

    def fire_sheet(self, game, firer, target, weapon="main"):       # `umpire fire --odds`
        return fire_actions.odds_sheet(game, firer, target, weapon)

    PREVIEWS = frozenset({"fire"})      # the fire form shows the worksheet before the roll

    def preview(self, game, action, unit, params):
        return self.fire_sheet(game, unit, params.get("target"), params.get("weapon") or "main")

    # ------------------------------------------------------------------ its own state and actions
    def actions(self):
        return {**actions.ACTIONS, "orders": _orders_file().ORDERS}     # an orders file (issue 23)

    def read_orders(self, path):                    # written orders and changes by file (HCM 2.1.1)
        return _orders_file().read_orders(path)

    def orders_wait(self, game, side, params):
        return _orders_file().orders_wait(game, side, params)

    def orders_this_turn(self, game, side):
        return _orders_file().orders_this_turn(game, side)

    def scenario_data(self):
        return reports.SCENARIO_KEYS

    from .scenario_fields import FIELDS as SCENARIO_FIELDS, UNIT_TRAIT_KINDS    # [hcm], commanders: the editor

    def scenario_problems(self, scenario):
        return reports.scenario_problems(scenario)

    # ------------------------------------------------------------------ how its units read
    MARK_WORDS = reports.MARK_WORDS

    def unit_marks(self, game, unit):
        return reports.unit_marks(game, unit)

    def objective_status(self, game, side, where):
        return turn.objective_status(game, side, where)

    def is_loss(self, game, unit):
        return not state.is_dummy(game, unit)          # 7.2: an exposed dummy was never a unit

    def strength_text(self, game, unit):
        return reports.strength_text(game, unit)

    def roster_strength(self, game, unit):      # the order of battle: "1 vehicle", not "faces SE" (2.2)
        return reports.items_text(game, unit)

    def forces_table(self, game, units):
        return reports.forces_table(game, units)

    def unit_details(self, game, unit, umpire):
        return reports.unit_details(game, unit, umpire)

    def orders_form(self, game, side):
        return (reports.orders_form(game, side) + command_actions.orders_tables(game, side)
                + structures.report_table(game, side))

    def bot(self):
        from .bot import Bot
        return Bot(self)


def _orders_file():
    """The side's orders file (issue 23): imported here rather than with the modules above."""
    from . import orders_file
    return orders_file
