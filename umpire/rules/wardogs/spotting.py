"""Wardogs sight by height (Wardogs pp. 6, 12-13): the double-blind spotting Umpire adds.

Wardogs has no hidden-unit rule: both players see the whole table.  Umpire hides from each side
what its units could not see by the rules of sight, so each side sees what its units' heights
let them see.  Readings:

* p. 6: a unit is 2 x size metres tall (a size 4 mecha 8 m).  It stands on the ground of its hex,
  whose level (the scenario's elevation, 5 m a level, p. 12) lifts it; a unit in flight stands
  `altitude` levels higher still.
* p. 13, hills and buildings: a hex between the two (not either end) whose top -- its ground
  plus its buildings (terrain.toml `building_levels`) -- rises above the target's top hides the
  target when it also rises above the looker's own top (Umpire's reading of "shorter than they
  are": an observer taller than the obstacle looks over it, and the target then has partial
  cover).  A top above the target's feet but not above its head gives partial cover.  "Taller"
  is strict: a 10 m hill and a 10 m unit leave it in partial cover.
* p. 13, forest: more than one forest hex between blocks the line; the ends do not count (a
  unit in a forest hex is not hidden by its own trees).  Umpire's reading: forests are never
  higher than a flying unit, so a line with a unit in flight at either end is not blocked by them.
* p. 13, units inside buildings: one that declared total cover sees nothing outside its hex and
  is seen from nowhere outside it; partial cover is partial cover against everybody.
* p. 13, occupied hexes: units never block a line.
* A line that runs exactly along a hexside is judged on the hexes it passes through: a hexside
  has no height of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, hex_distance
from ...core.los import Eye, LosResult, crossing
from .state import LEVEL_METRES, height_m, on_table
from .terrain_fire import terrain_at

RULE = "Wardogs p. 13"
TOOL_HEIGHT = 8.0       # a bare hex's end of a sight line: the text's size 4 mecha, 8 m (p. 6)


@dataclass(frozen=True)
class View:
    """How a looker sees a target: hidden, or seen with or without partial cover."""

    seen: bool
    partial: bool = False       # partial cover (Table 3: +1 to lock on)
    forest: int = 0             # forest hexes between (Table 3: +2 each)
    reason: str = ""            # in words, without its rule (`rule`: cited once where it is shown)
    rule: str = RULE


class Sight:
    """The map made ready for sight lines by height."""

    def __init__(self, game_map, rules) -> None:
        self.map = game_map
        self.rules = rules
        # p. 16: a churned hex is seen as its new terrain (the map given: the truth, or what a side knows)
        self.churned = {o.hex for o in game_map.overlays if o.kind == "churned"}

    def terrain(self, h: Hex) -> dict:
        """The terrain type of hex h as sight reads it now (p. 16: churned terrain is its new terrain)."""
        return self.rules.terrain_types[terrain_at(self.map, h) if h in self.churned else self.map.terrain[h]]

    def ground_m(self, h: Hex) -> float:
        return LEVEL_METRES * self.map.elevation.get(h, 0)

    def top_m(self, h: Hex) -> float:
        """The top of what stands in the hex: its ground and its buildings (p. 12: 5 m levels)."""
        return LEVEL_METRES * (self.map.elevation.get(h, 0) + self.terrain(h)["building_levels"])

    def between(self, a: Hex, b: Hex) -> list[Hex]:
        return [t.hex for t in crossing(a, b).touches if t.kind == "through" and t.hex not in (a, b)]

    def view(self, a: Hex, a_base: float, a_top: float, b: Hex, b_base: float, b_top: float,
             flying: bool = False) -> View:
        """The line from a looker at `a` (its feet and head in metres) to a target at `b`."""
        if a == b:
            return View(True)
        partial, forest, why = False, 0, ""
        for h in self.between(a, b):
            t = self.terrain(h)
            forest += t["forest"]
            top = self.top_m(h)
            number = self.map.number(h)
            if top > b_top and top > a_top:
                what = "buildings" if t["building_levels"] else "high ground"
                return View(False, reason=f"{what} of {top:g} m in {number} {'hide' if t['building_levels'] else 'hides'} a target {b_top - b_base:g} m tall "
                                          f"from a looker {a_top - a_base:g} m tall")
            if top > b_base:
                partial, why = True, f"{number}, {top:g} m high, gives partial cover"
        if forest > 1 and not flying:
            return View(False, forest=forest, reason=f"{forest} forest hexes between", rule=f"{RULE}, forest")
        return View(True, partial, forest, why)

    def line_of_sight(self, a: Eye, b: Eye) -> LosResult:
        """For the window's LOS tool on bare hexes: both ends a unit of TOOL_HEIGHT on the ground."""
        return self.result(a.hex, b.hex, self.view(a.hex, self.ground_m(a.hex), self.ground_m(a.hex) + TOOL_HEIGHT,
                                                   b.hex, self.ground_m(b.hex), self.ground_m(b.hex) + TOOL_HEIGHT))

    def result(self, a: Hex, b: Hex, v: View) -> LosResult:
        hexes = (a, *self.between(a, b), b)
        return LosResult(v.seen, a, b, hex_distance(a, b), hexes, rule=v.rule, reason=v.reason)


