"""MechWar 4 line of sight: one small map per rule, each citing it, plus the 5.11 worked examples.

Maps are flat-topped with even columns half a hex lower, so hexes 0105, 0205, 0306, 0406,
0507, 0607, 0708 ... lie on one straight hex row (as in MW4 20.41's line 0119-3134).
"""

import dataclasses

import pytest

from umpire.core.los import Eye
from umpire.rules.mechwar4.los import Mw4Map

from .mapkit import MW4, make_map

ROW = ["0105", "0205", "0306", "0406", "0507", "0607", "0708", "0808", "0909"]   # a straight line


def los(m, a, b, night=False, settings=None, **eyes):
    mw = Mw4Map(m, MW4, night)
    if settings:
        for k, v in settings.items():
            setattr(mw, k, v)
    p = m.grid.parse
    return mw.line_of_sight(Eye(p(a), eyes.get("a_heli", False), eyes.get("a_fire", False)),
                            Eye(p(b), eyes.get("b_heli", False), eyes.get("b_fire", False)))


def grid_with(cells: dict[str, str], elev: dict[str, int] | None = None, cols=10, rows=12):
    """A clear level-0 map with some hexes changed: {hex: terrain symbol}, {hex: level}."""
    from umpire.core.hexgrid import Grid
    g = Grid(cols, rows)
    t = [["."] * cols for _ in range(rows)]
    e = [["0"] * cols for _ in range(rows)]
    for n, sym in cells.items():
        c, r = g.to_offset(g.parse(n))
        t[r - 1][c - 1] = sym
    for n, lvl in (elev or {}).items():
        c, r = g.to_offset(g.parse(n))
        e[r - 1][c - 1] = str(lvl)
    return ["".join(x) for x in t], ["".join(x) for x in e]


def test_the_test_row_is_straight():
    m = make_map(*grid_with({}))
    res = los(m, ROW[0], ROW[-1])
    assert [m.number(h) for h in res.hexes] == ROW
    assert res.clear and res.range == 8


class TestBlockingTerrain:
    def test_woods_between_ground_units_blocks_5_11(self):
        m = make_map(*grid_with({ROW[3]: "w"}))
        r = los(m, ROW[0], ROW[6])
        assert not r.clear and m.number(r.blocker) == ROW[3] and r.rule == "MW4 10.43"

    def test_town_and_heavy_woods_block_too(self):
        for sym in "tW":
            assert not los(make_map(*grid_with({ROW[2]: sym})), ROW[0], ROW[5]).clear

    def test_clear_marsh_and_lake_do_not_block(self):
        for sym in ".m~":
            assert los(make_map(*grid_with({ROW[2]: sym})), ROW[0], ROW[5]).clear

    def test_own_hexes_never_block_5_0(self):
        m = make_map(*grid_with({ROW[0]: "w", ROW[5]: "t"}))
        assert los(m, ROW[0], ROW[5]).clear

    def test_smoke_blocks_like_woods_18_11(self):
        m = make_map(*grid_with({}), smoke=[ROW[3]])
        r = los(m, ROW[0], ROW[6])
        assert not r.clear and m.number(r.blocker) == ROW[3]


