"""The fire plot panel (issue 6, 5): a side plots a barrage in its own view, the other side's
view shows nothing of it (panel, map pixels), and after the Indirect Fire phase the firing side
sees where it landed and the shelled side a 'shelled' marker."""

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from umpire.actions import system_for
from umpire.core.engine import perform
from umpire.core.knowledge import UMPIRE
from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow
from umpire.gui.mechwar4.plotpanel import support_key

RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # Recon 1 drives north to 2215, seen by A3


@pytest.fixture()
def window(qtbot, tmp_path, game_path):
    perform(game_path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(game_path))
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(game_path))
    return w


def view_as(w, viewer):
    w.viewer_box.setCurrentIndex(w.viewer_box.findData(viewer))


def grab_map(w, path):
    w.map_view.fit_map()
    w.map_view.viewport().grab().save(str(path))
    return path.read_bytes()


def test_a_side_plots_in_its_view_and_the_enemy_sees_nothing_of_it(window, tmp_path, monkeypatch):
    w, panel = window, window.system_panels["Fire Plots"]
    view_as(w, "warpac")
    before = grab_map(w, tmp_path / "warpac-before.png")
    view_as(w, "nato")
    assert not panel.side_box.isEnabled() and panel.side() == "nato"
    assert not panel.impact_button.isVisible()                           # the umpire's only
    supports = [panel.support.itemText(i) for i in range(panel.support.count())]
    assert "US DS concentration 1 (10H)" in supports and not any("Sov" in s for s in supports)
    panel.support.setCurrentIndex(panel.support.findData(support_key("US DS", 1)))
    panel.hex_clicked(w.game.map.grid.parse("2215"))                     # a click on the map fills the target
    assert panel.target.text() == "2215"
    panel.pattern.setCurrentText("loose")
    panel.add()
    assert [p.support for p in open_game(w.game.location).plots] == ["US DS"]
    assert panel.table.rowCount() == 1 and panel.table.item(0, 1).text() == "2215"
    marks = w.scene.view.fire
    assert [(m.label, m.pattern, len(m.zone)) for m in marks] == [("US DS #1", "loose", 7)]
    # refused input: a dialog with the engine's reason, nothing kept
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[2]))
    panel.support.setCurrentIndex(panel.support.findData(support_key("US DS", 2)))
    panel.target.setText("0101")
    panel.add()
    assert shown and "MW4 14.13" in shown[0] and len(open_game(w.game.location).plots) == 1
    # the other side: no row, no mark, the same pixels as before the plot
    view_as(w, "warpac")
    assert panel.table.rowCount() == 0 and w.scene.view.fire == ()
    assert grab_map(w, tmp_path / "warpac-after.png") == before
    view_as(w, UMPIRE)
    panel.side_box.setCurrentIndex(panel.side_box.findData("nato"))
    assert panel.table.rowCount() == 1 and panel.impact_button.isVisible()


def test_a_barrage_resolved_and_watched_from_both_sides(window, tmp_path):
    w = window
    view_as(w, "nato")
    w.system_panels["Fire Plots"].support.setCurrentIndex(w.system_panels["Fire Plots"].support.findData(support_key("US DS", 1)))
    w.system_panels["Fire Plots"].target.setText("2215")
    w.system_panels["Fire Plots"].add()
    sys_ = system_for(w.game.location)
    while open_game(w.game.location).phase != "indirect_fire":
        g = open_game(w.game.location)
        perform(w.game.location, "pass" if g.active_side else "next_phase", {}, sys_,
                typed=lambda purpose, count, sides: [1] if purpose.startswith("fire for effect") else
                ([6] if purpose.startswith("scatter") else None))     # it comes, on target
    w.outside.reload()
    g = w.game
    landed = [m.landed for m in w.scene.view.fire]
    assert landed and landed[0] is not None                           # A3 watched it land
    grab_map(w, tmp_path / "nato-barrage.png")
    view_as(w, "warpac")
    assert w.scene.view.fire == ()
    shelled = [o for o in w.scene.view.map.overlays if o.kind == "impact"]
    assert shelled and all(o.side == "warpac" and o.detail.startswith("shelled") for o in shelled)
    assert all(g.map.number(o.hex) == g.map.number(g.units["Recon 1"].hex) for o in shelled)
    grab_map(w, tmp_path / "warpac-barrage.png")


