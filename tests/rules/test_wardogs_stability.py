"""Wardogs stability, crashes and falls (Wardogs pp. 10-11, Table 2): the worked examples as
tests, Umpire's reading of the garbled Table 2, standing up, the checks owed at step 5."""

from umpire.core.dice import Dice
from umpire.rules.wardogs import crash, stability

from dicekit import dice as typed
from .wdkit import act, blue_moves, checked, game, to_phase, towards, wardogs_game


def test_table_2_read_by_its_groups(tmp_path):
    """Table 2 garbled: seven groups of actions, one modifier each (stability.toml)."""
    g = game(wardogs_game(tmp_path, [{"id": "G", "type": "guardian", "hex": "0303"}], []))
    t = {k: v["modifier"] for k, v in stability.table2(g).items()}
    assert t == {"fire_hit": -1, "jump": -1, "backwards": -1, "melee_hit": -2, "forest_landing": -2, "kick": -3,
                 "pushed": -4, "flipped": -5, "rammed_by_mecha": -7, "mine": -8}


def _check(g, uid, face, reasons):
    return stability.check(g, g.units[uid], Dice("s", 1, typed(face)), reasons)


def test_p11_regular_pilot_lands_in_forest_on_a_4(tmp_path):
    """p. 11 example: a regular pilot, a biped with no stability modifier, rolls 4; landing in
    forest is -2: 2, upright.  A green pilot (-1) gets 1 and falls."""
    g = game(wardogs_game(tmp_path, [{"id": "Reg", "type": "guardian", "hex": "0303"},
                                     {"id": "Green", "type": "guardian", "hex": "0305", "skill": "green"}], []))
    ok, line = _check(g, "Reg", 4, ("forest_landing",))
    assert ok and "= 2" in line
    ok, line = _check(g, "Green", 4, ("forest_landing",))
    assert not ok and "= 1" in line and "green pilot" in line


def test_a_result_below_one_fails_too():
    assert not stability.passes(0) and not stability.passes(1) and stability.passes(2)


def test_the_gyroscope_sample_counts(tmp_path):
    """The Coyote's Superior Gyroscope: its sheet's stability +1 (a labelled sample)."""
    g = game(wardogs_game(tmp_path, [{"id": "C", "type": "coyote", "hex": "0303"}], []))
    ok, line = _check(g, "C", 3, ("forest_landing",))        # 3 - 2 + 1 = 2: up (without it, 1: down)
    assert ok and "+ 1 (equipment) = 2" in line


def test_p10_the_size_4_helicopter_crashes_24d8_against_ar_3(tmp_path):
    """p. 10 example: d10 = 6, x size 4 = 24 dice, two steps up from d4 = d8, each 3+ a point."""
    assert crash.crash_dice(6, 4) == 24 and crash.damage_die(24) == 8
    g = game(wardogs_game(tmp_path, [{"id": "H", "type": "gunship", "hex": "0303"}], []))
    faces = [1, 2] * 4 + [3, 8] * 8            # 8 under 3, 16 at 3 or more (8 over: test_wd_crash.py)
    out = crash.crash(g, g.units["H"], Dice("c", 1, typed(6, *faces, *[5] * 8)), "engine destroyed")
    lines = [x for c in out for x in c.lines]
    assert any("24 dice of d8" in x for x in lines)
    assert any("16 points of damage, armour 3 -> 0" in x for x in lines)


def test_p11_falls_of_10_and_55_metres():
    """p. 11 example: 10 m, 2d4; 55 m, 11 dice, so d6.  5 m or less: no damage."""
    assert (crash.fall_dice(10), crash.damage_die(crash.fall_dice(10))) == (2, 4)
    assert (crash.fall_dice(55), crash.damage_die(crash.fall_dice(55))) == (11, 6)
    assert crash.fall_dice(5) == 0 and crash.damage_die(10) == 6 and crash.damage_die(200) == 12


def test_a_fall_rolls_against_the_armour(tmp_path):
    g = game(wardogs_game(tmp_path, [{"id": "G", "type": "guardian", "hex": "0303"}], []))
    out = crash.fall(g, g.units["G"], Dice("f", 1, typed(4, 2)), 10)       # 2d4 against AR 7
    assert any("0 points of damage, armour 7 -> 7" in x for c in out for x in c.lines)


def test_a_fallen_unit_stands_up_for_2_mp_and_has_half_the_rest(tmp_path):
    """p. 11: 2 MP for the attempt; up, half the remaining MP: 5 - 2 = 3, half of it 1."""
    loc = wardogs_game(tmp_path, [{"id": "G", "type": "guardian", "hex": "0303", "facing": "S"}], [])
    blue_moves(loc)
    import sqlite3
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id = 'G'", ('{"fallen": true, "ar": 7, "ar_start": 7}',))
    g = game(loc)
    assert "stand up first" in checked(loc, "G", towards(g, "0303", "S")).reason
    summary = act(loc, "stand_up", 6, side="blue", unit="G").summary
    assert "back up with 1 MP" in summary
    g = game(loc)
    assert not g.units["G"].marks.fallen and g.units["G"].mp_spent == 2


def test_a_failed_landing_check_at_step_5_fells_the_mecha(tmp_path):
    """p. 7 step 5: the landing's check is owed; failing, the mecha falls its own height (p. 11)."""
    loc = wardogs_game(tmp_path, [{"id": "G", "type": "guardian", "hex": "0303"}], [])
    import sqlite3
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id = 'G'",
                     ('{"checks": ["forest_landing"], "ar": 7, "ar_start": 7, "facing": 0}',))
    to_phase(loc, "mines")
    act(loc, "next_phase", 2, 1, 1)          # d10 2 - 2 = 0: falls 12 m, 2d4
    u = game(loc).units["G"]
    assert u.marks.fallen and u.marks.checks == ()


def test_a_target_hit_three_times_checks_at_minus_3(tmp_path):
    """p. 7 step 8 and Table 2: -1 for each hit by fire; the Guardian (no modifier) rolls 4: 1, down."""
    g = game(wardogs_game(tmp_path, [{"id": "G", "type": "guardian", "hex": "0303"},
                                     {"id": "Sq", "type": "squad", "hex": "0305"}], []))
    out = stability.after_fire(g, Dice("h", 1, typed(4, 1, 1)), {"G": 3, "Sq": 2})
    lines = [x for c in out for x in c.lines]
    assert any("- 1 (hit by enemy weapons fire, Table 2)" in x and "= 1" in x and "fails" in x for x in lines)
    assert any(c.values.get("fallen") for c in out if c.key == "G")
    assert not any(c.key == "Sq" for c in out)             # infantry make no stability checks
