"""MechWar 4 line of sight (MW4 5.0-5.3, 10.4, 17.22, 17.32, 18.11, 19.71).

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
  block (5.3).  Helicopters: 17.22 (as viewers) and 17.32 (as targets).  Night: 19.71.

Lines exactly along a hexside, or through a corner, follow the settings in los.toml.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core.hexgrid import DIRECTIONS, Hex, Hexside, hex_distance
from ...core import hexsym
from ...core.los import Eye, LosResult, crossing, crossing_plan, plan_arrays
from ...core.ruleset import Ruleset
from ...core.terrain import GameMap

NO_HEIGHT = -1000      # off the map, or no obstruction: never blocks


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
        qs = [h.q for h in self.elev]
        rs = [h.r for h in self.elev]
        pad = 2
        self.q0, self.r0 = min(qs) - pad, min(rs) - pad
        shape = (max(qs) - self.q0 + pad + 1, max(rs) - self.r0 + pad + 1)
        self.top_a = np.full(shape, NO_HEIGHT, dtype=np.int32)
        self.blk_a = np.zeros(shape, dtype=bool)
        self.elev_a = np.zeros(shape, dtype=np.int32)
        for h, e in self.elev.items():
            i, j = h.q - self.q0, h.r - self.r0
            self.top_a[i, j] = self.top[h]
            self.blk_a[i, j] = self.blocking[h]
            self.elev_a[i, j] = e
        # hexside obstruction heights by (hex, direction 0-2); directions 3-5 are the neighbour's
        self.side_a = np.full(shape + (3,), NO_HEIGHT, dtype=np.int32)
        for side, height in self.side_height.items():
            q, r, d = _side_index(side)
            self.side_a[q - self.q0, r - self.r0, d] = height

    def batch_clear(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Clear-LOS flags for ground units from starts[i] to ends[i] (axial int arrays, shape (n, 2)).

        Same verdicts as `line_of_sight` with plain ground eyes (tested against it and against a
        shapely-based baseline); helicopters are judged one line at a time by the caller.  Lines
        are grouped by canonical displacement (core.hexsym): each group's plan is computed once
        and mapped back onto each line's own displacement.
        """
        n = len(starts)
        out = np.ones(n, dtype=bool)
        if n == 0:
            return out
        starts, ends = np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64)
        disp = ends - starts
        dist = np.maximum.reduce([np.abs(disp[:, 0]), np.abs(disp[:, 1]), np.abs(disp[:, 0] + disp[:, 1])])
        if self.night:
            out &= dist <= self.night_los
        canon, sym = hexsym.canonical_batch(disp)
        keys = canon[:, 0] * (1 << 32) + canon[:, 1]
        order = np.argsort(keys, kind="stable")
        bounds = np.flatnonzero(np.diff(keys[order])) + 1
        for group in np.split(order, bounds):
            if dist[group[0]] <= 1:
                continue
            plan = plan_arrays(Hex(int(canon[group[0], 0]), int(canon[group[0], 1])))
            back = hexsym.INVERSE_ARRAY[sym[group]]                      # (g, 2, 2)
            out[group] &= ~self._group_blocked(plan, back, starts[group], ends[group])
        return out

    def _gather(self, grid: np.ndarray, qs: np.ndarray, rs: np.ndarray, fill) -> np.ndarray:
        qi, ri = qs - self.q0, rs - self.r0
        ok = (qi >= 0) & (ri >= 0) & (qi < grid.shape[0]) & (ri < grid.shape[1])
        res = np.full(qs.shape, fill, dtype=grid.dtype)
        res[ok] = grid[qi[ok], ri[ok]]
        return res

    def _group_blocked(self, plan, back: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Blocked flags of lines sharing one canonical plan; `back` (g, 2, 2) maps its offsets
        onto each line's own displacement."""
        ea = self._gather(self.elev_a, starts[:, 0], starts[:, 1], 0)
        eb = self._gather(self.elev_a, ends[:, 0], ends[:, 1], 0)
        low, high = np.minimum(ea, eb)[:, None], np.maximum(ea, eb)[:, None]
        low_at_start = (ea <= eb)[:, None]
        blocked = np.zeros(len(starts), dtype=bool)

        def placed(offs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            """Each line's hexes for the plan's offsets: (g, k) q and r."""
            mapped = np.einsum("gij,kj->gki", back, offs)
            return starts[:, 0:1] + mapped[:, :, 0], starts[:, 1:2] + mapped[:, :, 1]

        def hexes_block(offs: np.ndarray, d: np.ndarray) -> np.ndarray:
            qs, rs = placed(offs)
            top = self._gather(self.top_a, qs, rs, NO_HEIGHT)
            blk = self._gather(self.blk_a, qs, rs, False)
            d_low = np.where(low_at_start, d[None, :, 0], d[None, :, 1])
            d_high = np.where(low_at_start, d[None, :, 1], d[None, :, 0])
            return ((top > high) | ((top > low) & (d_low < d_high)) | (blk & (top > low) & (d_low == 1)))

        if len(plan.through):
            blocked |= hexes_block(plan.through, plan.through_d).any(axis=1)
        if len(plan.vertex) and self.vertex_rule == "block":
            blocked |= hexes_block(plan.vertex, plan.vertex_d).any(axis=1)
        if len(plan.along_a):
            bx = hexes_block(plan.along_a, plan.along_a_d)
            by = hexes_block(plan.along_b, plan.along_b_d)
            both = (bx & by) if self.along_rule == "both" else (bx | by)
            blocked |= both.any(axis=1)
        if len(plan.side_a):
            aq, ar = placed(plan.side_a)
            bq, br = placed(plan.side_b)
            # the hexside as (hex, direction 0-2): the side of a facing b, or of b facing a
            dirs = _DIRECTION_OF[(bq - aq + 1) * 3 + (br - ar + 1)]
            first = dirs < 3
            qs, rs = np.where(first, aq, bq), np.where(first, ar, br)
            dirs = np.where(first, dirs, dirs - 3)
            qi, ri = qs - self.q0, rs - self.r0
            ok = (qi >= 0) & (ri >= 0) & (qi < self.side_a.shape[0]) & (ri < self.side_a.shape[1])
            height = np.full(qs.shape, NO_HEIGHT, dtype=np.int32)
            height[ok] = self.side_a[qi[ok], ri[ok], dirs[ok]]
            present = height > NO_HEIGHT
            ignored = high >= height + 1
            ts = plan.side_t[None, :]
            nearer_low = np.where(low_at_start, ts < 0.5, ts > 0.5)
            side_block = present & ~ignored & ((height > high) | ((height > low) & nearer_low))
            blocked |= side_block.any(axis=1)
        return blocked


# the direction index (DIRECTIONS) of a neighbour's displacement, by (dq + 1) * 3 + (dr + 1)
_DIRECTION_OF = np.full(9, -1, dtype=np.int64)
for _i, _d in enumerate(DIRECTIONS):
    _DIRECTION_OF[(_d.q + 1) * 3 + (_d.r + 1)] = _i


def _side_index(side: Hexside) -> tuple[int, int, int]:
    """A hexside as (q, r, d) with d in 0-2: the side of hex (q, r) facing DIRECTIONS[d]."""
    delta = side.b - side.a
    d = DIRECTIONS.index(delta)
    if d < 3:
        return side.a.q, side.a.r, d
    return side.b.q, side.b.r, d - 3


def _why(rule: str, top: int, blocking: bool, low: int, high: int) -> str:
    what = f"{'blocking terrain' if blocking else 'ground'} reaching level {top}"
    if rule == "MW4 10.43":
        return f"{what}, higher than both units (levels {low} and {high})"
    if rule == "MW4 10.44":
        return f"{what}, above the lower unit (level {low}) and nearer to it than to the higher"
    return f"{what}: the lower unit is in the blind hex directly behind it"
