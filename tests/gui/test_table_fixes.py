"""The window's rough edges a tester found at the table (game night report, findings 4, 5, 7, 11,
12, 13): each fixed here is checked in the window, offscreen, with no dialog left open."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence

from umpire.core.store.db import open_game

from windowkit import window_on


# ---------------------------------------------------------------- finding 11: saving
def test_ctrl_s_says_everything_is_saved(qtbot, tmp_path, game_path):
    w = window_on(qtbot, tmp_path, game_path)
    assert QKeySequence(QKeySequence.Save) in w.act_save.shortcuts()
    w.statusBar().clearMessage()
    w.act_save.trigger()
    said = w.statusBar().currentMessage()
    assert "saved as it happens" in said and Path(game_path).name in said


def test_save_as_onto_its_own_file_is_refused(qtbot, tmp_path, game_path, monkeypatch):
    w = window_on(qtbot, tmp_path, game_path)
    said = []
    monkeypatch.setattr("umpire.gui.mainwindow.QMessageBox.critical", lambda parent, title, text: said.append(text))
    before = Path(game_path).read_bytes()
    assert not w.save_as(str(game_path))
    assert len(said) == 1 and "\n" not in said[0] and "own file" in said[0] and str(game_path) in said[0]
    assert w.game.location == str(game_path) and Path(game_path).read_bytes() == before
    assert open_game(str(game_path)).turn == w.game.turn            # the game is whole, still open
