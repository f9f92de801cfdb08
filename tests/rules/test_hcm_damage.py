"""HCM 2.3.3, 2.3.5: damage blocks -- the faces, the (sample) chart, incremental damage, what the
letters do (our readings, umpire/rules/hcm/damage.py) and the vehicle that cannot be saved."""

import pytest

from umpire.core.dice import Dice
from umpire.core.errors import UmpireError
from umpire.core.ruleset import load_table, rulesets_dir
from umpire.rules.hcm import damage

from dicekit import dice


def test_the_faces_are_the_printed_six_in_order():        # HCM 2.3.3
    assert damage.FACES == ("C", "CC", "D", "DD", "M", "MM")
    assert [damage.face(n) for n in range(1, 7)] == list(damage.FACES)


def test_worked_example_equal_weights_give_incremental_damage_only():
    # HCM 2.3.3: a Light gun on a Light vehicle; a CC rolled places only a C; the next CC turns it to CC
    count, incremental = damage.blocks_for("L", "L")
    assert incremental and count == 1
    first = damage.place((), "CC", incremental)
    assert first == ("C",)
    assert damage.place(first, "CC", incremental) == ("CC",)
    # a C rolled on a C already there also turns it to CC: a step at a time, whatever the face
    assert damage.place(("C",), "C", True) == ("CC",)
    # once doubled, the next step of that letter is a new single block
    assert damage.place(("CC",), "CC", True) == ("CC", "C")


def test_a_heavier_gun_places_the_face_rolled():
    count, incremental = damage.blocks_for("H", "M")
    assert not incremental and count >= 1
    assert damage.place(("C",), "CC", incremental) == ("C", "CC")


def test_a_gun_powerful_enough_rolls_two_blocks():        # the article's summary, sample chart
    assert damage.blocks_for("VH", "L")[0] == 2
    assert damage.blocks_for("VL", "VH")[0] == 0          # beyond the rows: the nearest row


def test_the_chart_is_shipped_as_a_labelled_sample():
    table = load_table(rulesets_dir() / "hcm" / "damage.toml", ())
    assert table.sample and "stand-in" in table.note


def test_three_double_blocks_cannot_be_saved():           # HCM 2.3.5 (our reading: destroyed)
    assert not damage.wrecked(("CC", "DD", "M"))
    assert damage.wrecked(("CC", "DD", "MM"))


def test_letters_count_as_points():                       # our reading of C and D, 2.3.5 for M
    blocks = ("C", "DD", "M")
    assert damage.combat_penalty(blocks) == 1
    assert damage.armour_penalty(blocks) == 2
    assert damage.movement_after(5, blocks) == 4
    assert damage.movement_after(5, ("MM",)) == 1          # MM: one hex a turn
    assert damage.movement_after(1, ("M", "M")) == 1       # never below one hex
    assert "-2 defence" in damage.describe(blocks)


def test_rolling_the_blocks_of_a_hit():
    d = Dice("s", 1, typed=dice(2))                      # CC on equal weights: placed as C
    blocks, lines = damage.roll_blocks(("C",), "M", "M", d, "T1")
    assert blocks == ("CC",)
    assert "incremental" in lines[0] and "CC" in lines[-1]


def test_a_bad_weight_is_refused_in_one_line():
    with pytest.raises(UmpireError, match="HCM 1.1.4"):
        damage.blocks_for("X", "M")
    with pytest.raises(UmpireError, match="HCM 2.3.3"):
        damage.place((), "Q", True)
