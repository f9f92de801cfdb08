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

`spot_side` is the fast full pass (distance pruning, then batched LOS); `KeptPairs` keeps each
side's pairs between passes so that a move re-judges only the pairs of the units it changed.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ...core.errors import RulesetError
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, Hexside, hex_distance
from ...core.los import Eye, crossing_plan
from .los import NO_HEIGHT, Mw4Map

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
    path: np.ndarray | None         # a mover judged along its path (5.21, 5.23): its hexes (q, r)
    limits: np.ndarray | None       # and the range at which it is seen in each


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
        side_off = crossing_plan(target - observer).entry_side
        if side_off is None:
            return False
        side = Hexside(side_off.a + observer, side_off.b + observer)
        height = self.sight.side_height.get(side, NO_HEIGHT)
        return height > NO_HEIGHT and self.sight.elev[observer] < height + 1

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
        anyr = [f.any_range for f in facts]
        reach = np.array([f.reach for f in facts])
        oi, ti = np.nonzero(dist <= reach[None, :])          # prune by range before any LOS
        heli_o = self._helicopters(observers)
        heli_t = np.array([f.kind == "helicopter" for f in facts], dtype=bool)
        moving = np.array([f.path is not None for f in facts], dtype=bool)
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
        still = np.array([f.still for f in facts], dtype=bool)
        at_any = np.array([a is not None for a in anyr], dtype=bool)
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
            out[(observers[i].id, targets[j].id)] = "MW4 11.2" if still[j] else (anyr[j] or "MW4 5.2")
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
        path = limits = None
        if t.moved and t.path and a != "MW4 5.22":
            # 5.21 / 5.23: every hex of its move counts, each at the range it is seen there
            path = np.array([[h.q, h.r] for h in t.path], dtype=np.int64)
            limits = np.array([(self.night_cap or ANY_RANGE) if a else self.table_range(t, self.game.map.terrain[h])
                               for h in t.path], dtype=np.int64)
        return TargetFacts(self.kind(t), a, self.reach(side, t, a or ""),
                           bool(t.marks.improved and not t.moved and not t.fired), path, limits)

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
        count[movers] = [len(facts[j].path) for j in movers]
        first[movers] = np.cumsum(count[movers]) - count[movers]
        path = np.concatenate([facts[j].path for j in movers])
        limit_a = np.concatenate([facts[j].limits for j in movers])
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
        rep = SpottingReport(side)
        by_target: dict[str, list[tuple[str, str]]] = {}
        for (o, t), rule in sorted(pairs.items()):
            by_target.setdefault(t, []).append((o, rule))
        for u in self.units:
            if u.side != side and u.marks.cb_spotted is not None and u.marks.cb_spotted == u.hex:
                by_target.setdefault(u.id, []).append(("counterbattery", "MW4 7.87"))
        for tid, seen in by_target.items():
            t = self.game.units[tid]
            rules = {r for _, r in seen}
            if t.marks.camouflaged and rules <= {"MW4 5.2", "MW4 5.23"} and roll is not None:
                key = "defilade" if all(self.in_defilade(self.game.units[o].hex, t.hex)
                                        for o, _ in seen if o in self.game.units) else self.game.map.terrain[t.hex]
                need = self.camo[key]["infantry" if self.kind(t) == "infantry" else "vehicle"]
                r = roll(f"camouflage {tid}")
                rep.camouflage_rolls.append((tid, r, need))
                if r <= need:
                    continue            # stays hidden this phase (5.25)
            rule = sorted(rules)[0]
            rep.seen[tid] = Sighting(tid, tuple(o for o, _ in seen), rule, _REASONS.get(rule, ""))
        return rep


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


Look = tuple          # what a pair's verdict depends on of one unit (KeptPairs.looks_now)


