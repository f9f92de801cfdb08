"""The Unit menu (company activations, column, transport, pace, exit) and the journal's filters."""

import pytest
from PySide6.QtCore import QSettings

from windowkit import window_on
from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow


@pytest.fixture()
def w(qtbot, tmp_path, sample_scenario):
    from umpire.actions import new_game
    return window_on(qtbot, tmp_path, new_game(sample_scenario, tmp_path / "g.umpire"))


@pytest.fixture(autouse=True)
def no_dialogs(monkeypatch):
    shown = []
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda parent, title, text: shown.append(text))
    return shown


def _drag(w, *numbers):
    path = [w.game.map.grid.parse(n) for n in numbers]
    for i in range(1, len(path) + 1):
        w.map_view.move_dragged.emit(path[:i], False)
    w.map_view.move_dragged.emit(path, True)


def test_4_1_activate_a_company_from_the_menu(w):
    w.select_unit("T1")
    assert w.unit_menu.system_entries.act_activate.isEnabled() and not w.unit_menu.system_entries.act_end_activation.isEnabled()
    w.unit_menu.system_entries.act_activate.trigger()
    assert w.game.rule_state.active_company == "Tank Co" and "Tank Co activated (T1, T2, T3 to act)" in w.play.phase_label.text()
    w.play.act_move.setChecked(True)
    _drag(w, "1928", "1927")
    assert w.game.active_side == "warpac" and "(T2, T3 to act)" in w.play.phase_label.text()
    w.select_unit("T3")
    w.unit_menu.system_entries.act_column.trigger()                       # K: T3 forms column
    assert w.game.units["T3"].marks.in_column
    w.unit_menu.system_entries.act_end_activation.trigger()               # E: T2 waits
    assert w.game.rule_state.active_company is None and w.game.active_side == "nato"
    assert "Activate Tank Co" in [w.play.stack.text(i) for i in range(w.play.stack.count())]


def test_9_12_dismount_and_mount_from_the_menu(w):
    w.select_unit("1/1")
    assert w.unit_menu.act_dismount.isEnabled()
    w.unit_menu.act_dismount.trigger()
    rifles = w.game.units["1/1 Rifles"]
    assert rifles.carried_by is None and rifles.hex == w.game.units["1/1"].hex
    assert "Move 1/1 (dismount)" in w.play.act_undo.text()
    w.play.act_undo.trigger()
    assert w.game.units["1/1 Rifles"].carried_by == "1/1"


def test_8_16_double_time_from_the_menu_and_the_inspector_shows_fatigue(w):
    w.play.run("pass", {})                                 # the Soviets pass; NATO acts
    w.select_unit("B1 Inf")
    w.unit_menu.pace_actions["double"].setChecked(True)
    w.play.act_move.setChecked(True)
    _drag(w, "1011", "1010", "1009")
    assert w.game.units["B1 Inf"].marks.fatigue == 1
    assert w.unit_menu.pace_actions["normal"].isChecked()  # a one-off choice
    w.select_unit("B1 Inf")
    assert "level 1 (MW4 8.16)" in w.inspector.toPlainText()


def test_refused_menu_action_says_why(w, no_dialogs):
    w.select_unit("T1")
    w.play.run("move", {"unit": "T1", "path": ["1928", "1927"]})
    w.play.run("pass", {})                                 # NATO passes
    w.select_unit("T1")
    w.unit_menu.system_entries.act_column.trigger()                       # it moved: too late to form column
    assert no_dialogs and "MW4 8.11" in no_dialogs[-1]


def test_umpire_filters_the_journal_by_side_and_dice(w):
    w.play.run("move", {"unit": "T1", "path": ["1928", "1927"]})          # full strength: no check (MW4 8.0)
    w.play.run("move", {"unit": "Scout 1", "path": ["1910", "1911"]})     # no check, no dice
    w.play.act_end_turn.trigger()                          # turn 2 draws its first player (MW4 4.2)
    w.play.journal_side.setCurrentIndex(w.play.journal_side.findData("nato"))
    text = w.play.journal_view.toPlainText()
    assert "Scout 1 moved" in text and "T1 moved" not in text
    w.play.journal_side.setCurrentIndex(0)
    w.play.journal_dice.setChecked(True)
    text = w.play.journal_view.toPlainText()
    assert "first player" in text and "Scout 1 moved" not in text and "panic check T1" not in text
    w.viewer_box.setCurrentIndex(1)                        # a side sees neither filter nor dice
    assert not w.play.journal_dice.isVisibleTo(w) and "first player" not in w.play.journal_view.toPlainText()


def test_redo_after_reopening_a_file_with_undone_actions(qtbot, tmp_path, sample_scenario):
    from umpire.actions import new_game, system_for
    from umpire.core.engine import perform, undo
    path = new_game(sample_scenario, tmp_path / "r.umpire")
    perform(path, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(path))
    perform(path, "move", {"unit": "A1", "path": ["1109", "1110"]}, system_for(path))
    undo(path)
    win = MainWindow(QSettings(str(tmp_path / "r.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.load_game(open_game(path))
    assert "Move T1" in win.play.act_undo.text() and "Move A1" in win.play.act_redo.text()
    win.play.act_redo.trigger()
    assert win.game.map.number(win.game.units["A1"].hex) == "1110"
    win.play.act_undo.trigger()
    win.play.act_undo.trigger()
    assert win.game.map.number(win.game.units["T1"].hex) == "1928"


def test_column_and_fatigue_show_on_own_counters_only(w):
    w.select_unit("T1")
    w.unit_menu.system_entries.act_column.trigger()                      # K: T1 forms column
    mark = next(m for m in w.scene.view.units if m.key == "T1")
    assert mark.state == "C"
    w.viewer_box.setCurrentIndex(1)                       # NATO's view: contacts carry no state
    assert all(m.state == "" for m in w.scene.view.units if m.side == "warpac")
    w.viewer_box.setCurrentIndex(2)
    assert next(m for m in w.scene.view.units if m.key == "T1").state == "C"
