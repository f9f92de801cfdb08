"""Passengers in combat (MW4 9.2, 9.4-9.5): infantry riding on tanks takes the shot's die on the
Anti-Personnel CRT; passengers fire from carriers with ports, hatches or open tops."""

import pytest

from umpire.rules.mechwar4 import RuleSystem
from umpire.rules.mechwar4.special import rider_sheet

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit

SYSTEM = RuleSystem(MW4)


def carrier_game(carrier_type, firer_type="sov_t72", distance=3):
    m = make_map(["." * 10] * 3)
    c = unit("c", "blue", "0102", m, carrier_type)
    p = unit("p", "blue", "0102", m, "us_mech_inf", carried_by="c")
    f = unit("f", "red", f"{1 + distance:02d}02", m, firer_type)
    return game_on(m, [c, p, f])


def test_9_2_riders_on_a_tank_take_the_same_superiority_on_the_anti_personnel_crt():
    g = carrier_game("us_m1")
    shot = SYSTEM.fire_sheet(g, "f", "c")
    rs = rider_sheet(g, shot, "p")
    assert rs is not None and "Anti-Personnel" in rs.table and rs.superiority == shot.superiority
    assert ("riding on a tank", "p on c takes the same die as a soft target", "MW4 9.2") in rs.lines
    assert SYSTEM.exposed_passenger(g, "p") is True


def test_9_2_r_class_fire_works_out_its_own_superiority_against_the_riders():
    g = carrier_game("us_m1", "sov_motor_rifle", distance=1)
    shot = SYSTEM.fire_sheet(g, "f", "c")
    assert shot.legal
    rs = rider_sheet(g, shot, "p")
    assert rs is not None and "R class fire at a soft target" in str(rs.lines)


def test_9_13_passengers_inside_an_apc_share_its_losses_instead():
    g = carrier_game("us_m113")
    assert rider_sheet(g, SYSTEM.fire_sheet(g, "f", "c"), "p") is None and not SYSTEM.exposed_passenger(g, "p")


@pytest.mark.parametrize("carrier,legal,rule", [
    ("us_m1", False, "MW4 9.2"),          # riding on a tank: no fire
    ("us_truck", False, "MW4 9.4"),       # no ports or hatches
    ("sov_btr", True, ""), ("us_m113", True, ""),
])
def test_9_5_who_fires_from_a_carrier(carrier, legal, rule):
    m = make_map(["." * 10] * 3)
    g = game_on(m, [unit("c", "blue", "0102", m, carrier),
                    unit("p", "blue", "0102", m, "us_mech_inf", carried_by="c"),
                    unit("t", "red", "0302", m, "sov_bmp")])
    s = SYSTEM.fire_sheet(g, "p", "t")
    assert s.legal is legal and (legal or s.rule == rule)


def test_9_51_through_firing_ports_one_hex_and_the_carrier_stays_put():
    m = make_map(["." * 10] * 3)
    g = game_on(m, [unit("c", "blue", "0102", m, "sov_bmp"), unit("p", "blue", "0102", m, "sov_motor_rifle",
                                                                  carried_by="c"),
                    unit("near", "red", "0202", m, "us_m113"), unit("far", "red", "0402", m, "us_m113")])
    assert SYSTEM.fire_sheet(g, "p", "near").legal
    far = SYSTEM.fire_sheet(g, "p", "far")
    assert not far.legal and "reaches 1" in far.reason
    g.units["p"].fired = True
    check = SYSTEM.check_move(g, "c", [m.grid.parse("0102"), m.grid.parse("0103")])
    assert not check.legal and check.rule == "MW4 9.51"


def test_9_55_open_carrier_that_moved_halves_the_passengers_fire():
    m = make_map(["." * 10] * 3)
    g = game_on(m, [unit("c", "blue", "0102", m, "us_m113"), unit("p", "blue", "0102", m, "us_mech_inf",
                                                                  carried_by="c"),
                    unit("t", "red", "0302", m, "sov_motor_rifle")])
    still = SYSTEM.fire_sheet(g, "p", "t")
    g.units["c"].moved = True
    moving = SYSTEM.fire_sheet(g, "p", "t")
    assert still.legal and moving.legal and "MW4 9.55" in str(moving.lines)
    assert moving.superiority < still.superiority


def test_9_2_tanks_take_riders_up_to_their_room():
    m = make_map(["." * 4] * 3)
    g = game_on(m, [unit("c", "blue", "0102", m, "us_m1"), unit("p", "blue", "0102", m, "us_mech_inf"),
                    unit("q", "blue", "0102", m, "us_mech_inf")])
    path = [m.grid.parse("0102"), m.grid.parse("0103")]
    assert SYSTEM.check_move(g, "c", path, {"mount": ["p"]}).legal
    bad = SYSTEM.check_move(g, "c", path, {"mount": ["p", "q"]})
    assert not bad.legal and bad.rule == "MW4 9.2"


@pytest.mark.parametrize("carrier,exposed_after_firing", [("us_m113", True), ("sov_btr", True), ("sov_bmp", False)])
def test_9_52_9_54_passengers_that_fired_from_hatches_count_as_soft_targets_that_turn(carrier,
                                                                                      exposed_after_firing):
    g = carrier_game(carrier)
    assert not SYSTEM.exposed_passenger(g, "p")                  # inside: shares the carrier's losses
    g.units["p"].fired = True
    assert SYSTEM.exposed_passenger(g, "p") is exposed_after_firing
    rs = rider_sheet(g, SYSTEM.fire_sheet(g, "f", "c"), "p")
    assert (rs is not None) is exposed_after_firing
    if rs is not None:
        assert "Anti-Personnel" in rs.table and "MW4 9.52, 9.54, 9.55" in str(rs.lines)


def test_9_31_9_33_infantry_that_dismounted_this_turn_is_fired_on_as_moving(tmp_path, sample_scenario):
    """MW4 9.31: units that have just dismounted count as moving when fired on -- a soft target
    then loses its terrain (8.4); 9.33: whether a unit is mounted is what it is when the fire
    comes.  Umpire's dismount marks the riflemen as having moved this turn."""
    from umpire.actions import new_game, system_for
    from umpire.core.engine import perform
    from umpire.core.store.db import open_game
    path = new_game(sample_scenario, tmp_path / "d.umpire")
    perform(path, "move", {"unit": "1/1", "path": ["1626", "1625"], "dismount": ["1/1 Rifles"]}, system_for(path))
    g = open_game(path)
    rifles = g.units["1/1 Rifles"]
    assert rifles.carried_by is None and rifles.moved                 # on foot now, and moving (9.31)
    g.map.terrain[rifles.hex] = "heavy_woods"                          # cover it would otherwise have
    g.units["A3"].hex = g.map.grid.parse("1624")
    text = "\n".join(SYSTEM.fire_sheet(g, "A3", "1/1 Rifles").text())
    assert "none: a soft target that moved loses its cover (MW4 8.4)" in text
    rifles.moved = False                                               # had it stood still: the woods
    assert "heavy woods" in "\n".join(SYSTEM.fire_sheet(g, "A3", "1/1 Rifles").text()).lower()
