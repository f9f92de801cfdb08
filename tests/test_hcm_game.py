"""Hex Command Mechanized as a whole (issue 20): `umpire rulesets` lists it with its version and
samples; its scenario validates, autoplays, replays identically and reports for each side
without printing what the side has not seen -- its hidden units, or what a marker is."""

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

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "brannock-crossing.toml"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    sc = load_scenario(SCENARIO)
    return autoplay(sc, tmp_path_factory.mktemp("hcm") / "brannock.umpire", turns=3, seed="hcm3", moves_per_phase=3)


def test_rulesets_lists_it_with_its_version_and_samples(capsys):
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    assert "hcm  Hex Command Mechanized  version 0.1" in out
    block = out[out.index("hcm  "):]
    block = block[:block.index("\nlnlt")]
    assert "SAMPLE Unit catalogue (HCM unit charts and Vehicle & Weapons Matrix)" in block
    assert "SAMPLE Terrain chart" in block and "       Minefields (HCM 2.4.2)" in block


def test_the_scenario_validates_on_a_six_by_four_foot_table(capsys):
    """HCM 1: 4-inch hexes on a 6x4-foot table, flats along the long edges: 20 x 12 flat-topped."""
    assert main(["validate", str(SCENARIO)]) == 0
    assert "Brannock Crossing (Hex Command Mechanized), map 20x12" in capsys.readouterr().out
    sc = load_scenario(SCENARIO)
    assert (sc.map.grid.columns, sc.map.grid.rows, sc.map.grid.orientation) == (20, 12, "flat")


def test_autoplay_moves_both_sides_and_replays_identically(played):
    game = open_game(played)
    kinds = [a.kind for a in journal(played)]
    assert game.turn == 3 and {"move", "pass", "next_phase"} <= set(kinds)
    moved = {a.side_id for a in journal(played) if a.kind == "move"}
    assert moved == {"blue", "red"}
    assert game.rule_state.opener in ("blue", "red") and game.rule_state.on_table
    stored, replayed = replay(played, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed


def test_the_activation_sequence_autoplays_and_replays(tmp_path):
    """4.6, the scenario's choice: the same battle played group by group."""
    text = SCENARIO.read_text(encoding="utf-8").replace("[hcm]\n", '[hcm]\nsequence = "activation"\n', 1)
    variant = tmp_path / "brannock-groups.toml"
    variant.write_text(text, encoding="utf-8")
    path = autoplay(load_scenario(variant), tmp_path / "groups.umpire", turns=2, seed="g", moves_per_phase=3)
    game = open_game(path)
    assert game.rule_state.activation["blue"] == ("A Coy", "B Coy", "C Sqn")
    rows = journal(path)
    assert any("group has acted" in x for r in rows for x in r.log)
    phases = [x for r in rows for x in r.log if x.startswith("Turn ")]
    assert any("Group activations" in x for x in phases)
    assert not any("reinforcements and movement" in x or "Second half" in x for x in phases)   # A/B not played
    assert {r.side_id for r in rows if r.kind == "move"} == {"blue", "red"}
    stored, replayed = replay(path, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed


def test_a_whole_game_ends_with_the_standing(tmp_path):
    path = autoplay(load_scenario(SCENARIO), tmp_path / "all.umpire", turns=6, seed="all", moves_per_phase=2)
    assert open_game(path).phase == "ended"
    assert any("(HCM 3.11)" in x for x in journal(path)[-1].log)


def test_side_reports_name_nothing_unseen_and_ignore_hidden_changes(played, tmp_path):
    g = open_game(played)
    pdf = report(played, "blue", tmp_path / "a")
    text = text_of(pdf)
    seen = {uid for (side, uid) in g.contacts if side == "blue"}
    unseen = [u for u in g.units.values() if u.side == "red" and u.id not in seen]
    assert unseen
    for u in unseen:
        assert not words(text, u.id), u.id
    assert "Hit markers" in text and "Damage blocks" in text and "Dummy" not in text
    far = g.map.grid.parse("2012")
    with sqlite3.connect(played) as conn:
        for u in unseen:
            if u.on_map:
                conn.execute("UPDATE unit SET q = ?, r = ?, marks = ? WHERE id = ?",
                             (far.q, far.r, '{"hits": 2, "damage": ["DD"]}', u.id))
    after = report(played, "blue", tmp_path / "b")
    assert text_of(after) == text_of(pdf) and images_of(after) == images_of(pdf)


def test_the_umpires_report_tells_the_dummies(played, tmp_path):
    text = text_of(report(played, "umpire", tmp_path / "u"))
    assert "Dummy" in text
