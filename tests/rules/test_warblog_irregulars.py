"""War Blog's special units in combat: anti-tank (1.7), special forces (1.13), irregulars (1.20)
and insurgents (1.21) -- their multipliers, and the irregulars' and insurgents' evasion, a roll
the umpire makes in secret: the attacker reads the result, never the roll."""

from umpire.core.engine import journal
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal
from umpire.rules.warblog import combat

from .gamekit import act, game, make_game


def _read(loc, side) -> str:
    return "\n".join(x for e in side_journal(open_game(loc), side, journal(loc)) for x in (e.head, *e.lines))


def _d12_for(column: str, result: str) -> int:
    return next(d for d in range(1, 13) if combat.combat_result(column, d) == result)


def test_the_special_multipliers():
    """1.13: special forces x3 against a stack of 10 strength or less; 1.20: irregulars x4 against
    5 or less; 1.7: anti-tank defends x5 against a stack with armour or mechanised infantry."""
    assert combat.special_attack("special_forces", 10) == 3 and combat.special_attack("special_forces", 11) == 1
    assert combat.special_attack("irregular", 5) == 4 and combat.special_attack("irregular", 6) == 1
    assert combat.special_attack("infantry", 2) == 1
    assert combat.special_defence("anti_tank", ["infantry", "tank"]) == 5
    assert combat.special_defence("anti_tank", ["mechanised"]) == 5
    assert combat.special_defence("anti_tank", ["infantry"]) == 1 and combat.special_defence("tank", ["tank"]) == 1


def test_irregulars_urban_defence():
    """1.20: village x2, town or light urban x4, city or dense urban x6, conurbation x8."""
    assert combat.irregular_urban(["plains", "village"]) == 2
    assert combat.irregular_urban(["plains", "town"]) == combat.irregular_urban(["urban_light"]) == 4
    assert combat.irregular_urban(["plains", "city"]) == combat.irregular_urban(["urban_dense"]) == 6
    assert combat.irregular_urban(["plains", "conurbation"]) == 8
    assert combat.irregular_urban(["plains"]) is None


def test_the_multipliers_on_the_worksheet(tmp_path):
    """1.20: irregulars (1) against an infantry company (2 strength): 1 x4 = 4; against a battalion
    and a company (6): no bonus.  1.13: special forces (2) against the company: x3 = 6.  1.7: the
    anti-tank company (defence 1) against a tank battalion defends at 5; against infantry at 1."""
    from umpire.actions import system_for

    def sheet(blue, red, attackers):
        loc = make_game(tmp_path / str(len(list(tmp_path.iterdir()))), blue, red)
        g = game(loc)
        return system_for(loc).assault_sheet(g, attackers, g.map.grid.parse("0403"), "assault")
    s = sheet([("G", "irregulars", "0303")], [("C", "infantry_coy", "0403")], ["G"])
    assert s.attack == 4 and any("x4 against a stack of 2 strength (1.20)" in x for x in s.lines)
    s = sheet([("G", "irregulars", "0303")], [("C", "infantry_coy", "0403"), ("B", "infantry_bn", "0403")], ["G"])
    assert s.attack == 1
    s = sheet([("S", "special_forces", "0303")], [("C", "infantry_coy", "0403")], ["S"])
    assert s.attack == 6 and any("(1.13)" in x for x in s.lines)
    s = sheet([("T", "tank_bn", "0303")], [("A", "at_coy", "0403")], ["T"])
    assert s.defence == 5 and any("anti-tank against armour x5 (1.7)" in x for x in s.lines)
    s = sheet([("I", "infantry_coy", "0303")], [("A", "at_coy", "0403")], ["I"])
    assert s.defence == 1


def test_irregulars_in_a_village_defend_at_twice(tmp_path):
    """1.20: in a village the irregulars' defence 1 is x2 (not the village's x1.1)."""
    from umpire.actions import system_for
    overlays = '[[map.overlay]]\nkind = "village"\nhexes = ["0403"]'
    loc = make_game(tmp_path, [("T", "infantry_coy", "0303")], [("G", "irregulars", "0403")], overlays=overlays)
    g = game(loc)
    s = system_for(loc).assault_sheet(g, ["T"], g.map.grid.parse("0403"), "assault")
    assert s.defence == 2 and any("irregulars in the town x2 (1.20)" in x for x in s.lines)


