"""Helicopters among the other units (MW4 17.12-17.14, 17.23-17.25): where they fly and stack,
who they carry and where they land, their close-in shots, what cover their targets keep, and
their ammunition."""

import pytest

from umpire.core.dice import Dice
from umpire.rules.mechwar4.ammunition import ammunition
from umpire.rules.mechwar4.fire import fire_sheet
from umpire.rules.mechwar4.los import Mw4Map
from umpire.rules.mechwar4.movement import check_move

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit


def p(m, *numbers):
    return [m.grid.parse(n) for n in numbers]


def test_17_12_a_helicopter_flies_through_enemy_ground_units_but_not_another_helicopter():
    m = make_map(["." * 12] * 5)
    g = game_on(m, [unit("h", "blue", "0203", m, "us_ah1"), unit("t", "red", "0303", m, "sov_t72"),
                    unit("h2", "red", "0503", m, "sov_mi24")])
    assert check_move(g, "h", p(m, "0203", "0303", "0403")).legal            # over the T-72's hex
    r = check_move(g, "h", p(m, "0203", "0303", "0403", "0503"))
    assert not r.legal and r.rule == "MW4 17.12" and "another helicopter" in r.reason


def test_17_12_ground_units_ignore_helicopters_for_movement_and_stacking():
    m = make_map(["." * 12] * 5)
    g = game_on(m, [unit("a", "blue", "0203", m, "us_m1"), unit("h", "red", "0303", m, "sov_mi24"),
                    unit("b1", "blue", "0503", m, "us_m1"), unit("b2", "blue", "0503", m, "us_m1"),
                    unit("hb", "blue", "0503", m, "us_ah1")])
    assert check_move(g, "a", p(m, "0203", "0303", "0403")).legal            # past the enemy Hind
    r = check_move(g, "a", p(m, "0203", "0303", "0403", "0503"))
    assert r.legal, r.reason                    # 0503 holds two tanks and a Cobra: three ground units


def test_17_13_attack_helicopters_carry_nobody_transports_carry_infantry():
    assert MW4.unit_types["us_ah1"]["carries"] == 0 and MW4.unit_types["us_uh60"]["carries"] >= 1
    m = make_map(["." * 12] * 5)
    g = game_on(m, [unit("uh", "blue", "0203", m, "us_uh60"), unit("ah", "blue", "0203", m, "us_ah1"),
                    unit("i", "blue", "0203", m, "us_mech_inf")])
    assert check_move(g, "uh", p(m, "0203", "0303"), {"mount": ["i"]}).legal
    assert not check_move(g, "ah", p(m, "0203", "0303"), {"mount": ["i"]}).legal


def test_17_14_a_transport_helicopter_does_not_land_in_woods_or_a_town():
    m = make_map(["W" * 3 + "." * 9] * 5)
    g = game_on(m, [unit("uh", "blue", "0203", m, "us_uh60"), unit("i", "blue", "0203", m, "us_mech_inf")])
    r = check_move(g, "uh", p(m, "0203", "0303"), {"mount": ["i"]})
    assert not r.legal and r.rule == "MW4 17.14" and "woods" in r.reason
    g.units["i"].carried_by = "uh"
    r = check_move(g, "uh", p(m, "0203", "0303"), {"dismount": ["i"]})         # 0303 is woods too
    assert not r.legal and r.rule == "MW4 17.14"
    r = check_move(g, "uh", p(m, "0203", "0303", "0403", "0503"), {"dismount": ["i"]})
    assert r.legal, r.reason                                                  # clear ground at 0503


def shot(ground, firer, target, **target_marks):
    g = game_on(ground, [unit("f", "blue", firer[1], ground, firer[0]),
                         unit("t", "red", target[1], ground, target[0], **target_marks)])
    return g, fire_sheet(g, Mw4Map(g.map, MW4, False), "f", "t")


def test_17_23_a_helicopter_fires_at_a_unit_in_its_own_hex_at_range_1():
    m = make_map(["W" * 12] * 5)
    _g, s = shot(m, ("us_ah1", "0303"), ("sov_t72", "0303"))
    assert s.legal and ("range", "1 hex: a unit in the helicopter's own hex", "MW4 17.23") in s.lines
    _g, s = shot(m, ("us_ah1", "0303"), ("sov_t72", "0403"))
    assert s.legal                                                           # next to it: always


def test_17_24_a_helicopters_target_keeps_woods_but_not_a_crest():
    ground = make_map(["." * 5 + "W" + "." * 6] * 5, hexsides={"crest": ["0503-0603"]})
    _g, by_tank = shot(ground, ("us_m1", "0203"), ("sov_bmp", "0603"))
    _g, by_heli = shot(ground, ("us_ah1", "0203"), ("sov_bmp", "0603"))
    woods = MW4.terrain_types["heavy_woods"]["cover"]
    assert by_heli.legal and by_heli.die_modifier == woods
    assert by_tank.die_modifier <= by_heli.die_modifier


class _Dice:
    def __init__(self, face):
        self.face = face

    def roll(self, purpose, count, sides, mods=()):
        return Dice("t", 1, typed=lambda *_: [self.face] * count).roll(purpose, count, sides, mods)


@pytest.mark.parametrize("face,spent", [(1, True), (6, False)])
def test_17_25_a_helicopter_depletes_after_every_shot_like_g_class(face, spent):
    m = make_map(["." * 12] * 5)
    g = game_on(m, [unit("f", "blue", "0203", m, "us_ah1"), unit("t", "red", "0603", m, "sov_t72")])
    s = fire_sheet(g, Mw4Map(g.map, MW4, False), "f", "t")
    s.g_fire = False                            # even a shot of another weapon (17.25)
    uid, values, line = ammunition(g, g.units["f"], s, _Dice(face))[0]
    assert "MW4 17.25" in line and bool(values.get("g_spent")) is spent
