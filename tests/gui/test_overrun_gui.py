"""Overruns in the window (MW4 12.0): a path dragged onto a known enemy is an overrun, and a
firefight that leaves both in the hex asks at once whether to fight on or leave."""

import sqlite3

import pytest
from PySide6.QtCore import QSettings

from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow
from dicekit import dice


class FakeBox:
    """Stands in for the overrun question: clicks the button whose text starts with `choose`."""
    choose = "Leave"
    asked: list[str] = []
    Question, AcceptRole, RejectRole = 0, 0, 1

    def __init__(self, _icon, title, text, parent=None):
        FakeBox.asked.append(text)
        self.buttons = []

    def addButton(self, text, _role):
        self.buttons.append(text)
        return text

    def exec(self):
        return 0

    def clickedButton(self):
        return next(b for b in self.buttons if b.startswith(FakeBox.choose))

    @staticmethod
    def warning(*_a):
        pass


@pytest.fixture()
def w(qtbot, tmp_path, sample_scenario, monkeypatch):
    from umpire.actions import new_game, system_for
    from umpire.core.engine import perform
    path = new_game(sample_scenario, tmp_path / "g.umpire", seed="gui-overrun")
    perform(path, "move", {"unit": "Recon 1", "path": [f"22{r:02d}" for r in range(24, 14, -1)]}, system_for(path))
    with sqlite3.connect(path) as conn:                 # B3 waits next to Recon 1 (2215)
        conn.execute("UPDATE unit SET q = (SELECT q FROM unit WHERE id = 'A3'), r = (SELECT r FROM unit "
                     "WHERE id = 'A3') + 5 WHERE id = 'B3'")
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.show()
    win.load_game(open_game(path))
    FakeBox.asked = []
    monkeypatch.setattr("umpire.gui.mechwar4.overrun.QMessageBox", FakeBox)
    monkeypatch.setattr("umpire.gui.mechwar4.overrun.QInputDialog.getItem", lambda *a: ("2214", True))
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda *a: None)
    return win


def test_a_drag_onto_a_seen_enemy_overruns_and_asks_to_fight_on_or_leave(w, monkeypatch):
    g = w.game
    hexes = [g.map.grid.parse(x) for x in ("2214", "2215")]
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("nato"))            # as NATO sees it
    assert w.play._how("B3", hexes) == {"overrun": True}
    assert w.play._how("B3", hexes[:1]) == {}
    monkeypatch.setattr(w.play, "typed_dice", lambda *a: dice(6, 1, 1, 1))   # both miss: both hold on
    res = w.play.run("move", w.play._move_params("B3", hexes))
    assert res is not None and "both hold on" in res.summary
    assert FakeBox.asked and "Fight on at once, or leave" in FakeBox.asked[0]
    g = open_game(w.game.location)
    assert g.map.number(g.units["B3"].hex) == "2214" and not g.units["B3"].paused
    assert w.play.stack.undoText() == "Overrun B3: leave"


def test_the_enemy_unseen_is_no_overrun_for_the_side(w):
    g = w.game
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("nato"))
    t1 = g.units["T1"].hex                                                 # unseen by NATO
    assert w.play._how("B3", [g.units["B3"].hex, t1]) == {}


def test_the_side_reads_how_its_overrun_ended_in_its_journal(w, monkeypatch):
    monkeypatch.setattr(w.play, "typed_dice", lambda *a: dice(6, 1, 1, 1))
    FakeBox.choose = "Leave"
    w.play.run("move", {"unit": "B3", "path": ["2214", "2215"], "overrun": True})
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("nato"))
    text = w.play.journal_view.toPlainText()
    assert "B3 moves 2214(0) 2215" in text and "both hold on in 2215" in text
    assert "Recon 1" not in text                                   # the enemy stays a contact
