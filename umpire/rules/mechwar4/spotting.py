"""MechWar 4 spotting (MW4 5.2-5.25, 11.2, 7.87, 19.72): which enemy units each side observes.

A target is observed by an enemy unit with a clear line of sight when:
* it fired this turn, or is a vehicle that moved this turn: at any range (5.21);
* it is already face-up to that side (seen last pass): at any range, while in LOS (5.22);
* otherwise within the Observation Range Table's range for the terrain it is in (5.2) -- the
  best terrain along its move if it moved (5.23), the "defilade" row when the line enters its
  hex across a slope, crest or embankment hexside (10.21); at night no more than 10 (19.72);
* in an improved position, neither moving nor firing: only from an adjacent hex (11.2).
A camouflaged target that would be observed by range rolls 1d6 on the Camouflage Observation
Chart; at or under the number it stays hidden this phase (5.25).  Artillery spotted by
counterbattery stays spotted while it stays in that hex (7.87).

`spot_side` is the fast full pass (distance pruning, then batched LOS); kept_pairs.KeptPairs keeps
each side's pairs between passes so that a move re-judges only the pairs of the units it changed.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ...core.errors import RulesetError
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, Hexside, hex_distance
from ...core.los import Eye
from .los import Mw4Map

ANY_RANGE = 10_000
Roll = Callable[[str], int]     # purpose -> 1d6 result


@dataclass(frozen=True)
class Sighting:
    target: str
    observers: tuple[str, ...]
    rule: str
    reason: str


@dataclass
class SpottingReport:
    side: str
    seen: dict[str, Sighting] = field(default_factory=dict)
    camouflage_rolls: list[tuple[str, int, int]] = field(default_factory=list)   # unit, roll, needed


@dataclass(frozen=True, eq=False)         # holds arrays: never compared, never hashed
class TargetFacts:
    """What a spotting pass asks of one target, as one side judges it (Spotter.target_facts)."""

    kind: str                       # helicopter, infantry or vehicle
    any_range: str | None           # the rule by which it is seen at any range in LOS, if one
    reach: int                      # the farthest an observer may be and still see it
    still: bool                     # in an improved position, neither moving nor firing (11.2)
    steps: np.ndarray | None        # a mover judged along its path (5.21, 5.23): each hex (q, r)
                                    # and the range at which it is seen there, rows (q, r, range)
    columns: tuple = ()             # reach, helicopter, mover, still, at any range: one row of
                                    # the pass's arrays (made once: a pass reads every target's)

    def __post_init__(self) -> None:
        object.__setattr__(self, "columns", (self.reach, self.kind == "helicopter", self.steps is not None,
                                             self.still, self.any_range is not None))


class Spotter:
    ONE_BATCH = 4096      # movers' lines judged in one batch below this many (see _movers)

    def __init__(self, game: Game, sight: Mw4Map) -> None:
        self.game = game
        self.sight = sight
        rules = game.rules
        self.obs = rules.tables["observation"].section("entry")
        self.camo = rules.tables["camouflage"].section("entry")
        for table, name in ((self.obs, "observation.toml"), (self.camo, "camouflage.toml")):
            missing = [k for k in list(rules.terrain_types) + ["defilade"] if k not in table]
            if missing:
                raise RulesetError(f"no row for terrain {', '.join(missing)}", file=name)
        self.night_cap = sight.night_los if game.night else None
        self.units = [u for u in game.units.values() if u.on_map and not u.carried_by]
        self._kinds: dict[str, str] = {}          # unit type -> helicopter, infantry or vehicle
        # side -> unit id -> TargetFacts: a caller that knows which units look as they did
        # at its last pass hands their facts over (KeptPairs)
        self.kept_facts: dict[str, dict[str, TargetFacts]] = {}
        self._marks: tuple[set[str], list[tuple[str, str]]] | None = None      # see _marked

    # ------------------------------------------------------------------ one pair
    def kind(self, u: UnitState) -> str:
        return self._kinds.get(u.type) or self.kind_of_type(u.type)   # asked for every unit on each pass

    def kind_of_type(self, type_id: str) -> str:
        known = self._kinds.get(type_id)
        if known is None:
            move_class = self.game.rules.unit_types[type_id]["move_class"]
            known = self._kinds[type_id] = ("helicopter" if move_class == "helicopter" else
                                            "infantry" if move_class == "foot" else "vehicle")
        return known

    def eye(self, u: UnitState) -> Eye:
        return Eye(u.hex, self.kind(u) == "helicopter", u.fired)

    def table_range(self, u: UnitState, terrain_key: str) -> int:
        k = self.kind(u)
        row = self.obs["helicopter" if k == "helicopter" else terrain_key]
        rng = row["vehicle"] if k in ("vehicle", "helicopter") else (
            row["infantry_moving"] if u.moved else row["infantry"])
        return min(rng, self.night_cap) if self.night_cap else rng

    def any_range(self, side: str, u: UnitState) -> str | None:
        """The rule under which `side` sees `u` at any range in LOS, if one applies."""
        if u.fired:
            return "MW4 5.21"
        if u.moved and self.kind(u) != "infantry":
            return "MW4 5.21"
        c = self.game.contacts.get((side, u.id))
        if c is not None and c.status == "seen":
            return "MW4 5.22"
        return None

    def reach(self, side: str, u: UnitState, at_any_range: str | None = None) -> int:
        """The farthest an observer of `side` could be and still see `u` (before LOS);
        `at_any_range`: any_range's answer when the caller has it already."""
        if u.marks.improved and not u.moved and not u.fired:
            return 1
        if at_any_range or (at_any_range is None and self.any_range(side, u)):
            q, r = u.hex.q, u.hex.r          # hex_distance written out: asked for every target
            spread = max((max(abs(h.q - q), abs(h.r - r), abs(h.q - q + h.r - r)) for h in u.path), default=0)
            return (self.night_cap or ANY_RANGE) + spread
        # 5.23: a mover may be seen anywhere along its path, so reach back along it too
        hexes = u.path or (u.hex,)
        return max(self.table_range(u, self.game.map.terrain[h]) + hex_distance(h, u.hex) for h in hexes)

    def in_defilade(self, observer: Hex, target: Hex) -> bool:
        """The line enters the target's hex across an obstruction hexside its observer does not
        see over (MW4 10.21 defilade; 10.41 a unit two levels up ignores it)."""
        return self.sight.entry_in_defilade(observer, target)

    def pair(self, side: str, o: UnitState, t: UnitState) -> str | None:
        """The rule by which observer `o` sees target `t` now, or None (one pair, exactly)."""
        d = hex_distance(o.hex, t.hex)
        if t.marks.improved and not t.moved and not t.fired:
            return "MW4 11.2" if d <= 1 else None
        if d > self.reach(side, t):
            return None
        los = self.sight.line_of_sight
        anyr = self.any_range(side, t)
        if t.moved and t.path and anyr != "MW4 5.22":
            # 5.21 / 5.23: every hex of its move counts, each with its own terrain
            tk = self.eye(t)
            for h in t.path:
                limit = (self.night_cap or ANY_RANGE) if anyr else self.table_range(t, self.game.map.terrain[h])
                if hex_distance(o.hex, h) <= limit and los(self.eye(o), Eye(h, tk.helicopter, tk.firing)).clear:
                    return anyr or "MW4 5.23"
            return None
        if not los(self.eye(o), self.eye(t)).clear:
            return None
        if anyr:
            return anyr
        return "MW4 5.2" if d <= self._range_now(o, t) else None

    def _range_now(self, o: UnitState, t: UnitState) -> int:
        if self.in_defilade(o.hex, t.hex):
            return self.table_range(t, "defilade")
        return self.table_range(t, self.game.map.terrain[t.hex])

    def watchers(self, where: Hex, unit: UnitState | None = None) -> dict[str, tuple[str, ...]]:
        """Who sees hex `where` now, by side: what befalls `unit` there (judged as a sighting of
        it, without the camouflage roll that only spotting passes make), or, without a unit, a
        still vehicle-sized thing lying there -- a wreck -- within 5.2's vehicle range."""
        t = dataclasses.replace(unit, hex=where, status="on_map", carried_by=None) if unit is not None else None
        out: dict[str, list[str]] = {}
        for o in self.units:
            if unit is not None and o.side == unit.side:
                continue
            if t is not None:
                sees = self.pair(o.side, o, t) is not None
            else:
                row = "defilade" if self.in_defilade(o.hex, where) else self.game.map.terrain[where]
                rng = self.obs[row]["vehicle"]
                sees = (hex_distance(o.hex, where) <= (min(rng, self.night_cap) if self.night_cap else rng)
                        and self.sight.line_of_sight(self.eye(o), Eye(where)).clear)
            if sees:
                out.setdefault(o.side, []).append(o.id)
        return {s: tuple(v) for s, v in out.items()}

    # ------------------------------------------------------------------ a whole side
    def pairs_for(self, side: str, observers: list[UnitState], targets: list[UnitState]) -> dict:
        """{(observer id, target id): rule} for every pair in which the observer sees the target:
        the verdicts of `pair`, judged for all pairs at once (range first, then batched LOS)."""
        out: dict[tuple[str, str], str] = {}
        if not observers or not targets:
            return out
        oq, tq = _hexes(observers), _hexes(targets)
        dq = tq[None, :, 0] - oq[:, None, 0]
        dr = tq[None, :, 1] - oq[:, None, 1]
        dist = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
        facts = self.target_facts(side, targets)
        cols = np.array([f.columns for f in facts], dtype=np.int64).reshape(-1, 5)
        reach, heli_t, moving, still, at_any = cols[:, 0], cols[:, 1] > 0, cols[:, 2] > 0, cols[:, 3] > 0, cols[:, 4] > 0
        oi, ti = np.nonzero(dist <= reach[None, :])          # prune by range before any LOS
        heli_o = self._helicopters(observers)
        heli = heli_o[oi] | heli_t[ti]
        mover = moving[ti] & ~heli
        simple = ~heli & ~mover
        for i, j in zip(oi[heli], ti[heli]):                  # helicopters: one line at a time
            rule = self.pair(side, observers[i], targets[j])
            if rule:
                out[(observers[i].id, targets[j].id)] = rule
        si, sj = oi[simple], ti[simple]
        clear = self._movers(observers, targets, facts, oq, oi[mover], ti[mover], out, (oq[si], tq[sj]))
        si, sj = si[clear], sj[clear]
        # 5.2: within the Observation Range Table's range, the defilade row where the line
        # enters the hex across an obstruction hexside (10.21)
        by_range = ~still[sj] & ~at_any[sj]
        ok = np.ones(len(si), dtype=bool)
        if by_range.any():
            ri, rj = si[by_range], sj[by_range]
            # the two ranges of the targets in question only (one mover's pairs ask few)
            asked, at = np.unique(rj, return_inverse=True)
            in_terrain = np.array([self.table_range(targets[j], self.game.map.terrain[targets[j].hex])
                                   for j in asked.tolist()])
            in_defilade = np.array([self.table_range(targets[j], "defilade") for j in asked.tolist()])
            defilade = self.sight.entries_in_defilade(oq[ri], tq[rj])
            ok[by_range] = dist[ri, rj] <= np.where(defilade, in_defilade[at], in_terrain[at])
        for i, j in zip(si[ok].tolist(), sj[ok].tolist()):
            out[(observers[i].id, targets[j].id)] = "MW4 11.2" if still[j] else (facts[j].any_range or "MW4 5.2")
        return out

    def _helicopters(self, units: list[UnitState]) -> np.ndarray:
        """Which units are helicopters, found by type (a pass asks it of every observer)."""
        types = [u.type for u in units]
        heli = {t for t in set(types) if self.kind_of_type(t) == "helicopter"}
        if not heli:
            return np.zeros(len(units), dtype=bool)
        return np.array([t in heli for t in types], dtype=bool)

    def target_facts(self, side: str, targets: list[UnitState]) -> list[TargetFacts]:
        """What `pairs_for` asks of each target, as `side` judges it: asked of every target on
        each pass, so taken from `kept_facts` where the caller kept them."""
        kept = self.kept_facts.get(side)
        out = []
        for t in targets:
            f = kept.get(t.id) if kept is not None else None
            if f is None:
                f = self._facts(side, t)
                if kept is not None:
                    kept[t.id] = f
            out.append(f)
        return out

    def _facts(self, side: str, t: UnitState) -> TargetFacts:
        a = self.any_range(side, t)
        steps = None
        if t.moved and t.path and a != "MW4 5.22":
            # 5.21 / 5.23: every hex of its move counts, each at the range it is seen there
            steps = np.array([(h.q, h.r, (self.night_cap or ANY_RANGE) if a else
                               self.table_range(t, self.game.map.terrain[h])) for h in t.path], dtype=np.int64)
        return TargetFacts(self.kind(t), a, self.reach(side, t, a or ""),
                           bool(t.marks.improved and not t.moved and not t.fired), steps)

    def _movers(self, observers: list[UnitState], targets: list[UnitState], facts: list[TargetFacts],
                oq: np.ndarray, oi: np.ndarray, ti: np.ndarray, out: dict,
                others: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """Pairs whose target moved: seen if any hex of its move is in sight (5.21, 5.23) --
        the same verdicts as `pair`, with every (observer, path hex) line judged in one batch.
        Returns whether each of the `others` lines (starts, ends: the pairs of targets that did
        not move) is clear, judged in the same batch when it is small: a batch has a fixed cost
        of a few dozen numpy calls, as much as a move's few hundred lines themselves."""
        if not len(oi):
            return self.sight.batch_clear(*others)
        # every hex of each mover's path, with the range at which it is seen there
        first = np.zeros(len(targets), dtype=np.int64)
        count = np.zeros(len(targets), dtype=np.int64)
        movers = np.unique(ti).tolist()
        steps = [facts[j].steps for j in movers]
        count[movers] = [len(st) for st in steps]
        first[movers] = np.cumsum(count[movers]) - count[movers]
        steps = np.concatenate(steps)
        path, limit_a = steps[:, :2], steps[:, 2]
        pair = np.repeat(np.arange(len(oi)), count[ti])
        step = np.arange(len(pair)) - np.repeat(np.cumsum(count[ti]) - count[ti], count[ti])
        where = first[ti][pair] + step
        o = oq[oi][pair]                                   # each line's observer hex
        d = path[where] - o
        near = np.maximum(np.maximum(np.abs(d[:, 0]), np.abs(d[:, 1])), np.abs(d[:, 0] + d[:, 1])) <= limit_a[where]
        pair, where, step, o = pair[near], where[near], step[near], o[near]
        seen = np.zeros(len(oi), dtype=bool)
        if len(pair) + len(others[0]) <= self.ONE_BATCH:      # a move's few lines: one batch costs less
            clear = self.sight.batch_clear(np.concatenate([o, others[0]]), np.concatenate([path[where], others[1]]))
            seen[pair[clear[:len(pair)]]] = True
            others_clear = clear[len(pair):]
        elif len(pair) <= self.ONE_BATCH:
            seen[pair[self.sight.batch_clear(o, path[where])]] = True
            others_clear = self.sight.batch_clear(*others)
        else:
            others_clear = self.sight.batch_clear(*others)
            # the hex it stands in first: where it is seen there, the rest of its path need not
            # be looked at (a pair is seen if any one hex is; most are seen where they stopped)
            last = step == count[ti][pair] - 1
            seen[pair[last][self.sight.batch_clear(o[last], path[where[last]])]] = True
            rest = ~last & ~seen[pair]
            seen[pair[rest][self.sight.batch_clear(o[rest], path[where[rest]])]] = True
        for k in np.flatnonzero(seen).tolist():
            i, j = int(oi[k]), int(ti[k])
            out[(observers[i].id, targets[j].id)] = facts[j].any_range or "MW4 5.23"
        return others_clear

    def can_pull_back(self, u: UnitState) -> bool:
        """MW4 6.92: a unit that fired from defilade (its hex has a slope, crest or embankment
        hexside, or it is on a hilltop) may go back to face-down at the end of the phase if no
        enemy unit would observe it within normal observation range, as if it had not fired."""
        m = self.sight
        hilltop = all(m.elev.get(n, -1) < m.elev[u.hex] for n in self.game.map.on_map_neighbours(u.hex))
        behind = any(Hexside.between(u.hex, n) in m.side_height for n in self.game.map.on_map_neighbours(u.hex))
        if not u.fired or not (hilltop or behind):
            return False
        quiet = dataclasses.replace(u, fired=False, moved=False, path=())
        for o in self.units:
            if o.side == u.side:
                continue
            d = hex_distance(o.hex, u.hex)
            if d <= self._range_now(o, quiet) and self.sight.line_of_sight(self.eye(o), self.eye(quiet)).clear:
                return False
        return True

    def observers_and_targets(self, side: str) -> tuple[list[UnitState], list[UnitState]]:
        mine = [u for u in self.units if u.side == side]
        theirs = [u for u in self.units if u.side != side]
        return mine, theirs

    def spot_side(self, side: str, roll: Roll | None = None) -> SpottingReport:
        observers, targets = self.observers_and_targets(side)
        return self.report(side, self.pairs_for(side, observers, targets), roll)

    def report(self, side: str, pairs: dict, roll: Roll | None = None) -> SpottingReport:
        """The side's sightings from its seeing pairs {(observer, target): rule}."""
        seen_by: dict[str, dict[str, str]] = {}
        for (o, t), rule in pairs.items():
            seen_by.setdefault(t, {})[o] = rule
        return self.report_seen(side, seen_by, roll)

    def report_seen(self, side: str, seen_by: dict[str, dict[str, str]], roll: Roll | None = None,
                    known: dict[str, Sighting] | None = None, order: list[str] | None = None) -> SpottingReport:
        """The side's sightings from who sees each target, {target: {observer: rule}}, with
        counterbattery spotting (7.87) and the camouflage rolls (5.25).  Targets come in the
        order of their first observer's id, then their own (rolls and new contacts' labels are
        made in that order, so a game replays the same); those seen by counterbattery alone
        after them, in the game's order.  A caller that keeps them gives `known`, sightings by
        target while its observers stay the same (read and filled here), and `order`, the
        targets of `seen_by` in that order (KeptPairs)."""
        rep = SpottingReport(side)
        units = self.game.units
        known = {} if known is None else known
        camouflaged, by_counterbattery = self._marked()
        by_cb = {t for t, s in by_counterbattery if s != side}
        if order is None:
            order = [t for _, t in sorted([(min(who), t) for t, who in seen_by.items()])]
        if by_cb:
            order = order + [t for t, s in by_counterbattery if s != side and t not in seen_by]
        for tid in order:
            if tid not in known:
                observers = seen_by.get(tid, {})
                rule = min(observers.values(), default="MW4 7.87")
                known[tid] = sighting_of(tid, tuple(sorted(observers)), rule)
        hidden = set()
        for tid in [t for t in order if t in camouflaged] if roll is not None else ():
            if tid in by_cb or not set(seen_by[tid].values()) <= {"MW4 5.2", "MW4 5.23"}:
                continue
            t = units[tid]
            key = "defilade" if all(self.in_defilade(units[o].hex, t.hex)
                                    for o in known[tid].observers if o in units) else self.game.map.terrain[t.hex]
            need = self.camo[key]["infantry" if self.kind(t) == "infantry" else "vehicle"]
            r = roll(f"camouflage {tid}")
            rep.camouflage_rolls.append((tid, r, need))
            if r <= need:
                hidden.add(tid)         # stays hidden this phase (5.25)
        rep.seen = {tid: known[tid] for tid in order if tid not in hidden}
        for tid in by_cb:              # 7.87: seen by counterbattery too
            sighting = known[tid]
            rule = min(sighting.rule, "MW4 7.87") if sighting.observers else "MW4 7.87"
            rep.seen[tid] = sighting_of(tid, sighting.observers + ("counterbattery",), rule)
        return rep

    def _marked(self) -> tuple[set[str], list[tuple[str, str]]]:
        """The camouflaged units (5.25) and those spotted by counterbattery where they stand
        (7.87), with their sides: read once for every side's report."""
        if self._marks is None:
            self._marks = ({u.id for u in self.units if u.marks.camouflaged},
                           [(u.id, u.side) for u in self.units if u.marks.cb_q is not None and u.marks.cb_spotted == u.hex])
        return self._marks


def sighting_of(target: str, observers: tuple[str, ...], rule: str) -> Sighting:
    return Sighting(target, observers, rule, _REASONS.get(rule, ""))


def _hexes(units: list[UnitState]) -> np.ndarray:
    """Where the units stand, (q, r) rows (fromiter: a third faster than nested lists, and a
    pass after a move asks it of every unit of a side)."""
    return np.fromiter((c for u in units for c in (u.hex.q, u.hex.r)), dtype=np.int64,
                       count=2 * len(units)).reshape(-1, 2)


_REASONS = {
    "MW4 5.2": "within observation range with a clear line of sight",
    "MW4 5.21": "fired or moved (vehicle) in a line of sight",
    "MW4 5.22": "already face-up and still in a line of sight",
    "MW4 5.23": "seen in the most open terrain it moved through",
    "MW4 11.2": "in an improved position, seen from the next hex",
    "MW4 7.87": "spotted by counterbattery and has not moved",
}