class TestHeights:
    def test_10_42_woods_count_one_level_higher_but_not_for_units_in_them(self):
        """MW4 10.42 example: a unit in town hex 1209 is at level 0, but an LOS traced through
        the hex treats it as level 1.  Two level-1 units see over a level-0 town between them;
        a level-0 unit in a town is not raised to see over level-1 ground."""
        m = make_map(*grid_with({ROW[3]: "t"}, {ROW[0]: 1, ROW[6]: 1}))
        assert los(m, ROW[0], ROW[6]).clear                       # top 1 is not above level 1
        m2 = make_map(*grid_with({ROW[0]: "t"}, {ROW[3]: 1}))
        assert not los(m2, ROW[0], ROW[6]).clear                  # the unit in town stays at 0

    def test_10_43_higher_than_both_blocks(self):
        m = make_map(*grid_with({}, {ROW[0]: 1, ROW[3]: 2}))
        r = los(m, ROW[0], ROW[6])
        assert not r.clear and r.rule == "MW4 10.43"

    @pytest.mark.parametrize("hill,clear", [(ROW[5], False), (ROW[2], True), (ROW[1], True)])
    def test_10_44_between_blocks_only_nearer_the_lower_unit(self, hill, clear):
        """Observer at level 2 in 0105, target at level 0 in 0708, a level-1 hill between."""
        m = make_map(*grid_with({}, {ROW[0]: 2, hill: 1}))
        r = los(m, ROW[0], ROW[6])
        assert r.clear is clear
        if not clear:
            assert r.rule == "MW4 10.44"

    def test_10_44_at_exactly_half_way_does_not_block(self):
        m = make_map(*grid_with({}, {ROW[0]: 2, ROW[3]: 1}))
        assert los(m, ROW[0], ROW[6]).clear

    def test_5_11_worked_example_town_more_than_half_way_blocks(self):
        """MW4 5.11 example: the town is four hexes from the higher unit and the lower unit six
        hexes away: more than half way, so the LOS is completely blocked."""
        m = make_map(*grid_with({ROW[4]: "t"}, {ROW[0]: 1}))
        r = los(m, ROW[0], ROW[6])
        assert not r.clear and m.number(r.blocker) == ROW[4]

    def test_5_11_blind_hex_directly_behind(self):
        """From above, blocking terrain hides the hex directly behind it, even at equal distance."""
        m = make_map(*grid_with({ROW[1]: "w"}, {ROW[0]: 2}))
        r = los(m, ROW[0], ROW[2])           # range 2: the woods is one hex from each unit
        assert not r.clear and r.rule == "MW4 5.11"
        assert los(m, ROW[0], ROW[6]).clear   # far behind the woods: seen from above

    def test_5_11_elevation_examples(self):
        """MW4 5.11 ELEVATION: a continuous downward slope is clear; higher ground between blocks.

        Under 10.44 a slope stays clear only while its raised hexes are no nearer the lower unit
        than the higher one, so the slope here reaches the bottom by the half-way hex."""
        down = make_map(*grid_with({}, {ROW[0]: 3, ROW[1]: 2, ROW[2]: 1, ROW[3]: 1}))
        assert los(down, ROW[0], ROW[6]).clear
        steep_foot = make_map(*grid_with({}, {ROW[0]: 3, ROW[1]: 3, ROW[2]: 2, ROW[3]: 2, ROW[4]: 1}))
        assert los(steep_foot, ROW[0], ROW[6]).rule == "MW4 10.44"
        hump = make_map(*grid_with({}, {ROW[0]: 2, ROW[4]: 3}))
        assert not los(hump, ROW[0], ROW[6]).clear


class TestHexsideObstructions:
    def _crest(self, observer_level):
        # a crest on the hexside between 0607 and 0708 (the target's next-door hexside is 0607/0708,
        # so put the target one further on, in 0808)
        t, e = grid_with({}, {ROW[0]: observer_level})
        return make_map(t, e, hexsides={"crest": [f"{ROW[5]}/{ROW[6]}"]})

    def test_10_41_crest_is_a_level_1_obstruction(self):
        r = los(self._crest(1), ROW[0], ROW[7])
        assert not r.clear and "crest" in r.reason and r.rule == "MW4 10.44"

    def test_10_41_spotter_at_level_2_ignores_it(self):
        assert los(self._crest(2), ROW[0], ROW[7]).clear

    def test_ground_units_at_level_0_are_blocked_by_it(self):
        r = los(self._crest(0), ROW[0], ROW[7])
        assert not r.clear and r.rule == "MW4 10.43"

    def test_5_0_own_hexside_does_not_block(self):
        assert los(self._crest(0), ROW[0], ROW[6]).clear    # the crest is a hexside of 0708

    def test_embankment_and_slope_obstruct_wall_does_not(self):
        t, e = grid_with({}, {ROW[5]: 1})
        for kind, blocks in (("rail_embankment", True), ("wall", False)):
            m = make_map(t, ["0" * 10] * 12, hexsides={kind: [f"{ROW[3]}/{ROW[4]}"]})
            assert (not los(m, ROW[0], ROW[7]).clear) is blocks, kind
        m = make_map(t, e, hexsides={"slope": [f"{ROW[4]}/{ROW[5]}"]})   # slope up to a level-1 hex
        assert not los(m, ROW[0], ROW[7]).clear


