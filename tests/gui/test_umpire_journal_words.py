"""Every side has its own C1: the umpire's journal (the dock, `umpire journal`, the umpire's
report) says whose contact a fire's target is and which unit it is -- "Fire at US Task Force
2-32's C1 (Recon 1)" -- while the side's own journal reads "Fire at C1" as before
(core/umpire_words.py; the side's words: core/witness.py).  A company the scenario names is
called by its name there ("1st Motor Rifle Company: Bound (BC)", not "1 MRC: ...")."""

import pytest

from umpire.actions import new_game, system_for
from umpire.cli import main
from umpire.core.engine import journal, perform
from umpire.core.knowledge import UMPIRE
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal
from umpire.reports.events import umpire_events
from umpire.rules import rule_system
from windowkit import window_on

RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # Recon 1 drives north to 2215, seen by A3 (MW4 5.21)


@pytest.fixture()
def fired(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "f.umpire", seed="words")
    sys_ = system_for(path)
    perform(path, "orders", {"side": "warpac", "turn": 1, "commands": {"1 MRC": "bound", "Tank Co": "bound"}},
            sys_, side="warpac")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, sys_)
    res = perform(path, "fire", {"firers": ["A3"], "target": "Recon 1"}, sys_)
    assert res.summary.startswith("Fire at C1")                  # as journaled: the side's words
    return path


def test_the_umpire_reads_whose_contact_and_which_unit(fired, qtbot, tmp_path, capsys):
    said = "Fire at US Task Force 2-32's C1 (Recon 1)"
    w = window_on(qtbot, tmp_path, fired)
    assert w.viewer == UMPIRE and said in w.play.journal_view.toPlainText()
    w.play.journal_dice.setChecked(True)                          # the dice-only list names it so too
    w.play.refresh_journal()
    assert said in w.play.journal_view.toPlainText()
    assert main(["journal", fired]) == 0 and said in capsys.readouterr().out
    g = open_game(fired)
    assert any(said in x for x in umpire_events(g))              # the umpire's report


def test_the_umpire_reads_companies_by_their_scenario_names(fired, qtbot, tmp_path, capsys):
    w = window_on(qtbot, tmp_path, fired)
    text = w.play.journal_view.toPlainText()
    assert "1st Motor Rifle Company: Bound (BC)" in text and "Attached tank company: Bound (BC)" in text
    assert "1 MRC" not in text and "Tank Co:" not in text
    assert "Recon 1" in text and "1 MRB" in text                  # units and battalions keep their ids
    assert main(["journal", fired]) == 0
    out = capsys.readouterr().out
    assert "1st Motor Rifle Company: Bound (BC)" in out and "1 MRC:" not in out
    events = "\n".join(umpire_events(open_game(fired)))
    assert "1st Motor Rifle Company: Bound (BC)" in events and "1 MRC:" not in events
    assert "1 MRC: Bound (BC)" in journal(fired)[1].log          # the journal itself keeps what was written


def test_the_sides_journal_keeps_its_own_words(fired, qtbot, tmp_path):
    g = open_game(fired)
    rows = journal(fired)
    nato = side_journal(g, "nato", rows, rule_system(g.rules))
    heads = [e.head for e in nato]
    assert any(h.startswith("Fire at C1") for h in heads)
    assert not any("Recon 1" in h or "'s C1" in h for h in heads)
    w = window_on(qtbot, tmp_path, fired)
    w.viewer_box.setCurrentIndex(1)                               # NATO's view
    text = w.play.journal_view.toPlainText()
    assert "Fire at C1" in text and "Recon 1" not in text and "US Task Force 2-32's C1" not in text
