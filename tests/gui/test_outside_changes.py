"""Actions written to the game file outside the window (`umpire act` in a terminal, a second
window) are brought in before the window acts or undoes, and told apart from the window's own by
the row Undo would take back, not by counts alone (reviewer's items 3.2-3.4; gui/outside.py)."""

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QDialog

from umpire.actions import new_game
from umpire.core.engine import journal, perform, undo
from umpire.core.store.db import open_game
from umpire.gui import outside
from umpire.gui.mainwindow import MainWindow
from umpire.rules import rule_system


@pytest.fixture()
def window(qtbot, tmp_path, sample_scenario, monkeypatch):
    # a refusal's message box would wait for a click that never comes
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda *a: pytest.fail(f"refused: {a[2]}"))
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(new_game(sample_scenario, tmp_path / "g.umpire")))
    return w


def _outside(w, kind: str, params: dict | None = None):
    """An action typed at the command line on the window's game file."""
    return perform(w.game.location, kind, params or {}, rule_system(w.game.rules))


def _standing(w) -> list[str]:
    return [r.kind for r in journal(w.game.location) if r.kind != "open" and not r.undone]


def test_an_outside_undo_then_an_outside_action_is_noticed(window):
    """3.2: Undo then a new action outside leave the journal's counts as they were (one action,
    none undone) and the new row takes the old one's number: the row itself tells them apart."""
    w = window
    w.act_spot.trigger()
    assert w.play.act_undo.text() == "&Undo Spot" and not w.outside.check()
    undo(w.game.location)
    _outside(w, "next_phase")
    assert [r.kind for r in journal(w.game.location) if r.kind != "open"] == ["next_phase"]
    assert w.outside.check()
    assert w.play.act_undo.text() == "&Undo Next Phase"
    assert not w.outside.check()


def test_the_same_action_made_again_outside_with_another_outcome_is_noticed(window):
    """3.2: same number, same kind and parameters -- its summary differs (its dice, its outcome)."""
    w = window
    w.play.run("next_phase", {})
    summary = journal(w.game.location)[-1].summary
    undo(w.game.location)
    _outside(w, "spot")
    assert journal(w.game.location)[-1].summary != summary
    assert w.outside.check() and w.play.act_undo.text() == "&Undo Spot"


def test_an_action_chosen_before_an_outside_one_is_refused_and_the_window_brought_up(window, monkeypatch):
    """Issue 24 (and 3.3): an action chosen on a picture of the game another umpire has since
    changed is not performed; the window shows the game as it is and says why; the outside action
    is on the undo stack below what the umpire then does, not lost under it."""
    w = window
    said = []
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda *a: said.append((a[1], a[2])))
    _outside(w, "spot")
    assert w.play.run("next_phase", {}) is None
    assert _standing(w) == ["spot"] and said and said[0][0] == "The game moved on"
    assert "nothing was done" in said[0][1]
    assert w.play.stack.count() == 1 and w.play.act_undo.text() == "&Undo Spot"
    w.play.run("next_phase", {})
    assert _standing(w) == ["spot", "next_phase"] and len(said) == 1
    assert w.play.stack.count() == 2 and w.play.act_undo.text() == "&Undo Next Phase"
    w.play.act_undo.trigger()
    assert w.play.act_undo.text() == "&Undo Spot"


def test_likewise_on_a_game_without_file_times(window, monkeypatch):
    """The same on a database server's game (no file times): the window's action looks first."""
    w = window
    said = []
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda *a: said.append(a[1]))
    monkeypatch.setattr(outside, "file_stamp", lambda location: ())
    _outside(w, "spot")
    assert w.play.run("next_phase", {}) is None and said == ["The game moved on"]
    w.play.run("next_phase", {})
    assert w.play.stack.count() == 2 and w.play.act_undo.text() == "&Undo Next Phase"


def test_a_change_between_the_windows_look_and_the_write_is_caught_by_the_engine(window, monkeypatch):
    """The window looks, then the engine looks again under the write lock (perform's `seen`): an
    action slipped in between those two is caught there and nothing is done."""
    w = window
    said = []
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda *a: said.append(a[1]))
    monkeypatch.setattr(w.outside, "differs", lambda: (_outside(w, "spot"), False)[1])   # lands just after the look
    assert w.play.run("next_phase", {}) is None and said == ["The game moved on"]
    assert _standing(w) == ["spot"]


def test_undo_in_the_window_never_takes_back_an_action_it_has_not_shown(window, qtbot):
    """3.3: Undo names Spot; Next Phase was made outside since: nothing is undone, the window is
    brought up to the file, and Undo then names Next Phase."""
    w = window
    w.act_spot.trigger()
    _outside(w, "next_phase")
    assert w.play.act_undo.text() == "&Undo Spot"
    w.play.act_undo.trigger()
    assert _standing(w) == ["spot", "next_phase"]            # neither was undone
    qtbot.waitUntil(lambda: w.play.act_undo.text() == "&Undo Next Phase")
    assert "nothing was undone" in w.statusBar().currentMessage()
    assert w.game.phase == open_game(w.game.location).phase
    w.play.act_undo.trigger()                                # now it is the one shown
    assert _standing(w) == ["spot"]


def test_redo_likewise(window, qtbot):
    w = window
    w.act_spot.trigger()
    w.play.act_undo.trigger()
    assert w.play.act_redo.text() == "&Redo Spot"
    _outside(w, "next_phase")                                # ends the redo branch
    w.play.act_redo.trigger()
    assert _standing(w) == ["next_phase"]
    qtbot.waitUntil(lambda: w.play.act_undo.text() == "&Undo Next Phase")
    assert w.play.act_redo.text() == "&Redo" and not w.play.act_redo.isEnabled()


def test_the_window_does_not_read_the_whole_journal_to_look(window, monkeypatch):
    """3.4: the look is a count and the newest row, never every row with its logs."""
    w = window
    w.act_spot.trigger()                   # the window's journal dock reads it: not the look's doing
    for name in ("umpire.core.journal.journal_rows", "umpire.core.engine.journal"):
        monkeypatch.setattr(name, lambda *a: pytest.fail("the whole journal was read"))
    monkeypatch.setattr(outside, "journal", lambda *a: pytest.fail("the whole journal was read"), raising=False)
    w.outside.stamp = ()                   # as if the file's times had changed: the look reads it
    assert not w.outside.check()
    _outside(w, "next_phase")
    assert w.outside.differs() and outside.journal_shape(w.game.location)[:2] == (2, 0)


def test_nothing_is_reloaded_under_an_open_dialog(window, qtbot):
    """3.4: the timer's look waits while a dialog is open (an action form filled in on this
    game), and brings the change in once it is closed."""
    w = window
    _outside(w, "spot")
    game = w.game
    seen = {}
    dialog = QDialog(w)

    def look_then_close():
        try:
            seen["modal"] = QApplication.activeModalWidget() is dialog
            w.outside.tick()
            seen["same game"] = w.game is game
        finally:
            dialog.accept()
    QTimer.singleShot(50, look_then_close)
    dialog.exec()
    assert seen == {"modal": True, "same game": True}
    w.outside.tick()
    assert w.game is not game and w.play.act_undo.text() == "&Undo Spot"
