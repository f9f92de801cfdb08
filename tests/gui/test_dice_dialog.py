"""Typed-in dice (gui/dicedialog.py): all the dice of a roll in one dialog, what it is for, no
face filled in -- Enter on an empty box does nothing -- and the window's actions take them."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QLabel

from umpire.core.errors import UmpireError
from umpire.gui import dicedialog
from umpire.gui.dicedialog import DiceDialog
from umpire.gui.mainwindow import MainWindow


def test_one_dialog_for_every_die_of_a_roll_with_no_default(qtbot):
    d = DiceDialog(None, "panic check for A1 (MW4 15.3)", 2, 6)
    qtbot.addWidget(d)
    assert len(d.faces) == 2 and all(e.text() == "" for e in d.faces)
    ok = d.buttons.button(QDialogButtonBox.Ok)
    assert not ok.isEnabled() and d.values() is None
    d.show()
    qtbot.keyClick(d.faces[0], Qt.Key_Return)                 # Enter with boxes empty: still open
    assert d.isVisible() and d.result() != QDialog.Accepted
    d.faces[0].setText("3")
    assert not ok.isEnabled()
    d.faces[1].setText("7")                                     # not a face of a d6: refused by the box
    assert d.values() is None
    d.faces[1].setText("6")
    assert ok.isEnabled() and d.values() == [3, 6]
    assert any("panic check for A1" in label.text() and "2d6" in label.text() for label in d.findChildren(QLabel))


def test_the_window_asks_once_per_roll_and_cancel_changes_nothing(qtbot, tmp_path, monkeypatch):
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    asked = []
    monkeypatch.setattr(dicedialog, "ask_dice", lambda parent, purpose, count, sides: asked.append((purpose, count, sides)) or [2] * count)
    w.play.act_typed.setChecked(True)
    typed = w.play.typed_dice()
    assert typed("to hit (CRT)", 3, 6) == [2, 2, 2] and asked == [("to hit (CRT)", 3, 6)]
    monkeypatch.setattr(dicedialog, "ask_dice", lambda *a: None)
    try:
        typed("morale", 1, 10)
        raise AssertionError("a cancelled roll must stop the action")
    except UmpireError as e:
        assert "cancelled" in str(e)


def test_the_dialog_opens_and_accepts_real_key_presses(qtbot):
    def fill():
        d = next(x for x in QApplication.topLevelWidgets() if isinstance(x, DiceDialog) and x.isVisible())
        qtbot.keyClicks(d.faces[0], "5")
        qtbot.keyClick(d.faces[0], Qt.Key_Return)
    QTimer.singleShot(100, fill)
    got = dicedialog.ask_dice(None, "scatter (d6)", 1, 6)
    assert got == [5]
