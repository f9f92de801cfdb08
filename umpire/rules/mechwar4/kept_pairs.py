"""Spotting after each action (MW4 5.2-5.25) without judging the whole map again: each side's
seeing pairs and sightings kept from its last pass, re-judged only for the units that changed.

A pass in mid-game judges some 10,000 seeing pairs of 90,000 a side; a move changes one unit's
pairs.  `KeptPairs.report` is what the rule system runs after every action: the kept pairs of the
units that did not change, the pairs of those that did judged afresh (Spotter.pairs_for), and
the sightings of the targets whose observers changed rebuilt (Spotter.report_seen), camouflage
rolled on every pass as a full pass rolls it.
"""

from __future__ import annotations

from bisect import bisect_left, insort

from .los import Mw4Map
from .spotting import Roll, Sighting, Spotter, SpottingReport, TargetFacts, sighting_of

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
        self.seen_by: dict[str, dict[str, dict[str, str]]] = {}   # side -> target -> observer -> rule
        self.sightings: dict[str, dict[str, Sighting]] = {}       # side -> target -> while its observers stay
        # side -> the targets seen, sorted by (first observer, target): the report's order
        self.order: dict[str, list[tuple[str, str]] | None] = {}
        self.first: dict[str, dict[str, str]] = {}                # side -> target -> its first observer
        self.watching: dict[str, dict[str, list[str]]] = {}       # side -> target -> its observers, sorted
        self.touched: dict[str, set[str]] = {}                    # side -> targets whose observers changed

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

    def report(self, spotter: Spotter, side: str, roll: Roll | None = None) -> SpottingReport:
        """`spotter.report` of the side's pairs now, from what is kept (see the module)."""
        self.pairs_for(spotter, side)
        seen_by, sightings, watching = self.seen_by[side], self.sightings[side], self.watching[side]
        for t in self.touched[side]:
            if t in watching:
                sightings[t] = sighting_of(t, tuple(watching[t]), min(seen_by[t].values()))
        return spotter.report_seen(side, seen_by, roll, sightings, self._order(side))

    def _order(self, side: str) -> list[str]:
        """The side's targets in the report's order, kept sorted as their observers change."""
        first, order, touched, watching = self.first[side], self.order[side], self.touched[side], self.watching[side]
        if order is None:
            first.clear()
            first.update((t, who[0]) for t, who in watching.items())
            order = self.order[side] = sorted((o, t) for t, o in first.items())
        else:
            for t in touched:
                old, who = first.get(t), watching.get(t)
                new = who[0] if who else None
                if old == new:
                    continue
                if old is not None:
                    del order[bisect_left(order, (old, t))]
                    del first[t]
                if new is not None:
                    insort(order, (new, t))
                    first[t] = new
        touched.clear()
        return [t for _, t in order]

    def pairs_for(self, spotter: Spotter, side: str) -> dict[tuple[str, str], str]:
        """`spotter.pairs_for` of every observer and target of `side`, re-judging only what
        changed since this side's last pass (read-only: kept for the next)."""
        looks = self.looks_now(spotter, side)
        before = self.looks.get(side)
        observers, targets = spotter.observers_and_targets(side)
        if before is None or self.sight is not spotter.sight:
            if self.sight is not spotter.sight:             # another map, smoke or light: start again
                self.sight, self.looks, self.pairs, self.of_unit, self.facts = spotter.sight, {}, {}, {}, {}
                self.seen_by, self.sightings, self.order, self.first, self.touched = {}, {}, {}, {}, {}
                self.watching = {}
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
        seen_by, sightings, touched, watching = self.seen_by[side], self.sightings[side], self.touched[side], \
            self.watching[side]
        for uid in changed:
            for key in index.pop(uid, ()):
                pairs.pop(key, None)
                o, t = key
                index.get(t if o == uid else o, set()).discard(key)
                del seen_by[t][o]
                who = watching[t]
                del who[bisect_left(who, o)]
                if not who:
                    del seen_by[t], watching[t]
                sightings.pop(t, None)
                touched.add(t)
        moved_o = [u for u in observers if u.id in changed]
        moved_t = [u for u in targets if u.id in changed]
        new = spotter.pairs_for(side, moved_o, targets)
        new.update(spotter.pairs_for(side, [u for u in observers if u.id not in changed], moved_t))
        return self._keep(side, looks, new, fresh=False)

    def _keep(self, side: str, looks: dict[str, Look], pairs: dict, fresh: bool) -> dict:
        if fresh:
            self.pairs[side], self.of_unit[side], self.seen_by[side], self.sightings[side] = {}, {}, {}, {}
            self.order[side], self.first[side], self.touched[side], self.watching[side] = None, {}, set(), {}
        kept, index = self.pairs[side], self.of_unit[side]
        seen_by, sightings, touched, watching = self.seen_by[side], self.sightings[side], self.touched[side], \
            self.watching[side]
        kept.update(pairs)
        for key, rule in pairs.items():
            o, t = key
            index.setdefault(o, set()).add(key)
            index.setdefault(t, set()).add(key)
            seen_by.setdefault(t, {})[o] = rule
            if fresh:
                watching.setdefault(t, []).append(o)
            else:
                insort(watching.setdefault(t, []), o)
            sightings.pop(t, None)
            touched.add(t)
        if fresh:
            for who in watching.values():
                who.sort()
        self.looks[side] = looks
        return kept
