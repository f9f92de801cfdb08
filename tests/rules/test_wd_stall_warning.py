"""Wardogs p. 10: a unit in full flight that has not flown a third of its air MP stalls and
crashes as the Movement phase ends.  Pass, Next Phase and End Turn in the window ask first,
naming the flyer; going back is the default."""

from __future__ import annotations

from umpire.core.engine import journal
from umpire.core.store.db import open_game
from umpire.gui.leaving import ASK_SETTING
from umpire.gui.wardogs import declareform
from umpire.rules.wardogs.movement import stalling

from windowkit import window_on
from .wdkit import act, blue_moves, wardogs_game


def _flying(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "H", "type": "gunship", "hex": "0303"},
                                  {"id": "C", "type": "coyote", "hex": "0305"}], [])
    blue_moves(loc)
    act(loc, "take_off", side="blue", unit="H")
    return loc


def _answer(monkeypatch, which: str) -> list[str]:
    asked = []

    def exec_(box):
        asked.append(box.text())
        next(b for b in box.buttons() if b.text().startswith(which)).click()
        return 0
    monkeypatch.setattr(declareform.QMessageBox, "exec", exec_)
    return asked


def test_a_flyer_that_has_not_flown_far_enough_is_stalling(tmp_path):
    loc = _flying(tmp_path)
    g = open_game(loc)
    assert [u.id for u in stalling(g)] == ["H"] and stalling(g, "red") == []


def test_passing_with_a_flyer_that_would_stall_asks_first(qtbot, tmp_path, monkeypatch):
    loc = _flying(tmp_path)
    w = window_on(qtbot, tmp_path, loc)
    w.settings.setValue(ASK_SETTING, False)
    assert w.game.phase == "movement" and w.game.active_side == "blue"
    before = len(journal(loc))
    asked = _answer(monkeypatch, "Go back")
    w.play.leave("pass")
    assert asked and "H: 0 of the 4 hexes it must fly" in asked[0] and "Wardogs p. 10" in asked[0]
    assert len(journal(loc)) == before                        # nothing done: the flyer may still fly
    asked = _answer(monkeypatch, "Pass anyway")
    w.play.leave("pass")
    assert journal(loc)[-1].kind == "pass"


def test_the_question_is_not_asked_once_it_has_flown_far_enough(qtbot, tmp_path, monkeypatch):
    loc = _flying(tmp_path)
    g = open_game(loc)
    path = ["0303", "0403", "0503", "0603", "0703"]
    act(loc, "move", side="blue", unit="H", path=path)
    assert stalling(open_game(loc)) == [] and g.units["H"].marks.flying
    w = window_on(qtbot, tmp_path, loc)
    w.settings.setValue(ASK_SETTING, False)
    asked = _answer(monkeypatch, "Go back")
    w.play.leave("next_phase")
    assert asked == [] and open_game(loc).phase != "movement"
