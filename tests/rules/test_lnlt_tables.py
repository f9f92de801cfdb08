"""Lock 'n Load Tactical's transcribed tables (player aid): the Damage Check Calculation Table,
the Damage Check Table, melee odds and kill numbers, mines against vehicles, loose fire, the
streams table -- each read through the code that uses it."""

import pytest

from umpire.core.ruleset import load_ruleset
from umpire.rules.lnlt import tables

LNLT = load_ruleset("lnlt")


def test_the_damage_check_calculation_table_is_the_difference_of_the_rolls():
    """5.0: every printed cell is DC+(attacker - defender) when the attacker is higher, else no
    effect -- the transcription checked cell by cell; the pattern goes on beyond the table."""
    rows = LNLT.tables["dcct"].section("entry")["dcct"]["rows"]
    assert len(rows) == 14 and all(len(r) == 11 for r in rows)
    for a in range(1, 15):
        for d in range(1, 12):
            expected = a - d if a > d else None
            assert tables.dc_number(LNLT, a, d) == expected, (a, d)
    assert tables.dc_number(LNLT, 18, 3) == 15 and tables.dc_number(LNLT, 5, 12) is None


@pytest.mark.parametrize("column, roll, result", [
    ("good_mmc", 6, "No Effect"), ("good_mmc", 7, "Shaken"), ("good_mmc", 11, "Shaken"),
    ("good_mmc", 12, "Casualties"), ("good_mmc", 17, "Casualties"), ("good_mmc", 18, "Eliminated"),
    ("shaken_mmc", 7, "Casualties"), ("good_smc", 12, "Wounded"), ("shaken_smc_or_hero", 7, "Wounded"),
    ("armoured", 18, "Abandoned"), ("unarmoured", 12, "Destroyed"), ("helicopter", 7, "Damaged"),
])
def test_the_damage_check_table_by_multiples_of_morale(column, roll, result):
    """5.0 DCT: at or under morale no effect; over it, under twice; twice, under three times;
    three times and more -- here for a morale of 6."""
    assert tables.dct_result(LNLT, column, roll, 6) == result


def test_melee_odds_and_kill_numbers():
    """8.0: the Melee Odds Ratio Table (defending rows, attacking columns) and the Melee Success
    Probability Table's kill numbers; beyond 1-3 and 5-1 the ends."""
    assert tables.melee_odds(LNLT, 1, 1) == "1-1"
    assert tables.melee_odds(LNLT, 5, 2) == "3-1" and tables.melee_odds(LNLT, 2, 5) == "1-2"
    assert tables.melee_odds(LNLT, 1, 14) == "1-3" and tables.melee_odds(LNLT, 14, 1) == "5-1"
    assert tables.melee_odds(LNLT, 3, 2) == "3-2" and tables.melee_odds(LNLT, 20, 2) == "5-1"
    kills = {odds: tables.kill_number(LNLT, odds) for odds in ("1-3", "1-2", "2-3", "1-1", "3-2", "2-1", "3-1",
                                                                "4-1", "5-1")}
    assert list(kills.values()) == [11, 10, 9, 8, 7, 6, 5, 4, 3]
    assert tables.shift_right(LNLT, "1-1") == "3-2" and tables.shift_right(LNLT, "5-1") == "5-1"


def test_mines_loose_fire_and_streams():
    """21.4.1, 18.2 and 10.5.1 as transcribed."""
    assert [tables.mines_vs_vehicles(LNLT, d) for d in range(1, 7)] == [
        "No Effect", "Shaken", "Shaken", "Shaken & Immobilized", "Shaken & Immobilized", "Destroyed (including Crew)"]
    assert [tables.loose_firepower(LNLT, fp) for fp in range(1, 7)] == [0, 0, 1, 1, 2, 2]
    sides = LNLT.hexside_features
    assert sides["stream_1"]["move"] == {"leg": 0, "tracked": 0, "offroad": 0, "road": 0}
    assert sides["stream_2"]["move"] == {"leg": 1, "tracked": 2, "offroad": 3, "road": 4}
    assert sides["stream_3"]["move"]["road"] is None and sides["stream_4"]["move"]["tracked"] == 8
    assert all(v is None for v in sides["stream_5"]["move"].values())
