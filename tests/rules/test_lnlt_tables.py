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
    lotr = ("leg", "tracked", "offroad", "road")          # the table's L, T, O, R (Umpire's boat column aside)
    assert {k: sides["stream_1"]["move"][k] for k in lotr} == {"leg": 0, "tracked": 0, "offroad": 0, "road": 0}
    assert {k: sides["stream_2"]["move"][k] for k in lotr} == {"leg": 1, "tracked": 2, "offroad": 3, "road": 4}
    assert sides["stream_3"]["move"]["road"] is None and sides["stream_4"]["move"]["tracked"] == 8
    assert all(v is None for v in sides["stream_5"]["move"].values())


def test_the_fate_of_crew_and_passengers_table_is_whole_and_its_codes_follow_its_cells():
    """15.4, 16.1.1: ten rows (DFT and OFT: no effect, Shaken, abandoned, destroyed; close
    assault: no effect, destroyed); each cell's code says what its printed words say."""
    rows = LNLT.tables["fate"].section("entry")
    assert len(rows) == 10
    assert {(r["attack"], r["vehicle"]) for r in rows.values()} == \
        {(a, v) for a in ("dft", "oft") for v in ("no_effect", "shaken", "abandoned", "destroyed")} | \
        {("close_assault", "no_effect"), ("close_assault", "destroyed")}
    words = {"none": ("No Effect",), "damage_check_if_exposed": ("open-topped or unarmored",),
             "damage_check": ("Damage Check",), "morale_check": ("Morale Check",),
             "get_off": ("Disembark, mark Moved and Morale Check",), "shaken_crew": ("Moved and Shaken Crew",),
             "bailout": ("Bailout Check",), "damage_check_then_bailout": ("Damage Check, then Bailout",),
             "crew_on_a_1": ("1, place a moved GO Crew",), "eliminated": ("Eliminated",),
             "not_allowed": ("prevent close assault",)}
    for key, r in rows.items():
        for i, column in enumerate(("crew", "inside", "outside")):
            assert all(w in r["printed"][i] for w in words[r[column]]), (key, column)


def test_the_sample_vehicle_and_ordnance_counters_fit_the_catalogue():
    """Every vehicle has armour and a crew type that exists; every gun's bands line up."""
    units = LNLT.unit_types
    for key, v in LNLT.tables["vehicles"].section("entry").items():
        assert units[key]["kind"] == "vehicle" and units[v["crew"]]["kind"] == "crew"
        assert len(v["hull"]) == 3 and len(v.get("turret_armour", [0, 0, 0])) == 3
    assert {k for k, u in units.items() if u["kind"] == "vehicle"} == set(LNLT.tables["vehicles"].section("entry"))
    for key, g in LNLT.tables["ordnance"].section("entry").items():
        assert key in units and len(g["bands"]) == len(g["to_hit"]) == len(g["penetration"])
        assert g["bands"] == sorted(g["bands"])


def test_a_vehicle_without_armour_is_refused_in_one_line_before_play():
    """A club's counters must agree across the tables: a vehicle type missing from vehicles.toml
    is named with its file, not met as a crash in the middle of a fire (15.0: its armour)."""
    import dataclasses

    from umpire.core.errors import RulesetError
    from umpire.rules.lnlt import RuleSystem, check_tables
    check_tables(LNLT)
    units = dict(LNLT.unit_types)
    units["us_m60_tank"] = {**units["us_m48"]}
    broken = dataclasses.replace(LNLT, tables={**LNLT.tables, "units": dataclasses.replace(
        LNLT.tables["units"], sections={**LNLT.tables["units"].sections, "entry": units})})
    with pytest.raises(RulesetError, match="'us_m60_tank' has no entry in vehicles.toml") as e:
        RuleSystem(broken)
    assert "units.toml" in e.value.one_line()


def test_red_armour_must_name_a_face():
    """vehicles.toml `red_armour` (14.1): a misspelt face is refused with the file and entry."""
    import dataclasses

    from umpire.core.errors import RulesetError
    from umpire.rules.lnlt import RuleSystem
    vehicles = dict(LNLT.tables["vehicles"].section("entry"))
    vehicles["us_m1"] = {**vehicles["us_m1"], "red_armour": ["hull_frnt"]}
    broken = dataclasses.replace(LNLT, tables={**LNLT.tables, "vehicles": dataclasses.replace(
        LNLT.tables["vehicles"], sections={**LNLT.tables["vehicles"].sections, "entry": vehicles})})
    with pytest.raises(RulesetError, match="red_armour 'hull_frnt' is none of") as e:
        RuleSystem(broken)
    assert "vehicles.toml" in e.value.one_line() and "[entry.us_m1]" in e.value.one_line()
