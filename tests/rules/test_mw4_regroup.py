"""The Regrouping phase and the Regroup command (MW4 4.1 E, 19.14 RGC): partial-strength platoons
of one company in one hex, which neither moved nor fired, recombine into one unit; never more
than a full-strength unit; a company under another command does not; the enemy learns nothing."""

import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform, undo
from umpire.core.errors import UmpireError
from umpire.core.journal import journal_rows
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal

from .mapkit import MW4

FULL = MW4.unit_types["us_m1"]["steps"]


def at_regrouping(tmp_path, sample_scenario, a1_lost=1, a2_lost=None):
    """The sample game at turn 1's Regrouping phase, A1 and A2 (A Company's M1s) stacked in 1109."""
    path = new_game(sample_scenario, tmp_path / "r.umpire")
    a2_lost = FULL - a1_lost if a2_lost is None else a2_lost
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET steps_lost = ? WHERE id = 'A1'", (a1_lost,))
        c.execute("UPDATE unit SET steps_lost = ?, q = (SELECT q FROM unit WHERE id = 'A1'), "
                  "r = (SELECT r FROM unit WHERE id = 'A1') WHERE id = 'A2'", (a2_lost,))
    sys_ = system_for(path)
    while open_game(path).phase != "regroup":
        g = open_game(path)
        perform(path, "pass" if g.phase == "fire_move" else "next_phase", {}, sys_)
    return path


def regroup(path, unit, *others):
    return perform(path, "regroup", {"unit": unit, "with": list(others)}, system_for(path))


def test_4_1_e_two_partial_platoons_of_a_company_recombine(tmp_path, sample_scenario):
    assert FULL >= 2
    path = at_regrouping(tmp_path, sample_scenario, a1_lost=1, a2_lost=FULL - 1)
    res = regroup(path, "A1", "A2")
    g = open_game(path)
    assert g.units["A1"].steps_lost == 0 and g.units["A1"].on_map          # (FULL-1) + 1 steps: full again
    assert g.units["A2"].status == "removed" and g.units["A2"].hex is None
    assert "A1 regroups" in res.summary and "MW4 4.1 E, 19.14" in "\n".join(res.log)
    undo(path)
    g = open_game(path)
    assert g.units["A2"].on_map and g.units["A1"].steps_lost == 1


def test_4_1_e_never_more_than_a_full_strength_unit(tmp_path, sample_scenario):
    path = at_regrouping(tmp_path, sample_scenario, a1_lost=1, a2_lost=1)
    with pytest.raises(UmpireError, match=r"more than a full-strength unit's .*MW4 4.1 E"):
        regroup(path, "A1", "A2")
    assert open_game(path).units["A2"].on_map


def test_4_1_e_only_units_that_have_taken_losses(tmp_path, sample_scenario):
    path = at_regrouping(tmp_path, sample_scenario, a1_lost=0, a2_lost=FULL - 1)
    with pytest.raises(UmpireError, match="A1 is at full strength"):
        regroup(path, "A1", "A2")


def test_4_1_e_only_in_the_regrouping_phase(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "e.umpire")
    perform(path, "pass", {}, system_for(path))                 # the Soviets pass: NATO's turn
    with pytest.raises(UmpireError, match="only in the Regrouping phase"):
        regroup(path, "A1", "A2")


def test_4_1_e_not_a_unit_that_moved_this_turn(tmp_path, sample_scenario):
    path = at_regrouping(tmp_path, sample_scenario)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET moved = 1 WHERE id = 'A2'")
    with pytest.raises(UmpireError, match="A2 moved this turn"):
        regroup(path, "A1", "A2")


def test_4_1_e_only_platoons_of_one_company_and_type(tmp_path, sample_scenario):
    path = at_regrouping(tmp_path, sample_scenario)
    with sqlite3.connect(path) as c:       # B1, a Bradley of B Company, damaged in 1109 too
        c.execute("UPDATE unit SET steps_lost = 1, q = (SELECT q FROM unit WHERE id = 'A1'), "
                  "r = (SELECT r FROM unit WHERE id = 'A1') WHERE id = 'B1'")
    with pytest.raises(UmpireError, match="only platoons of one company"):
        regroup(path, "A1", "B1")


def test_19_14_a_company_under_another_command_does_not_regroup(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "c.umpire")
    g = open_game(path)
    company = g.units["A1"].company
    perform(path, "orders", {"side": "nato", "turn": 1, "commands": {company: "overwatch"}}, system_for(path))
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET steps_lost = 1 WHERE id = 'A1'")
        c.execute("UPDATE unit SET steps_lost = 1, q = (SELECT q FROM unit WHERE id = 'A1'), "
                  "r = (SELECT r FROM unit WHERE id = 'A1') WHERE id = 'A2'")
    sys_ = system_for(path)
    while open_game(path).phase != "regroup":
        perform(path, "pass" if open_game(path).phase == "fire_move" else "next_phase", {}, sys_)
    with pytest.raises(UmpireError, match="command this turn is overwatch, not Regroup"):
        regroup(path, "A1", "A2")


def test_4_1_e_the_enemy_reads_nothing_of_a_regroup(tmp_path, sample_scenario):
    path = at_regrouping(tmp_path, sample_scenario)
    regroup(path, "A1", "A2")
    g = open_game(path)
    rows = journal_rows(path)
    theirs = "\n".join(e.head + "\n" + "\n".join(e.lines) for e in side_journal(g, "warpac", rows))
    ours = "\n".join(e.head + "\n" + "\n".join(e.lines) for e in side_journal(g, "nato", rows))
    assert "regroup" in ours.lower() and "A2 is absorbed" in ours
    assert "regroup" not in theirs.lower() and "A2" not in theirs
