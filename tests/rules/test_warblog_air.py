"""War Blog air power played through the engine (9.0-9.3, 1.14, 11.5): air units in the pool,
ground attacks from over the target, air defence's chance out of 70, the air superiority box
and its air combat."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act, game, make_game, marks


def air(side, *units):
    rows = "\n".join(f'  {{ id = "{uid}", type = "{t}" }},' for uid, t in units)
    return f'[[battalion]]\nid = "{side} air"\nside = "{side}"\nunits = [\n{rows}\n]\n'


def wb(tmp_path, blue, red, extra):
    # a blue recce company next to the target keeps it seen (contact, 3.2)
    return make_game(tmp_path, blue + [("Eyes", "recce_coy", "0402")], red, extra=extra)


def test_an_air_strike_hits_from_over_the_target(tmp_path):
    """9.1, 11.5, 1.30: no range penalty (a battalion is hit on 1 or more); strength 6 against
    defence 4 in the open is 1-1: D10 10 - 7 = 3 depressions.  The unit then waits for the
    next turn; it is in the air pool, not on the map."""
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503")], air("blue", ("Jets", "strike_sqn"), ("Jets2", "strike_sqn")))
    g = game(loc)
    assert g.units["Jets"].status == "off_map" and ("blue", "I") in g.contacts
    res = act(loc, "air_strike", 1, 10, side="blue", unit="Jets", hex="0503")
    assert "Jets strikes 0503: 1 of 1 hit" == res.summary
    assert any("damage D10 10 -7 at 1-1" in x for x in res.log)
    assert marks(loc, "I").depressions == 3 and marks(loc, "Jets").flew == 1
    with pytest.raises(UmpireError, match="back from a sortie this turn"):
        act(loc, "air_strike", side="blue", unit="Jets", hex="0503")
    with pytest.raises(UmpireError, match="sees no enemy unit in 0703"):
        act(loc, "air_strike", side="blue", unit="Jets2", hex="0703")


def test_artillery_takes_two_and_a_half_times_the_damage(tmp_path):
    """1.10, 1.18: strength 6 against the guns' defence 2 is 3-1: D10 8 - 6 = 2, times 2.5 = 5
    depressions."""
    loc = wb(tmp_path, [], [("G", "artillery_bn", "0503")], air("blue", ("Jets", "strike_sqn")))
    res = act(loc, "air_strike", 1, 8, side="blue", unit="Jets", hex="0503")
    assert any("damage D10 8 -6 at 3-1 x2.5 against artillery (1.10, 1.18)" in x for x in res.log)
    assert marks(loc, "G").depressions == 5


def test_air_defence_in_range_may_shoot_the_strike_down_or_blunt_it(tmp_path):
    """1.14: a 2-strength battery within 3 hexes gives 2 chances in 70; 1 is within them, and
    the effect roll 9 shoots the squadron down.  Out of its range it does nothing."""
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503"), ("AD", "air_defence_bty", "0703")],
             air("blue", ("Jets", "strike_sqn"), ("Jets2", "strike_sqn")))
    res = act(loc, "air_strike", 1, 9, side="blue", unit="Jets", hex="0503")
    assert "shot down" in res.summary and game(loc).units["Jets"].status == "destroyed"
    assert any("air defence 2 (AD 2): a chance of 2 in 70 (1.14)" in x for x in res.log)
    # the second: 2 is within, effect 3 (half): strength 3 against 4 is 1-2, D10 10 - 8 = 2
    res = act(loc, "air_strike", 2, 3, 1, 10, side="blue", unit="Jets2", hex="0503")
    assert any("air defence 2: 0.5 effect" in x for x in res.log) and any("strength 3 on 1 target" in x
                                                                            for x in res.log)
    assert marks(loc, "I").depressions == 2


def test_air_superiority_is_won_in_the_box_and_then_guards_the_ground(tmp_path):
    """9.2, 9.3: Blue's fighters alone in the box hold air superiority; Red's arrive and fight:
    Red 6 + 5 = 11 against Blue 2 + 5 = 7, a difference of 4: Blue's fighters are destroyed and
    Red holds it.  Blue's strike then faces Red's box fighters' air combat 5 as air defence."""
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503")],
             air("blue", ("Blue Ftr", "fighter_sqn"), ("Jets", "strike_sqn")) + air("red", ("Red Ftr", "fighter_sqn")))
    res = act(loc, "air_patrol", side="blue", units=["Blue Ftr"])
    assert "Blue holds air superiority" in res.summary and marks(loc, "Blue Ftr").box
    with pytest.raises(UmpireError, match="in the air superiority box"):
        act(loc, "air_strike", side="blue", unit="Blue Ftr", hex="0503")
    act(loc, "pass", side="blue")
    res = act(loc, "air_patrol", 6, 2, side="red", unit="Red Ftr")
    assert any("Red Ftr 11 against Blue Ftr 7: loser eliminated (Blue Ftr)" in x for x in res.log)
    assert "Red holds air superiority" in res.summary and game(loc).units["Blue Ftr"].status == "destroyed"
    act(loc, "pass", side="red")
    res = act(loc, "air_strike", 70, side="blue", unit="Jets", hex="0503")
    assert any("air defence 5 (Red Ftr 5): a chance of 5 in 70" in x for x in res.log)