def test_switching_views_leaves_nothing_of_the_last_side_behind(window):
    """What NATO typed into the panel and the summary of its plot stay out of the Soviet view."""
    w, panel = window, window.system_panels["Fire Plots"]
    view_as(w, "nato")
    panel.support.setCurrentIndex(panel.support.findData(support_key("US DS", 1)))
    panel.target.setText("2215")
    panel.pattern.setCurrentText("smoke")
    panel.add()
    assert "plots 1 fire mission" in w.statusBar().currentMessage()
    view_as(w, "warpac")
    assert w.statusBar().currentMessage() == ""
    assert panel.target.text() == "" and panel.pattern.currentText() == "tight"


def test_the_unit_menu_sets_how_a_tank_takes_h_fire(window):
    w = window
    view_as(w, "nato")
    w.select_unit("A1")
    act = w.unit_menu.system_entries.act_unbuttoned
    assert act.isEnabled() and not act.isChecked()
    act.trigger()                                  # checks it and runs the action
    g = open_game(w.game.location)
    assert g.units["A1"].marks.unbuttoned and act.isChecked()
    assert "Ub" in next(m.state for m in w.scene.view.units if m.key == "A1")
    w.select_unit("B1 Inf")
    assert not w.unit_menu.system_entries.act_unbuttoned.isEnabled()            # soft targets do not button up


def test_export_turn_reports_from_the_window(window, tmp_path):
    """File → Export Turn Reports…: every report from the umpire's view, only its own from a side's."""
    from umpire.gui.reportexport import export_reports
    out = tmp_path / "reports"
    out.mkdir()
    written = export_reports(window, str(out), ask_to_open=False)
    assert sorted(p.name for p in written) == ["turn01-nato.pdf", "turn01-umpire.pdf", "turn01-warpac.pdf"]
    view_as(window, "nato")
    side = tmp_path / "side"
    side.mkdir()
    assert [p.name for p in export_reports(window, str(side), ask_to_open=False)] == ["turn01-nato.pdf"]
    assert window.act_reports.isEnabled()


def test_edit_undo_does_not_name_the_last_action_in_a_side_view(window):
    w, panel = window, window.system_panels["Fire Plots"]
    view_as(w, "nato")
    panel.support.setCurrentIndex(panel.support.findData(support_key("US DS", 1)))
    panel.target.setText("2215")
    panel.add()
    assert w.play.act_undo.text() == "&Undo Plot" and w.play.act_undo.isEnabled()      # its own
    view_as(w, "warpac")
    assert w.play.act_undo.text() == "&Undo"                                            # the enemy's
    view_as(w, UMPIRE)
    assert w.play.act_undo.text() == "&Undo Plot"


def test_another_game_opened_keeps_nothing_of_the_last(window, tmp_path):
    """Issue 19: the turn box, a typed target and the Pass label belong to the game they were
    set in; opening another game starts them afresh."""
    import shutil

    w, panel = window, window.system_panels["Fire Plots"]
    view_as(w, "nato")
    panel.turn_box.setValue(panel.turn_box.maximum())
    panel.target.setText("2215")
    assert panel.turn_box.value() > w.game.turn
    w.play.act_pass.setText("&Pass (Blue Force)")           # as the last game's side to act left it
    other = tmp_path / "other.umpire"
    shutil.copy(w.game.location, other)
    w.load_game(open_game(str(other)))
    assert panel.turn_box.value() == w.game.turn and panel.target.text() == ""
    side = w.game.side(w.game.active_side).name if w.game.active_side else None
    assert w.play.act_pass.text() == (f"&Pass ({side})" if side else "&Pass")


def test_the_panel_shows_every_column_and_the_supports_whole_name_in_a_narrow_dock(window):
    """In a dock 290 px wide the plot table's columns were cut off behind a scroll bar and the
    support's name read 'US DS conce'."""
    from PySide6.QtWidgets import QApplication

    w, panel = window, window.system_panels["Fire Plots"]
    view_as(w, "nato")
    panel.support.setCurrentIndex(panel.support.findData(support_key("US DS", 1)))
    panel.target.setText("2215")
    panel.add()
    assert panel.table.rowCount() == 1
    panel.resize(290, 600)
    QApplication.processEvents()
    assert panel.table.horizontalHeader().length() <= panel.table.viewport().width()
    shown = panel.support.currentText()
    assert panel.support.fontMetrics().horizontalAdvance(shown) < panel.support.width() - 20, shown
