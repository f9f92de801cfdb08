"""Wardogs minefields and sweepers (p. 18)."""

from pathlib import Path

import pytest

from umpire.core.dice import Dice, typed_in_order
from umpire.core.errors import UmpireError
from umpire.core.ruleset import load_table, rulesets_dir
from umpire.rules.wardogs.damage import apply_hits
from umpire.rules.wardogs.mines import attack, attack_dice, clears, detects, kind_of


def test_the_table_file_loads():
    t = load_table(Path(rulesets_dir()) / "wardogs" / "mines.toml", ())
    assert set(t.section("entry")) == {"land", "ocean"}


def test_strength_d6_then_that_many_d10_against_armour_p18():
    # a strength of 3 rolls three d10 against AR 4: 2 misses, 4 hits, 9 penetrates
    dice = Dice("t", 1, typed=typed_in_order([[3], [2, 4, 9]]))
    strength, rolled = attack(dice, "Coyote", armour=4)
    assert strength == 3 and len(rolled) == 3
    assert [d.hit for d in rolled] == [False, True, True] and [d.penetrates for d in rolled] == [False, False, True]
    out = apply_hits(rolled, shields=0, armour=4, armour_at_start=4, kind="mecha")
    assert out.armour == 2 and out.penetrations == 1 and out.stability_check
    assert [r.sides for r in dice.rolls] == [6, 10]


def test_a_squad_in_a_minefield_p18():
    assert apply_hits(attack_dice([1], 0), 0, 0, 0, "infantry").killed


@pytest.mark.parametrize("d10, found", [(1, True), (2, False), (9, True), (10, False)])
def test_a_sweeper_detects_on_odd_p18(d10, found):
    assert detects(d10) is found


@pytest.mark.parametrize("d6, gone", [(1, True), (3, True), (5, True), (2, False), (6, False)])
def test_a_sweeper_clears_on_odd_p18(d6, gone):
    assert clears(d6) is gone


def test_bad_input_is_one_line():
    with pytest.raises(UmpireError, match="p. 18"):
        detects(11)
    with pytest.raises(UmpireError, match="minefield kind"):
        kind_of("sea")
