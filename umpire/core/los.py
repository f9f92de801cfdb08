"""Line of sight: the geometry every rule system shares, and the result every one returns.

Which hexes and hexsides a sight line meets is pure geometry (`hexgrid.line_crossing`, exact).
Whether they block is the rule system's business: it implements `LosRules`.  Results explain
themselves: verdict, range, what was crossed, and the blocker with the rule that blocked.

For many lines at once, a line from A to B meets the same hexes as the line from the origin to
B - A, moved by A, and the line to d the same as the line to any of its images under the
lattice's twelve symmetries (core.hexsym), mapped back.  The exact crossing is computed once per
canonical displacement; `crossing_plan(d)` gives one line's blocking parts, in order.  Batches
of many lines use core.sightlines, whose integer plans tests hold to these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from . import hexsym
from .hexgrid import Hex, Hexside, HexTouch, LineCrossing, hex_distance, line_crossing
from .terrain import GameMap

ORIGIN = Hex(0, 0)


@dataclass(frozen=True)
class Eye:
    """One end of a sight line: where it is and what kind of viewer or target it is."""

    hex: Hex
    helicopter: bool = False
    firing: bool = False


@dataclass(frozen=True)
class LosResult:
    clear: bool
    origin: Hex
    target: Hex
    range: int
    hexes: tuple[Hex, ...]                 # crossed (inside), both ends included
    along: tuple[Hexside, ...] = ()        # hexsides the line runs exactly along
    vertices: tuple[tuple[Hex, ...], ...] = ()
    blocker: Hex | Hexside | None = None
    rule: str = ""                         # the rule it applies, as the rule system numbers it
    reason: str = ""

    def hexsides_along(self) -> tuple[Hexside, ...]:
        """The hexsides the line runs exactly along: the rule system's answer, else the geometry's
        (a rule system that judges both hexes of such a pair need not list them)."""
        return self.along or crossing(self.origin, self.target).hexsides_along

    def met(self, game_map: GameMap) -> list[str]:
        """What the line meets from end to end, by hex number: each hex it passes through, and
        each pair of hexes it runs between along their common hexside as "1204/1205" -- both
        hexes of such a pair count."""
        n = game_map.number
        lc = crossing(self.origin, self.target)
        pairs = {frozenset((s.a, s.b)): s for s in self.hexsides_along()}
        out, done = [], set()
        for t in lc.touches:
            if t.kind == "through" or t.hex in (self.origin, self.target):
                if t.hex not in done:
                    out.append(n(t.hex))
                    done.add(t.hex)
                continue
            if t.kind != "along" or t.hex in done:
                continue
            side = next((s for k, s in pairs.items() if t.hex in k), None)
            if side is not None:
                out.append(f"{n(side.a)}/{n(side.b)}")
                done |= {side.a, side.b}
        return out

    def describe(self, game_map: GameMap) -> str:
        n = game_map.number
        head = (f"LOS {n(self.origin)} -> {n(self.target)}: {'CLEAR' if self.clear else 'BLOCKED'}, "
                f"range {self.range}")
        lines = [head, "  crosses " + " ".join(self.met(game_map))]
        along = self.hexsides_along()
        if along:
            lines.append("  runs exactly along hexside(s) " + ", ".join(f"{n(s.a)}/{n(s.b)}" for s in along)
                         + " (both hexes of each pair count)")
        if self.vertices:
            lines.append("  passes exactly through corner(s) of " +
                         "; ".join("/".join(n(h) for h in v) for v in self.vertices))
        if self.blocker is not None:
            lines.append(f"  blocked at {describe_place(game_map, self.blocker)}: {self.reason} ({self.rule})")
        elif self.reason:
            lines.append(f"  {self.reason}" + (f" ({self.rule})" if self.rule else ""))
        return "\n".join(lines)

    def to_json(self, game_map: GameMap) -> dict[str, Any]:
        n = game_map.number
        return {
            "from": n(self.origin), "to": n(self.target), "clear": self.clear, "range": self.range,
            "hexes": [n(h) for h in self.hexes],
            "met": self.met(game_map),
            "along_hexsides": [[n(s.a), n(s.b)] for s in self.hexsides_along()],
            "vertices": [[n(h) for h in v] for v in self.vertices],
            "blocker": None if self.blocker is None else describe_place(game_map, self.blocker),
            "rule": self.rule, "reason": self.reason,
        }


def describe_place(game_map: GameMap, place: Hex | Hexside) -> str:
    if isinstance(place, Hexside):
        return f"hexside {game_map.number(place.a)}/{game_map.number(place.b)}"
    return f"hex {game_map.number(place)}"


class LosRules(Protocol):
    """What a rule system provides to judge sight lines on a map it has prepared."""

    def line_of_sight(self, a: Eye, b: Eye) -> LosResult: ...


@lru_cache(maxsize=4096)
def _canonical_crossing(c: Hex) -> LineCrossing:
    return line_crossing(ORIGIN, c)


@lru_cache(maxsize=8192)
def crossing_from_origin(d: Hex) -> LineCrossing:
    """line_crossing(ORIGIN, d), exactly: its canonical image's crossing mapped back."""
    c, k = hexsym.canonical(d)
    base = _canonical_crossing(c)
    if c == d:
        return base
    back = hexsym.INVERSES[k]
    touches = [HexTouch(hexsym.apply(back, t.hex), t.kind, t.t_in, t.t_out) for t in base.touches]
    touches.sort(key=lambda t: (t.t_in, t.t_out, t.hex))      # as line_crossing orders them
    return LineCrossing(ORIGIN, d, tuple(touches))


