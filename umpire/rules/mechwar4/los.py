"""MechWar 4 line of sight (MW4 5.0-5.3, 10.4, 17.22, 17.32, 18.11, 19.71) across the game map's
hexes, each 200 m, numbered CCRR, at its heights (3.1).

How a hex between two units decides (heights in levels; a unit's own height is its hex's
level, 10.42):

* A woods, town or smoke hex is blocking terrain (5.11, 18.11) and stands one level higher
  than its ground when judging what it blocks (10.42).  Any other hex stands at its level.
* Higher than both units: blocks (10.43).
* Higher than the lower unit but not the higher: blocks only when nearer, in hexes, to the
  lower unit than to the higher (10.44; 5.11's "more than half way from the higher unit").
* Blocking terrain higher than the lower unit casts a blind hex behind it: a lower unit in
  the next hex beyond it is hidden even at equal distances (5.11).
* Slope, crest and railway-embankment hexsides are obstructions one level above the lower of
  their two hexes (10.41); they decide as a hex does, by position along the line, and a
  sighting unit two levels above their base ignores them ("a unit at level 2", 10.41).
* The two units' own hexes, and hexsides of those hexes, never block (5.0); units never
  block (5.3, 6.2).  Helicopters: 17.22 (as viewers) and 17.32 (as targets).  Night: 19.71.

Lines exactly along a hexside, or through a corner, follow the settings in los.toml.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np

from ...core.hexgrid import DIRECTIONS, Hex, Hexside, hex_distance
from ...core.los import Eye, LosResult, crossing, crossing_plan
from ...core.sightlines import Box, Lines
from ...core.ruleset import Ruleset
from ...core.terrain import GameMap

NO_HEIGHT = -1000      # off the map, or no obstruction: never blocks
EXACT_LINES_FIRST = 300          # lines a process judges one at a time before it loads the compiled walk
_exact_budget = [EXACT_LINES_FIRST]


def _judge_exactly(lines: int) -> bool:
    """Whether a batch of `lines` is judged one line at a time: while the process has not loaded
    numba (the compiled walk, or the plans' builder) and its first lines last (see _clear_lines)."""
    if "numba" in sys.modules or lines > _exact_budget[0]:
        return False
    _exact_budget[0] -= lines
    return True


def hex_blocks(top: int, blocking: bool, d_low: int, d_high: int, low: int, high: int) -> str | None:
    """The rule that makes one intervening hex block, or None.  The heart of MW4 LOS."""
    if top > high:
        return "MW4 10.43"
    if top > low and d_low < d_high:
        return "MW4 10.44"
    if blocking and top > low and d_low == 1:
        return "MW4 5.11"
    return None


def hexside_blocks(height: int, t: float, low_at_start: bool, low: int, high: int) -> str | None:
    """A slope/crest/embankment obstruction `height` crossed at position t (10.41, 10.43, 10.44)."""
    if height <= NO_HEIGHT or high >= height + 1:      # two levels above its base: ignored (10.41)
        return None
    if height > high:
        return "MW4 10.43"
    nearer_low = t < 0.5 if low_at_start else t > 0.5
    if height > low and nearer_low:
        return "MW4 10.44"
    return None


@dataclass
class Mw4Map:
    """The map prepared for sight lines: per-hex top heights and blocking flags, as dicts for
    single lines and as numpy grids for batches."""

    game_map: GameMap
    rules: Ruleset
    night: bool = False

    def __post_init__(self) -> None:
        types = self.rules.terrain_types
        feats = self.rules.hexside_features
        settings = self.rules.tables["los"].section("entry")
        self.along_rule = settings["along_hexside"]["value"]
        self.vertex_rule = settings["vertex"]["value"]
        self.night_los = int(settings["night_los"]["value"])
        smoke = {o.hex for o in self.game_map.overlays if self.rules.overlays[o.kind]["blocks_los"]}
        self.elev: dict[Hex, int] = dict(self.game_map.elevation)
        self.blocking: dict[Hex, bool] = {}
        self.top: dict[Hex, int] = {}
        for h, e in self.elev.items():
            t = types[self.game_map.terrain[h]]
            b = t["blocks_los"] or h in smoke
            self.blocking[h] = b
            self.top[h] = e + (max(t["blocking_height"], 1 if h in smoke else 0) if b else 0)
        self.side_height: dict[Hexside, int] = {}
        for side, kinds in self.game_map.hexsides.items():
            level = max((feats[k]["obstruction_level"] for k in kinds), default=0)
            if level > 0:
                base = min(self.elev.get(side.a, 0), self.elev.get(side.b, 0))
                self.side_height[side] = base + level
        self._build_arrays()

    # ------------------------------------------------------------------ single lines
    def line_of_sight(self, a: Eye, b: Eye) -> LosResult:
        lc = crossing(a.hex, b.hex)
        n = hex_distance(a.hex, b.hex)
        base = dict(origin=a.hex, target=b.hex, range=n, hexes=lc.hexes, along=lc.hexsides_along,
                    vertices=lc.vertices)
        if self.night and n > self.night_los:
            return LosResult(False, **base, rule="MW4 19.71",
                             reason=f"at night no sight line is longer than {self.night_los} hexes")
        if n <= 1:
            return LosResult(True, **base, reason="adjacent or same hex: nothing lies between")
        if a.helicopter or (b.helicopter and b.firing):
            heli = b if not a.helicopter else a
            other = a if heli is b else b
            return self._helicopter_viewer(heli, other, base)
        found = self._first_blocker(a.hex, b.hex, heli_target=b.helicopter)
        if found is None:
            return LosResult(True, **base, reason="nothing between blocks")
        place, rule, why = found
        return LosResult(False, **base, blocker=place, rule=rule, reason=why)

    def _first_blocker(self, a: Hex, b: Hex, heli_target: bool = False):
        ea, eb = self.elev[a], self.elev[b]
        low, high = min(ea, eb), max(ea, eb)
        low_at_start = ea <= eb
        plan = crossing_plan(b - a)

        def judge_hex(entry) -> tuple[str, str] | None:
            off, d_start, d_end = entry
            h = a + off
            top, blocking = self.top.get(h, NO_HEIGHT), self.blocking.get(h, False)
            d_low, d_high = (d_start, d_end) if low_at_start else (d_end, d_start)
            if heli_target and blocking:    # a helicopter keeping low hides behind any cover (17.32)
                return "MW4 17.32", "a helicopter that is not firing hides behind blocking terrain"
            rule = hex_blocks(top, blocking, d_low, d_high, low, high)
            if rule is None:
                return None
            return rule, _why(rule, top, blocking, low, high)

        for t, kind, i in plan.order:
            if kind == "through":
                hit = judge_hex(plan.through[i])
                if hit:
                    return (a + plan.through[i][0], *hit)
            elif kind == "vertex" and self.vertex_rule == "block":
                hit = judge_hex(plan.vertex[i])
                if hit:
                    return (a + plan.vertex[i][0], *hit)
            elif kind == "along":
                x, y = plan.along[i]
                hx, hy = judge_hex(x), judge_hex(y)
                if (hx and hy) or (self.along_rule == "either" and (hx or hy)):
                    rule, why = hx or hy
                    side = Hexside.between(a + x[0], a + y[0])
                    return (side, rule, why + f"; the line runs along this hexside ({self.along_rule} "
                            "hexes must block, los.toml)")
            elif kind == "hexside":
                side_off, t_cross = plan.hexsides[i]
                side = Hexside(side_off.a + a, side_off.b + a)
                height = self.side_height.get(side, NO_HEIGHT)
                rule = hexside_blocks(height, t_cross, low_at_start, low, high)
                if rule:
                    kinds = ", ".join(sorted(self.game_map.features(side)))
                    return (side, rule, f"{kinds} hexside is a level-{height} obstruction (MW4 10.41)")
        return None

    def _helicopter_viewer(self, heli: Eye, other: Eye, base: dict) -> LosResult:
        """17.22: a helicopter pops up over woods, towns, slopes and crests.  A target in the open
        is always in sight; one in woods or town is hidden when the line enters its hex through a
        hexside covered by woods or town (the hex before it on the line is blocking terrain).
        A firing helicopter is seen the same way it sees (17.32)."""
        tgt = other.hex
        if not self.blocking.get(tgt, False):
            return LosResult(True, **base, rule="MW4 17.22",
                             reason="a helicopter sees, and is seen, over all cover to a unit in the open")
        inner = [h for h in crossing(heli.hex, tgt).hexes if h not in (heli.hex, tgt)]
        last = inner[-1] if inner else None
        if last is not None and hex_distance(last, tgt) == 1 and self.blocking.get(last, False):
            return LosResult(False, **base, blocker=Hexside.between(last, tgt), rule="MW4 17.22",
                             reason="the unit is in cover and the line enters its hex through a woods "
                                    "or town hexside")
        return LosResult(True, **base, rule="MW4 17.22",
                         reason="a helicopter sees over cover; the unit's own cover does not face the line")

    # ------------------------------------------------------------------ batches
    def _build_arrays(self) -> None:
        self.box = box = Box.around([h.q for h in self.elev], [h.r for h in self.elev])
        self.top_cells = np.full(box.size, NO_HEIGHT, dtype=np.int32)
        self.blocking_cells = np.zeros(box.size, dtype=bool)
        self.elev_cells = np.zeros(box.size, dtype=np.int32)
        # ground lines judged so far, either way round: the verdicts are the same from both
        # ends (10.43, 10.44 weigh the lower end against the higher, not the start against the
        # end), so the second side's pass reuses the first's; this map lives as long as its
        # smoke.  A core.linememo.LineMemo, made with the first compiled batch (see _clear_lines)
        self.seen_lines = None
        for h, e in self.elev.items():
            c = box.cell(h.q, h.r)
            self.top_cells[c] = self.top[h]
            self.blocking_cells[c] = self.blocking[h]
            self.elev_cells[c] = e
        # hexside obstruction heights by cell * 6 + direction, stored from both of its hexes
        self.side_cells = np.full(box.size * 6, NO_HEIGHT, dtype=np.int32)
        for side, height in self.side_height.items():
            d = DIRECTIONS.index(side.b - side.a)
            self.side_cells[box.cell(side.a.q, side.a.r) * 6 + d] = height
            self.side_cells[box.cell(side.b.q, side.b.r) * 6 + (d + 3) % 6] = height

    def batch_clear(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Clear-LOS flags for ground units from starts[i] to ends[i] (axial int arrays, shape (n, 2)).

        Same verdicts as `line_of_sight` with plain ground eyes (tested against it and against a
        shapely-based baseline); helicopters are judged one line at a time by the caller.  The
        geometry comes from core.sightlines; the judges are `hex_blocks` and `hexside_blocks`
        compiled (los_kernel).  Lines already judged, from either end, are not judged
        again (`seen_lines`).
        """
        starts = np.asarray(starts, dtype=np.int64).reshape(-1, 2)
        ends = np.asarray(ends, dtype=np.int64).reshape(-1, 2)
        out = np.ones(len(starts), dtype=bool)
        disp = ends - starts
        dist = np.maximum.reduce([np.abs(disp[:, 0]), np.abs(disp[:, 1]), np.abs(disp[:, 0] + disp[:, 1])])
        if self.night:                                 # 19.71: nothing further at night
            out &= dist <= self.night_los
        todo = np.flatnonzero(out & (dist > 1))        # adjacent hexes: nothing between (5.0)
        if len(todo):
            out[todo] = self._clear_lines(starts[todo], ends[todo])
        return out

    def _clear_lines(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Clear-LOS flags of lines at least two hexes long.

        The compiled walk (los_kernel) with its memo of verdicts (`seen_lines`) takes half a
        second to load in a new process, as much as a few hundred lines judged one at a time:
        a process's first EXACT_LINES_FIRST lines are judged exactly, so that a command on a
        small game never loads it; past them it is loaded once and judges everything (a
        mid-game pass asks for tens of thousands of lines)."""
        if _judge_exactly(len(starts)):
            return np.array([self.line_of_sight(Eye(Hex(*a)), Eye(Hex(*b))).clear
                             for a, b in zip(starts.tolist(), ends.tolist())], dtype=bool)
        from ...core.linememo import LineMemo
        from .los_kernel import judge_lines

        if self.seen_lines is None:
            self.seen_lines = LineMemo(self.box.size)
        return judge_lines(self.seen_lines, self.box, starts, ends, self.elev_cells, self.top_cells,
                           self.blocking_cells, self.side_cells, NO_HEIGHT, self.vertex_rule == "block",
                           self.along_rule != "both")

    def entry_in_defilade(self, observer: Hex, target: Hex) -> bool:
        """The line enters the target's hex across an obstruction hexside its observer does not
        see over (MW4 10.21 defilade; 10.41 a unit two levels up ignores it)."""
        side_off = crossing_plan(target - observer).entry_side
        if side_off is None:
            return False
        side = Hexside(side_off.a + observer, side_off.b + observer)
        height = self.side_height.get(side, NO_HEIGHT)
        return height > NO_HEIGHT and self.elev[observer] < height + 1

    def entries_in_defilade(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """`entry_in_defilade` for many lines, from the stored plans' entry sides (one at a time
        while the process judges its first lines exactly: see _clear_lines)."""
        starts = np.asarray(starts, dtype=np.int64).reshape(-1, 2)
        ends = np.asarray(ends, dtype=np.int64).reshape(-1, 2)
        if not len(starts):
            return np.zeros(0, dtype=bool)
        if _judge_exactly(len(starts)):
            return np.array([self.entry_in_defilade(Hex(*a), Hex(*b)) for a, b in zip(starts.tolist(), ends.tolist())],
                            dtype=bool)
        lines = Lines(self.box, starts, ends)
        cell, direction = lines.entry_sides()
        height = np.where(direction >= 0, self.side_cells[cell * 6 + np.maximum(direction, 0)], NO_HEIGHT)
        return (height > NO_HEIGHT) & (self.elev_cells[lines.base] < height + 1)


def _why(rule: str, top: int, blocking: bool, low: int, high: int) -> str:
    what = f"{'blocking terrain' if blocking else 'ground'} reaching level {top}"
    if rule == "MW4 10.43":
        return f"{what}, higher than both units (levels {low} and {high})"
    if rule == "MW4 10.44":
        return f"{what}, above the lower unit (level {low}) and nearer to it than to the higher"
    return f"{what}: the lower unit is in the blind hex directly behind it"