class KeptPairs:
    """Each side's seeing pairs from its last pass, and how each unit looked then, so that the
    next pass -- after a move, a shot, a new contact -- re-judges only the pairs of the units
    whose look changed.  A pair's verdict is decided by the prepared map (terrain, smoke, light:
    the same Mw4Map object) and the two units' looks alone, so pairs kept from any earlier pass
    on the same map are the verdicts a full pass would reach.  The rule system keeps one across
    actions (each action reads the game afresh: nothing here holds on to its units)."""

    MOST = 0.25           # past this share of units changed, a full pass costs no more

    def __init__(self) -> None:
        self.sight: Mw4Map | None = None
        self.looks: dict[str, dict[str, Look]] = {}                        # side -> unit id -> look
        self.pairs: dict[str, dict[tuple[str, str], str]] = {}
        self.of_unit: dict[str, dict[str, set[tuple[str, str]]]] = {}      # side -> unit id -> its pairs
        self.facts: dict[str, dict[str, TargetFacts]] = {}      # side -> unit id -> its facts as a target

    @staticmethod
    def looks_now(spotter: Spotter, side: str) -> dict[str, Look]:
        """Everything of each unit that `pair` reads, as observer or as target of `side`: where
        it is, what it is, whether it moved or fired and along which path, an improved position,
        and whether `side` saw it last pass (5.22).  (One comprehension: asked of every unit
        on each pass, a call per unit cost a third of a one-move pass.)"""
        contacts = spotter.game.contacts
        return {u.id: (u.side, u.hex, u.type, u.moved, u.fired, u.path, u.marks.improved,
                       c.status if (c := contacts.get((side, u.id))) is not None else None)
                for u in spotter.units}

    def pairs_for(self, spotter: Spotter, side: str) -> dict[tuple[str, str], str]:
        """`spotter.pairs_for` of every observer and target of `side`, re-judging only what
        changed since this side's last pass (read-only: kept for the next)."""
        looks = self.looks_now(spotter, side)
        before = self.looks.get(side)
        observers, targets = spotter.observers_and_targets(side)
        if before is None or self.sight is not spotter.sight:
            if self.sight is not spotter.sight:             # another map, smoke or light: start again
                self.sight, self.looks, self.pairs, self.of_unit, self.facts = spotter.sight, {}, {}, {}, {}
            spotter.kept_facts[side] = self.facts[side] = {}
            return self._keep(side, looks, spotter.pairs_for(side, observers, targets), fresh=True)
        changed = {uid for uid, look in looks.items() if before.get(uid) != look} | (before.keys() - looks.keys())
        if len(changed) > self.MOST * max(1, len(looks)):
            spotter.kept_facts[side] = self.facts[side] = {}
            return self._keep(side, looks, spotter.pairs_for(side, observers, targets), fresh=True)
        # a target's facts depend on its look and the prepared map alone: the unchanged keep theirs
        facts = self.facts[side]
        for uid in changed:
            facts.pop(uid, None)
        spotter.kept_facts[side] = facts
        pairs, index = self.pairs[side], self.of_unit[side]
        for uid in changed:
            for key in index.pop(uid, ()):
                pairs.pop(key, None)
                other = key[1] if key[0] == uid else key[0]
                index.get(other, set()).discard(key)
        moved_o = [u for u in observers if u.id in changed]
        moved_t = [u for u in targets if u.id in changed]
        new = spotter.pairs_for(side, moved_o, targets)
        new.update(spotter.pairs_for(side, [u for u in observers if u.id not in changed], moved_t))
        return self._keep(side, looks, new, fresh=False)

    def _keep(self, side: str, looks: dict[str, Look], pairs: dict, fresh: bool) -> dict:
        if fresh:
            self.pairs[side], self.of_unit[side] = {}, {}
        kept, index = self.pairs[side], self.of_unit[side]
        kept.update(pairs)
        for key in pairs:
            index.setdefault(key[0], set()).add(key)
            index.setdefault(key[1], set()).add(key)
        self.looks[side] = looks
        return kept
