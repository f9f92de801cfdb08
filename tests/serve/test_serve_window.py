"""File → Serve to Players in the window (issue 24): the side pages served while it is on."""

from __future__ import annotations

import urllib.request

import pytest
from PySide6.QtCore import QSettings

from umpire.actions import new_game
from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow


@pytest.fixture()
def window(qtbot, tmp_path, sample_scenario, monkeypatch):
    monkeypatch.setattr("umpire.gui.serving.ask_address", lambda w: ("127.0.0.1", 0))
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.load_game(open_game(new_game(sample_scenario, tmp_path / "g.umpire")))
    yield w
    w.act_serve.setChecked(False)


def test_serving_from_the_window_shows_each_sides_link_and_serves_its_page(window, tmp_path):
    w = window
    assert not w.serving.on and w.act_serve.isEnabled()
    w.act_serve.setChecked(True)
    assert w.serving.on and w.serving.dialog.isVisible()
    w.serving.dialog.grab().save(str(tmp_path / "links.png"))
    shown = " ".join(label.text() for label in w.serving.dialog.findChildren(type(w.sample_label)))
    for side in w.game.sides:
        url = w.serving.links.url(w.serving.base, side.id)
        assert url in shown
        with urllib.request.urlopen(url, timeout=30) as page:
            assert side.name in page.read().decode()
    url = w.serving.links.url(w.serving.base, "nato")
    w.act_serve.setChecked(False)
    assert not w.serving.on
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=5)


def test_closing_the_game_stops_serving_it(window):
    w = window
    w.act_serve.setChecked(True)
    assert w.serving.on
    w.close_game()
    assert not w.serving.on and not w.act_serve.isChecked() and not w.act_serve.isEnabled()
