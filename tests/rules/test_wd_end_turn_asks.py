"""Wardogs in the window: End Turn in the declaration or lock-on phase plays the steps left
(Wardogs p. 7 steps 6-8: reveal, lock-on, damage), so the fire declared is resolved, not
discarded -- nothing to ask the umpire.  (It once ended the turn before the damage step and
asked first; End Turn now plays every phase left, core/play/sequence.py.)  No modal is left
open: any QMessageBox.exec is answered, and recorded."""

from __future__ import annotations

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


def _window(qtbot, tmp_path, loc, monkeypatch):
    w = window_on(qtbot, tmp_path, loc)
    w.settings.setValue(ASK_SETTING, False)               # only the Wardogs questions
    asked = []

    def exec_(box):
        asked.append(box.text())
        box.escapeButton().click() if box.escapeButton() else box.close()
        return 0
    monkeypatch.setattr(wardogs_gui.QMessageBox, "exec", exec_)
    return w, asked


def test_end_turn_with_fire_declared_resolves_it_without_asking_p7(qtbot, tmp_path, monkeypatch):
    loc = _declared(tmp_path)
    act(loc, "declare_fire", side="red", shots="")
    w, asked = _window(qtbot, tmp_path, loc, monkeypatch)
    w.play.leave("end_turn")
    assert asked == []
    g = open_game(loc)
    assert g.turn == 2
    log = "\n".join(journal(loc)[-1].log)
    # the declared shot was revealed and its lock-on rolled (p. 7 step 7, p. 12)
    assert "Blue: Coyote 1 Particle Cannon at Tank 1" in log and "(Wardogs p. 12, Table 3)" in log


def test_end_turn_in_the_lock_on_phase_goes_on_to_the_damage_p7(qtbot, tmp_path, monkeypatch):
    loc = _declared(tmp_path)
    act(loc, "declare_fire", side="red", shots="")
    act(loc, "next_phase", 10)                                # the reveal: the Coyote's lock-on fails
    w, asked = _window(qtbot, tmp_path, loc, monkeypatch)
    w.play.leave("end_turn")
    assert asked == [] and open_game(loc).turn == 2


def test_a_side_still_to_declare_holds_end_turn_up_and_nothing_is_lost(qtbot, tmp_path, monkeypatch):
    loc = _declared(tmp_path)                                 # red has not declared
    w, asked = _window(qtbot, tmp_path, loc, monkeypatch)
    warned = []
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda parent, title, text: warned.append(text))
    before = len(journal(loc))
    w.play.leave("end_turn")
    g = open_game(loc)
    assert (g.turn, g.phase) == (1, "declare") and len(journal(loc)) == before
    assert len(g.rule_state.declarations["blue"]) == 1       # Blue's shot is still declared
    assert len(warned) == 1 and "has not declared" in warned[0] and asked == []