class TestHelicopters:
    def test_17_22_helicopter_sees_over_woods_to_a_target_in_the_open(self):
        m = make_map(*grid_with({ROW[2]: "W", ROW[3]: "t"}))
        assert not los(m, ROW[0], ROW[6]).clear
        r = los(m, ROW[0], ROW[6], a_heli=True)
        assert r.clear and r.rule == "MW4 17.22"

    def test_17_22_target_in_woods_entered_through_a_woods_hexside_is_hidden(self):
        m = make_map(*grid_with({ROW[5]: "w", ROW[6]: "w"}))
        r = los(m, ROW[0], ROW[6], a_heli=True)
        assert not r.clear and r.rule == "MW4 17.22"
        m2 = make_map(*grid_with({ROW[3]: "w", ROW[6]: "w"}))
        assert los(m2, ROW[0], ROW[6], a_heli=True).clear

    def test_17_32_helicopter_not_firing_hides_behind_cover(self):
        m = make_map(*grid_with({ROW[2]: "w"}, {ROW[0]: 2}))
        assert los(m, ROW[0], ROW[6]).clear                          # a ground target: seen from above
        r = los(m, ROW[0], ROW[6], b_heli=True)
        assert not r.clear and r.rule == "MW4 17.32"
        assert los(m, ROW[0], ROW[6], b_heli=True, b_fire=True).clear  # firing: it pops up
        assert los(m, ROW[0], ROW[1], b_heli=True).clear               # adjacent: always


class TestNightAndGrid:
    def test_19_71_night_limits_los_to_10_hexes(self):
        m = make_map(["." * 14] * 12)
        g = m.grid
        a, b, c = g.from_offset(1, 6), g.from_offset(11, 6), g.from_offset(12, 6)
        mw = Mw4Map(m, MW4, night=True)
        assert mw.line_of_sight(Eye(a), Eye(b)).clear
        r = mw.line_of_sight(Eye(a), Eye(c))
        assert not r.clear and r.rule == "MW4 19.71"
        assert Mw4Map(m, MW4).line_of_sight(Eye(a), Eye(c)).clear

    def _along(self, cells):
        # 0105 -> 0305 runs exactly along the hexside 0204/0205
        m = make_map(*grid_with(cells))
        res = los(m, "0105", "0305")
        assert [(m.number(s.a), m.number(s.b)) for s in res.along] == [("0204", "0205")]
        return m

    def test_along_a_hexside_needs_both_hexes_by_default(self):
        m = self._along({"0204": "w"})
        assert los(m, "0105", "0305").clear
        m = self._along({"0204": "w", "0205": "w"})
        r = los(m, "0105", "0305")
        assert not r.clear and "runs along this hexside" in r.reason

    def test_along_a_hexside_setting_either(self):
        m = self._along({"0205": "t"})
        assert not los(m, "0105", "0305", settings={"along_rule": "either"}).clear

    def test_settings_come_from_the_data(self):
        mw = Mw4Map(make_map(["..."] * 3), MW4)
        assert (mw.along_rule, mw.vertex_rule, mw.night_los) == ("both", "ignore", 10)

    def test_units_never_block_5_3(self):
        """LOS is judged from the map alone: there is no way for a unit to enter into it."""
        import inspect
        params = inspect.signature(Mw4Map.line_of_sight).parameters
        assert list(params) == ["self", "a", "b"]
        assert {f.name for f in dataclasses.fields(Eye)} == {"hex", "helicopter", "firing"}
