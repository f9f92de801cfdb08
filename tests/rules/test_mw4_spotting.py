"""MechWar 4 spotting: one small situation per rule, each citing it."""


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.game import Contact, Game, UnitState
from umpire.core.los import Eye

from umpire.rules.mechwar4.los import Mw4Map
from umpire.rules.mechwar4.spotting import Spotter
from umpire.rules.mechwar4.state import Marks, State
from umpire.rules import rule_system

from .mapkit import MW4, compiled_walk_only, make_map
from .test_mw4_los_batch import random_maps
from .test_mw4_los import ROW, grid_with

OBS = MW4.tables["observation"].section("entry")


@pytest.fixture(scope="module", autouse=True)
def compiled_walk():
    yield from compiled_walk_only()


def game_on(m, units, night=False, contacts=()):
    g = Game(location=":memory:", schema_version=2, title="t", rules=MW4, description="", turns=5, turn=2,
             first_player="blue", night=night, special_rules=(), scenario_path="t.toml", map=m, rule_state=State())
    from umpire.core.scenario import Side
    g.sides = [Side("blue", "Blue", "#0000ff", traits={"quality": "seasoned"}),
               Side("red", "Red", "#ff0000", traits={"quality": "seasoned"})]
    for u in units:
        g.units[u.id] = u
    for c in contacts:
        g.contacts[(c.side, c.unit)] = c
    return g


def unit(uid, side, number, m, utype="us_m1", **kw):
    """A unit; keywords are its columns or MechWar 4's marks (camouflaged=True...)."""
    marks = Marks(**{k: kw.pop(k) for k in list(kw) if k in Marks.model_fields})
    return UnitState(uid, utype, side, f"{side}-bn", None, "", m.grid.parse(number), marks=marks,
                     traits={"quality": "seasoned"}, **kw)


def seen(g, side="blue", roll=None):
    return Spotter(g, Mw4Map(g.map, MW4, g.night)).spot_side(side, roll).seen


@pytest.fixture()
def open_map():
    return make_map(["." * 30] * 12)


def place(m, col):
    return m.grid.number(m.grid.from_offset(col, 6))


class TestObservationRange:
    def test_5_2_stationary_vehicle_in_clear_within_range(self, open_map):
        m = open_map
        rng = OBS["clear"]["vehicle"]
        g = game_on(m, [unit("o", "blue", place(m, 1), m), unit("t", "red", place(m, 1 + rng), m, "sov_t72")])
        assert seen(g)["t"].rule == "MW4 5.2"
        g = game_on(m, [unit("o", "blue", place(m, 1), m), unit("t", "red", place(m, 2 + rng), m, "sov_t72")])
        assert "t" not in seen(g)

    def test_5_2_infantry_is_harder_to_see(self, open_map):
        m = open_map
        d = OBS["clear"]["infantry"] + 1
        g = game_on(m, [unit("o", "blue", place(m, 1), m), unit("t", "red", place(m, 1 + d), m, "sov_motor_rifle")])
        assert "t" not in seen(g)

    def test_5_2_woods_shrink_the_range(self):
        t, e = grid_with({ROW[4]: "w"})
        m = make_map(t, e)
        g = game_on(m, [unit("o", "blue", ROW[0], m), unit("t", "red", ROW[4], m, "sov_t72")])
        assert OBS["light_woods"]["vehicle"] < 4 and "t" not in seen(g)
        g = game_on(m, [unit("o", "blue", ROW[2], m), unit("t", "red", ROW[4], m, "sov_t72")])
        assert "t" in seen(g)

    def test_los_blocked_means_unseen_even_when_close(self):
        m = make_map(*grid_with({ROW[1]: "W"}))
        g = game_on(m, [unit("o", "blue", ROW[0], m), unit("t", "red", ROW[2], m, "sov_t72")])
        assert "t" not in seen(g)

    def test_19_72_night_caps_observation_at_10(self, open_map):
        m = open_map
        g = game_on(m, [unit("o", "blue", place(m, 1), m), unit("t", "red", place(m, 13), m, "sov_t72")], night=True)
        assert OBS["clear"]["vehicle"] > 10 and "t" not in seen(g)

    def test_defilade_behind_a_crest_10_21(self, open_map):
        t, e = grid_with({})
        m = make_map(t, e, hexsides={"crest": [f"{ROW[5]}/{ROW[6]}"]})
        g = game_on(m, [unit("o", "blue", ROW[0], m, "us_m1"), unit("t", "red", ROW[6], m, "sov_t72")])
        assert "t" not in seen(g)                 # hull down: seen only from the next hex
        g = game_on(m, [unit("o", "blue", ROW[5], m), unit("t", "red", ROW[6], m, "sov_t72")])
        assert "t" in seen(g)


