"""Victory (MW4 20.5): objectives held at the end, the game ends after its last turn."""

import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.rules import rule_system


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "v.umpire")


def test_objectives_count_only_when_held(game):
    g = open_game(game)
    report = rule_system(g.rules).victory(g)
    # at the start NATO holds Oberfeld (B3 Inf, 2406) and Hill 204 (its HQ, 1206); Kaltenbach's
    # objective hex 1012 is empty
    assert report.points == {"nato": 15, "warpac": 0} and report.winner == "nato"
    p = g.map.grid.parse("1012")
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = 'T1'", (p.q, p.r))
        conn.execute("UPDATE unit SET q = NULL, r = NULL, status = 'destroyed' WHERE id IN ('B1 Inf', 'A1')")
    g = open_game(game)
    schedule = g.rules.tables["victory"].section("entry")
    report = rule_system(g.rules).victory(g)
    # 10 for Kaltenbach, plus the infantry platoon and the tank platoon destroyed (20.51)
    assert report.points["warpac"] == 10 + schedule["infantry"]["points"] + schedule["armour"]["points"]
    assert report.winner == "nato" and report.points["nato"] == 15          # 15 against 12
    assert any("Kaltenbach (1012): held by Soviet" in x for x in report.lines)


def test_units_destroyed_score_on_the_sample_schedule(game):
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE unit SET q = NULL, r = NULL, status = 'destroyed' WHERE id IN ('T1', '1 MRB HQ')")
    g = open_game(game)
    schedule = g.rules.tables["victory"].section("entry")
    assert g.rules.tables["victory"].sample
    report = rule_system(g.rules).victory(g)
    held = 15                                    # Oberfeld and Hill 204, as at the start
    assert report.points["nato"] == held + schedule["armour"]["points"] + schedule["hq"]["points"]


def test_the_game_ends_after_the_last_turn(game):
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE game_info SET turn = turns")
    res = perform(game, "end_turn", {}, system_for(game))
    g = open_game(game)
    assert g.phase == "ended" and res.summary.startswith("Final result")
    with pytest.raises(UmpireError, match="the game is over"):
        perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(game))
    with pytest.raises(UmpireError, match="the game is over"):
        perform(game, "next_phase", {}, system_for(game))


def test_a_tank_company_destroyed_whole_scores_as_a_company(game):
    """MW4 20.51's example: the US player destroys a Soviet tank company (a T-62 company there,
    the attached T-72 company here) and scores 4 -- the company's figure, not its platoons'."""
    g = open_game(game)
    companies = g.rules.tables["victory"].section("company")
    assert companies["armour"]["points"] == 4
    held = 15                                    # Oberfeld and Hill 204, as at the start
    with sqlite3.connect(game) as conn:          # two of the three platoons: each its own point
        conn.execute("UPDATE unit SET q = NULL, r = NULL, status = 'destroyed' WHERE id IN ('T1', 'T2')")
    g = open_game(game)
    schedule = g.rules.tables["victory"].section("entry")
    assert rule_system(g.rules).victory(g).points["nato"] == held + 2 * schedule["armour"]["points"]
    with sqlite3.connect(game) as conn:          # the third: the whole company is gone
        conn.execute("UPDATE unit SET q = NULL, r = NULL, status = 'destroyed' WHERE id = 'T3'")
    g = open_game(game)
    report = rule_system(g.rules).victory(g)
    assert report.points["nato"] == held + 4
    assert any("3 enemy units destroyed, 1 of them whole companies, 4 points (MW4 20.51" in x for x in report.lines)
