"""War Blog state read from the game: a unit's counters, defences, zones of control, leaders,
stacking and the terrain numbers of a hex.  The counters live in the core's rule-system marks
on each unit (`UnitState.marks`):

    depressions   0-10, fractions allowed (attrition deals 0.6, 11.6); the effects count whole
                  points (4.0)
    still         the unit's own player turns in a row without moving (2.4.1 dug in after 2,
                  2.4.2 entrenched after 7)
    zoc           it entered an enemy zone of control this turn and may move no further (3.2)
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import Field, model_serializer, model_validator
from pydantic_core import PydanticCustomError

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, Hexside, hex_distance
from ...core.limits import SCORE
from ...core.rulestate import GameState, RuleState

Turn = Annotated[int, Field(ge=1)]
Number = int | float        # a score as the game file has it: 5 stays 5, 4.5 stays 4.5


class Exploit(RuleState):
    """An advance after combat still open (3.5): the turn of the assault, the hex it emptied
    ([q, r]), the stage to come -- "enter" the hex, then "further" for a fast unit; None when
    done -- and whether the unit is fast (motorised, mechanised or armour that had not moved)."""

    turn: Turn
    hex: tuple[int, int]
    stage: Literal["enter", "further"] | None = None
    fast: bool

    @property
    def target(self) -> Hex:
        return Hex(*self.hex)

    @model_serializer(mode="wrap")
    def _every_key(self, handler) -> dict[str, Any]:
        # the game file has always kept a finished advance's stage as null: written so still, a
        # game made before replays to the same state (its digest covers the marks' JSON)
        data = handler(self)
        return {k: data.get(k) for k in type(self).model_fields}


class Marks(RuleState):
    """The counters above, and what else the rules remember of a unit."""

    depressions: float = Field(0.0, ge=0, le=10)    # 4.0: the counters go 1 to 10
    still: int = Field(0, ge=0)
    zoc: bool = False
    box: bool = False                   # an air unit in the air superiority box (9.2)
    flew: Turn | None = None            # the turn an air unit last flew (9.0)
    engineering: Turn | None = None     # engineers busy until this turn (2.4.6)
    exploit: Exploit | None = None      # an advance after combat (3.5)
    lifted: Turn | None = None          # the turn it was air extracted (3.4)

    def exploit_in(self, turn: int) -> Exploit | None:
        """Its advance after combat of that turn, if any (3.5: one exploitation a turn)."""
        return self.exploit if self.exploit is not None and self.exploit.turn == turn else None


class Objective(RuleState):
    """An objective's score track (8.1): its label, the side it counts for (`owner`: its
    score's + end), who holds it now, its rating (the scenario's points) and score, from
    -rating to +rating; destroyed for good (8.2)."""

    label: str
    owner: str
    holder: str
    rating: int = Field(ge=0)
    score: Number
    destroyed: bool = False

    @model_validator(mode="after")
    def _on_its_scale(self) -> "Objective":
        if abs(self.score) > self.rating:
            raise PydanticCustomError("scale", "score {score} is off its scale, -{rating} to {rating} (8.1)",
                                      {"score": self.score, "rating": self.rating})
        return self


class Place(RuleState):
    """A hearts and minds mustering place (8.3): the side it favours, its limit, its score
    between 0 and the limit, the unit type it raises."""

    favours: str
    limit: int = Field(ge=SCORE[0], le=SCORE[1])
    score: Number = Field(ge=0)
    raises: str

    @model_validator(mode="after")
    def _on_its_scale(self) -> "Place":
        if self.score > self.limit:
            raise PydanticCustomError("scale", "score {score} is beyond its limit {limit} (8.3)",
                                      {"score": self.score, "limit": self.limit})
        return self


class Found(NamedTuple):
    """An enemy unit a reconnaissance unit found this turn, in the hex it stood in (3.6); the
    game file keeps it as [unit, q, r, finder]."""

    unit: str
    q: int
    r: int
    finder: str

    @property
    def where(self) -> Hex:
        return Hex(self.q, self.r)


class State(GameState):
    """The game-wide records: objective scores (8.1, 8.2), hearts and minds (8.3), what each
    side's reconnaissance found this turn (3.6)."""

    objectives: dict[str, Objective] = {}       # by hex number
    hearts: dict[str, Place] = {}               # by hex number
    found: dict[str, tuple[Found, ...]] = {}    # by side

COMMAND_RADIUS = 2          # 1.29: command units reach two hexes
DUG_IN_TURNS, ENTRENCHED_TURNS = 2, 7     # 2.4.1, 2.4.2


def figure(game: Game, key: str) -> float:
    """A figure the text names without giving it: figures.toml's sample value (1.12, 1.19, 1.28)."""
    return game.rules.tables["figures"].section("entry")[key]["value"]


def depressions(u: UnitState) -> float:
    return u.marks.depressions


def whole(d: float) -> int:
    """The depression counter's whole points (4.0: counters 1-10)."""
    return int(math.floor(d + 1e-9))



def kind(game: Game, u: UnitState) -> str:
    return game.unit_type(u)["kind"]


def hex_overlays(game: Game, h: Hex) -> list[dict]:
    return [game.rules.overlays[o.kind] for o in game.map.overlays_at(h) if o.kind in game.rules.overlays]


