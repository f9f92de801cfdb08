"""Hex Command Mechanized state read from the game: what the rules keep on each unit (`Marks`),
for the whole game (`State`) and what a scenario may say of one unit (`Traits`), with the small
helpers every module of the package reads them by.

This module is the shared contract of the package: fire and melee (fire_actions.py, melee.py)
and command (command.py) read and change these fields; they are renamed nowhere.

A stand of infantry is four figures, the core's four steps: a figure lost is a step lost, so the
core's `UnitState.steps_lost` counts the figures a stand has lost (HCM 1.1.3, 2.2).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ...core.game import Game, UnitState
from ...core.hexgrid import DIRECTIONS, Hex, hex_distance
from ...core.rulestate import GameState, RuleState
from ...core.traits import TraitModel, Traits as CoreTraits

Facing = Annotated[int, Field(ge=0, le=5)]
CVS = Annotated[int, Field(ge=4, le=7)]           # HCM 2.1: Initiative, Tactical, Aggressiveness 4 (best)..7
Bonus = Annotated[int, Field(ge=0, le=2)]         # HCM 2.1: Combat and Morale 0..2

WEIGHTS = ("VL", "L", "M", "H", "VH")             # HCM 1.1.4: the weight classes, lightest first
DAMAGE_LETTERS = ("C", "CC", "D", "DD", "M", "MM")   # HCM 2.3.3: the faces of a damage block


class Marks(RuleState):
    """What the rules remember of one unit (the contract; every field has its default)."""

    facing: Facing | None = None          # the hex direction its front points to (core.hexgrid), 3.5
    facing_changes: int = Field(0, ge=0)  # facing changes this turn (2.3.1 limits)
    hits: int = Field(0, ge=0)            # red hit markers (1.1.3, 3.7.5)
    routed: bool = False                  # 3.7.5, 3.7.19
    damage: tuple[str, ...] = ()          # damage blocks placed (2.3.3): hidden from the enemy
    shots: int = Field(0, ge=0)           # shots fired this turn (VL and L guns fire twice, 1.1.4)
    forest_turn: int | None = None        # the turn it last entered a forest hex (3.5.3: one a turn)
    horses_away: bool = False             # cavalry that dismounted into combat (2.2.1)
    on_foot: bool = False                 # cavalry dismounted: it moves as infantry (2.2.1)
    limbered: bool = False                # a towed gun hooked to its tower (2.3.6)
    stuck: bool = False                   # a wheeled vehicle stuck in rain or mud (3.5.1)
    melee_turn: int | None = None         # the turn it began a melee (3.8 h)
    melee_won_turn: int | None = None     # the turn it won a melee defending: its bonus is spent (3.8 e note)
    pinned_by: tuple[str, ...] = ()       # enemies that meleed it in flank or rear: no turning (3.8 j)
    fell_back_turn: int | None = None     # the turn it fell back before arriving reinforcements (3.4)
    order_hold: str = ""                  # a 4.5.1 consequence in force on it ("a", "c", "d", "f"...)
    reversed_turn: int | None = None      # the turn it last moved backwards (2.3.4: half speed)
    labour_turn: int | None = None        # the turn it laid or removed mines or worked on works: no combat (2.4.1-2.4.2)
    works: str = ""                       # works it is building or removing here: "build L", "remove H"... (2.4.1)
    works_turns: int = 0                  # the turns it has spent on them (2.4.1: 1 light, 2 medium, 3 heavy)


class State(GameState):
    """The game's own records (the contract); `scenario` holds the scenario's [hcm] table."""

    phasing: str | None = None                        # this turn's phasing side (3.1)
    initiative: dict[str, int] = {}                   # this turn's 1d10 per side (3.1)
    commanders_lost: dict[str, int] = {}              # per side, for the panic break point (3.3)
    panicked: tuple[str, ...] = ()                    # sides that have panicked (3.3)
    losses: dict[str, int] = {}                       # units lost per side (3.3, 3.11 break point)
    seen_at_start: dict[str, tuple[str, ...]] = {}    # unit id -> enemies it saw as the turn began (3.7.16)
    orders: dict[str, str] = {}                       # company id -> its written order (2.1.1), secret
    order_changes: dict[str, int] = {}                # commander id -> order changes tried (2.1.1)
    activation: dict[str, tuple[str, ...]] = {}       # side -> company ids in activation order (4.6)
    group_steps: tuple[tuple[str, str], ...] = ()     # 4.6: this turn's groups in order, (side, company)
    group_now: int = 0                                # 4.6: the step of group_steps now acting
    opener: str | None = None                         # this turn's initiative winner: phasing first (3.1)
    on_table: tuple[str, ...] = ()                    # units shown on the table as markers (4.1, 7.2)
    identified: dict[str, tuple[str, ...]] = {}       # side -> enemy units it has identified (7.2)
    held: dict[str, str] = {}                         # objective hex number -> the side holding it (3.11)
    held_by_units: dict[str, str] = {}                # the same by real units only: scored at the end (umpire's)
    structures: dict[str, int] = {}                   # "works 0504" / "building 0504" -> damage points (3.7.17)
    arrivals_told: str = ""                           # "turn half" whose arrivals were rolled and told (3.4)
    blockers: dict[str, tuple[str, ...]] = {}         # 3.4: a blocking unit -> the arriving units it blocks
    blockers_turn: int | None = None                  # the turn `blockers` is of


class UnitTraits(TraitModel):
    """What a scenario may set on one unit (HCM 1.1.2, 2.1, 2.4.2)."""

    anti_tank: bool | None = None         # the secret anti-tank mark of 1.1.2 (None: its type's)
    anti_mine: bool | None = None         # flails and mine detectors (2.4.2)
    initiative: CVS | None = None         # a commander's CVS values (2.1)
    tactical: CVS | None = None
    aggressiveness: CVS | None = None
    combat: Bonus | None = None
    morale: Bonus | None = None
    overall: bool = False                 # the force's overall commander (3.1)
    ethnic: str | None = None             # a commander who leads only his own troops (2.1.1)
    facing: Literal["N", "NE", "SE", "S", "SW", "NW"] | None = None   # where it faces at the start (3.5)
    on_table: bool = False                # set up as a marker on the table, not hidden on the map (4.1)


class Traits(CoreTraits):
    unit = UnitTraits

    @classmethod
    def first_marks(cls, scenario, unit) -> dict[str, Any]:
        """3.5: every unit on the table faces a hexside -- the scenario's `facing`, else the one
        nearest the middle of the table.  Not toward the nearest enemy: the enemy's set-up is
        hidden, and a facing drawn from it would tell the side where he stands.  Commanders face
        nowhere; dummies face like the units they pretend to be."""
        t = scenario.rules.unit_types[unit.type]
        if unit.hex is None or t["kind"] == "commander":
            return {}
        named = (unit.traits or {}).get("facing")
        if named:
            return {"facing": scenario.map.grid.direction_index(named)}
        grid = scenario.map.grid
        middle = grid.from_offset((grid.columns + 1) // 2, (grid.rows + 1) // 2)
        if unit.hex == middle:
            return {"facing": 0}
        return {"facing": min(range(6), key=lambda d: (hex_distance(unit.hex + DIRECTIONS[d], middle), d))}


# ---------------------------------------------------------------------- reading the game

def moving_now(game: Game) -> bool:
    """A phase in which units move: a side's movement phase (3.5), or a group's activation (4.6)."""
    return bool(game.phase) and (game.phase.endswith("_movement") or game.phase == "groups")


def placing_now(game: Game) -> bool:
    """A phase in which commanders are placed (3.6), or a group's activation (4.6)."""
    return bool(game.phase) and (game.phase.endswith("_placement") or game.phase == "groups")