def forget_crossings() -> None:
    """Empty the crossing caches (benchmarks time a fresh start)."""
    for cached in (_canonical_crossing, crossing_from_origin, crossing_plan):
        cached.cache_clear()


def crossing(a: Hex, b: Hex) -> LineCrossing:
    """line_crossing(a, b), served from the per-displacement cache."""
    base = crossing_from_origin(b - a)
    if a == ORIGIN:
        return base
    return LineCrossing(a, b, tuple(HexTouch(t.hex + a, t.kind, t.t_in, t.t_out) for t in base.touches))


@dataclass(frozen=True)
class CrossingPlan:
    """The parts of a line from the origin to `d` that can block, as offsets from the start.

    Hexes and hexsides of the two end hexes are left out: they never block (the usual hex-game
    convention).  Distances are in hexes from each end; `t` is the position along
    the line (0 at the start, 1 at the end) where a hexside is crossed.
    """

    d: Hex
    through: tuple[tuple[Hex, int, int], ...]            # (offset, hexes from start, hexes from end)
    along: tuple[tuple[tuple[Hex, int, int], tuple[Hex, int, int]], ...]
    vertex: tuple[tuple[Hex, int, int], ...]
    hexsides: tuple[tuple[Hexside, float], ...]          # crossed hexsides (offsets) and t
    order: tuple[tuple[float, str, int], ...] = field(default=())   # (t, kind, index) along the line
    entry_side: Hexside | None = None     # the hexside through which the line enters the end hex


@lru_cache(maxsize=8192)
def crossing_plan(d: Hex) -> CrossingPlan:
    return _build_plan(d, crossing_from_origin(d))


def _build_plan(d: Hex, lc: LineCrossing) -> CrossingPlan:
    ends = {ORIGIN, d}

    def entry(h: Hex) -> tuple[Hex, int, int]:
        return (h, hex_distance(ORIGIN, h), hex_distance(d, h))

    through, vertex, order = [], [], []
    for t in lc.touches:
        if t.hex in ends:
            continue
        if t.kind == "through":
            order.append((float((t.t_in + t.t_out) / 2), "through", len(through)))
            through.append(entry(t.hex))
        elif t.kind == "vertex":
            order.append((float(t.t_in), "vertex", len(vertex)))
            vertex.append(entry(t.hex))
    along = []
    t_of = {t.hex: t for t in lc.touches}
    for side in lc.hexsides_along:
        order.append((float(t_of[side.a].t_in), "along", len(along)))
        along.append((entry(side.a), entry(side.b)))
    sides = []
    for side in lc.hexsides_crossed:
        if side.a in ends or side.b in ends:
            continue
        t = float(t_of[side.a].t_out if t_of[side.a].t_out == t_of[side.b].t_in else t_of[side.b].t_out)
        order.append((t, "hexside", len(sides)))
        sides.append((side, t))
    order.sort()
    entry = next((s for s in lc.hexsides_crossed if d in (s.a, s.b)), None)
    return CrossingPlan(d, tuple(through), tuple(along), tuple(vertex), tuple(sides), tuple(order), entry)
