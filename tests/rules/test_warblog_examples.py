"""War Blog's worked examples that no other test plays, each citing its section
(docs/warblog-coverage.md's "Worked examples" table names every example and its test)."""

import pytest

from umpire.actions import system_for
from umpire.core.errors import UmpireError
from umpire.core.ruleset import load_ruleset
from umpire.rules.warblog import combat
from umpire.rules.warblog.combat import Force, defence_strength, odds, ranged_damage_modifier

from .gamekit import act, game, make_game, marks
from .test_warblog_air import air, wb
from .test_warblog_play import _set_marks


def _sheet(loc, attackers, where="0403", how="assault"):
    g = game(loc)
    return system_for(loc).assault_sheet(g, attackers, g.map.grid.parse(where), how)


def _d12_for(column: str, result: str) -> int:
    return next(d for d in range(1, 13) if combat.combat_result(column, d) == result)


def test_1_14_a_3_strength_air_defence_unit_has_3_in_70_and_factors_add(tmp_path):
    """1.14: "a 3 strength air defence unit will have a 3 in 70 chance"; several units' factors are
    added: the SAM battery's 3 and the gun battery's 2 make 5 in 70."""
    one = wb(tmp_path / "one", [], [("I", "infantry_bn", "0503"), ("S", "sam_bty", "0703")],
             air("blue", ("J", "strike_sqn")))
    assert "a chance of 3 in 70 (1.14)" in "\n".join(act(one, "air_strike", 70, 6, 10, side="blue", unit="J",
                                                          hex="0503").log)
    two = wb(tmp_path / "two", [], [("I", "infantry_bn", "0503"), ("S", "sam_bty", "0703"),
                                    ("AD", "air_defence_bty", "0603")], air("blue", ("J", "strike_sqn")))
    assert "a chance of 5 in 70 (1.14)" in "\n".join(act(two, "air_strike", 70, 6, 10, side="blue", unit="J",
                                                          hex="0503").log)


def test_1_20_irregulars_at_5_to_1_rolling_dr_deal_3_depressions_and_no_retreat(tmp_path):
    """1.20's example: irregulars attacking at 5-1 or more who get a DR deal 3 depressions and the
    defenders stay.  Three irregulars (1 each, x4 against a stack of 2) make 12 against the
    company's 2 in a village (x1.1): 5-1."""
    overlays = '[[map.overlay]]\nkind = "village"\nhexes = ["0403"]'
    loc = make_game(tmp_path, [("G1", "irregulars", "0303"), ("G2", "irregulars", "0303"), ("G3", "irregulars", "0303")],
                    [("C", "infantry_coy", "0403")], overlays=overlays)
    sheet = _sheet(loc, ["G1", "G2", "G3"])
    assert sheet.column == "5-1" and sheet.attack == 12
    act(loc, "assault", _d12_for("5-1", "DR"), units=["G1", "G2", "G3"], hex="0403")
    g = game(loc)
    assert g.units["C"].marks.depressions == 3 and g.map.number(g.units["C"].hex) == "0403"


def test_2_6_1_each_attacker_takes_the_elevation_of_its_own_hex(tmp_path):
    """2.6.1: "calculated per unit": the company a shade above the target attacks x1.2, the one
    level with it x1; attacking from two hexes x1.1 (11.3): (2 x 1.2 + 2) x 1.1 = 4.84."""
    elevation = "\n".join(["00000000", "00000000", "00100000", "00000000", "00000000", "00000000"])
    loc = make_game(tmp_path, [("A", "infantry_coy", "0303"), ("B", "infantry_coy", "0503")],
                    [("X", "infantry_coy", "0403")], elevation=elevation)
    g = game(loc)
    assert g.map.elevation[g.map.grid.parse("0303")] == 1 and g.map.elevation[g.map.grid.parse("0503")] == 0
    sheet = _sheet(loc, ["A", "B"])
    assert sheet.attack == pytest.approx((2 * 1.2 + 2) * 1.1)
    assert any("from 0303" in x and "elevation x1.2" in x for x in sheet.lines)


def test_3_2_a_mechanised_unit_entering_a_zone_by_road_keeps_5_and_after_winning_3(tmp_path):
    """3.2's example: a mechanised unit of 6 entering an enemy zone of control along a road at a
    cost of 1 stops with 5 points (the "-5"); it may still fight, and winning (a DR) costs it 2
    (11.0), leaving 3 to move on with."""
    loc = make_game(tmp_path, [("M", "mech_bn", "0302")], [("X", "infantry_coy", "0502")],
                    hexsides='[map.hexsides]\nroad = ["0302/0402"]')
    act(loc, "move", unit="M", path=["0302", "0402"])
    g = game(loc)
    assert g.units["M"].mp_spent == 1 and marks(loc, "M").zoc
    with pytest.raises(UmpireError, match="3.2"):
        act(loc, "move", unit="M", path=["0402", "0401"])
    column = _sheet(loc, ["M"], "0502").column
    act(loc, "assault", _d12_for(column, "DR"), 1, units=["M"], hex="0502")
    g = game(loc)
    assert g.unit_type(g.units["M"])["movement"] - g.units["M"].mp_spent == 3 and not marks(loc, "M").zoc
    act(loc, "move", unit="M", path=["0402", "0401"])                      # it goes on


