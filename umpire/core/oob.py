"""What a scenario sets up: sides, the order of battle, zones, reinforcements, support, mines and
victory conditions.  Plain records, read by `scenario.py` and stored by `store/db.py`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .hexgrid import Hex
from .ruleset import Ruleset
from .terrain import GameMap


# Each record keeps what its rule system reads of it beyond these fields as `traits`: the
# scenario's values of the keys the rule system declares for that kind of record, those that
# differ from its defaults (core.traits).  Never part of a record's hash: a dict has none.
def _traits() -> Any:
    return field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    colour: str
    deploy: str | None = None
    traits: dict[str, Any] = _traits()


@dataclass(frozen=True)
class Battalion:
    id: str
    side: str
    name: str
    hq: str | None = None
    deploy: str | None = None
    parent: str | None = None        # the brigade or regiment (itself a [[battalion]] entry) it belongs to
    traits: dict[str, Any] = _traits()
    colour: str | None = None        # its counters' own colour (a partisan band among a side's regulars)


@dataclass(frozen=True)
class Company:
    id: str
    battalion: str
    name: str
    deploy: str | None = None
    traits: dict[str, Any] = _traits()


@dataclass(frozen=True)
class Unit:
    id: str
    type: str
    side: str
    battalion: str
    company: str | None      # None for battalion-level units (HQ, mortars, scouts)
    hex: Hex | None           # None: off map (a reinforcement) or still to be deployed
    name: str = ""
    carried_by: str | None = None
    traits: dict[str, Any] = _traits()


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
    units: tuple[str, ...]    # unit ids, companies expanded
    traits: dict[str, Any] = _traits()


@dataclass(frozen=True)
class Artillery:
    """Off-board artillery: n concentrations of x points of fire each, from a turn on.  An
    on-map gun and an air support are handed to the rule system in this shape too (supports.py)."""

    id: str
    side: str
    label: str
    concentrations: int
    strength: int
    kind: str = "artillery"   # artillery | rocket | mortar (| air, as supports.py hands air support on)
    from_turn: int = 1
    traits: dict[str, Any] = _traits()


@dataclass(frozen=True)
class AirSupport:
    id: str
    side: str
    label: str
    strikes: int
    strength: int
    from_turn: int = 1
    traits: dict[str, Any] = _traits()


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
    points_for_units: bool = False   # the side scores the enemy units it destroys
    exit_hexes: frozenset = frozenset()    # where the side's units may leave the map, for exit_points
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
    # the table named after the rule system (`[<name>]`): its own scenario data, which it checks
    # (RuleSystem.scenario_problems) and finds in the game's rule_state.scenario
    rule_data: dict = field(default_factory=dict)

    def side(self, side_id: str) -> Side:
        return next(s for s in self.sides if s.id == side_id)
