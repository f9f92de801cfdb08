"""MechWar 4 column formation (8.1, 8.11), transport (9.11-9.15), double time and fatigue
(8.16), leaving the map (8.27, 20.5) and the simplified formation doctrine (4.1)."""

import pytest

from umpire.core.oob import Battalion, Company, Side, Victory
from umpire.rules.mechwar4.formation import formation
from umpire.rules.mechwar4.movement import DISMOUNT_MP, MOUNT_MP, check_move, form_column_problem

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit

FOOT_MA = MW4.unit_types["us_mech_inf"]["movement"]


@pytest.fixture()
def m():
    return make_map(["." * 12] * 10)


def hexes(m, *numbers):
    return [m.grid.parse(n) for n in numbers]


class TestColumn:
    def test_8_11_a_vehicle_forms_column_only_by_staying_put(self, m):
        g = game_on(m, [unit("a", "blue", "0505", m)])
        assert form_column_problem(g, "a") is None
        r = check_move(g, "a", hexes(m, "0505", "0605"), {"column": True})
        assert not r.legal and r.rule == "MW4 8.11" and "Form Column" in r.reason
        g.units["a"].moved = True
        assert form_column_problem(g, "a")[1] == "MW4 8.11"      # after moving: too late

    def test_8_11_infantry_enters_column_at_no_cost(self, m):
        g = game_on(m, [unit("i", "blue", "0505", m, "us_mech_inf")])
        r = check_move(g, "i", hexes(m, "0505", "0605"), {"column": True})
        assert r.legal and r.marks.in_column and r.total == FOOT_MA

    def test_8_11_a_unit_that_formed_column_does_not_move_that_turn(self, m):
        g = game_on(m, [unit("a", "blue", "0505", m, in_column=True, acted=True)])
        r = check_move(g, "a", hexes(m, "0505", "0605"))
        assert not r.legal and r.rule == "MW4 8.11"


