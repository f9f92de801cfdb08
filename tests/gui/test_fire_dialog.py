"""The fire dialog: worksheets and odds before the roll, the firing side's names only."""

import pytest
from PySide6.QtCore import QSettings

from umpire.core.store.db import open_game
from umpire.gui.mechwar4.firedialog import FireDialog
from umpire.gui.mainwindow import MainWindow


@pytest.fixture()
def w(qtbot, tmp_path, sample_scenario, monkeypatch):
    from umpire.actions import new_game, system_for
    from umpire.core.engine import perform
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda *a: None)
    path = new_game(sample_scenario, tmp_path / "g.umpire")
    perform(path, "move", {"unit": "Recon 1", "path": [f"22{r:02d}" for r in range(24, 14, -1)]}, system_for(path))
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.show()
    win.load_game(open_game(path))
    return win


def test_worksheet_and_odds_before_the_roll(w):
    d = FireDialog(w, "A3")
    text = d.sheet.toPlainText()
    assert d.target.currentData() == "Recon 1" and "Recon 1 (C1)" in text        # the umpire sees both
    assert "attack superiority" in text and "odds:" in text and "panic check first" in text
    assert set(d.firers) >= {"A3", "TOW 1"} and "A1" not in d.firers           # A1 has no line of sight
    d.firers["TOW 1"].setChecked(True)
    assert d.sheet.toPlainText().count("Fire:") == 2 and d.fire_button.isEnabled()


def test_a_side_reads_its_own_label_for_the_target_and_never_the_enemy_id(w):
    w.viewer_box.setCurrentIndex(1)                       # NATO's view
    d = FireDialog(w, "A3")
    assert "Recon 1" not in d.target.currentText() and "Recon 1" not in d.sheet.toPlainText()
    assert "Fire: A3 at C1" in d.sheet.toPlainText()
    w.play.run("fire", d.params())
    assert "Recon 1" not in w.play.journal_view.toPlainText() and "Fire at C1" in w.play.journal_view.toPlainText()
    assert "Recon 1" not in w.statusBar().currentMessage() and w.play.act_undo.text().replace("&", "") == "Undo Fire (A3)"


def test_fire_from_the_unit_menu(w, monkeypatch):
    monkeypatch.setattr(FireDialog, "exec", lambda self: FireDialog.Accepted)
    w.select_unit("A3")
    assert w.unit_menu.system_entries.act_fire.isEnabled()
    w.unit_menu.system_entries.act_fire.trigger()
    assert w.game.units["A3"].fired or w.game.units["A3"].marks.panicked
    assert "Fire (A3)" in w.play.act_undo.text()


def test_choosing_a_weapon_the_target_does_not_allow_disables_fire(w):
    d = FireDialog(w, "A3")
    d.weapon.setCurrentIndex(d.weapon.findData("mg"))         # machine guns: soft targets only (6.44)
    assert "MW4 6.44" in d.sheet.toPlainText() and not d.fire_button.isEnabled()
    assert list(d.firers) == ["A3"]                           # nobody else has that shot


def _mark_text(w):
    from PySide6.QtWidgets import QGraphicsSimpleTextItem
    if w.play.fire_mark is None:
        return None
    return " ".join(i.text() for i in w.play.fire_mark.childItems() if isinstance(i, QGraphicsSimpleTextItem))


def test_the_result_is_marked_on_the_map_for_the_firing_side_only(w):
    w.viewer_box.setCurrentIndex(1)                        # NATO fires in its own view
    w.play.run("fire", FireDialog(w, "A3").params())
    text = _mark_text(w)
    assert text and text.startswith("A3") and "Recon 1" not in text
    w.viewer_box.setCurrentIndex(2)                        # the Soviets' view: no mark naming NATO's units
    assert _mark_text(w) is None


def test_a_refused_shot_in_a_sides_view_does_not_name_the_enemy_unit(w):
    w.viewer_box.setCurrentIndex(1)
    d = FireDialog(w, "A1")                               # A1 has no line of sight to C1
    text = d.sheet.toPlainText()
    assert "no shot" in text and "MW4 6.41" in text and "Recon 1" not in text
    assert not d.fire_button.isEnabled()


@pytest.mark.parametrize("focus", ["target", "weapon", "sheet", "firer"])
def test_enter_fires_wherever_the_focus_is(w, qtbot, focus):
    """Issue 19: Enter does what the dialog is for -- it fires -- from any of its controls."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDialog

    d = FireDialog(w, "A3")
    qtbot.addWidget(d)
    d.show()
    widget = {"target": d.target, "weapon": d.weapon, "sheet": d.sheet, "firer": d.firers["A3"]}[focus]
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key_Return)
    assert d.result() == QDialog.Accepted


def test_the_targets_the_unit_has_a_shot_at_come_first(w):
    """The dialog opened on a contact out of the firer's range, with nothing to fire: targets
    it has a shot at come first, and one it has none at says so."""
    import sqlite3

    g = w.game
    far = next(u for u in g.units.values() if u.side == "warpac" and u.on_map and u.id != "Recon 1")
    with sqlite3.connect(g.location) as conn:             # NATO saw it once, far off: a contact C0
        conn.execute("INSERT INTO contact (side_id, unit_id, label, status, q, r, turn, detail, type_label, role, "
                     "strength, seen_by) VALUES ('nato', ?, 'C0', 'seen', ?, ?, 1, 'unit', 'far thing', 'armor', "
                     "'', '[]')", (far.id, far.hex.q, far.hex.r))
    w.load_game(open_game(g.location))
    d = FireDialog(w, "A3")
    labels = [d.target.itemText(i) for i in range(d.target.count())]
    assert labels[0].startswith("C1:") and d.target.currentData() == "Recon 1"     # in reach: first
    assert labels[-1].startswith("C0:") and labels[-1].endswith("(no shot for A3)")
    d.target.setCurrentIndex(d.target.count() - 1)
    assert d.firers["A3"].text().endswith("(no shot at it)")