def works(game: Game, u: UnitState) -> str | None:
    """dug_in, entrenched or fortified (2.4.1-2.4.3); a fortified hex overrides the others."""
    if u.hex is not None and any(o["works"] for o in hex_overlays(game, u.hex)):
        return "fortified"
    still = u.marks.still
    if still >= ENTRENCHED_TURNS:
        return "entrenched"
    if still >= DUG_IN_TURNS:
        return "dug_in"
    return None


def terrain_defence(game: Game, h: Hex) -> float:
    """The terrain chart's Defence times the settlement's bonus (2.1, 2.2, 2.4.4): a village
    x1.1 (2.2.1), a town x1.5 (2.2.2), a city x3 (2.2.3), a conurbation x4 (2.2.4), terrain.toml's
    overlays; a fortified hex's x3 is counted as the units' works, not here."""
    factor = game.rules.terrain_types[game.map.terrain[h]]["defence"]
    for o in hex_overlays(game, h):
        if not o["works"]:
            factor *= o["defence"]
    return factor


FEATURE = "feature_"            # terrain.toml's feature overlays (2.3)


def features(game: Game, h: Hex) -> list[str]:
    """2.3: the hex's features (an airport, a port, a palace...), by name.  They are descriptive:
    terrain.toml gives them no effect on defence, movement or stacking; Umpire names them where a
    unit stands, for the umpire and the side."""
    return [game.rules.overlays[o.kind]["label"] for o in game.map.overlays_at(h)
            if o.kind.startswith(FEATURE) and o.kind in game.rules.overlays]


def urban_places(game: Game, h: Hex) -> list[str]:
    """The hex's terrain key and its overlays' (a village, a town...): where 1.20 looks."""
    return [game.map.terrain[h]] + [o.kind for o in game.map.overlays_at(h)]


def stack_limit(game: Game, h: Hex) -> int:
    """3.1: 5 units, 2 in hills or with earthworks, 1 in mountains."""
    limit = game.rules.terrain_types[game.map.terrain[h]]["stack_limit"]
    for o in hex_overlays(game, h):
        if o["stack_limit"]:
            limit = min(limit, o["stack_limit"])
    return limit


def density_at(game: Game, h: Hex) -> int:
    """The density of the minefield in hex h (2.4.6, mines.toml), 0 for none."""
    types = game.rules.mine_types
    return max((types[o.detail]["density"] for o in game.map.overlays
                if o.kind == "minefield" and o.hex == h and o.detail in types), default=0)


def room_problem(game: Game, h: Hex, strength: float, leaving: str | None = None) -> str | None:
    """3.1 for a unit of that strength coming into h (`leaving`: a unit of h that goes): None
    when it fits, else why not, naming the hex."""
    from .combat import stacking_problem
    here = [game.unit_type(v)["strength"] for v in units_at(game, h) if v.id != leaving]
    crowded = stacking_problem(here + [strength], limit=stack_limit(game, h))
    return f"{game.map.number(h)}: {crowded}" if crowded else None


def units_at(game: Game, h: Hex, side: str | None = None) -> list[UnitState]:
    return [u for u in game.units.values() if u.on_map and u.hex == h and (side is None or u.side == side)]


def enemies_of(game: Game, side: str) -> list[UnitState]:
    return [u for u in game.units.values() if u.on_map and u.side != side]


def in_enemy_zoc(game: Game, h: Hex, side: str) -> bool:
    """3.2: a hex next to an enemy unit is in its zone of control."""
    return any(hex_distance(e.hex, h) == 1 for e in enemies_of(game, side))


def leader_factor(game: Game, side: str, hexes: list[Hex]) -> int:
    """1.29, 5.0: the best command factor of the side's units within two hexes of any of `hexes`."""
    best = 0
    for u in game.units.values():
        if u.on_map and u.side == side and game.unit_type(u)["leader"]:
            if any(hex_distance(u.hex, h) <= COMMAND_RADIUS for h in hexes):
                best = max(best, game.unit_type(u)["leader"])
    return best


LAID_BRIDGE = "laid_bridge"       # terrain.toml's overlay of a bridge a bridging unit laid (1.27)


def hexside_features(game: Game, a: Hex, b: Hex, side: str | None = None) -> list[str]:
    """The features of the hexside between a and b, with a "bridge" where `side` has laid one
    across it (1.27: its own, in the hex at either end, `detail` the other end's number)."""
    feats = list(game.map.features(Hexside.between(a, b)))
    if side is not None and "bridge" not in feats and laid_bridge(game, a, b, side):
        feats.append("bridge")
    return feats


def laid_bridge(game: Game, a: Hex, b: Hex, side: str) -> bool:
    n = game.map.number
    return any(o.kind == LAID_BRIDGE and o.side == side and
               ((o.hex == a and o.detail == n(b)) or (o.hex == b and o.detail == n(a))) for o in game.map.overlays)


def strength_text(game: Game, u: UnitState) -> str:
    """The counter's factors, strength-defence-movement (1.0)."""
    t = game.unit_type(u)
    return f"{t['strength']}-{t['defence']}-{t['movement']}"