class TestTransport:
    def test_9_12_mounting_costs_the_carrier_3_and_it_may_move_on(self, m):
        g = game_on(m, [unit("apc", "blue", "0505", m, "us_m113"), unit("inf", "blue", "0505", m, "us_mech_inf")])
        r = check_move(g, "apc", hexes(m, "0505", "0605", "0705"), {"mount": ["inf"]})
        clear = MW4.terrain_types["clear"]["move"]["vehicle"]
        assert r.legal and r.boarding == ("inf",)
        assert r.steps[0].total == MOUNT_MP and r.total == MOUNT_MP + 2 * clear
        assert r.passenger_cost == 1

    def test_9_12_dismounting_costs_2_at_the_end_within_the_allowance(self, m):
        g = game_on(m, [unit("apc", "blue", "0105", m, "us_m113"),
                        unit("inf", "blue", "0105", m, "us_mech_inf", carried_by="apc")])
        ma = MW4.unit_types["us_m113"]["movement"]
        clear = MW4.terrain_types["clear"]["move"]["vehicle"]
        far = int((ma - DISMOUNT_MP) // clear)
        path = [m.grid.from_offset(1 + i, 5) for i in range(far + 1)]
        r = check_move(g, "apc", path, {"dismount": ["inf"]})
        assert r.legal and r.leaving == ("inf",) and r.total == far * clear + DISMOUNT_MP
        longer = [m.grid.from_offset(1 + i, 5) for i in range(far + 2)]
        r = check_move(g, "apc", longer, {"dismount": ["inf"]})
        assert not r.legal and r.rule == "MW4 9.12"
        assert check_move(g, "apc", longer).legal        # without dismounting it goes that far

    def test_9_12_the_passenger_must_be_in_the_carriers_hex(self, m):
        g = game_on(m, [unit("apc", "blue", "0505", m, "us_m113"), unit("inf", "blue", "0605", m, "us_mech_inf")])
        r = check_move(g, "apc", hexes(m, "0505"), {"mount": ["inf"]})
        assert not r.legal and r.rule == "MW4 9.12"

    def test_9_14_not_into_a_carrier_more_damaged_than_the_passenger(self, m):
        g = game_on(m, [unit("apc", "blue", "0505", m, "us_m2", steps_lost=1),
                        unit("inf", "blue", "0505", m, "us_mech_inf")])
        r = check_move(g, "apc", hexes(m, "0505"), {"mount": ["inf"]})
        assert not r.legal and r.rule == "MW4 9.14"
        g.units["inf"].steps_lost = 1
        assert check_move(g, "apc", hexes(m, "0505"), {"mount": ["inf"]}).legal

    def test_9_15_not_from_an_improved_position(self, m):
        g = game_on(m, [unit("apc", "blue", "0505", m, "us_m113"),
                        unit("inf", "blue", "0505", m, "us_mech_inf", improved=True)])
        r = check_move(g, "apc", hexes(m, "0505"), {"mount": ["inf"]})
        assert not r.legal and r.rule == "MW4 9.15"

    def test_capacity_of_the_carrier(self, m):
        g = game_on(m, [unit("apc", "blue", "0505", m, "us_m113"), unit("i1", "blue", "0505", m, "us_mech_inf"),
                        unit("i2", "blue", "0505", m, "us_mech_inf")])
        r = check_move(g, "apc", hexes(m, "0505"), {"mount": ["i1", "i2"]})
        assert not r.legal and "carries 1" in r.reason

    def test_8_51_carrier_and_passengers_count_as_one_but_not_after_dismounting(self, m):
        g = game_on(m, [unit("apc", "blue", "0505", m, "us_m113"),
                        unit("inf", "blue", "0505", m, "us_mech_inf", carried_by="apc"),
                        unit("x", "blue", "0605", m), unit("y", "blue", "0605", m)])
        assert check_move(g, "apc", hexes(m, "0505", "0605")).legal                 # 3 counters, 3 units
        r = check_move(g, "apc", hexes(m, "0505", "0605"), {"dismount": ["inf"]})
        assert not r.legal and r.rule == "MW4 8.5"


class TestFatigue:
    def test_8_161_double_time_moves_two_hexes_for_fatigue_1(self, m):
        g = game_on(m, [unit("i", "blue", "0505", m, "us_mech_inf")])
        assert not check_move(g, "i", hexes(m, "0505", "0605", "0705")).legal        # one hex normally
        r = check_move(g, "i", hexes(m, "0505", "0605", "0705"), {"pace": "double"})
        assert r.legal and r.marks.fatigue == 1 and r.allowance == 2 * FOOT_MA

    def test_8_162_doubling_again_gives_fatigue_2_which_stops_all_movement(self, m):
        g = game_on(m, [unit("i", "blue", "0505", m, "us_mech_inf", fatigue=1)])
        assert check_move(g, "i", hexes(m, "0505", "0605")).marks.fatigue == 1          # normal pace: unchanged
        r = check_move(g, "i", hexes(m, "0505", "0605", "0705"), {"pace": "double"})
        assert r.legal and r.marks.fatigue == 2
        g.units["i"].marks = g.units["i"].marks.but(fatigue=2)
        r = check_move(g, "i", hexes(m, "0505", "0605"))
        assert not r.legal and r.rule == "MW4 8.162"

    def test_8_163_charge_triples_for_fatigue_3_only_when_fresh(self, m):
        g = game_on(m, [unit("i", "blue", "0505", m, "us_mech_inf")])
        r = check_move(g, "i", hexes(m, "0505", "0605", "0705", "0805"), {"pace": "charge"})
        assert r.legal and r.marks.fatigue == 3
        g.units["i"].marks = g.units["i"].marks.but(fatigue=1)
        r = check_move(g, "i", hexes(m, "0505", "0605"), {"pace": "charge"})
        assert not r.legal and r.rule == "MW4 8.161"

    def test_8_16_only_infantry(self, m):
        g = game_on(m, [unit("a", "blue", "0505", m)])
        r = check_move(g, "a", hexes(m, "0505", "0605"), {"pace": "double"})
        assert not r.legal and r.rule == "MW4 8.16"

    def test_8_162_a_fatigued_passenger_may_not_mount(self, m):
        g = game_on(m, [unit("apc", "blue", "0505", m, "us_m113"),
                        unit("inf", "blue", "0505", m, "us_mech_inf", fatigue=2)])
        assert check_move(g, "apc", hexes(m, "0505"), {"mount": ["inf"]}).rule == "MW4 8.162"


class TestExit:
    def _game(self, m, points=2):
        g = game_on(m, [unit("a", "blue", "1205", m), unit("i", "blue", "1205", m, "us_mech_inf")])
        east = frozenset(m.grid.from_offset(12, r) for r in range(1, 11))
        g.victory = [Victory("blue", "exit east", (), False, east, points)]
        return g

    def test_8_27_only_where_the_scenario_allows(self, m):
        g = self._game(m)
        r = check_move(g, "a", hexes(m, "1205"), {"exit": True})
        clear = MW4.terrain_types["clear"]["move"]["vehicle"]
        assert r.legal and r.exits and r.total == clear      # 20.5: one more hex like the exit hex
        g.victory = []
        r = check_move(g, "a", hexes(m, "1205"), {"exit": True})
        assert not r.legal and r.rule == "MW4 8.27" and "nowhere" in r.reason

    def test_20_5_foot_units_count_the_hypothetical_hex(self, m):
        g = self._game(m)
        g.units["i"].hex = m.grid.parse("1105")
        assert not check_move(g, "i", hexes(m, "1105", "1205"), {"exit": True}).legal
        assert check_move(g, "i", hexes(m, "1105", "1205"), {"exit": True, "pace": "double"}).legal


class TestFormation:
    def _game(self, m, doctrine, spots):
        g = game_on(m, [unit(f"u{i}", "blue", n, m) for i, n in enumerate(spots)])
        g.sides = [Side("blue", "Blue", "#00f", traits={"quality": "seasoned", "doctrine": doctrine}),
                   Side("red", "Red", "#f00", traits={"quality": "seasoned"})]
        g.battalions = [Battalion("bn", "blue", "Bn")]
        g.companies = [Company("A", "bn", "A Coy")]
        for u in g.units.values():
            u.company = "A"
        return g

    def test_4_1_nato_two_hexes_between_units(self, m):
        g = self._game(m, "nato", ["0105", "0405", "0705", "1105"])   # 3 apart, 3 apart, 4 apart
        members, out, why = formation(g, "A")
        assert members == ["u0", "u1", "u2"] and out == ["u3"] and "MW4 4.1" in why

    def test_4_1_soviet_one_hex_between_units(self, m):
        g = self._game(m, "soviet", ["0105", "0405", "0605", "0805"])   # 3, 2, 2 apart
        members, out, _ = formation(g, "A")
        assert members == ["u1", "u2", "u3"] and out == ["u0"]

    def test_4_1_without_a_doctrine_one_unit_at_a_time(self, m):
        g = self._game(m, None, ["0105", "0205"])
        members, out, why = formation(g, "A")
        assert members == [] and "one unit at a time" in why

    def test_4_1_units_that_acted_are_not_activated_again(self, m):
        g = self._game(m, "nato", ["0105", "0205", "0305"])
        g.units["u1"].moved = True
        members, _, _ = formation(g, "A")
        assert members == ["u0", "u2"]
