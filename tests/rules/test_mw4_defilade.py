"""Defilade markers (MW4 10.5, 10.51, 10.52, 8.13): which fire they cover and who may take one."""

import pytest

from umpire.rules.mechwar4.state import ALL_ROUND
from umpire.core.hexgrid import DIRECTIONS
from umpire.rules.mechwar4.fire import covering_terrain
from umpire.rules.mechwar4.los import Mw4Map
from umpire.rules.mechwar4.movement import defilade_problem

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit


def ring(m, centre, direction, distance):
    h = centre
    for _ in range(distance):
        h = h + DIRECTIONS[direction]
    return m.grid.number(h)


@pytest.mark.parametrize("from_direction,covered", [(0, True), (1, True), (5, True), (2, False), (3, False),
                                                    (4, False)])
def test_10_5_the_facing_hexside_and_the_two_beside_it(from_direction, covered):
    m = make_map(["." * 13] * 13)
    centre = m.grid.parse("0707")
    t = unit("t", "red", "0707", m, "sov_t72", defilade=0)
    f = unit("f", "blue", ring(m, centre, from_direction, 3), m)
    g = game_on(m, [f, t])
    options = covering_terrain(g, Mw4Map(m, MW4, False), f, t, False)
    assert any(o[2] == "MW4 10.5" and o[0] == -3 for o in options) is covered


def test_10_52_infantry_in_defilade_is_covered_all_round():
    m = make_map(["." * 13] * 13)
    centre = m.grid.parse("0707")
    for d in range(6):
        t = unit("t", "red", "0707", m, "sov_motor_rifle", defilade=ALL_ROUND)
        f = unit("f", "blue", ring(m, centre, d, 2), m)
        g = game_on(m, [f, t])
        assert any(o[2] == "MW4 10.5, 10.52" for o in covering_terrain(g, Mw4Map(m, MW4, False), f, t, False))


def test_who_may_enter_defilade():
    m = make_map(["." * 6] * 4)
    tank = unit("tank", "red", "0202", m, "sov_t72")
    rifles = unit("rifles", "red", "0303", m, "sov_motor_rifle")
    g = game_on(m, [tank, rifles, unit("enemy", "blue", "0303", m)])
    assert defilade_problem(g, "tank", m.grid.parse("0302")) is None
    assert defilade_problem(g, "tank", None)[1] == "MW4 10.5"                   # a vehicle says its facing
    assert defilade_problem(g, "tank", m.grid.parse("0404"))[1] == "MW4 10.5"   # not a next hex
    assert defilade_problem(g, "rifles", None)[1] == "MW4 10.51"                # the enemy is in its hex
    tank.marks = tank.marks.but(in_column=True)
    assert defilade_problem(g, "tank", m.grid.parse("0302"))[1] == "MW4 8.13"
    tank.marks, tank.moved = tank.marks.but(in_column=False), True
    assert defilade_problem(g, "tank", m.grid.parse("0302"))[1] == "MW4 10.51"
