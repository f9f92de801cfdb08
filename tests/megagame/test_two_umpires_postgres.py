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
from umpire.core.store.db import CHANGED_CHANNEL, open_game

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "tests" / "core" / "writers_worker.py"
PG_URL = os.environ.get("UMPIRE_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL (.ci/run starts a server)")


@pytest.fixture()
def server_game(sample_scenario):
    from storekit import postgres_database
    with postgres_database("umpire_mega") as url:
        new_game(sample_scenario, url, seed="mega")
        yield url


def listener(url):
    import psycopg

    from umpire.gui.serverwatch import conninfo
    conn = psycopg.connect(conninfo(url), autocommit=True)
    conn.execute(f"LISTEN {CHANGED_CHANNEL}")
    return conn


def heard(conn, seconds: float) -> list[str]:
    return [n.payload for n in conn.notifies(timeout=seconds)]


def hammer(url, name, seed, n):
    return subprocess.Popen([sys.executable, str(WORKER), "hammer", url, seed, str(n)], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "UMPIRE_NAME": name})


def test_two_umpires_act_while_each_hears_the_other_and_the_game_replays(server_game):
    watch = listener(server_game)
    procs = [hammer(server_game, "Ann", "ann", 15), hammer(server_game, "Bob", "bob", 15)]
    names: list[str] = []
    deadline = time.monotonic() + 240          # a bounded loop: the two programs end, or the test fails
    while any(p.poll() is None for p in procs) and time.monotonic() < deadline:
        names += heard(watch, 0.5)
    names += heard(watch, 0.5)
    outs = [p.communicate(timeout=60) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    done = [json.loads(o[0])["done"] for o in outs]
    rows = [r for r in journal(server_game) if r.kind != "open"]
    by = {r.umpire for r in rows}
    assert by <= {"Ann", "Bob"} and (done[0] == 0 or "Ann" in names) and (done[1] == 0 or "Bob" in names)
    assert sum(done) > 0 and len(names) >= sum(done)      # every action (and undo) committed was told
    watch.close()


def test_the_game_the_two_umpires_leave_replays_identically(server_game):
    from storekit import replays_identically
    procs = [hammer(server_game, "Ann", "a2", 12), hammer(server_game, "Bob", "b2", 12)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    rows = [r for r in journal(server_game) if r.kind != "open"]
    assert {r.umpire for r in rows} == {"Ann", "Bob"}
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
