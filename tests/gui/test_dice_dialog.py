"""Typed-in dice (gui/dicedialog.py): every die of an action in one dialog, each roll saying what
it is for; the rolls that follow change with the faces typed (a miss asks no damage roll); no
face filled in -- Enter on an empty box does nothing -- and the window's actions take them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel

from windowkit import settings_in, window_on
from umpire.core.engine import state_digest
from umpire.gui import dicedialog
from umpire.gui.dicedialog import DiceDialog
from umpire.gui.mainwindow import MainWindow


def to_hit_then_damage(faces):
    """A made-up action: 2d6 to hit, a d10 of damage on 7 or more, then a d6 morale check."""
    rolls = [("to hit (needs 7)", 2, 6)]
    hit = sum(faces[0]) >= 7 if faces else True          # untyped: the program's own roll, say a hit
    if hit:
        rolls.append(("damage (d10)", 1, 10))
    rolls.append(("morale check", 1, 6))
    return rolls


def test_one_dialog_for_every_roll_of_an_action_with_no_default(qtbot):
    d = DiceDialog(None, to_hit_then_damage, "Fire (A1)")
    qtbot.addWidget(d)
    d.show()
    assert [r.spec for r in d.rows] == to_hit_then_damage([])
    assert all(e.text() == "" for r in d.rows for e in r.faces)
    ok = d.buttons.button(QDialogButtonBox.Ok)
    assert not ok.isEnabled() and d.values() is None
    qtbot.keyClick(d.rows[0].faces[0], Qt.Key_Return)          # Enter with boxes empty: still open
    assert d.isVisible()
    labels = " ".join(label.text() for label in d.findChildren(QLabel))
    assert "to hit (needs 7)" in labels and "2d6" in labels and "Fire (A1)" in labels
    d.rows[0].faces[0].setText("1")
    d.rows[0].faces[1].setText("7")                               # not a face of a d6: refused
    assert d.rows[0].values() is None
    d.rows[0].faces[1].setText("2")                               # 3: a miss -- no damage roll
    assert [r.spec[0] for r in d.rows] == ["to hit (needs 7)", "morale check"]
    assert not ok.isEnabled()
    d.rows[1].faces[0].setText("4")
    assert ok.isEnabled() and d.values() == [[1, 2], [4]]
    d.rows[0].faces[1].setText("6")                               # 7: a hit after all -- damage comes back
    assert [r.spec[0] for r in d.rows] == ["to hit (needs 7)", "damage (d10)", "morale check"]
    assert not ok.isEnabled() and d.rows[2].faces[0].text() == ""    # the rows below start empty again
    d.rows[1].faces[0].setText("10")
    d.rows[2].faces[0].setText("3")
    assert d.values() == [[1, 6], [10], [3]]


def test_typing_moves_on_to_the_next_die_and_enter_accepts(qtbot):
    d = DiceDialog(None, to_hit_then_damage)
    qtbot.addWidget(d)
    d.show()
    d.activateWindow()
    assert d.focusWidget() is d.rows[0].faces[0]                  # the first face is typed at once
    qtbot.keyClicks(d.rows[0].faces[0], "5")                      # a d6 face cannot grow: on to the next box
    assert d.focusWidget() is d.rows[0].faces[1]
    qtbot.keyClicks(d.rows[0].faces[1], "3")
    assert d.focusWidget() is d.rows[1].faces[0]
    qtbot.keyClicks(d.rows[1].faces[0], "1")                      # a d10's 1 may become 10: it waits
    assert d.focusWidget() is d.rows[1].faces[0]
    qtbot.keyClicks(d.rows[1].faces[0], "0")
    qtbot.keyClicks(d.rows[2].faces[0], "2")
    qtbot.keyClick(d.rows[2].faces[0], Qt.Key_Return)
    assert d.result() == DiceDialog.Accepted and d.values() == [[5, 3], [10], [2]]


def test_an_action_that_rolls_nothing_opens_no_dialog():
    assert dicedialog.ask_dice(None, lambda faces: []) == []


@pytest.fixture()
def window_on_fire(qtbot, tmp_path, sample_scenario, monkeypatch):
    from umpire.actions import new_game, system_for
    from umpire.core.engine import perform
    path = new_game(sample_scenario, tmp_path / "g.umpire", seed="typed-dice")
    perform(path, "move", {"unit": "Recon 1", "path": [f"22{r:02d}" for r in range(24, 14, -1)]}, system_for(path))
    w = window_on(qtbot, tmp_path, path)
    w.play.act_typed.setChecked(True)
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda *a: None)
    return w


def test_the_window_asks_every_die_of_a_fire_in_one_dialog(qtbot, window_on_fire):
    w = window_on_fire
    dialogs = []

    def fill():
        d = next(x for x in QApplication.topLevelWidgets() if isinstance(x, DiceDialog) and x.isVisible())
        dialogs.append(d)
        while d.values() is None:                     # the highest face on every die, as rows appear
            box = next(e for r in d.rows for e in r.faces if not e.hasAcceptableInput())
            qtbot.keyClicks(box, str(next(r.spec[2] for r in d.rows if box in r.faces)))
        qtbot.keyClick(d.rows[-1].faces[-1], Qt.Key_Return)
    QTimer.singleShot(200, fill)
    res = w.play.run("fire", {"firers": ["A3", "TOW 1"], "target": "Recon 1"})
    assert len(dialogs) == 1 and res is not None
    assert res.rolls and all(r.source == "typed" and r.faces == (r.sides,) * r.count for r in res.rolls)
    assert [r.purpose for r in res.rolls] == [r.spec[0] for r in dialogs[0].rows]


def test_cancelling_the_dice_changes_nothing(qtbot, window_on_fire):
    w = window_on_fire
    before = state_digest(w.game.location)

    def cancel():
        d = next(x for x in QApplication.topLevelWidgets() if isinstance(x, DiceDialog) and x.isVisible())
        qtbot.keyClick(d, Qt.Key_Escape)
    QTimer.singleShot(200, cancel)
    assert w.play.run("fire", {"firers": ["A3"], "target": "Recon 1"}) is None
    assert state_digest(w.game.location) == before
    assert "cancelled" in w.statusBar().currentMessage()


def test_an_action_refused_after_some_faces_says_why_in_the_dialog(qtbot):
    from umpire.core.errors import UmpireError

    def refuses_on_a_six(faces):
        if faces and 6 in faces[0]:
            raise UmpireError("the game file is busy: another action is being written")
        return to_hit_then_damage(faces)
    d = DiceDialog(None, refuses_on_a_six)
    qtbot.addWidget(d)
    d.show()
    d.rows[0].faces[0].setText("6")
    d.rows[0].faces[1].setText("6")
    assert d.problem.isVisible() and "busy" in d.problem.text()
    assert not d.buttons.button(QDialogButtonBox.Ok).isEnabled()
    d.rows[0].faces[0].setText("1")
    d.rows[0].faces[1].setText("1")
    assert not d.problem.isVisible()


def test_a_sides_view_reads_no_roll_naming_an_enemy_it_has_not_seen(window_on_fire):
    """Typed dice in a side's view: the spotting pass's camouflage rolls name enemy units the
    side has not seen -- shown as the umpire's rolls, and what it has seen by its labels."""
    from umpire.gui.play import _said

    w = window_on_fire
    g = w.game
    unseen = next(u.id for u in g.units.values() if u.side == "warpac" and ("nato", u.id) not in g.contacts)
    assert _said(g, "umpire", f"camouflage {unseen}") == f"camouflage {unseen}"
    assert unseen not in _said(g, "nato", f"camouflage {unseen}") and "umpire" in _said(g, "nato", f"camouflage {unseen}")
    assert _said(g, "nato", "fire A3 at Recon 1") == f"fire A3 at {g.contacts[('nato', 'Recon 1')].label}"


def test_type_in_real_dice_is_kept_between_sessions(qtbot, tmp_path):
    first = MainWindow(settings_in(tmp_path))
    qtbot.addWidget(first)
    assert not first.play.act_typed.isChecked()
    first.play.act_typed.setChecked(True)
    again = MainWindow(settings_in(tmp_path))
    qtbot.addWidget(again)
    assert again.play.act_typed.isChecked()
