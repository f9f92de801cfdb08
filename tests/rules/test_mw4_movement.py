"""MechWar 4 movement, one case per rule (costs from the sample terrain chart)."""

import pytest

from umpire.core.terrain import Overlay
from umpire.rules.mechwar4.movement import check_move, step_cost

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit

TEC = MW4.terrain_types
SIDES = MW4.hexside_features


def line(m, *cols, row=6):
    return [m.grid.from_offset(c, row) for c in cols]


@pytest.fixture()
def strip():
    # row 6, columns 1..10: clear, light woods at 4, heavy woods at 5, town at 6, lake at 8
    terrain = ["." * 10] * 12
    t = list(terrain[5])
    t[3], t[4], t[5], t[7] = "w", "W", "t", "~"
    terrain[5] = "".join(t)
    return make_map(terrain)


def test_10_11_terrain_costs_add_up(strip):
    m = strip
    g = game_on(m, [unit("a", "blue", m.number(line(m, 2)[0]), m, "us_m1")])
    r = check_move(g, "a", line(m, 2, 3, 4, 5))
    assert r.legal
    assert [s.cost for s in r.steps[1:]] == [TEC["clear"]["move"]["vehicle"], TEC["light_woods"]["move"]["vehicle"],
                                              TEC["heavy_woods"]["move"]["vehicle"]]
    assert r.total == sum(s.cost for s in r.steps)


def test_10_13_trucks_pay_more_and_cannot_enter_heavy_woods(strip):
    m = strip
    g = game_on(m, [unit("t", "blue", m.number(line(m, 2)[0]), m, "us_truck")])
    assert check_move(g, "t", line(m, 2, 3)).total == TEC["clear"]["move"]["truck"]
    r = check_move(g, "t", line(m, 2, 3, 4, 5))
    assert not r.legal and "heavy woods is prohibited" in r.reason and r.rule == "MW4 8.25"