def test_irregulars_slip_away_three_times_in_four_in_secret(tmp_path):
    """1.20: a DR on irregulars; the umpire's secret roll of 75 (75 or less) -- they retreat a hex
    with no depression.  Blue reads the result, not the roll; Red reads its unit slipped away."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("G", "irregulars", "0403")])
    g = game(loc)
    from umpire.actions import system_for
    column = system_for(loc).assault_sheet(g, ["T"], g.map.grid.parse("0403"), "assault").column
    res = act(loc, "assault", _d12_for(column, "DR"), 75, units=["T"], hex="0403")
    g = game(loc)
    assert "DR" in res.summary and g.units["G"].marks.depressions == 0
    assert g.units["G"].hex != g.map.grid.parse("0403")
    blue, red = _read(loc, "blue"), _read(loc, "red")
    assert "DR" in blue and "slip" not in blue and "75" not in blue and "1.20" not in blue
    assert "G slips away from the assault: 75 against 75% (1.20)" in red


def test_irregulars_that_fail_the_roll_take_the_result(tmp_path):
    """1.20: a roll of 76 -- the DR stands: 2 depressions and a retreat (11.2)."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("G", "irregulars", "0403")])
    g = game(loc)
    from umpire.actions import system_for
    column = system_for(loc).assault_sheet(g, ["T"], g.map.grid.parse("0403"), "assault").column
    act(loc, "assault", _d12_for(column, "DR"), 76, 1, units=["T"], hex="0403")
    g = game(loc)
    assert g.units["G"].marks.depressions == 2 and g.units["G"].hex != g.map.grid.parse("0403")
    assert "fails to slip away" in _read(loc, "red") and "slip" not in _read(loc, "blue")


def test_irregulars_cannot_force_a_retreat(tmp_path):
    """1.20: irregulars' DR on an infantry company: 3 depressions, and it stays in its hex."""
    loc = make_game(tmp_path, [("G", "irregulars", "0303"), ("H", "irregulars", "0304")],
                    [("C", "infantry_coy", "0403")])
    g = game(loc)
    from umpire.actions import system_for
    column = system_for(loc).assault_sheet(g, ["G", "H"], g.map.grid.parse("0403"), "assault").column
    res = act(loc, "assault", _d12_for(column, "DR"), units=["G", "H"], hex="0403")
    g = game(loc)
    assert g.units["C"].marks.depressions == 3 and g.units["C"].hex == g.map.grid.parse("0403")
    assert any("cannot force a retreat" in x for x in res.log)


def test_an_exchange_with_insurgents_costs_the_attacker_nothing(tmp_path):
    """1.21: EX -- the insurgents fall back a hex unharmed, the attacking company takes nothing."""
    loc = make_game(tmp_path, [("C", "infantry_coy", "0303")], [("N", "insurgents", "0403")])
    g = game(loc)
    from umpire.actions import system_for
    column = system_for(loc).assault_sheet(g, ["C"], g.map.grid.parse("0403"), "assault").column
    act(loc, "assault", _d12_for(column, "EX"), units=["C"], hex="0403")
    g = game(loc)
    assert g.units["C"].marks.depressions == 0 and g.units["N"].marks.depressions == 0
    assert g.units["N"].hex != g.map.grid.parse("0403")


def test_insurgents_evade_fire_nine_times_in_ten(tmp_path):
    """1.21: artillery (4) hits the insurgents (defence 1, seen by the company beside them); the
    secret 90 evades: no damage.  A 91 does not: D10 10 - 6 at 4-1 = 4, halved against insurgents
    (1.18): 2 depressions."""
    units = ([("A", "artillery_bn", "0203"), ("S", "infantry_coy", "0403")], [("N", "insurgents", "0503")])
    loc = make_game(tmp_path / "a", *units)
    act(loc, "assault", 6, 90, units=["A"], hex="0503", kind="ranged")
    assert game(loc).units["N"].marks.depressions == 0
    assert "slips away from the fire: 90 against 90% (1.21)" in _read(loc, "red")
    assert "slip" not in _read(loc, "blue") and "90%" not in _read(loc, "blue")
    loc = make_game(tmp_path / "b", *units)
    act(loc, "assault", 6, 91, 10, units=["A"], hex="0503", kind="ranged")
    assert game(loc).units["N"].marks.depressions == 2 and "fails to slip away" in _read(loc, "red")


