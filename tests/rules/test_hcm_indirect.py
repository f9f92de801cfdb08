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


# ---------------------------------------------------------------- indirect fire on a game
import pytest  # noqa: E402

from umpire.core.errors import UmpireError  # noqa: E402

from .gamekit import act, game, make_game  # noqa: E402


def to_phase(loc, phase):
    while game(loc).phase != phase:
        act(loc, "next_phase")


def test_a_mortar_lands_on_target_and_hits_the_infantry(tmp_path):       # 3.7.14, 3.7.15
    loc = make_game(tmp_path, [("B1", "mortar", "0103"), ("B2", "light_infantry", "0403")],
                    [("R1", "medium_infantry", "0603")], rules="hcm")
    to_phase(loc, "a_fire_p")
    r = act(loc, "indirect_fire", 6, side="blue", unit="B1", hex="0603", spotter="B2")
    assert "lands in 0603" in r.summary
    g = game(loc)
    assert g.units["R1"].steps_lost == 1 and g.units["R1"].marks.hits == 1          # HE: figure and marker
    assert g.units["B1"].marks.shots == 1


def test_a_miss_scatters_clockwise(tmp_path):                             # 3.7.14
    loc = make_game(tmp_path, [("B1", "mortar", "0103"), ("B2", "light_infantry", "0403")],
                    [("R1", "medium_infantry", "0603")], rules="hcm")
    to_phase(loc, "a_fire_p")
    r = act(loc, "indirect_fire", 2, 1, side="blue", unit="B1", hex="0603", spotter="B2")
    assert "lands in 0602" in r.summary                                   # 1: the hex to the north
    assert game(loc).units["R1"].steps_lost == 0


def test_field_artillery_may_not_fire_inside_five_hexes(tmp_path):        # 3.7.13
    loc = make_game(tmp_path, [("B1", "field_gun", "0103")], [("R1", "medium_infantry", "0503")], rules="hcm")
    to_phase(loc, "a_fire_p")
    with pytest.raises(UmpireError, match="3.7.13"):
        act(loc, "indirect_fire", side="blue", unit="B1", hex="0503")


def test_the_spotter_must_see_the_hex(tmp_path):                          # 3.7.14, 3.7.9
    woods = "\n".join("....f..." if r == 2 else "........" for r in range(6))     # 0503 forest
    loc = make_game(tmp_path, [("B1", "mortar", "0103"), ("B2", "light_infantry", "0303")],
                    [("R1", "medium_infantry", "0703")], rules="hcm", terrain=woods)
    to_phase(loc, "a_fire_p")
    with pytest.raises(UmpireError, match="does not see"):
        act(loc, "indirect_fire", side="blue", unit="B1", hex="0703", spotter="B2")
