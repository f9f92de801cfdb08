"""Wardogs lock-on (p. 12-13, Table 3) in our reading of the scrambled table."""

import pytest

from umpire.core.errors import UmpireError
from umpire.core.ruleset import load_table, rulesets_dir
from umpire.rules.wardogs.lockon import Situation, lock_on, moved_modifier

from pathlib import Path


def test_the_table_file_loads_in_the_table_format():
    t = load_table(Path(rulesets_dir()) / "wardogs" / "lockon.toml", ())
    assert not t.sample and "Table 3" in t.title


@pytest.mark.parametrize("hexes, mod", [(0, -1), (2, -1), (3, 0), (5, 0), (6, 1), (8, 1), (9, 2), (12, 2), (13, 3), (30, 3)])
def test_how_far_the_target_moved_table_3(hexes, mod):
    assert moved_modifier(hexes)[1] == mod


def test_at_or_under_the_signature_locks_p12():
    # a target that moved 4 hexes (+0) with signature 5: a 5 locks, a 6 does not (p. 12)
    s = Situation(signature=5, hexes_moved=4)
    assert lock_on(s, 5).locked
    assert not lock_on(s, 6).locked


def test_a_still_target_is_easier_table_3():
    # 0-2 hexes moved is -1: a 6 against signature 5 locks
    assert lock_on(Situation(signature=5, hexes_moved=1), 6).total == 5


def test_modifiers_add_up_in_our_reading_of_table_3():
    s = Situation(signature=6, hexes_moved=10, smoke=True, forest_hexes=2, partial_cover=True, indirect=True,
                  has_sight=False)
    lock = lock_on(s, 1)
    # +3 smoke, +4 forest (2 hexes), +2 moved 9-12, +1 partial cover, +2 indirect
    assert lock.total == 1 + 3 + 4 + 2 + 1 + 2
    assert not lock.locked
    assert "Table 3" in lock.describe()


@pytest.mark.parametrize("distance, underwater, mod", [(0, False, 5), (1, False, 3), (2, False, 1),
                                                       (0, True, 3), (1, True, 1), (2, True, 0), (3, False, 0)])
def test_decoy_flares_by_distance_table_3(distance, underwater, mod):
    base = lock_on(Situation(signature=9, hexes_moved=4), 3).total
    flared = lock_on(Situation(signature=9, hexes_moved=4, flare_distance=distance, flare_underwater=underwater), 3)
    assert flared.total - base == mod


def test_submerged_and_infantry_against_infantry():
    assert lock_on(Situation(signature=9, hexes_moved=4, submerged=True), 2).total == 7
    # p. 12: squads locking on to squads get -2
    assert lock_on(Situation(signature=2, hexes_moved=4, infantry_vs_infantry=True), 4).locked


def test_no_sight_and_no_indirect_is_refused_p12():
    with pytest.raises(UmpireError, match="line of sight"):
        lock_on(Situation(signature=5, has_sight=False), 3)


def test_signature_is_at_least_one_p6():
    assert lock_on(Situation(signature=0, hexes_moved=0), 2).locked        # 2 - 1 = 1 <= 1