def test_insurgents_single_out_one_unit_at_fifty_percent_less_five_a_defence_point(tmp_path):
    """1.21: against the infantry company (defence 2) the chance is 45%; a 45 costs it 3
    depressions, the battalion beside it (defence 4: 35%) is untouched; a 46 fails.  Other units
    attack the whole hex (11.0)."""
    import pytest

    from umpire.core.errors import UmpireError
    from umpire.rules.warblog.evasion import strike_chance
    assert [strike_chance(d) for d in (1, 2, 4, 11, 12)] == [50, 45, 35, 0, 0]
    units = ([("N", "insurgents", "0303"), ("G", "irregulars", "0304")],
             [("C", "infantry_coy", "0403"), ("B", "infantry_bn", "0403")])
    loc = make_game(tmp_path / "a", *units)
    res = act(loc, "assault", 45, units=["N"], hex="0403", at="C")
    g = game(loc)
    assert "3 depressions" in res.summary and g.units["C"].marks.depressions == 3
    assert g.units["B"].marks.depressions == 0 and g.units["N"].mp_spent == 2
    loc = make_game(tmp_path / "b", *units)
    res = act(loc, "assault", 46, units=["N"], hex="0403", at="C")
    assert "fails" in res.summary and game(loc).units["C"].marks.depressions == 0
    with pytest.raises(UmpireError, match="only insurgents single one out"):
        act(loc, "assault", units=["G"], hex="0403", at="C")


def test_1_13_special_forces_single_out_a_command_unit(tmp_path):
    """1.13: special forces "able to target command elements": the company (2, x3 against the
    HQ's 0 strength = 6) raids the brigade HQ alone (defence 1, its own command x1.2): 5-1, where
    the whole hex (the battalion's 4 beside it) is only 1-1.  A D12 of 1 is DE: the HQ passes its
    check (fresh), takes 3 depressions and retreats; the battalion is untouched.  Special forces
    single out nothing else, and nobody else singles out the HQ."""
    import pytest

    from umpire.actions import system_for
    from umpire.core.errors import UmpireError
    units = ([("S", "special_forces", "0303"), ("I", "infantry_bn", "0304")],
             [("H", "brigade_hq", "0403"), ("B", "infantry_bn", "0403")])
    loc = make_game(tmp_path / "a", *units)
    g = game(loc)
    whole = system_for(loc).assault_sheet(g, ["S"], g.map.grid.parse("0403"), "assault")
    raid = system_for(loc).assault_sheet(g, ["S"], g.map.grid.parse("0403"), "assault", "H")
    assert whole.column == "1-1" and raid.column == "5-1" and raid.defenders == ("H",)
    assert any("single out H, a command unit" in x and "(1.13)" in x for x in raid.lines)
    res = act(loc, "assault", 1, 5, units=["S"], hex="0403", at="H")
    g = game(loc)
    assert "DE" in res.summary and g.units["H"].marks.depressions == 3 and g.units["H"].hex != g.units["B"].hex
    assert g.units["B"].marks.depressions == 0 and g.map.number(g.units["B"].hex) == "0403"
    loc = make_game(tmp_path / "b", *units)
    with pytest.raises(UmpireError, match="only insurgents single one out"):
        act(loc, "assault", units=["S"], hex="0403", at="B")
    with pytest.raises(UmpireError, match="only insurgents single one out"):
        act(loc, "assault", units=["I"], hex="0403", at="H")
    with pytest.raises(UmpireError, match="1.13"):
        act(loc, "assault", units=["S"], hex="0403", at="H", kind="siege")
