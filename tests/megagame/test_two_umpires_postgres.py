"""Two umpires' programs on one PostgreSQL game (issue 24): each acts while the other watches,
told of the other's commits by the server's notices (LISTEN/NOTIFY), and the game they leave
replays identically.  Runs where UMPIRE_TEST_POSTGRES_URL names a server (.ci/run starts one)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from umpire.actions import new_game
from umpire.core.engine import journal
from umpire.core.store.db import open_game

ROOT = Path(__file__).resolve().parents[2]
UMPIRE = Path(__file__).with_name("umpire_worker.py")
PG_URL = os.environ.get("UMPIRE_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL (.ci/run starts a server)")


@pytest.fixture()
def server_game(sample_scenario):
    from storekit import postgres_database
    with postgres_database("umpire_mega") as url:
        new_game(sample_scenario, url, seed="mega")
        yield url


def umpire_at_work(url, name, seed, n):
    return subprocess.Popen([sys.executable, str(UMPIRE), url, name, seed, str(n)], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_two_umpires_act_while_each_watches_the_other_and_the_game_replays(server_game):
    """Two umpires' programs, each acting and between its actions reading the server's notices: each
    hears every commit of the other's (and its own), the journal names who did what, and the game
    they leave replays identically.  A bounded loop: N actions each, then a few seconds' listening."""
    from storekit import replays_identically
    procs = [umpire_at_work(server_game, "Ann", "ann", 12), umpire_at_work(server_game, "Bob", "bob", 12)]
    outs = [p.communicate(timeout=600) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    ann, bob = (json.loads(o[0]) for o in outs)
    rows = [r for r in journal(server_game) if r.kind != "open"]
    by = {name: sum(r.umpire == name for r in rows) for name in ("Ann", "Bob")}
    assert by == {"Ann": ann["done"], "Bob": bob["done"]} and ann["done"] and bob["done"]
    assert ann["heard"].get("Bob", 0) >= bob["done"] and bob["heard"].get("Ann", 0) >= ann["done"]
    assert replays_identically(server_game)


def test_a_window_on_the_game_shows_another_umpires_action_within_a_second(server_game, qtbot, tmp_path):
    from umpire.gui.mainwindow import MainWindow
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(server_game))
    assert w.outside.watch is not None                  # listening, not looking every 20 seconds
    w.outside.timer.stop()                              # no look of the timer's can be what brings it in
    before = w.play.stack.count()
    r = subprocess.run([sys.executable, "-m", "umpire.cli", "--as", "Bob", "next-phase", server_game],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    started = time.monotonic()
    qtbot.waitUntil(lambda: w.play.stack.count() == before + 1, timeout=3000)
    assert time.monotonic() - started < 1.5
    assert "Bob acted on the game" in w.statusBar().currentMessage()
    assert w.play.act_undo.text().startswith("&Undo Next Phase")