class TestRevealing:
    def test_5_21_firing_reveals_at_any_range(self, open_map):
        m = open_map
        far_hex = place(m, 28)
        g = game_on(m, [unit("o", "blue", place(m, 1), m), unit("t", "red", far_hex, m, "sov_motor_rifle", fired=True)])
        assert seen(g)["t"].rule == "MW4 5.21"

    def test_5_21_a_moving_vehicle_is_seen_at_any_range_in_los(self, open_map):
        m = open_map
        path = tuple(m.grid.from_offset(c, 6) for c in (26, 27, 28))
        g = game_on(m, [unit("o", "blue", place(m, 1), m),
                        unit("t", "red", place(m, 28), m, "sov_t72", moved=True, path=path)])
        assert seen(g)["t"].rule == "MW4 5.21"

    def test_5_22_face_up_stays_seen_while_in_los(self, open_map):
        m = open_map
        t_hex = place(m, 25)
        c = Contact("blue", "t", "C1", "seen", m.grid.parse(t_hex), 1)
        g = game_on(m, [unit("o", "blue", place(m, 1), m), unit("t", "red", t_hex, m, "sov_t72")], contacts=[c])
        assert seen(g)["t"].rule == "MW4 5.22"
        g2 = game_on(m, [unit("o", "blue", place(m, 1), m), unit("t", "red", t_hex, m, "sov_t72")])
        assert "t" not in seen(g2)           # the same unit, not face-up: too far

    def test_5_23_best_terrain_along_the_move_counts(self):
        """Infantry that moved from open ground into woods is judged by the open ground."""
        m = make_map(*grid_with({ROW[6]: "w"}))
        path = (m.grid.parse(ROW[5]), m.grid.parse(ROW[6]))
        g = game_on(m, [unit("o", "blue", ROW[0], m),
                        unit("t", "red", ROW[6], m, "sov_motor_rifle", moved=True, path=path)])
        # moving infantry in clear is seen at infantry_moving range; ROW[5] is 5 hexes away
        assert OBS["clear"]["infantry_moving"] >= 5
        assert seen(g)["t"].rule == "MW4 5.23"
        g = game_on(m, [unit("o", "blue", ROW[0], m), unit("t", "red", ROW[6], m, "sov_motor_rifle", moved=True,
                                                           path=(m.grid.parse(ROW[6]),))])
        assert "t" not in seen(g)

    def test_11_2_improved_position_seen_only_from_adjacent(self, open_map):
        m = open_map
        g = game_on(m, [unit("o", "blue", place(m, 1), m), unit("t", "red", place(m, 3), m, "sov_t72", improved=True)])
        assert "t" not in seen(g)
        g = game_on(m, [unit("o", "blue", place(m, 2), m), unit("t", "red", place(m, 3), m, "sov_t72", improved=True)])
        assert seen(g)["t"].rule == "MW4 11.2"
        g = game_on(m, [unit("o", "blue", place(m, 1), m),
                        unit("t", "red", place(m, 3), m, "sov_t72", improved=True, fired=True)])
        assert "t" in seen(g)                  # firing gives the position away

    def test_7_87_counterbattery_spotted_stays_spotted_in_place(self, open_map):
        m = open_map
        h = place(m, 29)
        g = game_on(m, [unit("o", "blue", place(m, 1), m),
                        unit("t", "red", h, m, "sov_2s1", cb_q=m.grid.parse(h).q, cb_r=m.grid.parse(h).r)])
        assert seen(g)["t"].rule == "MW4 7.87" and seen(g)["t"].observers == ("counterbattery",)
        g = game_on(m, [unit("o", "blue", place(m, 1), m),
                        unit("t", "red", h, m, "sov_2s1", cb_q=m.grid.parse(place(m, 28)).q, cb_r=m.grid.parse(place(m, 28)).r)])
        assert "t" not in seen(g)              # it moved: no longer spotted


