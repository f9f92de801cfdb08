"""Wardogs p. 7 steps 6-7: the declarations are revealed, and lock-on rolled, only once every side
has declared.  A side that has not declared is never taken for "no fire": the engine refuses the
reveal (and the side's pass) naming who is still to declare; the window asks the umpire -- declare
no fire for that side and go on, or wait."""

from __future__ import annotations

import pytest

from umpire.cli import main
from umpire.core.engine import journal
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.gui.leaving import ASK_SETTING
from umpire.gui.wardogs import declareform

from windowkit import window_on
from .wdkit import act, to_phase, wardogs_game


def _game(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "Coyote 1", "type": "coyote", "hex": "0303", "facing": "SE"}],
                       [{"id": "Tank 1", "type": "tank", "hex": "0505", "facing": "NW"}])
    to_phase(loc, "declare", 3, 7)
    return loc


def test_the_reveal_waits_for_every_side(tmp_path):
    loc = _game(tmp_path)
    with pytest.raises(UmpireError, match=r"Blue and Red have not declared their fire .*side=blue.*\(Wardogs p. 7 steps 6-7\)"):
        act(loc, "next_phase")
    act(loc, "declare_fire", side="blue", shots="")                       # no fire, declared as such
    with pytest.raises(UmpireError, match="Red has not declared its fire"):
        act(loc, "next_phase")
    assert open_game(loc).phase == "declare" and not open_game(loc).rule_state.revealed
    act(loc, "declare_fire", side="red", shots="")
    act(loc, "next_phase")
    assert open_game(loc).phase == "lock_on"


def test_a_side_passes_only_once_it_has_declared(tmp_path):
    loc = _game(tmp_path)
    side = open_game(loc).active_side
    with pytest.raises(UmpireError, match="has not declared its fire: declare it, or declare no fire"):
        act(loc, "pass", side=side)
    act(loc, "declare_fire", side=side)
    act(loc, "pass", side=side)
    assert side in open_game(loc).passed


def test_the_command_line_says_so_in_one_line(tmp_path, capsys):
    loc = _game(tmp_path)
    assert main(["next-phase", loc]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "have not declared their fire" in err and "Traceback" not in err
    for side in ("blue", "red"):                    # what it advises: no fire, declared as such
        assert main(["act", loc, "declare_fire", f"side={side}"]) == 0
    assert main(["next-phase", loc]) == 0 and open_game(loc).phase == "lock_on"


def _answer(monkeypatch, which: str):
    """The question's answer: the button whose text starts with `which`; records the question."""
    asked = []

    def exec_(box):
        asked.append(box.text())
        next(b for b in box.buttons() if b.text().startswith(which)).click()
        return 0
    monkeypatch.setattr(declareform.QMessageBox, "exec", exec_)
    return asked


def test_the_window_asks_the_umpire_and_waits_by_default(qtbot, tmp_path, monkeypatch):
    loc = _game(tmp_path)
    w = window_on(qtbot, tmp_path, loc)
    w.settings.setValue(ASK_SETTING, False)              # only the declaration's question
    before = len(journal(loc))
    asked = _answer(monkeypatch, "Wait")
    w.play.leave("next_phase")
    assert asked and "Blue and Red have not declared their fire" in asked[0] and "p. 7 steps 6-7" in asked[0]
    assert len(journal(loc)) == before and open_game(loc).phase == "declare"
    asked = _answer(monkeypatch, "Declare no fire")
    w.play.leave("next_phase")
    g = open_game(loc)
    assert g.phase == "lock_on" and g.rule_state.declarations == {"blue": (), "red": ()}
    assert [r.kind for r in journal(loc)[before:]] == ["declare_fire", "declare_fire", "next_phase"]


def test_a_sides_view_is_asked_only_about_its_own_pass(qtbot, tmp_path, monkeypatch):
    loc = _game(tmp_path)
    w = window_on(qtbot, tmp_path, loc)
    w.settings.setValue(ASK_SETTING, False)
    side = w.game.active_side
    w.viewer_box.setCurrentIndex(1 + w.game.side_ids().index(side))
    asked = _answer(monkeypatch, "Declare no fire")
    w.play.leave("pass")
    other = next(s for s in w.game.side_ids() if s != side)
    assert len(asked) == 1 and w.game.side(other).name not in asked[0]
    assert open_game(loc).rule_state.declarations == {side: ()} and side in open_game(loc).passed


def _answer_all(monkeypatch, which: str):
    """Every question answered: a box's button starting with `which` where it has one, else its
    default (what Enter would press); the reminder of units unacted (gui/leaving.py, which the
    tests' conftest answers "go ahead") answered No, its default -- no modal is left open.
    Records each question's text."""
    from PySide6.QtWidgets import QMessageBox
    from umpire.gui import leaving
    asked = []

    def exec_(box):
        asked.append(box.text())
        button = next((b for b in box.buttons() if b.text().startswith(which)), None) or box.defaultButton()
        button.click()
        return box.standardButton(button)

    def reminder(window, text):
        asked.append(text)
        return False, False
    monkeypatch.setattr(QMessageBox, "exec", exec_)
    monkeypatch.setattr(leaving, "ask", reminder)
    return asked


def test_declaring_no_fire_goes_on_to_lock_on_at_once_p7(qtbot, tmp_path, monkeypatch):
    """Finding 9: with the reminder of units unacted on (the window's default), answering *Declare
    no fire* used to be followed by "1 unit could still act" (a mine sweeper, No the default),
    and a second Next Phase was needed.  In the declaration phase a side acts as a whole: once
    it has declared, none of its units is left out (p. 7 step 6), so the phase goes on."""
    loc = wardogs_game(tmp_path, [{"id": "Coyote 1", "type": "coyote", "hex": "0303", "facing": "SE"}],
                       [{"id": "Outrider", "type": "scout_car", "hex": "0505", "facing": "NW"}])   # a sweeper
    to_phase(loc, "declare", 3, 7)
    w = window_on(qtbot, tmp_path, loc)
    assert str(w.settings.value(ASK_SETTING, True)).lower() not in ("false", "0")     # the reminder is on
    asked = _answer_all(monkeypatch, "Declare no fire")
    assert w.play.run("declare_fire", {"side": "blue", "shots": []}) is not None      # Blue declared no fire
    w.play.leave("next_phase")
    assert len(asked) == 1 and "Red has not declared its fire" in asked[0]
    assert open_game(loc).phase == "lock_on"


def test_a_side_that_declared_passes_without_the_reminder(qtbot, tmp_path, monkeypatch):
    loc = wardogs_game(tmp_path, [{"id": "Coyote 1", "type": "coyote", "hex": "0303", "facing": "SE"},
                                  {"id": "Outrider", "type": "scout_car", "hex": "0103", "facing": "S"}],
                       [{"id": "Tank 1", "type": "tank", "hex": "0505", "facing": "NW"},
                        {"id": "Prowler", "type": "scout_car", "hex": "0808", "facing": "N"}])    # sweepers both
    to_phase(loc, "declare", 3, 7)
    w = window_on(qtbot, tmp_path, loc)
    side = w.game.active_side
    w.viewer_box.setCurrentIndex(1 + w.game.side_ids().index(side))
    asked = _answer_all(monkeypatch, "Declare no fire")
    w.play.leave("pass")
    assert len(asked) == 1 and side in open_game(loc).passed
