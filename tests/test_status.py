"""`umpire status GAME` reads the game file with sqlite3 alone (umpire/status.py): its line must
be the full reader's, word for word, in every state a game passes through, and anything out of
the ordinary must be left to the full reader, whose errors users know."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from umpire.actions import new_game, phase_line
from umpire.autoplay import autoplay
from umpire.core.engine import perform
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system
from umpire.status import phase_text, quick_status
from storekit import as_schema

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _same(path) -> str:
    full = phase_line(open_game(path))
    assert quick_status(str(path)) == full
    return full


@pytest.mark.parametrize("scenario", ["kaltenbach-gap.toml", "xom-lang-ambush.toml", "osterby-bridges.toml",
                                      "brannock-crossing.toml", "tolliver-ridge.toml"])
def test_the_quick_line_is_the_full_readers_through_a_played_game(tmp_path, scenario):
    """Every rule system bundled: a fresh game, each phase of a turn, a side that passed, the end."""
    loaded = load_scenario(SCENARIOS / scenario)
    game = new_game(loaded, tmp_path / "g.umpire")
    seen = {_same(game)}
    system = rule_system(open_game(game).rules)
    for _ in range(12):                               # pass and step through the first turn's phases
        state = open_game(game)
        kind = "pass" if state.active_side else "next_phase"
        try:
            perform(game, kind, {}, system)
        except UmpireError:                           # a phase that wants something else first
            break
        seen.add(_same(game))
    assert len(seen) >= 2, seen
    ended = autoplay(loaded, tmp_path / "ended.umpire", 1, "status")
    with sqlite3.connect(ended) as db:                # the game as the last turn's end leaves it
        db.execute("UPDATE game_info SET phase = 'ended'")
    db.close()
    assert _same(ended) == f"Game over after turn {open_game(ended).turns}"


def test_passed_sides_and_the_side_to_act_are_named(tmp_path, sample_scenario):
    game = new_game(sample_scenario, tmp_path / "g.umpire")
    with sqlite3.connect(game) as db:
        sides = [r[0] for r in db.execute("SELECT id FROM side ORDER BY position")]
        db.execute("UPDATE game_info SET passed = ?, active_side = ?", (f'["{sides[0]}"]', sides[1]))
    db.close()
    line = _same(game)
    names = [s.name for s in open_game(game).sides]
    assert line.endswith(f"— {names[1]} to act (passed: {names[0]})")


def test_phase_text_says_game_over_and_leaves_out_what_is_not_there():
    assert phase_text(3, 12, "ended", "Movement", "Red", ["Blue"]) == "Game over after turn 12"
    assert phase_text(1, 5, "", None, None, []) == "Turn 1 of 5"
    assert phase_text(2, 5, "x", "Fire", "Red", ["Blue", "Green"]) == "Turn 2 of 5 — Fire — Red to act (passed: Blue, Green)"


def test_whatever_is_unusual_is_left_to_the_full_reader(tmp_path, sample_scenario):
    game = new_game(sample_scenario, tmp_path / "g.umpire")
    assert quick_status(str(game)) is not None
    assert quick_status(str(tmp_path / "missing.umpire")) is None
    assert quick_status("postgresql+psycopg://u@localhost/db") is None
    text = tmp_path / "notes.umpire"
    text.write_text("not a game")
    assert quick_status(str(text)) is None
    older = tmp_path / "older.umpire"
    older.write_bytes(Path(game).read_bytes())
    as_schema(older, 14, alembic=True)                 # migrated by the full reader on its next write
    assert quick_status(str(older)) is None
    unknown = tmp_path / "unknown-phase.umpire"
    unknown.write_bytes(Path(game).read_bytes())
    with sqlite3.connect(unknown) as db:
        db.execute("UPDATE game_info SET phase = 'no_such_phase'")
    db.close()
    assert quick_status(str(unknown)) is None
    newer = tmp_path / "newer.umpire"
    newer.write_bytes(Path(game).read_bytes())
    with sqlite3.connect(newer) as db:
        db.execute("UPDATE alembic_version SET version_num = '0015_from_the_future'")
    db.close()
    assert quick_status(str(newer)) is None


def test_the_command_falls_back_with_the_full_readers_errors(tmp_path):
    """A missing file and a newer file: the one-line errors and exit 2 of the full reader."""
    def status(path):
        return subprocess.run([sys.executable, "-m", "umpire", "status", str(path)], capture_output=True, text=True)
    missing = status(tmp_path / "missing.umpire")
    assert missing.returncode == 2 and "no such file" in missing.stderr and "Traceback" not in missing.stderr
    newer = new_game(load_scenario(SCENARIOS / "kaltenbach-gap.toml"), tmp_path / "newer.umpire")
    with sqlite3.connect(newer) as db:
        db.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
    db.close()
    refused = status(newer)
    assert refused.returncode == 2 and "written by a newer Umpire" in refused.stderr and len(refused.stderr.splitlines()) == 1


def test_status_imports_neither_sqlalchemy_nor_qt_nor_a_rule_system(tmp_path, sample_scenario):
    game = new_game(sample_scenario, tmp_path / "g.umpire")
    probe = ("import sys; from umpire.cli import main; main(['status', sys.argv[1]]); "
             "heavy = [m for m in ('sqlalchemy', 'sqlmodel', 'PySide6', 'shapely', 'reportlab', 'numpy', "
             "'umpire.rules', 'umpire.core.game') if m in sys.modules]; print('HEAVY', heavy)")
    done = subprocess.run([sys.executable, "-c", probe, str(game)], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[0] == phase_line(open_game(game))
    assert done.stdout.splitlines()[-1] == "HEAVY []"


def test_a_game_set_up_without_play_begun_and_one_never_set_up(tmp_path, sample_scenario):
    """create_game alone (its opening sets nothing up): the phase is "" and the line says the turn;
    without any opening the full reader's refusal stands (issue 18's bench games are the first)."""
    from umpire.core.store.db import create_game

    game = create_game(sample_scenario, tmp_path / "bare.umpire")
    assert open_game(game).phase == ""
    assert _same(game) == f"Turn 1 of {open_game(game).turns}"
    with sqlite3.connect(game) as db:
        db.execute("DELETE FROM action")
    db.close()
    assert quick_status(str(game)) is None