class TestCamouflage:
    def test_5_25_low_roll_keeps_a_camouflaged_unit_hidden(self, open_map):
        m = open_map
        units = [unit("o", "blue", place(m, 1), m), unit("t", "red", place(m, 4), m, "sov_t72", camouflaged=True)]
        need = MW4.tables["camouflage"].section("entry")["clear"]["vehicle"]
        assert "t" not in seen(game_on(m, units), roll=lambda purpose: need)
        assert "t" in seen(game_on(m, units), roll=lambda purpose: need + 1)

    def test_camouflage_does_not_help_a_unit_that_fires(self, open_map):
        m = open_map
        units = [unit("o", "blue", place(m, 1), m),
                 unit("t", "red", place(m, 4), m, "sov_t72", camouflaged=True, fired=True)]
        assert "t" in seen(game_on(m, units), roll=lambda purpose: 1)


class TestPullBack:
    def test_6_92_example_no_enemy_within_observation_range(self):
        """MW4 6.92 example: the M60 that fired from behind a slope hexside reverts to hidden if
        no Soviet unit is within (its one-hex defilade) observation range."""
        t, e = grid_with({}, {ROW[4]: 1, ROW[5]: 1})
        m = make_map(t, e, slopes="auto")
        m60 = unit("m60", "blue", ROW[4], m, "us_m60a3", fired=True)
        g = game_on(m, [m60, unit("s", "red", ROW[0], m, "sov_t72")])
        sp = Spotter(g, Mw4Map(m, MW4))
        assert sp.can_pull_back(m60)
        g = game_on(m, [m60, unit("s", "red", ROW[3], m, "sov_t72")])
        assert not Spotter(g, Mw4Map(m, MW4)).can_pull_back(m60)     # an enemy in the next hex

    def test_6_92_only_after_firing_from_defilade(self, open_map):
        m = open_map
        u = unit("u", "blue", place(m, 5), m, fired=True)
        g = game_on(m, [u, unit("s", "red", place(m, 25), m, "sov_t72")])
        assert not Spotter(g, Mw4Map(m, MW4)).can_pull_back(u)       # open ground: no defilade


def sample_game(sample_scenario):
    """The sample's units on the sample map, as sides blue (NATO) and red (Soviet)."""
    from umpire.core.game import UnitState as U
    from umpire.rules.mechwar4.traits import quality_of
    g = game_on(sample_scenario.map, [])
    for su in sample_scenario.units:
        if su.hex and not su.carried_by:
            g.units[su.id] = U(su.id, su.type, "blue" if su.side == "nato" else "red", su.battalion,
                               su.company, "", su.hex, marks=Marks(),
                               traits={"quality": quality_of(sample_scenario, su)})
    return g


def move_at_random(g, u, rng) -> None:
    """A move of one to three hexes, marked moved, its path kept (5.21, 5.23)."""
    path = [u.hex]
    for _ in range(rng.randint(1, 3)):
        path.append(rng.choice(g.map.on_map_neighbours(path[-1])))
    u.moved, u.path, u.hex = True, (u.path or (u.hex,)) + tuple(path[1:]), path[-1]