def test_4_0_two_depressions_two_turns_standing_still_none(tmp_path):
    """4.0's example: a unit with 2 depressions spends 2 of its turns not moving and is back to 0."""
    loc = make_game(tmp_path, [("A", "infantry_bn", "0203")], [("X", "infantry_bn", "0803")])
    _set_marks(loc, "A", {"depressions": 2})
    act(loc, "pass", side="blue")
    assert marks(loc, "A").depressions == 1
    act(loc, "pass", side="red")
    act(loc, "pass", side="blue")
    assert marks(loc, "A").depressions == 0


def test_7_0_move_and_fire_but_not_fire_and_move(tmp_path):
    """7.0: a unit may move and then fire, but firing leaves it no movement: the anti-tank company
    (range 3, 1.7) moves a hex and fires (the recce company next to the target sees it, 3.2); then
    it may not move."""
    loc = make_game(tmp_path, [("AT", "at_coy", "0203"), ("Eyes", "recce_coy", "0602")],
                    [("X", "infantry_coy", "0603")])
    act(loc, "move", unit="AT", path=["0203", "0303"])
    act(loc, "assault", 6, 1, units=["AT"], hex="0603", kind="ranged")
    with pytest.raises(UmpireError, match="7.0"):
        act(loc, "move", unit="AT", path=["0303", "0302"])


@pytest.mark.parametrize("ours, spread", [(3, [1, 1, 1]), (6, [2, 2, 2]), (7, [2, 2, 3])])
def test_9_3_each_side_three_six_against_three_seven_against_three(tmp_path, ours, spread):
    """9.3's examples: three against three, a plane each; six against three, two each; seven
    against three, two, two and three -- each pairing its own combat (stand-offs here)."""
    blue = tuple((f"B{k}", "fighter_sqn") for k in range(ours))
    red = tuple((f"R{k}", "fighter_sqn") for k in range(3))
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503")], air("blue", *blue) + air("red", *red))
    act(loc, "pass", side="blue")
    act(loc, "air_patrol", side="red", units=[r for r, _t in red])
    act(loc, "pass", side="red")
    res = act(loc, "air_patrol", *([3] * 2 * ours), side="blue", units=[b for b, _t in blue])
    fights = [x for x in res.log if x.startswith("  B") and "stand-off" in x]
    assert sorted(sum(1 for x in fights if f"against R{k} " in x) for k in range(3)) == spread


def test_11_5_in_hills_the_defence_doubles(tmp_path):
    """11.5: 4 against an infantry unit of 5 is 1-2, a D10 - 8; "if the unit was in hills its
    defence would be doubled": 4 against 10 is 1-3, still - 8 -- and on the map's hills the
    worksheet doubles it."""
    assert odds(4, 5) == "1-2" and ranged_damage_modifier(4, 5) == -8
    assert defence_strength([Force("infantry", 5)], terrain=2) == 10 and ranged_damage_modifier(4, 10) == -8
    terrain = "\n".join(["........", "........", "...h....", "........", "........", "........"])
    loc = make_game(tmp_path, [("G", "artillery_bn", "0203")], [("X", "infantry_bn", "0403")], terrain=terrain)
    assert _sheet(loc, ["G"], "0403", "ranged").defence == 2 * 4           # the battalion's 4 in hills


def test_11_6_two_3_strength_units_in_mountains(tmp_path):
    """11.6's example: two units of 3 in mountains attrit at "3 to 9" -- the text counts a
    mountain x3 there (and in 11.4), where 2.1's chart prints 4; Umpire plays the chart (3 to 12)
    and the arithmetic is the example's: rolls of 3 and 0 are 0.6 depressions, never more than 2."""
    assert defence_strength([Force("infantry", 3)], terrain=3) == 9
    assert load_ruleset("warblog").terrain_types["mountain"]["defence"] == 4
    assert defence_strength([Force("infantry", 3)], terrain=4) == 12
    assert combat.attrition_loss(3, 0) == pytest.approx(0.6) and combat.attrition_loss(12, 0) == 2


def test_9_2_a_patrol_stays_up_rather_than_costing_half_a_sortie(tmp_path):
    """9.2's example (10 sorties: 10 ground attacks or 20 patrols) is not played as a count: Umpire's
    reading of "air superiority is absolute" keeps fighters in the box from turn to turn until they
    are beaten or recalled, so a patrol spends no sortie at all.  Here Blue's fighters go up on
    turn 1 and still hold the box on turn 2 without flying again; recalled, they have flown."""
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503")], air("blue", ("F", "fighter_sqn")))
    act(loc, "air_patrol", side="blue", unit="F")
    act(loc, "pass", side="blue")
    act(loc, "pass", side="red")
    g = game(loc)
    from umpire.rules.warblog import superiority as wb_air
    assert g.turn == 2 and marks(loc, "F").box and wb_air.holder(g) == "blue"
    act(loc, "air_recall", side="blue", unit="F")
    with pytest.raises(UmpireError, match="back from a sortie this turn"):
        act(loc, "air_strike", side="blue", unit="F", hex="0503")
