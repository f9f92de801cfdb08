"""The status bar in a side's view says an action's summary in the side's own words
(core.witness.in_side_words), for every rule system: an enemy unit is named by the side's contact
label, never by its id -- the reviewer's item 1.4, where Hex Command Mechanized's fire summary
"T fires at R: miss" (HCM 3.7) showed the real id of a Marker the side had not identified.

The check is on bytes: the same game, with the enemy unit renamed, must read the same."""

from PySide6.QtCore import QSettings

from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow

from rules.hcmkit import game, hcm_game, to_phase


def _blue_window(qtbot, tmp_path, enemy_id: str) -> MainWindow:
    """Blue's tank T faces a Red tank named `enemy_id` across two hexes in Blue's fire phase
    (HCM 3.7); Blue knows it only by its contact label."""
    loc = hcm_game(tmp_path / enemy_id, [dict(id="T", type="medium_tank", hex="0506", facing="N", on_table=True)],
                   [dict(id=enemy_id, type="medium_tank", hex="0503", facing="S", on_table=True)])
    to_phase(loc, "a_fire_p", 6, 1)
    assert ("blue", enemy_id) in game(loc).contacts
    w = MainWindow(QSettings(str(tmp_path / f"{enemy_id}.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(loc))
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("blue"))
    assert w.viewer == "blue"
    return w


def _fire_undo_redo(w) -> list[str]:
    """What Blue's status bar says after firing at its contact, undoing and redoing it."""
    label = w.game.contacts[("blue", next(u for s, u in w.game.contacts if s == "blue"))].label
    said = []
    assert w.play.run("fire", {"unit": "T", "target": label, "side": "blue"}) is not None
    said.append(w.statusBar().currentMessage())
    w.play.act_undo.trigger()
    said.append(w.statusBar().currentMessage())
    w.play.act_redo.trigger()
    said.append(w.statusBar().currentMessage())
    return said


def test_a_sides_status_bar_never_names_the_enemy_unit_it_fired_at(qtbot, tmp_path):
    first = _fire_undo_redo(_blue_window(qtbot, tmp_path, "Rx"))
    second = _fire_undo_redo(_blue_window(qtbot, tmp_path, "Zulu 9"))
    assert all(" fires at " in x for x in first), first        # the summary is shown, in Blue's words
    assert first == second                                     # the enemy's id changes nothing Blue reads
    assert not any("Zulu" in x or "Rx" in x for x in first + second)


def test_the_umpire_reads_the_summary_as_it_is(qtbot, tmp_path):
    w = _blue_window(qtbot, tmp_path, "Rx")
    w.viewer_box.setCurrentIndex(0)
    w.play.run("fire", {"unit": "T", "target": "C1", "side": "blue"})
    assert "T fires at Rx" in w.statusBar().currentMessage()


def test_undoing_the_enemys_action_names_nothing_of_it(qtbot, tmp_path):
    """Red's view: Blue's fire undone is "the last action", as Edit → Undo's label leaves it."""
    w = _blue_window(qtbot, tmp_path, "Rx")
    w.play.run("fire", {"unit": "T", "target": "C1", "side": "blue"})
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("red"))
    assert w.play.act_undo.text() == "&Undo"
    w.play.act_undo.trigger()
    assert w.statusBar().currentMessage() == "Undid the last action"
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("blue"))
    w.play.act_redo.trigger()
    assert w.statusBar().currentMessage().startswith("Redid: T fires at C1")