def seen_by_the_enemy(g, u, step: int) -> None:
    """The enemy saw `u` last pass: face-up to it (5.22)."""
    side = next(s for s in g.side_ids() if s != u.side)
    g.contacts[(side, u.id)] = Contact(side, u.id, f"C{step}", "seen", u.hex, 1)


class TestFastPathsAgree:
    def test_batched_pass_equals_pair_by_pair(self, sample_scenario):
        g = sample_game(sample_scenario)
        sp = Spotter(g, Mw4Map(g.map, MW4))
        for side in ("blue", "red"):
            obs, tgt = sp.observers_and_targets(side)
            fast = sp.pairs_for(side, obs, tgt)
            slow = {(o.id, t.id): r for o in obs for t in tgt if (r := sp.pair(side, o, t))}
            assert fast == slow

    @pytest.mark.parametrize("seed", [1, 2, 3, 4])
    def test_kept_pairs_equal_a_full_pass_after_moves_shots_and_contacts(self, sample_scenario, seed):
        """KeptPairs (the pass the rule system runs after each action) re-judges only the
        pairs of units whose look changed: after random moves (marked moved, path kept), shots,
        new contacts (5.22), units leaving the map and smoke, the same pairs as a full pass
        judged from nothing, for both sides."""
        import random

        from umpire.core.terrain import Overlay
        from umpire.rules.mechwar4.kept_pairs import KeptPairs

        rng = random.Random(seed)
        g = sample_game(sample_scenario)
        system = rule_system(g.rules)
        kept = KeptPairs()
        for step in range(12):
            live = [u for u in g.units.values() if u.on_map and not u.carried_by]
            u = rng.choice(live)
            what = rng.random()
            if what < 0.5:                                      # a move, one to three hexes
                move_at_random(g, u, rng)
            elif what < 0.7:
                u.fired = True                                  # 5.21
            elif what < 0.85:
                seen_by_the_enemy(g, u, step)                   # 5.22
            elif what < 0.95:
                u.status, u.hex = "destroyed", None             # gone from the map
            else:
                g.map.overlays.append(Overlay(rng.choice(list(g.map.hexes())), "smoke"))   # another map
            sp = system.spotter(g)
            for side in g.side_ids():
                full = Spotter(g, Mw4Map(g.map, MW4)).pairs_for(side, *sp.observers_and_targets(side))
                assert dict(kept.pairs_for(sp, side)) == full, (seed, step, side)

    @pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
    def test_kept_sightings_equal_a_full_report_rolls_and_order_included(self, sample_scenario, seed):
        """KeptPairs.report (what the rule system runs after each action) gives what a full
        pass's report gives -- the same targets in the same order (new contacts are labelled in
        that order), the same observers and rules, and the same camouflage rolls asked in the
        same order (5.25) -- after moves, shots, contacts (5.22), camouflage, counterbattery
        spotting (7.87) and units leaving; the reference below is the report as it was written
        before the sightings were kept, from all pairs sorted."""
        import random

        from umpire.rules.mechwar4.kept_pairs import KeptPairs
        from umpire.rules.mechwar4.spotting import Sighting

        def reference(sp, side, pairs, roll):
            by_target = {}
            for (o, t), rule in sorted(pairs.items()):
                by_target.setdefault(t, []).append((o, rule))
            for u in sp.units:
                if u.side != side and u.marks.cb_spotted is not None and u.marks.cb_spotted == u.hex:
                    by_target.setdefault(u.id, []).append(("counterbattery", "MW4 7.87"))
            seen, rolls = {}, []
            for tid, who in by_target.items():
                t = g.units[tid]
                rules = {r for _, r in who}
                if t.marks.camouflaged and rules <= {"MW4 5.2", "MW4 5.23"}:
                    key = "defilade" if all(sp.in_defilade(g.units[o].hex, t.hex) for o, _ in who
                                            if o in g.units) else g.map.terrain[t.hex]
                    need = sp.camo[key]["infantry" if sp.kind(t) == "infantry" else "vehicle"]
                    r = roll(f"camouflage {tid}")
                    rolls.append((tid, r, need))
                    if r <= need:
                        continue
                rule = sorted(rules)[0]
                seen[tid] = Sighting(tid, tuple(o for o, _ in who), rule, "")
            return seen, rolls

        def dice(asked):
            return lambda purpose: asked.append(purpose) or (len(asked) * 7 + len(purpose)) % 6 + 1

        rng = random.Random(seed)
        g = sample_game(sample_scenario)
        for u in g.units.values():
            u.marks = u.marks.model_copy(update={"camouflaged": rng.random() < 0.4})
        system = rule_system(g.rules)
        kept = KeptPairs()
        for step in range(14):
            live = [u for u in g.units.values() if u.on_map and not u.carried_by]
            u = rng.choice(live)
            what = rng.random()
            if what < 0.45:
                move_at_random(g, u, rng)
            elif what < 0.6:
                u.fired = True
            elif what < 0.75:
                seen_by_the_enemy(g, u, step)
            elif what < 0.9:
                u.marks = u.marks.model_copy(update={"cb_q": u.hex.q, "cb_r": u.hex.r})     # 7.87
            else:
                u.status, u.hex = "destroyed", None
            sp = system.spotter(g)
            for side in g.side_ids():
                asked_kept, asked_full = [], []
                rep = kept.report(sp, side, dice(asked_kept))
                full = Spotter(g, Mw4Map(g.map, MW4))
                want, rolls = reference(full, side, full.pairs_for(side, *full.observers_and_targets(side)),
                                        dice(asked_full))
                assert list(rep.seen) == list(want), (seed, step, side)
                assert [(s.observers, s.rule) for s in rep.seen.values()] == [(s.observers, s.rule) for s in want.values()]
                assert asked_kept == asked_full and rep.camouflage_rolls == rolls
                assert all(s.reason for s in rep.seen.values())

    def test_kept_pairs_rejudge_only_the_changed_units(self, sample_scenario):
        from umpire.rules.mechwar4.kept_pairs import KeptPairs

        g = sample_game(sample_scenario)
        sp = rule_system(g.rules).spotter(g)
        kept = KeptPairs()
        kept.pairs_for(sp, "blue")
        asked = []
        real = sp.pairs_for
        sp.pairs_for = lambda side, o, t: asked.append(({u.id for u in o}, {u.id for u in t})) or real(side, o, t)
        g.units["T1"].hex = g.map.grid.parse("1918")
        kept.pairs_for(sp, "blue")
        assert asked and max(min(len(o), len(t)) for o, t in asked) <= 1     # the changed unit's pairs only
        assert all("T1" in (observers if len(observers) == 1 else targets) for observers, targets in asked if
                   min(len(observers), len(targets)) == 1)

    @pytest.mark.parametrize("seed", [1, 2, 3])
    def test_batched_movers_equal_pair_by_pair(self, sample_scenario, seed):
        """Units that moved (5.21 vehicles at any range, 5.23 infantry by the best hex of the
        path) and face-up contacts (5.22) go through the batched mover path: same verdicts."""
        import random
        rng = random.Random(seed)
        g = sample_game(sample_scenario)
        for u in list(g.units.values()):
            if rng.random() < 0.5:
                path = [u.hex]
                for _ in range(rng.randint(1, 5)):
                    path.append(rng.choice(g.map.on_map_neighbours(path[-1])))
                u.moved, u.path, u.hex = True, tuple(path), path[-1]
            if rng.random() < 0.2:
                side = "red" if u.side == "blue" else "blue"
                g.contacts[(side, u.id)] = Contact(side, u.id, "C1", "seen", u.hex, 1)
        g.night = seed == 3          # 19.72: at most 10 hexes (the sides start 14 apart)

        sp = Spotter(g, Mw4Map(g.map, MW4, g.night))
        movers_seen = 0
        for side in ("blue", "red"):
            obs, tgt = sp.observers_and_targets(side)
            fast = sp.pairs_for(side, obs, tgt)
            slow = {(o.id, t.id): r for o in obs for t in tgt if (r := sp.pair(side, o, t))}
            assert fast == slow
            movers_seen += sum(1 for _, t in fast if g.units[t].moved)
        assert movers_seen or g.night        # by day the batched mover path was exercised