def test_a_stand_off_leaves_air_superiority_contested(tmp_path):
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503")],
             air("blue", ("Blue Ftr", "fighter_sqn")) + air("red", ("Red Ftr", "fighter_sqn")))
    act(loc, "air_patrol", side="blue", unit="Blue Ftr")
    act(loc, "pass", side="blue")
    res = act(loc, "air_patrol", 4, 4, side="red", unit="Red Ftr")
    assert "contested: nobody holds it" in res.summary
    act(loc, "air_recall", side="red", unit="Red Ftr")
    g = game(loc)
    assert not g.units["Red Ftr"].marks.box and g.units["Blue Ftr"].marks.box


def test_air_units_do_not_move_on_the_map(tmp_path):
    from umpire.actions import system_for
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503")], air("blue", ("Jets", "strike_sqn")))
    g = game(loc)
    check = system_for(loc).check_move(g, "Jets", [g.map.grid.parse("0101")])
    assert not check.legal and "flies from the air pool" in check.reason


def test_9_3_seven_against_three_are_spread_two_two_and_three(tmp_path):
    """9.3's example: seven aircraft against three are spread evenly -- three against one, two
    against each of the others -- each pairing its own combat (all stand-offs here)."""
    blue = tuple((f"B{k}", "fighter_sqn") for k in range(7))
    red = tuple((f"R{k}", "fighter_sqn") for k in range(3))
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503")], air("blue", *blue) + air("red", *red))
    act(loc, "pass", side="blue")
    act(loc, "air_patrol", side="red", units=[r for r, _t in red])
    act(loc, "pass", side="red")
    res = act(loc, "air_patrol", *([3] * 14), side="blue", units=[b for b, _t in blue])
    fights = [x for x in res.log if x.startswith("  B") and "stand-off" in x]
    per_enemy = sorted(sum(1 for x in fights if f"against R{k} " in x) for k in range(3))
    assert len(fights) == 7 and per_enemy == [2, 2, 3]
    assert "contested: nobody holds it" in res.summary


def test_9_3_units_already_in_the_box_start_no_new_air_combat(tmp_path):
    """9.2, 9.3: a combat starts when a side moves units into the box ("contest it by adding an
    air unit").  Blue's fighter, left in the box by a stand-off, may not 'patrol' again to fight
    round after round in the same turn; a fresh fighter from the pool may go up once, and the
    one already up fights beside it."""
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503")],
             air("blue", ("B1", "fighter_sqn"), ("B2", "fighter_sqn")) + air("red", ("R1", "fighter_sqn")))
    act(loc, "pass", side="blue")
    act(loc, "air_patrol", side="red", unit="R1")
    act(loc, "pass", side="red")
    res = act(loc, "air_patrol", 3, 3, 3, 3, side="blue", units=["B1", "B1"])
    assert "contested" in res.summary
    assert sum("against R1 8: stand-off" in x for x in res.log) == 1          # named twice, one combat
    with pytest.raises(UmpireError, match=r"B1 is already in the air superiority box.*\(9\.2, 9\.3\)"):
        act(loc, "air_patrol", side="blue", unit="B1")
    with pytest.raises(UmpireError, match=r"already in the air superiority box"):
        act(loc, "air_patrol", side="blue", units=["B2", "B1"])
    res = act(loc, "air_patrol", 3, 3, 3, 3, side="blue", unit="B2")
    assert res.summary == "Blue air patrol: air superiority contested: nobody holds it (9.2)"
    assert sum("against R1 8: stand-off" in x for x in res.log) == 2       # B1 and B2 both fight
    act(loc, "air_recall", side="blue", unit="B2")
    with pytest.raises(UmpireError, match=r"B2 has flown this turn \(9\.0, 9\.2\)"):
        act(loc, "air_patrol", side="blue", unit="B2")


def test_9_3_rounds_cycle_until_one_side_is_beaten_or_the_arriving_side_stops(tmp_path):
    """9.3: "the combat cycles back to the first units" after a full round; the arriving side
    says how many rounds it fights at most.  Three rounds asked: a stand-off (3 against 3), a
    stand-off, then 6 + 5 against 2 + 5, a difference of 4: Red's fighter is destroyed and the
    combat ends there.  Red, whose fighter it was, reads what befell it -- not Blue's unit."""
    from umpire.core.engine import journal
    from umpire.core.store.db import open_game
    from umpire.core.witness import side_journal
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503")],
             air("blue", ("B1", "fighter_sqn")) + air("red", ("R1", "fighter_sqn")))
    act(loc, "pass", side="blue")
    act(loc, "air_patrol", side="red", unit="R1")
    act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match=r"rounds must be a whole number of 1 or more, not 0 \(9\.3\)"):
        act(loc, "air_patrol", side="blue", unit="B1", rounds=0)
    res = act(loc, "air_patrol", 3, 3, 4, 4, 6, 2, 1, 1, side="blue", unit="B1", rounds=5)
    assert [x.strip() for x in res.log if x.startswith("  round")] == ["round 1 (9.3)", "round 2 (9.3)",
                                                                       "round 3 (9.3)"]
    assert any("B1 11 against R1 7: loser eliminated (R1)" in x for x in res.log)
    assert res.summary == "Blue air patrol: Blue holds air superiority (9.2)"
    assert game(loc).units["R1"].status == "destroyed"
    red = [x for e in side_journal(open_game(loc), "red", journal(loc)) if not e.own for x in e.lines]
    assert "  R1 fights an enemy aircraft in the air superiority box: it is destroyed (9.3)" in red
    assert not any("B1" in x for x in red)
