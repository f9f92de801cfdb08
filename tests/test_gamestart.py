"""Opening a scenario again: carry on with its game or start a new one (umpire/gamestart.py),
and the question the window asks (umpire/gui/startgame.py)."""

import os
import time
from pathlib import Path

import pytest

from umpire.gamestart import CARRY_ON, NEW_GAME, game_for_scenario, games_of


def never_asked(_existing):
    raise AssertionError("asked although there was nothing to ask about")


def test_a_first_launch_creates_the_game_without_asking(tmp_path, sample_path, sample_scenario):
    path, created = game_for_scenario(sample_path, sample_scenario, never_asked, folder=tmp_path)
    assert created and path == tmp_path / "kaltenbach-gap.umpire" and path.is_file()


@pytest.fixture()
def earlier(tmp_path):
    """Two games an earlier Umpire left (their content is not read), the numbered one newer,
    and files that only look alike."""
    old, newer = tmp_path / "kaltenbach-gap.umpire", tmp_path / "kaltenbach-gap-2.umpire"
    for f in (old, newer, tmp_path / "kaltenbach-gap-old.umpire", tmp_path / "kaltenbach-gapped.umpire"):
        f.write_text("a game")
    os.utime(old, (time.time() - 100, time.time() - 100))
    return old, newer


def test_earlier_games_newest_first(tmp_path, sample_path, earlier):
    old, newer = earlier
    assert games_of(sample_path, tmp_path) == [newer, old]


def test_carry_on_opens_the_newest_and_writes_nothing(tmp_path, sample_path, sample_scenario, earlier):
    asked = []
    before = sorted(tmp_path.iterdir())
    chosen = game_for_scenario(sample_path, sample_scenario, lambda p: asked.append(p) or CARRY_ON, folder=tmp_path)
    assert chosen == (earlier[1], False) and asked == [earlier[1]]
    assert sorted(tmp_path.iterdir()) == before


def test_a_new_game_goes_next_to_the_old_ones(tmp_path, sample_path, sample_scenario, earlier):
    path, created = game_for_scenario(sample_path, sample_scenario, lambda p: NEW_GAME, folder=tmp_path)
    assert created and path == tmp_path / "kaltenbach-gap-3.umpire" and path.is_file()
    assert all(p.read_text() == "a game" for p in earlier)


def test_cancel_writes_nothing(tmp_path, sample_path, sample_scenario, earlier):
    before = sorted(tmp_path.iterdir())
    assert game_for_scenario(sample_path, sample_scenario, lambda p: None, folder=tmp_path) is None
    assert sorted(tmp_path.iterdir()) == before


def test_with_no_one_to_ask_the_newest_game_is_carried_on(tmp_path, sample_path, sample_scenario, earlier):
    assert game_for_scenario(sample_path, sample_scenario, None, folder=tmp_path) == (earlier[1], False)


def test_new_never_asks(tmp_path, sample_path, sample_scenario, earlier):
    path, created = game_for_scenario(sample_path, sample_scenario, never_asked, new=True, folder=tmp_path)
    assert created and path.name == "kaltenbach-gap-3.umpire"


@pytest.mark.parametrize("button, answer", [("Carry On", CARRY_ON), ("New Game", NEW_GAME), ("Cancel", None)])
def test_the_windows_question(qtbot, monkeypatch, tmp_path, sample_scenario, button, answer):
    from PySide6.QtWidgets import QMessageBox

    from umpire.actions import new_game
    from umpire.gui.startgame import ask_carry_on, carry_on_question

    game_path = Path(new_game(sample_scenario, tmp_path / "kaltenbach-gap.umpire"))

    box = carry_on_question(game_path)
    assert box.defaultButton().text() == "Carry On"
    assert "Turn 1 of 12" in box.text() and game_path.name in box.text()

    def click(self):
        next(b for b in self.buttons() if b.text().replace("&", "") == button).click()
    monkeypatch.setattr(QMessageBox, "exec", click)
    assert ask_carry_on(game_path) == answer