def line_between(game: Game, sight: Sight, a: Eye, b: Eye, units=(None, None)) -> LosResult:
    """`umpire los`: an end named by a unit (`units`) stands as tall as that unit, where it is
    (flying, in cover), exactly as spotting sees it (`sees`); a bare hex stands TOOL_HEIGHT tall
    on the ground."""
    looker, target = units
    if looker is not None and target is not None:
        return sight.result(a.hex, b.hex, sees(game, sight, looker, target))
    ends = []
    for e, u in ((a, looker), (b, target)):
        base = feet_m(sight, u) if u is not None else sight.ground_m(e.hex)
        ends.append((base, base + (height_m(game, u) if u is not None else TOOL_HEIGHT)))
    flying = any(u is not None and u.marks.flying for u in (looker, target))
    return sight.result(a.hex, b.hex, sight.view(a.hex, *ends[0], b.hex, *ends[1], flying=flying))


def feet_m(sight: Sight, u: UnitState) -> float:
    return sight.ground_m(u.hex) + LEVEL_METRES * (u.marks.altitude if u.marks.flying else 0)


def sees(game: Game, sight: Sight, looker: UnitState, target: UnitState, where: Hex | None = None) -> View:
    """What `looker` makes of `target` (standing in `where`, its own hex by default)."""
    where = target.hex if where is None else where
    if where != looker.hex and "total" in (looker.marks.cover, target.marks.cover):
        return View(False, reason="total cover inside a building", rule=f"{RULE}, buildings")
    a_base = feet_m(sight, looker)
    b_base = sight.ground_m(where) + LEVEL_METRES * (target.marks.altitude if target.marks.flying else 0)
    v = sight.view(looker.hex, a_base, a_base + height_m(game, looker), where, b_base, b_base + height_m(game, target),
                   flying=looker.marks.flying or target.marks.flying)
    if v.seen and target.marks.cover == "partial" and where != looker.hex:
        return View(True, True, v.forest, "partial cover declared inside a building", f"{RULE}, buildings")
    return v


def spot(game: Game, sight: Sight | None = None) -> dict[str, dict[str, tuple]]:
    """Each side's sightings now: {side: {enemy id: (its units that see it, rule)}}.  A passenger
    rides inside its carrier and is not seen."""
    sight = sight or Sight(game.map, game.rules)
    out: dict[str, dict[str, tuple]] = {}
    for side in game.side_ids():
        mine = on_table(game, side)
        out[side] = {}
        for enemy in on_table(game):
            if enemy.side == side:
                continue
            who = tuple(u.id for u in mine if sees(game, sight, u, enemy).seen)
            if who:
                out[side][enemy.id] = (who, RULE)
    return out


def watchers(game: Game, sight: Sight, where: Hex, unit: UnitState | None = None) -> dict[str, tuple[str, ...]]:
    """The units of each side that see hex `where` now (the unit's own side left out).  Without a
    unit, a thing lying on the ground there: seen as a unit 2 m tall would be (size 1)."""
    out = {}
    for side in game.side_ids():
        if unit is not None and side == unit.side:
            continue
        if unit is not None:
            who = tuple(u.id for u in on_table(game, side) if sees(game, sight, u, unit, where).seen)
        else:
            base = sight.ground_m(where)
            who = tuple(u.id for u in on_table(game, side)
                        if sight.view(u.hex, feet_m(sight, u), feet_m(sight, u) + height_m(game, u),
                                      where, base, base + 2.0, u.marks.flying).seen)
        if who:
            out[side] = who
    return out
