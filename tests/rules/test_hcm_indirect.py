"""HCM 3.7.13, 3.7.14, 4.3: indirect fire -- on target on 5-6, clockwise scatter (our reading of
where 1 is), rockets always scatter, the field artillery's minimum range."""

from umpire.core.dice import Dice
from umpire.core.hexgrid import DIRECTION_NAMES, Hex, direction_to
from umpire.rules.hcm import indirect

from dicekit import dice

T = Hex(5, 5)


def names(orientation, rolls):
    return [DIRECTION_NAMES[orientation][direction_to(T, indirect.scatter_hex(T, d, orientation))] for d in rolls]


def test_scatter_counts_clockwise_from_the_top_of_the_map():     # 3.7.14
    assert names("flat", range(1, 7)) == ["N", "NE", "SE", "S", "SW", "NW"]
    assert names("pointy", range(1, 7)) == ["NE", "E", "SE", "SW", "W", "NW"]


def test_five_or_six_lands_on_the_hex():                          # 3.7.14
    where, lines = indirect.lands(T, Dice("s", 1, typed=dice(5)))
    assert where == T and "on target" in lines[0]
    where, lines = indirect.lands(T, Dice("s", 1, typed=dice(4, 1)))
    assert where == indirect.scatter_hex(T, 1) and where != T


def test_rockets_always_scatter():                                # 4.3
    d = Dice("s", 1, typed=dice(6))
    where, lines = indirect.lands(T, d, rockets=True)
    assert where == indirect.scatter_hex(T, 6) and "4.3" in lines[0]
    assert len(d.rolls) == 1                                      # no on-target roll at all


def test_field_artillery_has_a_minimum_range_mortars_none():     # 3.7.13
    assert indirect.minimum_range("artillery") == 5
    assert indirect.minimum_range("mortar") == 0


def test_a_round_picks_one_item_of_two():                         # 3.7.15 with 3.7.2's random roll
    assert [indirect.pick_item(2, d) for d in range(1, 7)] == [0, 0, 0, 1, 1, 1]
    assert indirect.pick_item(1, 6) == 0
