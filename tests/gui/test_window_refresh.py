"""What the window shows is rebuilt when what it shows changes: the hex under the pointer
when the viewer changes (it named a hidden enemy in a side's view), the turn bar's buttons
kept in place whatever the phase is called, Undo's label after an action typed at the
command line (tester's report on Hex Command Mechanized, item 11)."""

import pytest
from PySide6.QtCore import QSettings

from umpire.actions import new_game
from umpire.core.engine import perform
from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow
from umpire.rules import rule_system


@pytest.fixture()
def window(qtbot, tmp_path, sample_scenario):
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(new_game(sample_scenario, tmp_path / "g.umpire")))
    return w


def _enemy_hidden_from(w, side):
    """An enemy unit on the map that `side` has not seen, and its hex."""
    view = w._view(w.game)
    for u in w.game.units.values():
        if u.side != side and u.on_map and not view.marks_at(u.hex):
            return u
    return None


def test_the_hovered_hex_is_described_again_when_the_viewer_changes(window):
    w = window
    sides = w.game.side_ids()
    side_index = 1                                  # the first side's view; the umpire's is 0
    side = w.viewer_box.itemData(side_index)
    w.viewer_box.setCurrentIndex(side_index)
    enemy = _enemy_hidden_from(w, side)
    assert enemy is not None and side in sides
    w.viewer_box.setCurrentIndex(0)                 # the umpire hovers the hidden enemy's hex
    w._hovered(enemy.hex)
    assert enemy.id in w.hex_label.text()
    w.viewer_box.setCurrentIndex(side_index)        # the pointer has not moved
    text = w.hex_label.text()
    assert w.game.map.number(enemy.hex) in text     # still the hex under the pointer
    assert enemy.id not in text                     # but no longer the umpire's knowledge of it


def test_the_turn_bar_buttons_stay_put_when_the_phase_is_renamed(window):
    w = window
    button = w.turn_bar.widgetForAction(w.play.act_next_phase)
    before = button.mapTo(w, button.rect().topLeft())
    w.play.phase_label.setText("A phase with a much, much longer name than any before it — and a note")
    w.turn_bar.layout().activate()
    assert button.mapTo(w, button.rect().topLeft()) == before


def test_undo_names_an_action_made_at_the_command_line(window):
    w = window
    assert not w.outside.check()                     # nothing changed yet: no reload
    game = w.game
    perform(game.location, "spot", {}, rule_system(game.rules))   # as `umpire spot GAME` would
    assert "Spot" not in w.play.act_undo.text()
    assert w.outside.check()
    assert w.play.act_undo.text() == "&Undo Spot"
    assert not w.outside.check()                     # once only


def test_the_windows_own_action_is_not_taken_for_an_outside_change(window):
    w = window
    w.act_spot.trigger()                             # through the window: the stack has it
    assert w.play.act_undo.text() == "&Undo Spot"
    assert not w.outside.check()
    w.play.act_undo.trigger()                        # undone in the window: the journal agrees
    assert not w.outside.check() and w.play.act_redo.text() == "&Redo Spot"
