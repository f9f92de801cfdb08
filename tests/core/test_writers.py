"""Writing a game file: created in one transaction with its opening; several programs writing
one game, each action judged on the state the one before it left; a write's database errors as
one line, nothing half-written; the temporary files of an interrupted `new`.

The other programs are real processes (tests/core/writers_worker.py).  Each test on SQLite runs
on PostgreSQL too when UMPIRE_TEST_POSTGRES_URL is set (.ci/run starts a server and sets it),
in a database of its own, dropped after."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from umpire.actions import new_game, system_for
from umpire.core import engine as core_engine
from umpire.core.engine import journal, perform, replay, state_digest, undo
from umpire.core.errors import GameBusyError, GameFileError, UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store import db
from umpire.core.store.db import NEVER_SET_UP, NO_SETUP, create_game, open_game, remove_stale_temp_files
from umpire.rules import rule_system

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("writers_worker.py")
PG_URL = os.environ.get("UMPIRE_TEST_POSTGRES_URL")
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL to run against PostgreSQL (.ci/run starts a server and sets it)"))]


def worker(*args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(WORKER), *map(str, args)], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def umpire(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "umpire.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def wait_for(path: Path, proc: subprocess.Popen) -> None:
    """Until the worker has made `path` (it is where the test wants it); a worker that ended
    first failed."""
    while not path.exists():
        if proc.poll() is not None:
            pytest.fail(f"the worker ended first: {proc.communicate()}")
        time.sleep(0.02)


def one_line(r) -> str:
    assert r.returncode == 2, r.stdout + r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    return lines[0]


def replays_identically(location) -> bool:
    stored, replayed = replay(str(location), lambda g: rule_system(g.rules), load_scenario)
    return stored == replayed


@pytest.fixture()
def fresh(request, tmp_path):
    """Where to create a game: a file in tmp_path, or a new PostgreSQL database (dropped after)."""
    if request.param == "sqlite":
        yield str(tmp_path / "g.umpire")
        return
    name = f"umpire_writers_{uuid.uuid4().hex[:10]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield PG_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


# --- a game file exists only with its opening -------------------------------------------------

def test_every_game_file_starts_with_its_opening(tmp_path, sample_scenario):
    game = new_game(sample_scenario, tmp_path / "g.umpire", seed="1")
    first = journal(game)[0]
    assert (first.seq, first.kind, first.params) == (1, "open", {}) and open_game(game).phase
    with pytest.raises(UmpireError, match="set up once"):
        perform(game, "open", {}, system_for(game))
    # a game made without a set-up (tests, benchmarks) says so in its journal
    bare = create_game(sample_scenario, tmp_path / "bare.umpire")
    first = journal(bare)[0]
    assert (first.seq, first.kind, first.params) == (0, "open", NO_SETUP) and open_game(bare).phase == ""
    assert perform(bare, "spot", {}, system_for(bare)).seq == 1      # its first action's dice are unchanged
    assert replays_identically(bare)


@pytest.mark.parametrize("fresh", BACKENDS, indirect=True)
def test_new_killed_in_its_opening_leaves_no_game(fresh, tmp_path, sample_path, sample_scenario):
    """kill -9 while `new` runs the opening, its rows written and not committed: there is no
    game (SQLite: the file was never renamed into place; PostgreSQL: nothing was committed)."""
    mark, go = tmp_path / "in-opening", tmp_path / "go"
    p = worker("pause", "open", "after", mark, go, "--", "new", sample_path, "--out", fresh, "--seed", "1")
    wait_for(mark, p)
    p.kill()
    p.wait()
    if fresh.startswith("postgresql"):
        with pytest.raises(GameFileError, match="no game_info table"):
            open_game(fresh)
    else:
        assert not Path(fresh).exists()
    new_game(sample_scenario, fresh, seed="1")        # and the same place takes a new game
    assert journal(fresh)[0].kind == "open" and open_game(fresh).phase


def test_the_leftovers_of_a_killed_new_are_removed_once_stale(tmp_path, sample_path, sample_scenario):
    mark, go = tmp_path / "in-opening", tmp_path / "go"
    p = worker("pause", "open", "after", mark, go, "--", "new", sample_path, "--out", tmp_path / "g.umpire")
    wait_for(mark, p)
    p.kill()
    p.wait()
    left = sorted(f for f in tmp_path.iterdir() if f.name.startswith(".g.umpire."))
    assert left and left[0].name.endswith(".tmp")        # the temporary file and its journal
    new_game(sample_scenario, tmp_path / "other.umpire")
    assert all(f.exists() for f in left)                  # a recent one may be a `new` under way
    old = time.time() - db.STALE_AFTER - 60
    for f in left:
        os.utime(f, (old, old))
    open_game(tmp_path / "other.umpire")                   # opening a game in the folder clears them
    assert sorted(f.name for f in tmp_path.iterdir()) == ["in-opening", "other.umpire"]


def test_which_temporary_files_are_stale(tmp_path):
    old = time.time() - db.STALE_AFTER - 60

    def temp(name: str, content: bytes | None = None, aged: bool = True) -> Path:
        path = tmp_path / name
        if content is None:
            with sqlite3.connect(path) as conn:
                conn.execute("CREATE TABLE t (x)")
            conn.close()
        else:
            path.write_bytes(content)
        if aged:
            os.utime(path, (old, old))
        return path

    stale = temp(".g.umpire.abc_1234.tmp")
    journal_file = temp(".g.umpire.abc_1234.tmp-journal", b"")
    empty = temp(".h.umpire.zz9zz9zz.tmp", b"")                 # mkstemp made it, nothing written yet
    recent = temp(".g.umpire.recent00.tmp", aged=False)         # maybe a `new` under way
    locked = temp(".g.umpire.locked00.tmp")                     # a `new` under way, slow
    not_ours = temp(".notes.txt.abcdefgh.tmp", b"someone else's text")
    other_name = temp(".g.umpire.tmp")
    holder = sqlite3.connect(locked, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    os.utime(locked, (old, old))
    try:
        remove_stale_temp_files(tmp_path)
    finally:
        holder.close()
    assert not stale.exists() and not journal_file.exists() and not empty.exists()
    assert recent.exists() and locked.exists() and not_ours.exists() and other_name.exists()


def test_a_game_without_its_opening_is_refused(tmp_path, sample_scenario):
    """What an older Umpire killed between writing the file and its opening left: the scenario,
    no set-up, no journal.  Every command says so in one line."""
    game = new_game(sample_scenario, tmp_path / "g.umpire", seed="1")
    with sqlite3.connect(game) as conn:
        conn.execute("DELETE FROM action")
        conn.execute("UPDATE game_info SET phase = '', active_side = NULL")
    conn.close()
    before = Path(game).read_bytes()
    with pytest.raises(GameFileError, match="never set up") as info:
        open_game(game)
    assert info.value.one_line() == f"{game}: {NEVER_SET_UP}"
    with pytest.raises(GameFileError, match="never set up"):
        perform(game, "pass", {}, rule_system(sample_scenario.rules))
    for command in (["validate", game], ["status", game], ["pass", game], ["move", game, "A1", "0304", "0404"],
                    ["undo", game], ["replay", game, "--verify"]):
        assert one_line(umpire(*command)) == f"umpire: error: {game}: {NEVER_SET_UP}"
    assert Path(game).read_bytes() == before


# --- several programs write one game ----------------------------------------------------------

@pytest.mark.parametrize("fresh", BACKENDS, indirect=True)
def test_the_second_of_two_moves_at_once_is_judged_on_the_first(fresh, tmp_path, sample_scenario):
    """The audit's case: two Blue moves at once, when one move gives the turn to Red.  The
    first holds the game (stopped inside its action until the second has tried); the second
    then finds Red to act and is refused -- it was accepted on the state both had read."""
    new_game(sample_scenario, fresh, seed="1")
    mark_a, mark_b, go = tmp_path / "a-in", tmp_path / "b-started", tmp_path / "go"
    a = worker("pause", "move", "before", mark_a, go, "--", "move", fresh, "A1", "0304", "0404")
    wait_for(mark_a, a)
    b = worker("started", mark_b, "--", "move", fresh, "A2", "0306", "0406")
    wait_for(mark_b, b)
    try:
        b.wait(timeout=3)          # not a check: only time for B to read and try, or to wait for A
    except subprocess.TimeoutExpired:
        pass
    go.touch()
    out_a, out_b = a.communicate(timeout=300), b.communicate(timeout=300)
    assert a.returncode == 0 and "A1 moved to 0404" in out_a[0], out_a
    assert one_line(subprocess.CompletedProcess([], b.returncode, *out_b)).endswith(
        "it is Red Force's turn to act")
    assert [r.kind for r in journal(fresh)] == ["open", "move"]
    assert replays_identically(fresh)


@pytest.mark.parametrize("fresh", BACKENDS, indirect=True)
def test_two_programs_hammering_one_game_replay_identically(fresh, sample_scenario):
    """Two processes act at once on one game, each deciding on the state it read before acting:
    moves for whoever is to act, passes, spotting, undo.  Every refusal is one line, and the
    journal they leave replays to the same state."""
    new_game(sample_scenario, fresh, seed="hammer")
    procs = [worker("hammer", fresh, seed, 30) for seed in ("a", "b")]
    outs = [p.communicate(timeout=600) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err
    done = [json.loads(out)["done"] for out, _ in outs]
    assert sum(done) > 0
    assert len(journal(fresh)) > 1
    assert replays_identically(fresh)


def test_autoplay_keeps_going_while_another_program_acts(tmp_path, sample_path):
    game = tmp_path / "auto.umpire"
    auto = subprocess.Popen([sys.executable, "-m", "umpire.cli", "autoplay", str(sample_path), "--out", str(game),
                             "--turns", "2", "--seed", "busy", "--quiet"], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for(game, auto)              # the file appears with its opening, ready to play
    other = worker("hammer", game, "other", 25)
    out, err = other.communicate(timeout=600)
    assert other.returncode == 0, err
    out, err = auto.communicate(timeout=600)
    assert auto.returncode == 0 and "autoplay wrote" in out, err
    assert open_game(game).turn > 1
    assert replays_identically(game)


# --- a write the file or the server refuses ---------------------------------------------------

def test_a_read_only_game_reads_and_refuses_writes_in_one_line(tmp_path, sample_scenario):
    """SQLite opened read-only (mode=ro): the same error a read-only file or disk gives."""
    game = new_game(sample_scenario, tmp_path / "g.umpire", seed="1")
    system = system_for(game)
    perform(game, "move", {"unit": "A1", "path": ["0304", "0404"]}, system)
    before, rows = state_digest(game), len(journal(game))
    ro = f"sqlite:///file:{game}?mode=ro&uri=true"
    assert open_game(ro).turn == 1 and len(journal(ro)) == rows
    for write in (lambda: perform(ro, "spot", {}, system), lambda: perform(ro, "pass", {}, system),
                  lambda: undo(ro)):
        with pytest.raises(GameFileError) as info:
            write()
        assert info.value.one_line() == f"{ro}: cannot write the game file: read-only (attempt to write a readonly database)"
    assert state_digest(game) == before and len(journal(game)) == rows


def _private_mounts_work() -> bool:
    return shutil.which("unshare") is not None and subprocess.run(
        ["unshare", "--mount", "sh", "-c", "mount --bind -o ro / /mnt 2>/dev/null || mount -t tmpfs none /mnt"],
        capture_output=True).returncode == 0


needs_mounts = pytest.mark.skipif(sys.platform != "linux" or not _private_mounts_work(),
                                  reason="needs a private mount namespace (root) to make a folder read-only")


def _umpire_with(mounts: str, *args) -> subprocess.CompletedProcess:
    """`umpire ARGS` in a private mount namespace after the shell commands `mounts` (so a folder
    is read-only for it and for nobody else)."""
    cli = " ".join(f"'{a}'" for a in (sys.executable, "-m", "umpire.cli", *map(str, args)))
    return subprocess.run(["unshare", "--mount", "sh", "-c", f"{mounts} && exec {cli}"], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


@needs_mounts
@pytest.mark.parametrize("case", ["read-only folder and file", "read-only folder"])
def test_a_read_only_folder_refuses_actions_in_one_line(tmp_path, sample_scenario, case):
    folder = tmp_path / "ro"
    folder.mkdir()
    game = Path(new_game(sample_scenario, folder / "g.umpire", seed="1"))
    mounts = f"mount --bind -o ro '{folder}' '{folder}'"
    expected = "read-only (attempt to write a readonly database)"
    if case == "read-only folder":               # the file itself writable: SQLite's journal is the trouble
        writable = tmp_path / "rw" / "g.umpire"
        writable.parent.mkdir()
        shutil.copy(game, writable)
        game_digest = state_digest(writable)
        mounts += f" && mount --bind '{writable}' '{game}'"
        expected = "read-only folder? (SQLite cannot create its journal beside the file)"
    before = game.read_bytes()
    assert _umpire_with(mounts, "status", game).returncode == 0
    for command in (["move", game, "A1", "0304", "0404"], ["pass", game],
                    ["spot", game, "--side", "blue"]):
        line = one_line(_umpire_with(mounts, *command))
        assert line == f"umpire: error: {game}: cannot write the game file: {expected}"
    assert game.read_bytes() == before
    if case == "read-only folder":
        assert state_digest(writable) == game_digest


def test_a_read_only_file_refuses_actions_in_one_line(tmp_path, sample_scenario):
    """chattr +i: read-only even for root (where the file system has the attribute)."""
    game = Path(new_game(sample_scenario, tmp_path / "g.umpire", seed="1"))
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", game], capture_output=True).returncode:
        pytest.skip("needs chattr +i (root, a file system with the immutable attribute)")
    try:
        for command in (["move", game, "A1", "0304", "0404"], ["pass", game]):
            line = one_line(umpire(*command))
            assert line == f"umpire: error: {game}: cannot write the game file: read-only (attempt to write a readonly database)"
    finally:
        subprocess.run(["chattr", "-i", game])
    assert [r.kind for r in journal(game)] == ["open"]


def test_a_full_disk_is_one_line_and_nothing_is_written(tmp_path, sample_scenario, monkeypatch):
    """SQLite's own limit on the file's size (max_page_count) gives the error a full disk does."""
    game = new_game(sample_scenario, tmp_path / "g.umpire", seed="1")
    before = state_digest(game)

    def fill(ctx):
        pages = ctx.session.execute(text("PRAGMA page_count")).scalar()
        ctx.session.execute(text(f"PRAGMA max_page_count = {pages}"))
        ctx.log.extend(["x" * 1000] * 2000)      # a journal row that cannot fit
        return "filled", None

    monkeypatch.setitem(core_engine.ACTIONS, "fill", fill)
    with pytest.raises(GameFileError) as info:
        perform(game, "fill", {}, system_for(game))
    assert info.value.one_line() == f"{game}: cannot write the game file: the disk is full"
    assert state_digest(game) == before and len(journal(game)) == 1


@pytest.mark.parametrize("fresh", BACKENDS, indirect=True)
def test_a_game_held_too_long_is_busy(fresh, sample_scenario, monkeypatch):
    new_game(sample_scenario, fresh, seed="1")
    monkeypatch.setattr(db, "BUSY_SECONDS", 0.3)
    with db.writing(fresh):                       # another program's write, held
        with pytest.raises(GameBusyError) as info:
            perform(fresh, "spot", {}, system_for(fresh))
        with pytest.raises(GameBusyError):
            undo(fresh)
    assert info.value.one_line().endswith(": the game is busy: another program is writing it; try again")
    assert len(journal(fresh)) == 1


@pytest.mark.skipif(not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL to run against PostgreSQL")
@pytest.mark.parametrize("fresh", ["postgresql"], indirect=True)
def test_postgresql_read_only_and_a_lost_connection_are_one_line(fresh, sample_scenario, monkeypatch):
    new_game(sample_scenario, fresh, seed="1")
    system = system_for(fresh)

    def lose(ctx):
        ctx.session.execute(text("SELECT pg_terminate_backend(pg_backend_pid())"))
        return "never", None

    monkeypatch.setitem(core_engine.ACTIONS, "lose", lose)
    with pytest.raises(GameFileError, match="cannot write the game file: the connection to the database server was lost"):
        perform(fresh, "lose", {}, system)
    admin = create_engine(fresh, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'ALTER DATABASE "{fresh.rsplit("/", 1)[1]}" SET default_transaction_read_only = on'))
    admin.dispose()
    with pytest.raises(GameFileError, match="cannot write the game file: read-only"):
        perform(fresh, "spot", {}, system)
    assert [r.kind for r in journal(fresh)] == ["open"]