def test_8_24_not_beyond_the_movement_allowance():
    m = make_map(["W" * 20] * 12)
    g = game_on(m, [unit("a", "blue", m.number(line(m, 1)[0]), m, "us_m1")])
    ma = MW4.unit_types["us_m1"]["movement"]
    cost = TEC["heavy_woods"]["move"]["vehicle"]
    fits = int(ma // cost)
    assert check_move(g, "a", line(m, *range(1, fits + 2))).legal
    r = check_move(g, "a", line(m, *range(1, fits + 3)))
    assert not r.legal and r.rule == "MW4 8.24"


def test_8_1_10_14_a_column_on_the_road_pays_the_road_whatever_the_terrain():
    m = make_map(["W" * 10] * 12, hexsides={"road": ["0206-0306-0406"]})
    a, b, c = (m.grid.parse(n) for n in ("0206", "0306", "0406"))
    g = game_on(m, [unit("a", "blue", "0206", m, "us_m1", in_column=True)])
    r = check_move(g, "a", [a, b, c])
    assert [s.cost for s in r.steps[1:]] == [1, 1] and "road" in r.steps[1].note      # 8.1 as printed
    assert r.marks.in_column


def test_8_1_a_trail_costs_a_vehicle_in_column_2_whatever_the_terrain():
    m = make_map(["W" * 10] * 12, hexsides={"trail": ["0206-0306-0406"]})
    a, b, c = (m.grid.parse(n) for n in ("0206", "0306", "0406"))
    g = game_on(m, [unit("a", "blue", "0206", m, "us_m1", in_column=True)])
    r = check_move(g, "a", [a, b, c])
    assert [s.cost for s in r.steps[1:]] == [2, 2] and "trail" in r.steps[1].note
    assert TEC["heavy_woods"]["move"]["vehicle"] != 2          # the trail, not the woods, was paid


def test_8_1_out_of_column_the_road_does_not_help():
    m = make_map(["W" * 10] * 12, hexsides={"road": ["0206-0306-0406"]})
    a, b, c = (m.grid.parse(n) for n in ("0206", "0306", "0406"))
    g = game_on(m, [unit("a", "blue", "0206", m, "us_m1")])
    woods = TEC["heavy_woods"]["move"]["vehicle"]
    assert [s.cost for s in check_move(g, "a", [a, b, c]).steps[1:]] == [woods, woods]
    g.units["a"].marks = g.units["a"].marks.but(in_column=True)           # 8.11: leaving column at the start is free
    r = check_move(g, "a", [a, b, c], {"column": False})
    assert [s.cost for s in r.steps[1:]] == [woods, woods] and not r.marks.in_column


def test_a_bridge_serves_units_out_of_column_too():
    m = make_map(["." * 10] * 12, hexsides={"river": ["0206/0306"], "bridge": ["0206-0306"]})
    g = game_on(m, [unit("a", "blue", "0206", m, "us_m1")])
    r = check_move(g, "a", [m.grid.parse("0206"), m.grid.parse("0306")])
    assert r.legal and r.steps[1].cost == SIDES["bridge"]["move"]["vehicle"]


def test_19_52_a_wreck_cancels_the_road():
    m = make_map(["W" * 10] * 12, hexsides={"road": ["0206-0306"]})
    m.overlays.append(Overlay(m.grid.parse("0306"), "wreck"))
    g = game_on(m, [unit("a", "blue", "0206", m, "us_m1", in_column=True)])
    r = check_move(g, "a", [m.grid.parse("0206"), m.grid.parse("0306")])
    assert r.steps[1].cost == TEC["heavy_woods"]["move"]["vehicle"]


def test_hexside_costs_stream_and_slopes_only_uphill():
    t, e = ["." * 10] * 12, ["0" * 10] * 12
    e = list(e)
    e[5] = "0001000000"
    m = make_map(t, e, hexsides={"stream": ["0206/0306"]}, slopes="auto")
    g = game_on(m, [unit("a", "blue", "0206", m, "us_m1")])
    p = m.grid.parse
    r = check_move(g, "a", [p("0206"), p("0306"), p("0406"), p("0506")])
    clear = TEC["clear"]["move"]["vehicle"]
    assert r.steps[1].cost == clear + SIDES["stream"]["move"]["vehicle"]
    assert r.steps[2].cost == clear + SIDES["slope"]["move"]["vehicle"]        # up onto level 1
    assert r.steps[3].cost == clear                                           # down costs no more


def test_8_1_foot_units_move_one_hex_whatever_the_terrain(strip):
    m = strip
    g = game_on(m, [unit("i", "blue", m.number(line(m, 4)[0]), m, "us_mech_inf")])
    r = check_move(g, "i", line(m, 4, 5))
    assert r.legal and r.total == MW4.unit_types["us_mech_inf"]["movement"]
    r = check_move(g, "i", line(m, 4, 5, 6))
    assert not r.legal and r.rule == "MW4 8.1"


def test_8_25_no_entry_into_enemy_hexes_or_impassable_terrain(strip):
    m = strip
    g = game_on(m, [unit("a", "blue", m.number(line(m, 6)[0]), m, "us_m1"),
                    unit("e", "red", m.number(line(m, 7)[0]), m, "sov_t72")])
    r = check_move(g, "a", line(m, 6, 7))
    assert not r.legal and r.rule == "MW4 8.25" and "enemy" in r.reason
    g = game_on(m, [unit("a", "blue", m.number(line(m, 9)[0]), m, "us_m1")])
    assert not check_move(g, "a", line(m, 9, 8)).legal                       # the lake


def test_8_21_8_22_once_a_turn_and_not_after_firing(strip):
    m = strip
    g = game_on(m, [unit("a", "blue", "0206", m, "us_m1", moved=True), unit("b", "blue", "0306", m, "us_m1", fired=True)])
    assert check_move(g, "a", [m.grid.parse("0206"), m.grid.parse("0207")]).rule == "MW4 8.21"
    assert check_move(g, "b", [m.grid.parse("0306"), m.grid.parse("0307")]).rule == "MW4 8.22"


def test_8_27_never_off_the_map():
    m = make_map(["." * 5] * 5)
    g = game_on(m, [unit("a", "blue", "0101", m, "us_m1")])
    from umpire.core.hexgrid import Hex
    a = m.grid.parse("0101")
    r = check_move(g, "a", [a, a + Hex(0, -1)])
    assert not r.legal and r.rule == "MW4 8.27"


def test_8_5_three_units_a_hex_carrier_and_passenger_count_once(strip):
    m = strip
    here = "0306"
    units = [unit(f"s{i}", "blue", here, m, "us_m1") for i in range(2)] + \
            [unit("apc", "blue", here, m, "us_m113"), unit("rider", "blue", here, m, "us_mech_inf", carried_by="apc"),
             unit("a", "blue", "0206", m, "us_m1")]
    g = game_on(m, units)
    r = check_move(g, "a", [m.grid.parse("0206"), m.grid.parse(here)])
    assert not r.legal and r.rule == "MW4 8.5"
    g.units.pop("s0")
    assert check_move(g, "a", [m.grid.parse("0206"), m.grid.parse(here)]).legal


def test_16_13_a_mined_hex_ends_the_move(strip):
    m = strip
    m.overlays.append(Overlay(m.grid.parse("0306"), "minefield", "red", True, "hasty"))
    g = game_on(m, [unit("a", "blue", "0206", m, "us_m1")])
    r = check_move(g, "a", line(m, 2, 3, 4))
    assert r.legal and r.stop_at == m.grid.parse("0306") and r.path[-1] == m.grid.parse("0306")


def test_17_11_helicopters_ignore_terrain(strip):
    m = strip
    g = game_on(m, [unit("h", "blue", "0306", m, "us_ah1")])
    r = check_move(g, "h", line(m, 3, 4, 5, 6, 7, 8, 9))
    assert r.legal and all(s.cost == 1 for s in r.steps[1:])


def test_step_cost_reports_prohibited_river():
    m = make_map(["." * 5] * 5, hexsides={"river": ["0202/0302"]})
    cost, why = step_cost(game_on(m, []), "vehicle", m.grid.parse("0202"), m.grid.parse("0302"))
    assert cost is None and "river" in why


class TestReinforcements:
    """MW4 20.6, on the sample scenario: the second tank company enters at 3030 on turn 4, in column."""

    @pytest.fixture()
    def game(self, sample_scenario):
        from umpire.core.store.db import create_game, open_game
        import tempfile, pathlib
        tmp = pathlib.Path(tempfile.mkdtemp())
        g = open_game(create_game(sample_scenario, tmp / "r.umpire"))
        g.turn = 4
        return g

    def _enter(self, g, uid, *numbers):
        r = check_move(g, uid, [g.map.grid.parse(n) for n in numbers])
        if r.legal:      # what the engine does with a legal entry
            u = g.units[uid]
            u.status, u.hex, u.moved, u.path = "on_map", r.path[-1], True, tuple(r.path)
        return r

    def test_20_62_example_column_on_a_road_pays_half_a_point_more_each(self, game):
        """20.62's example: the lead unit pays 0.5 MP to reach the map, the second 1, the third
        1.5 -- read as the column's queue off the map, two vehicles to a hypothetical road hex;
        the road entry hex then costs its 1 MP (8.1) on top (docs/mechwar4.md)."""
        steps = [self._enter(game, uid, "3030").steps[0] for uid in ("T4", "T5", "T6")]
        assert [s.cost - 1 for s in steps] == [0.5, 1.0, 1.5]
        assert [s.cost for s in steps] == [1.5, 2.0, 2.5]
        assert "0.5 MP to reach the map (20.62) and 1 for the road hex (8.1)" in steps[0].note

    def test_20_63_the_column_keeps_its_order(self, game):
        r = check_move(game, "T5", [game.map.grid.parse("3030")])
        assert not r.legal and r.rule == "MW4 20.63" and "T4 first" in r.reason

    def test_not_before_the_turn_of_arrival(self, game):
        game.turn = 3
        r = check_move(game, "T4", [game.map.grid.parse("3030")])
        assert not r.legal and "arrives on turn 4" in r.reason

    def test_only_at_the_entry_hexes(self, game):
        r = check_move(game, "T4", [game.map.grid.parse("2930")])
        assert not r.legal and "enters at 3030" in r.reason

    def test_entering_then_moving_on_counts_the_entry_cost(self, game):
        r = self._enter(game, "T4", "3030", "3029", "3028")
        assert r.legal and r.steps[0].cost == 1.5 and r.total == 1.5 + 2 * 1      # road all the way (8.1)

    def test_20_68_entry_hex_held_by_the_enemy_moves_to_the_nearest_free_hex(self, game):
        p = game.map.grid.parse
        game.units["A1"].hex = p("3030")                   # a US tank sits on the entry road
        r = check_move(game, "T4", [p("3030")])
        assert not r.legal and r.rule == "MW4 20.68" and "2930" in r.reason
        r = check_move(game, "T4", [p("2930")])
        assert r.legal, r.reason                           # next to it on the map edge
        assert check_move(game, "T4", [p("2530")]).rule == "MW4 20.68"     # but not anywhere
