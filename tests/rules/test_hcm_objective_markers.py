"""Objectives and markers (HCM 3.11 with 4.1, 7.2; turn.py's reading): the public holding counts
every counter on the table, so a Blue side that sees a marker alone on Red's farm reads the same
journal and report whether it is a stand, a dummy or a commander; only the final result, scored
on the umpire's record by real units, tells them apart."""

from __future__ import annotations

import pytest

from umpire.actions import system_for
from umpire.core.engine import journal
from umpire.core.witness import side_journal
from umpire.reports.content import side_report
from umpire.rules.hcm import spotting

from .hcmkit import game, hcm_game, to_phase

FARM = '''
[[victory]]
side = "blue"
text = "Take the farm."
objectives = [ { hex = "0503", label = "Farm", points = 5 } ]

[[victory]]
side = "red"
text = "Hold the farm."
objectives = [ { hex = "0503", label = "Farm", points = 5 } ]
'''


@pytest.fixture
def no_spotting_rolls(monkeypatch):
    monkeypatch.setattr(spotting, "spotting_rolls", lambda game, sight, dice, absent=frozenset(): [])


def blue_reads(tmp_path, red: dict):
    loc = hcm_game(tmp_path, [dict(id="T", type="medium_tank", hex="0508", facing="N", on_table=True)],
                   [dict(red, id="R", hex="0503", on_table=True)], extra=FARM)
    to_phase(loc, "b_command", 6, 1)
    g = game(loc)
    text = "\n".join(x for e in side_journal(g, "blue", journal(loc)) for x in (e.head, *e.lines))
    rows = [t.rows for t in side_report(g, "blue", system_for(loc)).tables if t.title == "Objectives"]
    return text, rows, loc


def test_a_marker_on_the_farm_holds_it_in_public_whatever_it_is(tmp_path, no_spotting_rolls):
    """3.11, 7.2: Blue is told the farm is Red's, and its report says so, for all three counters."""
    stand = blue_reads(tmp_path / "s", dict(type="medium_infantry", facing="S"))
    dummy = blue_reads(tmp_path / "d", dict(type="dummy", facing="S"))
    commander = blue_reads(tmp_path / "k", dict(type="commander", initiative=5, overall=True))
    assert "0503 is held by Red (3.11)" in stand[0] and "held by the enemy" in stand[1][0][0][3]
    assert stand[:2] == dummy[:2]
    # the commander is lifted as Red's half begins (3.2): Blue's journal is the same up to then
    upto = stand[0].index("Red is now the phasing player")
    assert commander[0][:upto] == stand[0][:upto] and commander[1] == stand[1]


def test_the_final_result_scores_only_real_units(tmp_path, no_spotting_rolls):
    """3.11, 7.2: at the end the farm scores for Red only if a real unit held it."""
    for red, points in ((dict(type="medium_infantry", facing="S"), 5), (dict(type="dummy", facing="S"), 0)):
        _, _, loc = blue_reads(tmp_path / red["type"], red)
        g = game(loc)
        assert g.rule_state.held == {"0503": "red"}
        assert system_for(loc).victory(g, final=True).points["red"] == points
        assert system_for(loc).victory(g).points["red"] == 5            # during play: the public record
