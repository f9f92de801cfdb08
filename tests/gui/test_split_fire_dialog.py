"""The split fire dialog (MW4 6.93): elements, targets by contact label in a side's view, the
worksheets and odds, and the action it runs."""

import pytest
from PySide6.QtCore import QSettings

from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow
from umpire.gui.mechwar4.splitdialog import SplitFireDialog


@pytest.fixture()
def w(qtbot, tmp_path, sample_scenario):
    from umpire.actions import new_game, system_for
    from umpire.core.engine import perform
    path = new_game(sample_scenario, tmp_path / "g.umpire", seed="split")
    sys_ = system_for(path)
    perform(path, "move", {"unit": "Recon 1", "path": [f"22{r:02d}" for r in range(24, 14, -1)]}, sys_)
    perform(path, "pass", {}, sys_)
    perform(path, "move", {"unit": "1 MRB HQ", "path": [f"20{r:02d}" for r in range(28, 16, -1)]}, sys_)
    perform(path, "end_turn", {}, sys_)
    if open_game(path).active_side != "nato":
        perform(path, "pass", {}, sys_)
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.show()
    win.load_game(open_game(path))
    return win


def test_split_fire_dialog_in_natos_view_names_targets_by_label(w, tmp_path):
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("nato"))
    w.select_unit("A3")
    assert w.unit_menu.system_entries.act_split.isEnabled()
    d = SplitFireDialog(w, "A3")
    d.targets[1].setCurrentIndex(1)
    text = d.sheet.toPlainText() + " ".join(t.itemText(i) for t in d.targets for i in range(t.count()))
    assert "D1 element" in text and "D2 element" in text and "MW4 6.93" in text and "odds:" in text
    assert "Recon 1" not in text and "1 MRB HQ" not in text                 # NATO's labels only
    assert d.fire_button.isEnabled()
    d.grab().save(str(tmp_path / "split.png"))
    d.elements[2].setCurrentIndex(2)                                       # D1 + D2 + D2: too much
    assert not d.fire_button.isEnabled() and "no room" in d.sheet.toPlainText()
    d.elements[2].setCurrentIndex(0)
    res = w.play.run("split_fire", d.params())
    assert res is not None and res.summary.startswith("Split fire by A3")
    assert w.play.stack.undoText() == "Split Fire (A3)"


def test_split_fire_is_for_vehicular_platoons(w):
    w.select_unit("B1 Inf")
    assert not w.unit_menu.system_entries.act_split.isEnabled()
