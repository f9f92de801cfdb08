"""What the core asks of a rule system: the documented protocol every rule system implements.

The core (the engine's actions, the journal, the side views) never imports a rule system; the
engine hands one to each action as `ctx.system`.  A rule system subclasses `RuleSystem`, must
implement the six methods that raise NotImplementedError here (the first group below), and may
override the others, grouped by what they are about (the turn, its own actions, moving, attacks
on a hex and mines, plotted fire and orders, scenarios, how its units read, autoplay), whose
defaults say "this game has no such thing" -- no attacks on a hex, no mines, no plotted fire.
A rule system's own actions are ActionSpecs (`actions`), not hooks.  docs/writing-a-rule-system.md
walks through writing one; tests/toy is the smallest complete one.

Procedures return what should change (`core.changes.Change`) and the core writes it, so undo,
replay and the side views see every change the same way whatever the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .actionspec import ActionField, ActionSpec  # noqa: F401  (rule systems import them from here)
from .details import this_turn, unit_rows
from .errors import UmpireError
from .hexgrid import Hex, hex_distance
from .rulestate import GameState, NoMarks, RuleState
from .ruleset import Phase  # noqa: F401  (rule systems import it from here)
from . import traits


@dataclass(frozen=True)
class Step:
    """One hex of a priced move: the cost to enter it and the total spent so far this turn."""

    hex: Hex
    cost: float
    total: float
    note: str


@dataclass(frozen=True)
class MoveCheck:
    """What `check_move` returns: whether the path is legal, and how the move goes."""

    unit: str
    steps: tuple[Step, ...]
    allowance: float
    legal: bool
    reason: str = ""
    rule: str = ""
    stop_at: Hex | None = None            # a mined hex ended the move here
    # what ended the move short of where it was plotted, in words (an enemy zone of control met):
    # said in the move's summary, which is what the moving side's journal and status bar show
    stopped: str = ""
    watchers: dict[Hex, tuple[str, ...]] = field(default_factory=dict)   # who may fire on it where
    boarding: tuple[str, ...] = ()        # passengers mounting at the start
    leaving: tuple[str, ...] = ()         # passengers dismounting at the end
    exits: bool = False                   # leaves the map after its last hex
    end_cost: float = 0.0                 # MP spent after the last hex: dismounting, exiting
    passenger_cost: float = 0.0           # what a passenger spends to mount or dismount
    notes: tuple[str, ...] = ()
    end_notes: tuple[str, ...] = ()       # what happens after the last hex (dismount, exit): not if paused
    engages: Hex | None = None            # its last hex holds an enemy the move fights on arrival
    marks: Any = None                     # the mover's marks after the move (its rule system's Marks)
    companions: tuple[str, ...] = ()      # units of its hex moving with it as one stack
    companion_marks: dict = field(default_factory=dict)   # their rule-system counters after the move
    # the journal's words for a move that is not one, after the unit's id ("is placed at 0406":
    # a figure put down, no hexes walked, no MP spent): "" for the usual "moves ..."
    says: str = ""

    @property
    def total(self) -> float:
        return (self.steps[-1].total if self.steps else 0.0) + self.end_cost

    @property
    def path(self) -> list[Hex]:
        return [s.hex for s in self.steps]


@dataclass(frozen=True)
class Table:
    """A table of a report (the reports' own and those a rule system gives them): a title,
    column headings and rows of text, and what to print plainly when there are no rows."""

    title: str
    header: tuple[str, ...]
    rows: list[tuple[str, ...]]
    empty: str = ""


class RuleSystem:
    name = ""
    Marks: type[RuleState] = NoMarks           # what it keeps on each unit (core.rulestate)
    State: type[GameState] = GameState         # what it keeps for the game
    Traits: type[traits.Traits] = traits.Traits    # what a scenario may add to each kind of record (core.traits)
    # the rules the core's journal lines cite for this rule system ("" cites none): who opens the
    # game, opportunity fire at a mover, a paused move and its going on, a move meeting mines
    sequence_rule = ""
    opportunity_rule = ""
    pause_rule = ""
    go_on_rule = ""
    mine_rules: dict = {}      # stops, destroyed, leaving

    def __init__(self, ruleset) -> None:
        self.ruleset = ruleset

    # ---------------------------------------- required: every rule system answers these
    def phases(self) -> tuple[Phase, ...]:
        """The turn's phases, in order (Phase: key, label, rule, who acts), as the rule system's
        ruleset.toml lists them under [[phases]]."""
        return self.ruleset.phases

    def plays_phase(self, game, key: str) -> bool:
        """Whether this game plays the phase: False for one its scenario left out (the phases of
        an optional sequence of play it did not choose), which the turn passes over.  The first
        phase is always played.  True by default."""
        return True

    def turn_opener(self, game) -> str:
        """The side whose player turn comes first this turn: the `player = 0` of the phases
        (`player = 1` is the other).  By default the scenario's first player; a system that
        rolls for it each turn (an initiative phase before the player turns) answers from its
        state."""
        return game.first_player

    def first_player(self, game, dice) -> tuple[str, list[str]]:
        """Which side acts first in an alternating phase, and the journal lines saying why."""
        raise NotImplementedError

    def sight(self, game_map, night: bool = False):
        """The map prepared for line-of-sight questions (`line_of_sight(eye, eye)`)."""
        raise NotImplementedError

    def line_between(self, game, a, b, units=(None, None)):
        """`umpire los`: the sight line between two Eyes of the game, `units` the unit named at
        each end (None: a bare hex) -- by default the prepared map's `line_of_sight`, which
        never sees units; a system whose sight depends on the units themselves (their heights)
        answers from them."""
        return self.sight(game.map, game.night).line_of_sight(a, b)

    def spot(self, game, roll) -> dict[str, dict[str, tuple]]:
        """Each side's sightings now: {side: {unit id: (observer ids, rule)}}; a third item,
        optional, says what the side makes of the unit when that is less than the whole truth:
        {"type_label", "role", "strength"} as its contact shows them (a marker not identified);
        with "anew": True, a side that had lost sight of the unit cannot tell it is the one it
        knew (a figure lifted off the table and put down again): its contact starts afresh under
        a new label never given before, instead of its old one coming back to life; the old label
        stays behind as a detached last-known record (Game.past_contacts)."""
        raise NotImplementedError

    def check_move(self, game, unit_id: str, path, how: dict | None = None):
        """Price and check a path: an object with legal, reason, rule, steps, watchers..."""
        raise NotImplementedError

    def victory(self, game, final: bool = False):
        """The victory situation: an object with text(game)."""
        raise NotImplementedError

    # the actions whose form shows what the action would do before it is taken (a shot's worksheet
    # and odds): `preview` answers for them
    PREVIEWS: frozenset[str] = frozenset()

    def preview(self, game, action: str, unit: str, params: dict):
        """What `unit` taking `action` with `params` would come to, before any die: an object
        with legal, reason, rule, text() and, optionally, kept (line index -> the one viewer who
        may read it).  Only for the actions in PREVIEWS."""
        raise NotImplementedError

    # ---------------------------------------- the turn: what happens as it goes (by default, nothing)
    def game_start(self, game, dice) -> list:
        """Changes settled before play."""
        return []

    def phase_start(self, game, key: str, dice) -> list:
        """Changes a phase makes as it begins (removal rolls, indirect fire...)."""
        return []

    def phase_end(self, game, key: str, dice) -> list:
        """Changes a phase makes as it ends, before the next begins (units that stood still
        recover, say)."""
        return []

    def new_turn(self, game) -> list:
        """Changes as a game turn ends and the next begins, before the core clears its own
        markers (moved, fired, path, movement spent): the rule system's marks that last a turn."""
        return []

    def impulse_goes_on(self, game, side: str) -> bool:
        """After an action by `side`: True while its impulse has a second half to come, so that
        the side acts on instead of handing over (a move and the fire that goes with it, in a
        system whose impulses have two halves)."""
        return False

    def impulse_end(self, game, side: str) -> list | None:
        """A pass by `side` while `impulse_goes_on`: the changes that close the impulse (the
        pass then only ends it and hands over, no pass counted); None: an ordinary pass."""
        return None

    def next_to_act(self, game, side: str) -> str | None:
        """In an alternating phase, after `side`'s activation: the side to act next when the rules
        fix it (an order of groups rolled for the turn, where a side may act twice running);
        None: the usual alternation, the next side that has not passed."""
        return None

    def activation_goes_on(self, game) -> tuple[bool, list]:
        """After a unit's action: True while the activation it belongs to has units still to act
        (the turn does not pass); otherwise False and the changes that close it."""
        return False, []

    def pass_problem(self, game, side: str) -> str | None:
        """Why the side may not pass now (an activation of its own still open)."""
        return None

    def act_problem(self, game, unit_id: str, doing: str) -> str | None:
        """Why this unit may not act now (`doing`: "move", "halt" or an action's name) beyond
        whose turn it is: a formation activated without it, an overrun it is held in."""
        return None

    def moves_now(self, game) -> bool:
        """Whether units move at this point of the turn (a movement phase, say).  By default
        always: the engine asks check_move about each move all the same."""
        return True

    def may_act_now(self, game, unit) -> bool:
        """Whether `unit` could still act in this phase -- the window's reminder before Pass and
        Next Phase names only these (core.idle).  By default: a unit that has neither moved,
        fired nor acted this turn and is not carried, and either stands on the map while units
        move (moves_now) or has one of the rule system's unit actions open now that fits it
        (ActionSpec.is_open, fits_unit) -- off the map, one whose `fits` names it (a commander
        to be placed).  A reminder, not a rule: the engine still judges every action."""
        if unit.carried_by or unit.moved or unit.fired or unit.acted:
            return False
        if unit.on_map and self.moves_now(game):
            return True
        open_now = [s for s in self.actions().values() if s.by_unit and s.is_open(game)]
        if unit.on_map:
            return any(s.fits_unit(game, unit) for s in open_now)
        # off the map only an action that says which units it is for (`fits`) counts: a
        # reinforcement still to arrive is no unit that could act
        return unit.status == "off_map" and any(s.fits is not None and s.fits_unit(game, unit) for s in open_now)

    def hold_problem(self, game, unit_id: str | None) -> str | None:
        """What holds play until it is settled -- nothing else happens meanwhile, the end of the
        turn included -- besides a move paused for opportunity fire (unit_id: the one acting,
        which may settle it)."""
        return None

    # ---------------------------------------- its own state and actions
    def actions(self) -> dict[str, ActionSpec]:
        """Its own actions by their kind in the journal (fire, a formation's activation, orders, a
        spotting attempt...), each an ActionSpec naming its parameters: the engine runs them as
        it runs the core's (core.play), the shells offer them.  A unit's action that only says
        what changes is described with core.play.rule_actions.unit_action.  None by default."""
        return {}

    def commands(self) -> dict[str, dict]:
        """The orders a company may be given for a turn, by code: label, rule, moves (must | may
        | never), status, watches.  None by default."""
        return {}

    def apply_change(self, ctx, change, indent: str = "") -> None:
        """Apply one of its own kinds of change (core.changes.Change: one the core does not know)."""
        raise ValueError(f"unknown change {change.what!r}")

    def offers(self) -> frozenset[str]:
        """What a player may do in this rule system beyond moving, by the names the shells use
        to show or hide their controls: activate (company activations), fire (unit at unit),
        split_fire, column, defilade, h_fire_stance, mount, pace, exit, orders (company
        commands), plots (plotted indirect fire), attack (attacks on a hex, `attack_kinds`),
        stack_move (a move takes the units of the mover's hex along: the move's `with`)."""
        return frozenset({"activate", "fire", "split_fire", "column", "defilade", "h_fire_stance", "mount",
                          "pace", "exit", "orders", "plots"})

    # ---------------------------------------- sighting
    def watchers(self, game, where, unit=None) -> dict[str, tuple[str, ...]]:
        """The units of each side that see hex `where` now: {side: observer ids}, sides with
        none left out.  With `unit`: what befalls it there -- a mine going off under it, its
        end -- judged as a sighting of it standing in `where` (even if it now lies destroyed);
        without: a still thing lying there, such as a wreck.  No die is rolled (spotting passes
        alone roll).  Who watches learns of the minefield or the wreck (core.changes.learners);
        a rule system that answers nothing here tells nobody but the unit's own side."""
        return {}

    def range_between(self, game, a: Hex, b: Hex) -> int:
        """The range from hex `a` to hex `b` as the rules count it, for what the shells print
        (`umpire los`, the LOS tool): by default the hexes stepped, the neighbouring hex 1."""
        return hex_distance(a, b)

    # ---------------------------------------- moving
    def paces(self) -> tuple[tuple, ...]:
        """The paces a move may take (`how["pace"]`): (key, label, tip[, movement classes it is
        for -- foot and leg units when left out]), the usual one first -- the GUI's Pace menu
        and `umpire move --pace` offer them; () for none."""
        return ()

    def move_starts(self, ctx, unit_id: str, check) -> str | None:
        """What happens as a unit sets out on a legal move, before it moves (a panic check): a
        summary if that ends the move before it begins."""
        return None

    def move_stop(self, game, unit_id: str, check) -> tuple[Hex, str] | None:
        """A hex of the path where the move stops by itself for opportunity fire, and why (the
        enemy's standing orders); None to go on."""
        return None

    def move_ends(self, ctx, unit_id: str, start, entered: list, paused: bool, check) -> str | None:
        """What else happens at a move's end, after mines (barrages on the way, an overrun of the
        hex it entered): how the move ended, when that decided it; None otherwise."""
        return None

    def halts(self, ctx, unit_id: str) -> None:
        """What happens when a paused unit ends its move where it is."""

    def marks_after_move(self, game, unit_id: str, check, paused: bool, left: bool):
        """The mover's marks after the move (`left`: it left its hex); None: unchanged.  By
        default the check's own (`MoveCheck.marks`), once the move is whole."""
        return check.marks if check.marks is not None and not paused else None

    # ---------------------------------------- attacks on a hex and mines (by default, none)
    def attack_kinds(self) -> tuple[str, ...]:
        """The kinds of attack on a hex `assault_sheet` takes, the usual one first; () for none."""
        return ()

    def attacks_now(self, game) -> bool:
        """Whether an attack on a hex may be made at this point of the turn -- the Unit menu's
        Attack Hex is disabled when not (assault_sheet still judges each attack).  By default
        whenever the rule system has kinds of attack."""
        return bool(self.attack_kinds())

    def may_ride(self, game, unit) -> bool:
        """Whether `unit` is one that could board a carrier (Unit -> Board a Carrier): by
        default a unit on foot; check_move still judges each boarding."""
        return game.unit_type(unit)["move_class"] in ("foot", "leg")

    def assault_sheet(self, game, unit_ids: list[str], target, kind: str = "assault", aim: str | None = None):
        """The worksheet of an attack by several units on an enemy-held hex: an
        object with legal, reason, rule and lines.  `kind` names the rule system's kind of attack
        (assault, attrition, ranged...); `aim`, when given, one enemy unit in the hex the attack
        singles out (fire at a vehicle, say; the core has checked that the attacking side sees it
        there).  For the defender's report, the lines name the
        defending side as "Defenders: ... of <side name>", and the outcome as "Result: ..."
        without naming any unit; the attacker reads the rest (lines naming the enemy's units are
        left out of its report) but those its optional `kept` ({line index: side}) gives to
        another reader: a figure that tells the defenders' hidden state."""
        return _Refused(f"{game.rules.title} has no attacks on a hex: units fire one by one")

    def resolve_assault(self, game, sheet, dice) -> tuple[str, list]:
        """The attack's outcome in a line, and the changes its dice bring (retreats, losses,
        counters on units)."""
        return "", []

    def mine_type(self, game, h) -> str | None:
        """The type of the minefield in hex h (its marker's detail), or None."""
        return next((o.detail for o in game.map.overlays if o.kind == "minefield" and o.hex == h), None)

    def mine_attack(self, game, unit_id: str, mine_type: str, leaving: bool, dice) -> list:
        """What the mines of a hex do to a unit entering it (or leaving: `leaving`): the changes
        they bring, [] when they do nothing (the field then stays unknown to the unit's side)."""
        return []

    # ---------------------------------------- plotted fire and orders (by default, none)
    def plotted_fire(self, game) -> bool:
        """Whether plotted fire can be in this game at all (the reports then print the plots).
        None by default."""
        return False

    def plot_zone(self, game, pattern: str, centre) -> frozenset | None:
        """The hexes a plotted fire of this pattern strikes when it lands on `centre`, as the
        side's map shades them; None: it strikes nothing on the map (a mission against guns
        off it).  By default the one hex."""
        return frozenset([centre])

    def read_orders(self, path) -> tuple[str, dict]:
        """A side's orders file, handed to the umpire (`umpire orders`): the side and the params
        of the rule system's "orders" action.  The file is checked whole before anything is
        applied; a system without orders files refuses it."""
        raise UmpireError(f"{self.ruleset.title} takes no orders file", file=str(path))

    def orders_wait(self, game, side: str, params: dict) -> str | None:
        """What a side's orders file (the params `read_orders` gave) waits for before it can be
        applied -- the phase that applies it, in words ("the declaration phase") -- or None: it
        is applied as it is taken.  A file that waits is kept and applied when that comes
        (issue 23).  By default: while the "orders" action is not open, what its `when` says."""
        spec = self.actions().get("orders")
        if spec is None or spec.open is None:
            return None                       # applied whenever taken (company commands, for any turn)
        phase = spec.when.removeprefix("only ").removeprefix("in ") or "its phase"
        turn = params.get("turn", game.turn)
        if isinstance(turn, int) and turn > game.turn:
            return f"{phase} of turn {turn}"
        return None if spec.is_open(game) else phase

    def orders_this_turn(self, game, side: str) -> bool:
        """Whether a side's orders now are for this turn (their phase is running or still to
        come) rather than the next: by default while the "orders" action is open."""
        spec = self.actions().get("orders")
        return spec is not None and spec.open is not None and spec.is_open(game)

    def orders_form(self, game, side: str) -> list[Table]:
        """The blank orders form of a side's report for the next turn: by default a line per
        unit still in the game."""
        units = sorted((u for u in game.units.values() if u.side == side and u.status in ("on_map", "off_map")),
                       key=lambda u: u.id)
        return [Table(f"Orders for turn {game.turn + 1}", ("Unit", "Orders"), [(u.id, "") for u in units],
                      "No units.")]

    # ---------------------------------------- scenarios and game files
    def scenario_data(self) -> dict[str, str]:
        """What a scenario's table named after the rule system (`[<name>]`) may hold: key ->
        what it is.  The loader refuses other keys; `scenario_problems` checks the values
        (Scenario.rule_data), and the game finds them in rule_state.scenario."""
        return {}

    # The same keys described for an editor's form (core.scenario_fields.ScenarioField: a label,
    # a kind of value, choices or bounds, a default, help citing the rule), in the order the form
    # shows them; () for none -- the editor then offers no form and the table is written by hand.
    SCENARIO_FIELDS: tuple = ()

    # A unit's trait (core.traits) that only some kinds of unit take, by the `kind` its unit type
    # gives: key -> those kinds (a commander's values, say).  The editor offers the key on those
    # units alone (and on any unit already given it, for the problems list to name); the loader's
    # checks stay the rule system's own (scenario_problems).  {} for none: every key on every unit.
    UNIT_TRAIT_KINDS: dict[str, tuple[str, ...]] = {}

    def scenario_fields(self) -> tuple:
        """The rule system's own scenario table described for the scenario editor's form: its
        SCENARIO_FIELDS, each key one scenario_data names."""
        return tuple(self.SCENARIO_FIELDS)

    def scenario_problems(self, scenario) -> list[tuple[str, str, str]]:
        """What is wrong with a scenario by this rule system's own rules, beyond the format the
        core reads (a vehicle's passengers, a squad's support weapons): (place,
        text to find it by, problem) each; the loader reports each as a one-line error (on a scenario
        whose core checks found nothing: it may count on every record being there)."""
        return []

    def state_problems(self, game):
        """What is wrong with its own state in a game file beyond the types its models check:
        (place, problem) for each unit, formation or hex it names that the game does not have."""
        return ()

    # ---------------------------------------- how its units read: reports, the inspector, the window
    def unit_marks(self, game, unit) -> str:
        """The short state markers drawn on one of the side's own counters and printed in its
        reports ("S1 P": its marks as the counters show them); none by default."""
        return ""

    # What each of its unit_marks means, for the key of a report's map: (a mark as a regular
    # expression matching it whole, its meaning); "{0}" in the meaning is the mark's first group.
    MARK_WORDS: tuple[tuple[str, str], ...] = ()

    def mark_words(self, marks: str) -> list[tuple[str, str]]:
        """The marks in a counter's state text (unit_marks) with what each means, in the order
        they show; a mark the system does not describe is given as it shows, so that the key
        never hides one."""
        found: dict[int, tuple[str, str]] = {}
        taken = [False] * len(marks)
        for pattern, words in self.MARK_WORDS:
            for m in re.finditer(rf"(?<!\S)(?:{pattern})(?!\S)", marks):
                if not any(taken[m.start():m.end()]):
                    taken[m.start():m.end()] = [True] * (m.end() - m.start())
                    found[m.start()] = (m.group(0), words.format(*(m.groups() or ("",))))
        for m in re.finditer(r"\S+", marks):
            if not any(taken[m.start():m.end()]):
                found[m.start()] = (m.group(0), "a marker of the rules in play")
        return [found[k] for k in sorted(found)]

    def unit_details(self, game, unit, umpire: bool) -> list[tuple[str, str]]:
        """The unit inspector's rows (label, text) for a unit; `umpire`: the umpire is looking
        (the owner never learns whether the enemy has spotted it).  By default the rows every
        system shares (core.details)."""
        turn = this_turn(unit, after=(("acted", unit.acted),))
        return unit_rows(game, unit, umpire) + ([turn] if turn else [])

    def formation_status(self, game, kind: str, formation_id: str) -> str:
        """A few words the order-of-battle tree adds to a formation's name (`kind`: "battalion"
        or "company"): its morale, say.  "" for none."""
        return ""

    def objective_status(self, game, side: str, where) -> str | None:
        """Who holds objective hex `where`, in the words of `side`'s report, when the rules say
        it and every side knows it (a holding that lasts until someone else takes the hex, told
        to both sides as it changes); None: the report reads it from what the side's map shows."""
        return None

    def is_loss(self, game, unit) -> bool:
        """Whether a destroyed unit of a side counts among its losses in its report (a dummy
        taken off the table was never a unit); True by default."""
        return True

    def strength_text(self, game, unit) -> str:
        """What a report or a contact says of a unit's strength (steps left of its printed steps)."""
        return game.strength(unit)

    def roster_place(self, game, unit) -> str:
        """Where the order of battle says a unit is: its hex, else its status (game.whereabouts);
        a rule system may say more of a unit off the map (an air unit waiting, or flying)."""
        return game.whereabouts(unit)

    def roster_strength(self, game, unit) -> str:
        """The strength the umpire's order of battle lists for a unit: its strength counted, where
        strength_text says something else (a counter's facing); strength_text by default."""
        return self.strength_text(game, unit)

    def forces_table(self, game, units: list) -> Table:
        """The side's forces as its report prints them (its units not destroyed)."""
        return Table("Our forces", ("Company", "Unit", "Type", "Hex", "Strength", "State", "Carried by"),
                     [(u.company or "—", u.id, game.unit_type(u)["label"], game.whereabouts(u),
                       self.strength_text(game, u), self.unit_marks(game, u), u.carried_by or "")
                      for u in sorted(units, key=lambda u: (u.company or "", u.id))], "No units left.")

    def status_note(self, game) -> str:
        """What the window's status line adds to the turn and phase: a formation's activation
        under way, say.  "" for nothing."""
        return ""

    # ---------------------------------------- autoplay
    def bot(self):
        """The autoplay driver for this rule system -- an object with `act(location, game, rng,
        report, moves_per_phase, turns) -> bool` that performs one action, False when it stops
        at the end of turn `turns` -- or None: no autoplay for it."""
        return None


@dataclass(frozen=True)
class _Refused:
    reason: str
    legal: bool = False
    rule: str = ""
    lines: tuple = ()


from . import play  # noqa: E402,F401  (the core's actions register with the engine; they need no rule system)
