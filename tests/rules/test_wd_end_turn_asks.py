"""Wardogs in the window: End Turn in the declaration or lock-on phase would end the turn before
the damage step (Wardogs p. 7 steps 6-8), discarding the fire declared -- the umpire is asked first;
Cancel is the default and Escape cancels.  No modal is left open: QMessageBox.exec is answered."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from umpire.core.engine import journal
from umpire.core.store.db import open_game
from umpire.gui import wardogs as wardogs_gui
from umpire.gui.leaving import ASK_SETTING

from windowkit import window_on
from .wdkit import act, to_phase, wardogs_game


def _declared(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "Coyote 1", "type": "coyote", "hex": "0303", "facing": "SE"}],
                       [{"id": "Tank 1", "type": "tank", "hex": "0505", "facing": "NW"}])
    to_phase(loc, "declare", 3, 7)
    act(loc, "declare_fire", side="blue", shots="Coyote 1, coyote_particle_cannon, C1")
    return loc


def _answer(monkeypatch, how):
    """Answer the question by `how`: a button's first words, or "Escape" (the key pressed)."""
    asked = []

    def exec_(box):
        asked.append(box.text())
        if how == "Escape":
            box.show()
            QTest.keyClick(box, Qt.Key_Escape)
        else:
            next(b for b in box.buttons() if b.text().replace("&", "").startswith(how)).click()
        asked.append(box.clickedButton().text().replace("&", "") if box.clickedButton() else None)
        box.close()
        return 0
    monkeypatch.setattr(wardogs_gui.QMessageBox, "exec", exec_)
    return asked


def _window(qtbot, tmp_path, loc):
    w = window_on(qtbot, tmp_path, loc)
    w.settings.setValue(ASK_SETTING, False)               # only this question
    return w


def test_end_turn_with_fire_declared_asks_and_cancel_keeps_it_p7(qtbot, tmp_path, monkeypatch):
    loc = _declared(tmp_path)
    w = _window(qtbot, tmp_path, loc)
    before = len(journal(loc))
    for how in ("Cancel", "Escape"):
        asked = _answer(monkeypatch, how)
        w.play.leave("end_turn")
        assert len(asked) == 2 and "Blue: 1 shot" in asked[0] and "Wardogs p. 7 steps 6-8" in asked[0]
        assert asked[1] == "Cancel"                               # Escape pressed is Cancel clicked
        g = open_game(loc)
        assert len(journal(loc)) == before and g.turn == 1 and g.phase == "declare"
        assert len(g.rule_state.declarations["blue"]) == 1


def test_the_default_is_cancel(qtbot, tmp_path, monkeypatch):
    loc = _declared(tmp_path)
    w = _window(qtbot, tmp_path, loc)
    seen = []

    def exec_(box):
        seen.append((box.defaultButton().text(), box.escapeButton().text()))
        box.escapeButton().click()
        return 0
    monkeypatch.setattr(wardogs_gui.QMessageBox, "exec", exec_)
    w.play.leave("end_turn")
    assert [(a.replace("&", ""), b.replace("&", "")) for a, b in seen] == [("Cancel", "Cancel")]


def test_end_turn_goes_on_once_the_umpire_says_so(qtbot, tmp_path, monkeypatch):
    loc = _declared(tmp_path)
    act(loc, "declare_fire", side="red", shots="")
    act(loc, "next_phase", 10)                                # the reveal: the Coyote's lock-on fails
    w = _window(qtbot, tmp_path, loc)
    asked = _answer(monkeypatch, "End the turn")
    w.play.leave("end_turn")
    assert len(asked) == 2 and asked[1] == "End the turn and discard them"   # asked in the lock-on phase too
    assert open_game(loc).turn == 2


def test_nothing_to_discard_nothing_asked_and_a_side_learns_nothing_of_the_enemys(qtbot, tmp_path, monkeypatch):
    loc = _declared(tmp_path)
    w = _window(qtbot, tmp_path, loc)
    w.viewer_box.setCurrentIndex(1 + w.game.side_ids().index("red"))      # Red's view: Blue's shot is not its to know
    asked = _answer(monkeypatch, "Cancel")
    assert wardogs_gui.discard_asked(w, "end_turn") and asked == []
    assert wardogs_gui.discard_asked(w, "next_phase") and asked == []