def firing_now(game: Game) -> bool:
    """A phase in which units fire (3.7), or a group's activation (4.6): for fire_actions.py."""
    return bool(game.phase) and ("_fire_" in game.phase or game.phase == "groups")


def melee_now(game: Game) -> bool:
    """A melee phase (3.8), or a group's activation (4.6): for melee.py."""
    return bool(game.phase) and (game.phase.endswith("_melee") or game.phase == "groups")


def unit_type(game: Game, u: UnitState) -> dict[str, Any]:
    return game.unit_type(u)


def kind(game: Game, u: UnitState) -> str:
    """infantry | smg | cavalry | paratroop | vehicle | gun | commander | dummy (units.toml)."""
    return game.unit_type(u)["kind"]


def traits(u: UnitState) -> UnitTraits:
    return UnitTraits.model_validate(u.traits or {})


def is_vehicle(game: Game, u: UnitState) -> bool:
    return kind(game, u) == "vehicle"


def is_infantry(game: Game, u: UnitState) -> bool:
    """A stand of foot or horse (2.2): infantry, SMG, cavalry and paratroops."""
    return kind(game, u) in ("infantry", "smg", "cavalry", "paratroop")


def is_commander(game: Game, u: UnitState) -> bool:
    return kind(game, u) == "commander"


def is_dummy(game: Game, u: UnitState) -> bool:
    return kind(game, u) == "dummy"


def weight(game: Game, u: UnitState) -> str:
    return game.unit_type(u)["weight"]


def heavier_than(w: str, than: str) -> bool:
    return WEIGHTS.index(w) > WEIGHTS.index(than)


def anti_tank(game: Game, u: UnitState) -> bool:
    """1.1.2: the unit's secret mark when the scenario gives one, else its type's."""
    mark = traits(u).anti_tank
    return game.unit_type(u)["anti_tank"] if mark is None else mark


def anti_mine(game: Game, u: UnitState) -> bool:
    """2.4.2: flails and detector teams move on through mines."""
    return bool(traits(u).anti_mine)


def units_at(game: Game, h: Hex, side: str | None = None) -> list[UnitState]:
    return [u for u in game.units.values() if u.on_map and u.hex == h and (side is None or u.side == side)]


def figures_left(game: Game, u: UnitState) -> int:
    """The figures of a stand still on its plate (2.2: four to a stand, a step each)."""
    return game.unit_type(u)["steps"] - u.steps_lost


def damage_text(u: UnitState) -> str:
    """The damage blocks beside a vehicle, as its owner reads them (2.3.3)."""
    return " ".join(u.marks.damage)
