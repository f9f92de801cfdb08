"""Every key the window answers is one action's: Qt does nothing at all for a key that two window
actions share, or that one action holds twice ("Ambiguous shortcut overload"), so a duplicate
is a key that silently stops working."""

from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from umpire.actions import new_game
from umpire.core.scenario import load_scenario

from windowkit import window_on


def window_keys(w) -> Counter:
    """How many window-wide actions of `w` answer each key (an action's own repeats counted)."""
    keys: Counter = Counter()
    for action in w.findChildren(QAction):
        if action.shortcutContext() in (Qt.WindowShortcut, Qt.ApplicationShortcut):
            for k in action.shortcuts():
                if not k.isEmpty():
                    keys[k.toString(QKeySequence.PortableText)] += 1
    return keys


SCENARIOS = sorted((Path(__file__).parents[2] / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_no_key_is_claimed_twice(qtbot, tmp_path, scenario):
    path = new_game(load_scenario(scenario), tmp_path / "g.umpire", seed="1")
    w = window_on(qtbot, tmp_path, path)
    twice = {k: n for k, n in window_keys(w).items() if n > 1}
    assert not twice, f"keys claimed twice in {scenario.name}: {twice}"


def test_redo_answers_ctrl_shift_z_once(qtbot, tmp_path, game_path):
    w = window_on(qtbot, tmp_path, game_path)
    redo = [k.toString(QKeySequence.PortableText) for k in w.play.act_redo.shortcuts()]
    assert redo.count("Ctrl+Shift+Z") == 1 and len(redo) == len(set(redo))
