"""Lock 'n Load Tactical's tables, read from their transcriptions in resources/rulesets/lnlt:
the Damage Check Calculation Table and the Damage Check Table (5.0), the melee odds and kill
numbers (8.0), mines against vehicles (21.4.1) and the loose fire mission's firepower (18.2)."""

from __future__ import annotations

from ...core.ruleset import Ruleset

MELEE_MIN, MELEE_MAX = "1-3", "5-1"         # 8.0: below 1-3 as 1-3, above 5-1 as 5-1


def dc_number(rules: Ruleset, attacker: int, defender: int) -> int | None:
    """5.0: the damage check's die-roll modifier when the attacker's modified result beats the
    defender's, else None.  Beyond the printed table's 14 and 11 the table's pattern (the
    difference) goes on."""
    rows = rules.tables["dcct"].section("entry")["dcct"]["rows"]
    if 1 <= attacker <= len(rows) and 1 <= defender <= len(rows[0]):
        cell = rows[attacker - 1][defender - 1]
        return None if cell == "-" else int(cell[3:])
    return attacker - defender if attacker > defender else None


BANDS = ("at_most_morale", "over_morale", "twice_morale", "thrice_morale")


def dct_result(rules: Ruleset, column: str, roll: int, morale: int) -> str:
    """5.0: the Damage Check Table's result for a modified roll against a morale, in a column
    (good_mmc, shaken_mmc, good_smc, shaken_smc_or_hero, armoured, unarmoured, helicopter)."""
    if roll <= morale:
        band = "at_most_morale"
    elif roll < 2 * morale:
        band = "over_morale"
    elif roll < 3 * morale:
        band = "twice_morale"
    else:
        band = "thrice_morale"
    row = next(e for e in rules.tables["dct"].section("entry").values() if e["within"] == band)
    return row[column]


def melee_odds(rules: Ruleset, attacking: int, defending: int) -> str:
    """8.0: the odds ratio from the attacking and defending firepower (the printed table, 1-14
    each; beyond it, the ratio rounded to the table's columns)."""
    rows = rules.tables["melee"].section("entry")["odds"]["rows"]
    if 1 <= attacking <= 14 and 1 <= defending <= 14:
        return rows[defending - 1][attacking - 1]
    ratio = attacking / max(1, defending)
    for limit, column in ((1 / 3, "1-3"), (1 / 2, "1-2"), (2 / 3, "2-3"), (1, "1-1"), (1.5, "3-2"), (2, "2-1"),
                          (3, "3-1"), (4, "4-1")):
        if ratio < limit + 1e-9:
            return column
    return MELEE_MAX


def shift_right(rules: Ruleset, odds: str) -> str:
    """8.0: a hero shifts the odds one column to the right (at most 5-1)."""
    columns = rules.tables["melee"].section("entry")["kill"]["columns"]
    return columns[min(len(columns) - 1, columns.index(odds) + 1)]


def kill_number(rules: Ruleset, odds: str) -> int:
    kill = rules.tables["melee"].section("entry")["kill"]
    return kill["numbers"][kill["columns"].index(odds)]


def mines_vs_vehicles(rules: Ruleset, d6: int) -> str:
    """21.4.1: the row whose lowest face is the highest at or under the roll."""
    e = rules.tables["misc"].section("entry")["mines_vs_vehicles"]
    return [r for low, r in zip(e["rolls"], e["results"]) if d6 >= low][-1]


def loose_firepower(rules: Ruleset, fp: int) -> int:
    """18.2: a loose fire mission's firepower from the mission's."""
    e = rules.tables["misc"].section("entry")["loose_fire"]
    return int([r for low, r in zip(e["rolls"], e["results"]) if fp >= low][-1])
