"""A game in memory: the order of battle and the state, as read from a game file.

The engine (later issues) changes a game only through actions that write the game file;
the shells read a `Game` and never write to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .hexgrid import Hex
from .limits import out_of_range, shown
from .ruleset import Ruleset
from .rulestate import GameState, NoMarks, RuleState
from .oob import AirSupport, Artillery, Battalion, Company, Reinforcement, Side, Victory, Zone
from .terrain import GameMap


# what play writes in a unit's, a contact's and a plot's status or pattern (the game file's check)
UNIT_STATUSES = ("on_map", "off_map", "destroyed", "exited", "removed", "dropped")
CONTACT_STATUSES = ("seen", "last_known", "destroyed")
PLOT_PATTERNS = ("tight", "loose", "smoke", "fascam", "counterbattery")


@dataclass(slots=True)          # no attribute beyond these: a rule system's own state is in `marks`
class UnitState:
    id: str
    type: str
    side: str
    battalion: str
    company: str | None
    name: str
    hex: Hex | None
    status: str = "on_map"        # on_map | off_map | destroyed | exited | removed (taken out of play)
    #                               | dropped (a counter left lying in `hex`, no unit's: a support weapon)
    steps_lost: int = 0
    face_down: bool = True
    carried_by: str | None = None
    moved: bool = False                 # this turn
    fired: bool = False
    path: tuple[Hex, ...] = ()          # hexes passed this turn, start included
    mp_spent: float = 0.0               # movement points used so far this turn
    paused: bool = False                # stopped mid-move for opportunity fire
    acted: bool = False                 # its action this turn taken without moving or firing
    marks: RuleState = field(default_factory=NoMarks)   # the rule system's own, typed (core.rulestate)
    traits: dict[str, Any] = field(default_factory=dict)   # what the scenario gave it for its rule system (core.traits)

    @property
    def on_map(self) -> bool:
        return self.status == "on_map" and self.hex is not None


@dataclass(frozen=True)
class Plot:
    """A fire mission plotted for a turn: secret to its side."""

    turn: int
    side: str
    support: str
    concentration: int
    target: Hex
    pattern: str                        # tight | loose | smoke | fascam | counterbattery
    impact: dict | None = None          # the umpire's impact hex and reason, instead of scatter
    outcome: dict | None = None         # after its Indirect Fire phase: {ffe, q, r}


@dataclass(frozen=True)
class Contact:
    """One side's knowledge of one enemy unit: seen now, or last known where and when."""

    side: str
    unit: str
    label: str
    status: str                 # seen | last_known | destroyed (seen to be destroyed)
    hex: Hex
    turn: int
    detail: str = "unit"        # unit | vehicle | infantry: what a strike aims at
    type_label: str = ""
    role: str = "unknown"
    strength: str = ""
    seen_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class PastContact:
    """A last-known contact the side can no longer tie to the unit (store PastContactRow): its old
    label, where and when it was last seen.  `unit` and `until` are the umpire's and the
    witness's (lines journaled before action `until` named the unit by `label`)."""

    side: str
    unit: str
    label: str
    hex: Hex
    turn: int
    detail: str = "unit"
    type_label: str = ""
    role: str = "unknown"
    until: int = 0


@dataclass
class Game:
    location: str
    schema_version: int
    title: str
    rules: Ruleset
    description: str
    turns: int
    turn: int
    first_player: str
    night: bool
    special_rules: tuple[str, ...]
    scenario_path: str
    map: GameMap
    options: dict[str, str] = field(default_factory=dict)   # the scenario's optional rules
    seed: str = ""
    phase: str = ""                       # "" before play begins
    active_side: str | None = None        # whose activation, in an alternating phase
    passed: tuple[str, ...] = ()
    rule_state: GameState = field(default_factory=GameState)   # the rule system's own, typed (core.rulestate)
    sides: list[Side] = field(default_factory=list)
    battalions: list[Battalion] = field(default_factory=list)
    companies: list[Company] = field(default_factory=list)
    units: dict[str, UnitState] = field(default_factory=dict)
    zones: list[Zone] = field(default_factory=list)
    reinforcements: list[Reinforcement] = field(default_factory=list)
    artillery: list[Artillery] = field(default_factory=list)
    air: list[AirSupport] = field(default_factory=list)
    victory: list[Victory] = field(default_factory=list)
    contacts: dict[tuple[str, str], Contact] = field(default_factory=dict)   # (side, unit) -> knowledge
    past_contacts: list[PastContact] = field(default_factory=list)   # detached last-known records
    commands: dict[tuple[int, str], tuple[str, Hex | None]] = field(default_factory=dict)  # (turn, company)
    plots: list[Plot] = field(default_factory=list)      # last turn's and later (secret per side)
    support_used: dict[str, dict] = field(default_factory=dict)   # per support: strikes, multiples... used

    def option(self, key: str) -> str | None:
        """The scenario's choice for an optional rule, else the rule system's default."""
        if key in self.options:
            return self.options[key]
        entry = self.rules.options.get(key)
        return entry["default"] if entry else None

    def turn_problem(self, turn: Any) -> str | None:
        """Why orders or fire plots cannot be given for `turn`, or None: they are for a turn
        still to be played -- this one or a later one of the game's."""
        if self.phase == "ended":
            return f"the game is over: it ended after turn {self.turns}"
        if out_of_range(turn, (1, self.turns)):
            return f"turn {shown(turn)} is not a turn of this game (turns 1 to {self.turns})"
        if turn < self.turn:
            return f"turn {turn} is past: the game is at turn {self.turn}"
        return None

    def command_of(self, unit: UnitState) -> str | None:
        """This turn's command for the unit's company; None for units outside a company."""
        if unit.company is None:
            return None
        entry = self.commands.get((self.turn, unit.company))
        return entry[0] if entry else None

    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    def side_ids(self) -> list[str]:
        return [s.id for s in self.sides]

    def unit_type(self, unit: UnitState) -> dict[str, Any]:
        return self.rules.unit_types[unit.type]

    def units_of(self, side_id: str) -> list[UnitState]:
        return [u for u in self.units.values() if u.side == side_id]

    def companies_of(self, battalion_id: str) -> list[Company]:
        return [c for c in self.companies if c.battalion == battalion_id]

    def whereabouts(self, unit: UnitState) -> str:
        """Where a unit is, for tables: its hex on the map, else its status -- with the hex it
        was left in, if any ("dropped 0306": a weapon lying there)."""
        if unit.on_map:
            return self.map.number(unit.hex)
        status = unit.status.replace("_", " ")
        return f"{status} {self.map.number(unit.hex)}" if unit.hex is not None else status

    def strength(self, unit: UnitState) -> str:
        """'3/3' steps remaining of the unit's printed steps."""
        steps = self.unit_type(unit)["steps"]
        return f"{steps - unit.steps_lost}/{steps}"
