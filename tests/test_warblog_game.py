"""War Blog as a whole (issue 8): its sample scenario validates, autoplays, replays identically
and reports; `umpire rulesets` lists it; a side's report prints nothing it has not seen."""

import sqlite3
from pathlib import Path

import pytest

from reportkit import images_of, report, text_of, words

from umpire.autoplay import autoplay
from umpire.cli import main
from umpire.core.engine import journal, replay
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "osterby-bridges.toml"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    sc = load_scenario(SCENARIO)
    return autoplay(sc, tmp_path_factory.mktemp("wb") / "osterby.umpire", turns=4, seed="wb4", moves_per_phase=3)


def test_rulesets_lists_every_installed_system_with_its_samples(capsys):
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    assert "mechwar4  MechWar 4  version" in out and "warblog  War Blog  version 0.3" in out
    block = out[out.index("warblog"):]
    assert "SAMPLE Unit catalogue (War Blog counters)" in block
    assert "       Combat Results Table (War Blog 11.2)" in block       # transcribed, not a sample


def test_the_sample_scenario_validates(capsys):
    assert main(["validate", str(SCENARIO)]) == 0
    assert "The Osterby Bridges (War Blog)" in capsys.readouterr().out


def test_autoplay_fights_and_replays_identically(played):
    game = open_game(played)
    kinds = [a.kind for a in journal(played)]
    assert game.turn == 4 and {"move", "assault", "pass"} <= set(kinds)
    assert any(d for u in game.units.values() if (d := u.marks.depressions))
    stored, replayed = replay(played, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed


def test_a_whole_war_blog_game_ends_with_the_standing(tmp_path):
    path = autoplay(load_scenario(SCENARIO), tmp_path / "all.umpire", turns=8, seed="all", moves_per_phase=3)
    game = open_game(path)
    assert game.phase == "ended"
    assert any("Final standing: objective points held" in x for x in journal(path)[-1].log)


def test_side_reports_name_nothing_unseen_and_ignore_hidden_changes(played, tmp_path):
    g = open_game(played)
    pdf = report(played, "blue", tmp_path / "a")
    text = text_of(pdf)
    seen = {uid for (side, uid) in g.contacts if side == "blue"}
    unseen = [u for u in g.units.values() if u.side == "red" and u.id not in seen]
    assert unseen
    for u in unseen:
        assert not words(text, u.id), u.id
    assert "Depressions" in text and "Moves and attacks for turn 5" in text and "Fire plots" not in text
    far = g.map.grid.parse("2418")
    with sqlite3.connect(played) as conn:
        for u in unseen:
            if u.on_map:
                conn.execute("UPDATE unit SET q = ?, r = ?, marks = ? WHERE id = ?",
                             (far.q, far.r, '{"depressions": 9}', u.id))
    after = report(played, "blue", tmp_path / "b")
    assert text_of(after) == text_of(pdf) and images_of(after) == images_of(pdf)


def test_the_umpires_report_speaks_war_blog(played, tmp_path):
    text = text_of(report(played, "umpire", tmp_path / "u"))
    assert "Odds" in text and "depression" in text and "D12" in text


def test_the_command_line_flies_the_air_units(tmp_path, capsys):
    """9.2: `umpire rule-action` runs a rule system's own action; wrong input is one line, exit 2."""
    path = str(tmp_path / "o.umpire")
    assert main(["new", str(SCENARIO), "--out", path]) == 0
    capsys.readouterr()
    assert main(["rule-action", path, "air_patrol", "Harriers"]) == 0
    assert "Blue Force holds air superiority (9.2)" in capsys.readouterr().out
    assert open_game(path).units["Harriers"].marks.box
    for argv, words_ in ((["rule-action", path, "air_strike", "Harriers", "--hex", "1405"], "in the air superiority box"),
                         (["rule-action", path, "bogus", "Harriers"], "has no action 'bogus'"),
                         (["rule-action", path, "air_strike", "Nobody"], "no unit 'Nobody'"),
                         (["rule-action", path, "air_strike", "Harriers", "--set", "hex"], "expected KEY=VALUE")):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words_ in err, err


def test_the_command_line_asks_for_rounds_of_air_combat(tmp_path, capsys):
    """9.3: `--set rounds=N` reaches the patrol; a bad value is one line, exit 2."""
    path = str(tmp_path / "o.umpire")
    assert main(["new", str(SCENARIO), "--out", path]) == 0
    assert main(["rule-action", path, "air_patrol", "Harriers", "--set", "rounds=x"]) == 2
    assert "rounds must be a whole number of 1 or more, not 'x' (9.3)" in capsys.readouterr().err
    assert main(["rule-action", path, "air_patrol", "Harriers", "--set", "rounds=3"]) == 0
    assert open_game(path).units["Harriers"].marks.box
