"""Wardogs crashes and falls rolled to the end (Wardogs pp. 10-11, 16-17): the damage dice "as if
it were weapon fire" -- Table 7 against the unit's armour, points off the armour and a
penetration roll for each die over it -- then the penetration rolls on Table 8 for mecha and
Table 9 for every other unit (an aircraft too), so a crash can destroy what it wrecks."""

from __future__ import annotations

from umpire.core.dice import Dice
from umpire.rules.wardogs import crash

from dicekit import dice as typed
from .wdkit import game, wardogs_game


def _lines(changes) -> list[str]:
    return [x for c in changes for x in c.lines]


def test_p10_the_size_4_helicopters_crash_rolls_its_penetrations_on_table_9(tmp_path):
    """p. 10 example: d10 6 x size 4 = 24d8 against AR 3; each 3 or more a point (16), and each
    over 3 (8) a penetration roll -- on Table 9, the helicopter being no mecha: a d10 each.  The
    first is a 1: crew compartment destroyed, the helicopter is destroyed (p. 17, Table 9)."""
    g = game(wardogs_game(tmp_path, [{"id": "H", "type": "gunship", "hex": "0303"}], []))
    faces = [1, 2] * 4 + [3, 8] * 8                       # 8 under 3, 8 at 3, 8 over
    out = crash.crash(g, g.units["H"], Dice("c", 1, typed(6, *faces, 1, 4, 4, 4, 4, 4, 4, 4)), "engine destroyed")
    lines = _lines(out)
    assert any("24 dice of d8" in x for x in lines)
    assert any("16 at 3 or more, 8 of them over it" in x for x in lines)
    assert any("16 points of damage, armour 3 -> 0" in x for x in lines)
    assert any("8 penetration rolls on Table 9" in x for x in lines)
    assert any("penetration 1: crew compartment destroyed" in x for x in lines)
    marks = next(c.values for c in out if "damage" in c.values)
    assert marks["ar"] == 0 and marks["damage"]["crew"] == 2 and marks["damage"]["drive"] == 2   # 4 twice: destroyed
    assert any(c.values.get("status") == "destroyed" for c in out)


def test_p11_a_mechas_fall_penetrates_on_table_8(tmp_path):
    """p. 11: 10 m, 2d4 against the armour (a Coyote worn down to AR 2): a 2 is a point, a 4 a
    point and a penetration -- on Table 8, 2d6: 3 + 4 = 7, a weapon damaged (the first on its
    sheet, p. 17)."""
    g = game(wardogs_game(tmp_path, [{"id": "C", "type": "coyote", "hex": "0303"}], []))
    u = g.units["C"]
    u.marks = u.marks.but(ar=2)
    out = crash.fall(g, u, Dice("f", 1, typed(2, 4, 3, 4)), 10)
    lines = _lines(out)
    assert any("2 points of damage, armour 2 -> 0" in x for x in lines)
    assert any("1 penetration roll on Table 8" in x for x in lines)
    values = next(c.values for c in out if "damage" in c.values)
    assert values["damage"] == {"weapon:coyote_particle_cannon": 1} and values["ar"] == 0
    assert not any(c.values.get("status") == "destroyed" for c in out)


def test_a_fall_that_only_equals_the_armour_takes_points_and_rolls_nothing(tmp_path):
    g = game(wardogs_game(tmp_path, [{"id": "C", "type": "coyote", "hex": "0303"}], []))
    u = g.units["C"]
    u.marks = u.marks.but(ar=4)
    out = crash.fall(g, u, Dice("f", 1, typed(4, 1)), 10)         # a 4 at AR 4: a point, no penetration
    values = next(c.values for c in out if "damage" in c.values)
    assert values["ar"] == 3 and values["damage"] == {}
    assert not any("penetration roll" in x for x in _lines(out))


def test_a_crash_reads_the_record_sheet_of_the_side_alone(tmp_path):
    """Internal damage is hidden: the lines are the unit's side's; that it is destroyed, also
    every side that sees it."""
    g = game(wardogs_game(tmp_path, [{"id": "H", "type": "gunship", "hex": "0303"}],
                          [{"id": "T", "type": "tank", "hex": "0305"}]))
    out = crash.crash(g, g.units["H"], Dice("c", 1, typed(1, 4, 4, 4, 4, 1, 1, 1, 1)), "stall")
    damage = next(c for c in out if "damage" in c.values)
    assert damage.reader == "blue"
    dead = next(c for c in out if c.values.get("status") == "destroyed")
    assert set(dead.reader) == {"blue", "red"}              # red's tank sees the helicopter go down
