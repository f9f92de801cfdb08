"""Lock 'n Load Tactical as a whole (issue 8): its sample scenario validates, autoplays, replays
identically and reports; `umpire rulesets` lists it; a side's report prints nothing unseen."""

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

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "xom-lang-ambush.toml"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return autoplay(load_scenario(SCENARIO), tmp_path_factory.mktemp("lnlt") / "xom.umpire", turns=4, seed="x4",
                    moves_per_phase=3)


def test_rulesets_lists_lock_n_load_with_its_samples(capsys):
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    block = out[out.index("lnlt  Lock 'n Load Tactical  version 0.3"):out.index("mechwar4")]
    assert "SAMPLE Terrain Effects Chart" in block and "SAMPLE Unit counters" in block
    assert "       Damage Check Table (LnLT 5.0)" in block


def test_the_sample_scenario_validates(capsys):
    assert main(["validate", str(SCENARIO)]) == 0
    assert "Ambush at Xom Lang (Lock 'n Load Tactical)" in capsys.readouterr().out


def test_autoplay_fights_and_replays_identically(played):
    game = open_game(played)
    rows = journal(played)
    kinds = {a.kind for a in rows}
    assert game.turn == 4 and game.phase == "administrative"
    assert {"move", "assault", "pass", "spot_attempt"} <= kinds
    assert any("damage check" in line for a in rows for line in a.log)
    stored, replayed = replay(played, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed


def test_a_whole_game_ends_with_the_result(tmp_path):
    path = autoplay(load_scenario(SCENARIO), tmp_path / "all.umpire", turns=6, seed="all", moves_per_phase=3)
    assert open_game(path).phase == "ended"
    assert any("Final result" in x for x in journal(path)[-1].log)


def test_side_reports_name_nothing_unseen_and_ignore_hidden_changes(tmp_path):
    played = autoplay(load_scenario(SCENARIO), tmp_path / "one.umpire", turns=1, seed="x1", moves_per_phase=3)
    g = open_game(played)
    pdf = report(played, "us", tmp_path / "a")
    text = text_of(pdf)
    seen = {uid for (side, uid) in g.contacts if side == "us"}
    unseen = [u for u in g.units.values() if u.side == "nva" and u.id not in seen]
    assert unseen
    for u in unseen:
        assert not words(text, u.id), u.id
    assert "FP-range-morale" in text and "Impulses for turn 2" in text
    far = g.map.grid.parse("1612")
    with sqlite3.connect(played) as conn:
        for u in unseen:
            if u.on_map:
                conn.execute("UPDATE unit SET q = ?, r = ?, marks = ? WHERE id = ?",
                             (far.q, far.r, '{"shaken": true}', u.id))
    after = report(played, "us", tmp_path / "b")
    assert text_of(after) == text_of(pdf) and images_of(after) == images_of(pdf)


def test_the_umpires_report_speaks_lock_n_load(played, tmp_path):
    text = text_of(report(played, "umpire", tmp_path / "u"))
    assert "Initiative" in text and "Operations phase" in text


def test_the_command_line_spots_and_attacks(tmp_path, capsys):
    """`umpire spot-attempt` (10.1) and `umpire attack --odds` (5.0): the worksheet, or a one-line
    refusal and exit 2."""
    path = str(tmp_path / "cli.umpire")
    assert main(["new", str(SCENARIO), "--out", path, "--seed", "gui"]) == 0
    assert main(["next-phase", path]) == 0                      # the NVA have the initiative
    assert main(["spot-attempt", path, "A Sqd", "--hex", "0906", "--dice", "2"]) == 0
    assert "A Sqd tries to spot 0906: 2 -- spotted (10.1)" in capsys.readouterr().out
    assert main(["attack", path, "1st Sqd", "--hex", "1006", "--kind", "fire", "--odds"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "beyond 1st Sqd's range of 5" in err
    assert main(["attack", path, "1st Sqd", "--hex", "1006", "--kind", "bogus", "--odds"]) == 2
    assert "unknown kind of attack 'bogus'" in capsys.readouterr().err
    assert main(["fire-mission", path, "Lt Harris", "--hex", "0906"]) == 2
    assert "no artillery mission left before turn 2" in capsys.readouterr().err


def test_a_scenario_overloading_a_squad_or_a_vehicle_is_refused_in_one_line(tmp_path, capsys):
    """1.6, 16.1: the rule system checks what units carry as the scenario loads."""
    text = SCENARIO.read_text(encoding="utf-8")
    for extra, words_ in (('  { id = "X1", type = "us_m60", hex = "0306", carried_by = "1st Sqd" },\n'
                           '  { id = "X2", type = "us_m60", hex = "0306", carried_by = "1st Sqd" },\n',
                           "1st Sqd carries 3 support weapons; a squad carries 2 (1.6)"),
                          ('  { id = "X1", type = "us_squad", hex = "0206", carried_by = "Track 21" },\n'
                           '  { id = "X2", type = "us_squad", hex = "0206", carried_by = "Track 21" },\n',
                           "Track 21 carries more than its PP capacity (16.1)")):
        bad = tmp_path / "bad.toml"
        bad.write_text(text.replace('  { id = "2nd Sqd",', extra + '  { id = "2nd Sqd",'), encoding="utf-8")
        assert main(["validate", str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words_ in err and "bad.toml:" in err, err
