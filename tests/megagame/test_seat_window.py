"""The window of an assistant umpire (issue 24): he views the game only as his seat allows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from umpire.actions import new_game
from umpire.core import umpires
from umpire.core.knowledge import UMPIRE
from umpire.core.store.db import open_game
from umpire.core.umpire_seats import change_seats
from umpire.gui.mainwindow import MainWindow


@pytest.fixture()
def seated(tmp_path, sample_scenario):
    game = new_game(sample_scenario, tmp_path / "g.umpire", seed="w")
    umpires.set_name("Ann")
    change_seats(game, add="Ann", chief=True)
    change_seats(game, add="Bob", sides=("nato",))
    change_seats(game, add="Cy", sectors=("0101:2015",))
    yield game
    umpires.set_name(None)


def window(qtbot, tmp_path, name):
    umpires.set_name(name)
    w = MainWindow(QSettings(str(tmp_path / f"{name}.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    return w


def test_the_chief_views_as_anyone(seated, qtbot, tmp_path):
    w = window(qtbot, tmp_path, "Ann")
    assert w.open_path(seated)
    assert [w.viewer_box.itemData(i) for i in range(w.viewer_box.count())] == [UMPIRE, "nato", "warpac"]


def test_an_assistant_for_a_side_views_only_as_that_side(seated, qtbot, tmp_path):
    w = window(qtbot, tmp_path, "Bob")
    assert w.open_path(seated)
    assert [w.viewer_box.itemData(i) for i in range(w.viewer_box.count())] == ["nato"]
    assert w.viewer == "nato" and all(u.knowledge != "truth" for u in w.scene.view.units)
    assert "Bob" in w.windowTitle()


def test_an_assistant_for_a_sector_sees_only_what_stands_in_it(seated, qtbot, tmp_path):
    game = open_game(seated)
    standing = [u for u in game.units.values() if u.on_map and not u.carried_by]
    inside = {u.id for u in standing if (lambda c, r: c <= 20 and r <= 15)(*game.map.grid.to_offset(u.hex))}
    w = window(qtbot, tmp_path, "Cy")
    assert w.open_path(seated)
    shown = {u.key for u in w.scene.view.units}
    assert inside and shown == inside and len(inside) < len(standing)


def test_an_umpire_the_seats_do_not_list_cannot_open_the_game(seated, qtbot, tmp_path, monkeypatch):
    said = []
    monkeypatch.setattr("umpire.gui.mainwindow.QMessageBox.critical", lambda *a: said.append(a[2]))
    w = window(qtbot, tmp_path, "Zed")
    assert not w.open_path(seated) and w.game is None
    assert said and "'Zed' is not one of this game's umpires" in said[0]


def test_an_assistant_for_a_sector_reads_only_his_own_actions_and_writes_no_reports(seated, qtbot, tmp_path,
                                                                                    monkeypatch):
    from umpire.actions import system_for
    from umpire.core.engine import perform
    from umpire.gui.reportexport import export_reports
    umpires.set_name("Ann")
    perform(seated, "next_phase", {}, system_for(seated))         # the chief's action
    said = []
    monkeypatch.setattr("umpire.gui.reportexport.QMessageBox.information", lambda *a: said.append(a[2]))
    w = window(qtbot, tmp_path, "Cy")
    assert w.open_path(seated)
    w.play.refresh_journal()
    assert "No actions yet" in w.play.journal_view.toPlainText()
    assert export_reports(w, str(tmp_path / "out"), ask_to_open=False) == [] and "chief umpire's" in said[0]
    assert not (tmp_path / "out").exists()


def test_an_undo_refused_to_an_assistant_leaves_undo_and_redo_as_the_journal_stands(seated, qtbot, tmp_path,
                                                                                    monkeypatch):
    from umpire.actions import system_for
    from umpire.core.engine import perform
    umpires.set_name("Ann")
    perform(seated, "next_phase", {}, system_for(seated))
    said = []
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda *a: said.append(a[2]))
    w = window(qtbot, tmp_path, "Bob")
    assert w.open_path(seated)
    w.play.act_undo.trigger()
    assert said and "not one of his" in said[0] and "next_phase" not in said[0]
    qtbot.waitUntil(lambda: w.play.act_undo.isEnabled() and not w.play.act_redo.isEnabled(), timeout=3000)


def test_an_assistant_is_not_offered_the_chiefs_phase_turn_and_spotting(seated, qtbot, tmp_path):
    w = window(qtbot, tmp_path, "Bob")
    assert w.open_path(seated)
    assert not any(a.isEnabled() for a in (w.act_spot, w.play.act_next_phase, w.play.act_end_turn))
    chief = window(qtbot, tmp_path, "Ann")
    assert chief.open_path(seated)
    assert all(a.isEnabled() for a in (chief.act_spot, chief.play.act_next_phase, chief.play.act_end_turn))
