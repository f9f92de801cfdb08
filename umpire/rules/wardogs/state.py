"""Wardogs state read from the game: what the rules keep on each unit (`Marks`), for the whole
game (`State`) and what a scenario may say of one unit (`Traits`), with the small readers every
module of the package uses.

This module is the shared contract of the package: movement, stability, spotting (WA) and fire,
lock-on, damage, shields and mines (WB) read and change these fields; none is renamed.

The record sheet (p. 4, "Copies") is the unit's type in units.toml plus these marks: what the
pencil changes during a battle -- armour, shields, damaged systems, ammunition -- is kept here,
and only the unit's owner and the umpire read it (reports.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ...core.game import Game, UnitState
from ...core.hexgrid import DIRECTIONS, hex_distance
from ...core.rulestate import GameState, RuleState
from ...core.traits import TraitModel, Traits as CoreTraits

Facing = Annotated[int, Field(ge=0, le=5)]
Armour = Annotated[int, Field(ge=0, le=10)]       # p. 6: no armour rating above 10
LEVEL_METRES = 5                                  # p. 12: hills and buildings are counted in 5 m levels
# Keys of Marks.damage that movement reads (Tables 8-9): each counts 1 when damaged, 2 when
# destroyed ("a system damaged twice is destroyed").  The fire modules write them.
LEGS = ("leg_left", "leg_right")                  # Table 8: a mecha's legs (the d6: odd right, even left)
DRIVE = "drive"                                   # Table 9: wheel / track / fan / anti-grav generator / engine


class Marks(RuleState):
    """What the record sheet and the table remember of one unit (every field has its default)."""

    facing: Facing | None = None          # the hexside its front points to (core.hexgrid), p. 9
    fallen: bool = False                  # a failed stability roll: fallen / out of control (p. 11)
    half_mp: bool = False                 # stood up this turn: half the MP left after the 2 MP (p. 11)
    hexes_moved: int = Field(0, ge=0)     # hexes moved this turn, for lock-on (Table 3)
    ar_start: Armour | None = None        # armour at the turn's start, what fire is rolled against (Table 7)
    ar: Armour | None = None              # armour now (None: its type's); hidden from the enemy
    shields: int = Field(0, ge=0)         # shield points left this turn (p. 16); hidden
    damage: dict[str, int] = {}           # system -> times damaged (Tables 8-9: twice destroys); hidden
    ammo: dict[str, int] = {}             # weapon key -> rounds left (absent: full); hidden
    flying: bool = False                  # in full flight (p. 10)
    altitude: int = Field(0, ge=0)        # levels (5 m) above the ground while flying
    cover: Literal["", "partial", "total"] = ""   # declared inside a building (p. 13)
    checks: tuple[str, ...] = ()          # stability checks owed at step 5: why (landing, mine; p. 7)
    equipment: dict[str, int] = {}        # equipment key -> uses left (smoke dispenser OOOOO); hidden
    hot_until: int = Field(0, ge=0)       # went through a forest fire: +5 signature to this turn's end (p. 16)


class State(GameState):
    """The game's own records; `scenario` holds the scenario's [wardogs] table."""

    initiative: dict[str, int] = {}                   # side -> this turn's d10 (p. 7 step 1)
    move_order: tuple[str, ...] = ()                  # unit ids still to move this phase, in the order sides alternate
    declarations: dict[str, tuple[dict[str, str], ...]] = {}   # side -> ({firer, weapon, target}, ...): secret
    revealed: bool = False                            # this turn's declarations have been revealed (p. 7 step 7)
    fires: dict[str, int] = {}                        # burning hex number -> the turn it caught fire (p. 16)
    mines_laid: dict[str, int] = {}                   # hex number -> the turn a unit laid mines there (p. 18)


class UnitTraits(TraitModel):
    """What a scenario may set on one unit."""

    skill: Literal["green", "regular", "veteran", "elite"] = "regular"   # pilot skill (p. 11; p. 24 absent)
    # where it faces at the start: a hexside of the map's hexes (flat-topped N ... NW, pointy-topped
    # E ... SE; RuleSystem.scenario_problems names a facing the map's hexes do not have)
    facing: Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"] | None = None
    # a structure's section: the building it is part of (p. 6: each hex a target; structures.py)
    building: str | None = None


class Traits(CoreTraits):
    unit = UnitTraits

    @classmethod
    def first_marks(cls, scenario, unit) -> dict[str, Any]:
        """The record sheet as the battle opens: armour and shields full (p. 6), the scenario's
        facing or else toward the middle of the map (not toward the enemy: its set-up is hidden)."""
        t = scenario.rules.unit_types[unit.type]
        out: dict[str, Any] = {"ar": t["ar"], "ar_start": t["ar"]}
        if t["shields"]:
            out["shields"] = t["shields"]
        if unit.hex is None:
            return out
        named = (unit.traits or {}).get("facing")
        grid = scenario.map.grid
        if named:
            out["facing"] = grid.direction_index(named)
            return out
        middle = grid.from_offset((grid.columns + 1) // 2, (grid.rows + 1) // 2)
        out["facing"] = 0 if unit.hex == middle else min(
            range(6), key=lambda d: (hex_distance(unit.hex + DIRECTIONS[d], middle), d))
        return out


# ---------------------------------------------------------------------- reading the game

def unit_type(game: Game, u: UnitState) -> dict[str, Any]:
    return game.unit_type(u)


def kind(game: Game, u: UnitState) -> str:
    """mecha | av | cas | infantry | boat | structure (units.toml, p. 5)."""
    return game.unit_type(u)["kind"]


def is_infantry(game: Game, u: UnitState) -> bool:
    return kind(game, u) == "infantry"


def traits(u: UnitState) -> UnitTraits:
    return UnitTraits.model_validate(u.traits or {})


def size(game: Game, u: UnitState) -> int:
    return game.unit_type(u)["size"]


def height_m(game: Game, u: UnitState) -> float:
    """p. 6: a unit's longest dimension is twice its size in metres -- its height on the table."""
    return 2.0 * size(game, u)


def armour(game: Game, u: UnitState) -> int:
    """The armour rating now (p. 6), the type's when the marks hold none."""
    return game.unit_type(u)["ar"] if u.marks.ar is None else u.marks.ar


def armour_at_start(game: Game, u: UnitState) -> int:
    """Table 7: fire is rolled against the armour the target had as the turn began."""
    return armour(game, u) if u.marks.ar_start is None else u.marks.ar_start


def weapons(game: Game, u: UnitState) -> list[tuple[str, dict[str, Any]]]:
    """The unit's weapons as (key, record) from units.toml's [weapon.*]."""
    table = game.rules.tables["units"].section("weapon")
    return [(k, table[k]) for k in game.unit_type(u)["weapons"]]


def ammo_left(game: Game, u: UnitState, weapon: str) -> int | None:
    """Rounds left (None: the weapon needs none, as an energy weapon, p. 44 absent)."""
    full = game.rules.tables["units"].section("weapon")[weapon]["ammo"]
    if full < 0:
        return None
    return u.marks.ammo.get(weapon, full)


def on_table(game: Game, side: str | None = None) -> list[UnitState]:
    """Units on the map, not riding inside a carrier, sorted by id."""
    return sorted((u for u in game.units.values() if u.on_map and not u.carried_by
                   and (side is None or u.side == side)), key=lambda u: u.id)