class TestFastSpottingOnRandomMaps:
    """The batched pass equals the pair-by-pair one on random maps: hexside obstructions, smoke,
    lines through corners and along hexsides (both los.toml settings), night, helicopters, movers,
    face-up contacts, fired units, improved positions."""

    TYPES = ("us_m1", "us_m2", "us_ah1", "sov_t72", "sov_bmp", "sov_mi24", "us_mech_inf", "sov_motor_rifle")

    @settings(max_examples=40, deadline=None)
    @given(random_maps(), st.sampled_from(["both", "either"]), st.sampled_from(["ignore", "block"]),
           st.booleans(), st.randoms(use_true_random=False))
    def test_random_situations(self, m, along, vertex, night, rnd):
        hexes = list(m.hexes())
        units = []
        for i, h in enumerate(rnd.sample(hexes, 14)):
            side = "blue" if i % 2 else "red"
            u = unit(f"u{i}", side, m.grid.number(h), m, utype=rnd.choice(self.TYPES),
                     improved=rnd.random() < 0.15, camouflaged=rnd.random() < 0.2)
            if rnd.random() < 0.4:
                path = [h]
                for _ in range(rnd.randint(1, 4)):
                    path.append(rnd.choice(m.on_map_neighbours(path[-1])))
                u.moved, u.path, u.hex = True, tuple(path), path[-1]
            u.fired = rnd.random() < 0.15
            units.append(u)
        contacts = [Contact("red" if u.side == "blue" else "blue", u.id, "C1", "seen", u.hex, 1)
                    for u in units if rnd.random() < 0.3]
        g = game_on(m, units, night=night, contacts=contacts)
        mw = Mw4Map(m, MW4, night)
        mw.along_rule, mw.vertex_rule = along, vertex
        sp = Spotter(g, mw)
        for side in ("blue", "red"):
            obs, tgt = sp.observers_and_targets(side)
            slow = {(o.id, t.id): r for o in obs for t in tgt if (r := sp.pair(side, o, t))}
            assert sp.pairs_for(side, obs, tgt) == slow

    @settings(max_examples=30, deadline=None)
    @given(random_maps(), st.sampled_from(["both", "either"]), st.sampled_from(["ignore", "block"]),
           st.randoms(use_true_random=False))
    def test_ground_lines_read_the_same_from_either_end(self, m, along, vertex, rnd):
        """What lets the second side's pass reuse the first's lines (Mw4Map.seen_lines): 10.43
        and 10.44 weigh the lower end against the higher, never the start against the end."""
        hexes = list(m.hexes())
        pairs = [tuple(rnd.sample(hexes, 2)) for _ in range(60)]
        mw = Mw4Map(m, MW4)
        mw.along_rule, mw.vertex_rule = along, vertex
        exact = [mw.line_of_sight(Eye(a), Eye(b)).clear for a, b in pairs]
        assert exact == [mw.line_of_sight(Eye(b), Eye(a)).clear for a, b in pairs]
        starts = np.array([[a.q, a.r] for a, _ in pairs])
        ends = np.array([[b.q, b.r] for _, b in pairs])
        assert mw.batch_clear(starts, ends).tolist() == exact
        assert mw.batch_clear(ends, starts).tolist() == exact          # from the memo, backwards
