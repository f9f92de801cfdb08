"""What a scenario sets up: sides, the order of battle, zones, reinforcements, support, mines and
victory conditions.  Plain records, read by `scenario.py` and stored by `store/db.py`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .hexgrid import Hex
from .ruleset import Ruleset
from .terrain import GameMap


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    colour: str
    quality: str
    deploy: str | None = None
    doctrine: str | None = None        # formation doctrine for company activations (MW4 4.1)


@dataclass(frozen=True)
class Battalion:
    id: str
    side: str
    name: str
    quality: str | None = None
    hq: str | None = None
    deploy: str | None = None
    hq_rating: str | None = None     # the column of the rule system's battalion HQ table (MW4 19.821)
    parent: str | None = None        # the brigade/regiment (itself a [[battalion]] entry) it belongs to (19.83)


@dataclass(frozen=True)
class Company:
    id: str
    battalion: str
    name: str
    quality: str | None = None
    deploy: str | None = None


@dataclass(frozen=True)
class Unit:
    id: str
    type: str
    side: str
    battalion: str
    company: str | None      # None for battalion-level units (HQ, mortars, scouts)
    hex: Hex | None           # None: off map (a reinforcement) or still to be deployed
    name: str = ""
    quality: str = ""          # resolved: unit, else company, battalion, side
    carried_by: str | None = None
    camouflaged: bool = False  # starts in camouflage (MW4 5.25)
    improved: bool = False     # starts in an improved position (MW4 11.0)


@dataclass(frozen=True)
class Zone:
    id: str
    side: str
    label: str
    hexes: frozenset[Hex]


@dataclass(frozen=True)
class Reinforcement:
    side: str
    turn: int
    entry: tuple[Hex, ...]
    formation: str            # "column" (MW4 20.61) or "free" (20.66)
    units: tuple[str, ...]    # unit ids, companies expanded


@dataclass(frozen=True)
class Artillery:
    """Off-board artillery, written OFBDA n(xH) in MW4 14.0: n concentrations of x H points."""

    id: str
    side: str
    label: str
    concentrations: int
    strength: int
    kind: str = "artillery"   # artillery | rocket | mortar
    from_turn: int = 1
    section: bool = False     # a "section": never a loose pattern (MW4 7.0)
    unspotted: bool = False   # the scenario lets it fire at unspotted hexes (MW4 14.13)
    multiples: int = 0        # turns on which its side may try to multiply it (MW4 14.32-14.34)
    fascam: int = 0           # FASCAM fires it may deliver in the game (MW4 19.4)
    plot_ahead: int = 0       # turns ahead its fire is plotted (air strikes: 1, MW4 7.7; advanced: 3, 15.36)
    target: str = "soft"      # what counterbattery strikes off the map: soft, or protected (MW4 19.21)

    def features(self) -> dict:
        """What the game file keeps of the scenario's extras (only those set)."""
        f = {"section": self.section, "unspotted": self.unspotted, "multiples": self.multiples,
             "fascam": self.fascam, "target": self.target if self.target != "soft" else None}
        return {k: v for k, v in f.items() if v}


@dataclass(frozen=True)
class AirSupport:
    id: str
    side: str
    label: str
    strikes: int
    strength: int
    from_turn: int = 1
    advanced: bool = False    # MechWar 2 advanced air: strikes plotted three turns ahead (MW4 15.36)


@dataclass(frozen=True)
class Minefield:
    side: str
    type: str
    hexes: tuple[Hex, ...]
    secret: bool = True


@dataclass(frozen=True)
class Objective:
    hex: Hex
    label: str
    points: int


@dataclass(frozen=True)
class Victory:
    side: str
    text: str
    objectives: tuple[Objective, ...] = ()
    points_for_units: bool = False   # MW4 20.51
    exit_hexes: frozenset = frozenset()    # where the side's units may leave the map (MW4 8.27)
    exit_points: int = 0                   # victory points for each unit exited there


@dataclass
class Scenario:
    path: Path
    source: str
    digest: str
    title: str
    rules: Ruleset
    description: str
    turns: int
    first_player: str
    night: bool
    special_rules: tuple[str, ...]
    map: GameMap
    sides: list[Side] = field(default_factory=list)
    battalions: list[Battalion] = field(default_factory=list)
    companies: list[Company] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    reinforcements: list[Reinforcement] = field(default_factory=list)
    artillery: list[Artillery] = field(default_factory=list)
    air: list[AirSupport] = field(default_factory=list)
    minefields: list[Minefield] = field(default_factory=list)
    victory: list[Victory] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)     # optional rules chosen (ruleset options)
    # the table named after the rule system ([warblog]...): its own scenario data, which it checks
    # (RuleSystem.scenario_problems) and finds in the game's rule_state.scenario
    rule_data: dict = field(default_factory=dict)

    def side(self, side_id: str) -> Side:
        return next(s for s in self.sides if s.id == side_id)
