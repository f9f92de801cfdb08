"""Wardogs as a whole (issue 21): `umpire rulesets` lists it with its version and samples; its
scenario validates, autoplays, replays identically and reports for each side without printing
what the side has not seen -- its hidden units, or the enemy's record sheets."""

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

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "tolliver-ridge.toml"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    sc = load_scenario(SCENARIO)
    return autoplay(sc, tmp_path_factory.mktemp("wardogs") / "tolliver.umpire", turns=3, seed="wd3", moves_per_phase=3)


def test_rulesets_lists_it_with_its_version_and_samples(capsys):
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    assert "wardogs  Wardogs  version 0.1" in out
    block = out[out.index("wardogs  "):]
    assert "SAMPLE Record sheets (Wardogs demo cards and samples)" in block
    assert "       Terrain, Table 1 (Wardogs p. 9)" in block           # transcribed, not a sample
    assert "       Stability modifiers, Table 2 (Wardogs p. 11)" in block


def test_the_scenario_validates(capsys):
    assert main(["validate", str(SCENARIO)]) == 0
    assert "Tolliver Ridge (Wardogs), map 16x12" in capsys.readouterr().out


def test_autoplay_moves_both_sides_and_replays_identically(played):
    game = open_game(played)
    rows = journal(played)
    assert game.turn == 3 and {"move", "pass", "next_phase"} <= {a.kind for a in rows}
    assert {a.side_id for a in rows if a.kind == "move"} == {"pacifica", "militia"}
    assert set(game.rule_state.initiative) == {"pacifica", "militia"}
    assert any("Initiative (Wardogs p. 7 step 1)" in x for r in rows for x in r.log)
    stored, replayed = replay(played, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed


def test_a_whole_game_ends_with_the_standing(tmp_path):
    path = autoplay(load_scenario(SCENARIO), tmp_path / "all.umpire", turns=6, seed="all", moves_per_phase=2)
    assert open_game(path).phase == "ended"
    assert any("Basic Training sets no victory rule" in x for x in journal(path)[-1].log)


def test_side_reports_show_own_record_sheets_and_nothing_unseen(played, tmp_path):
    g = open_game(played)
    pdf = report(played, "pacifica", tmp_path / "a")
    text = text_of(pdf)
    assert "Our record sheets" in text and "Particle Cannon" in text      # its own sheets in full
    assert "Heavy laser" not in text and "Main gun" not in text           # the enemy's weapons never
    seen = {uid for (side, uid) in g.contacts if side == "pacifica"}
    unseen = [u for u in g.units.values() if u.side == "militia" and u.id not in seen]
    for u in unseen:
        assert not words(text, u.id), u.id
    far = g.map.grid.parse("1612")
    with sqlite3.connect(played) as conn:       # what the side has not seen changes: its report does not
        for u in g.units.values():
            if u.side == "militia" and u.on_map:
                conn.execute("UPDATE unit SET marks = ? WHERE id = ?",
                             ('{"ar": 1, "ar_start": 2, "shields": 0, "damage": {"gyro": 1}, "ammo": {"tank_gun": 1}}', u.id))
                if u.id in [x.id for x in unseen]:
                    conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (far.q, far.r, u.id))
    after = report(played, "pacifica", tmp_path / "b")
    assert text_of(after) == text_of(pdf) and images_of(after) == images_of(pdf)


def test_the_scenario_meets_a_boat_a_building_and_a_mine_layer_and_the_bot_uses_them(played):
    """Wardogs p. 5 (boats), p. 6 (a building of several sections), p. 18 (mines laid in play):
    the bundled scenario puts each on the table, and the autoplay lays mines and fires at the
    building's sections it sees."""
    g = open_game(played)
    kinds = {u.id: g.unit_type(u) for u in g.units.values()}
    assert any(t["kind"] == "boat" for t in kinds.values())
    sections = {uid for uid, t in kinds.items() if t["kind"] == "structure"}
    assert len({g.units[s].traits.get("building") for s in sections}) == 1 and len(sections) == 3
    assert any("mine_layer" in t["equipment"] for t in kinds.values())
    rows = journal(played)
    assert any(r.kind == "lay_mines" for r in rows)
    shots = [s for r in rows if r.kind == "declare_fire" for s in (r.params.get("shots") or [])]
    assert any(s["target"] in sections for s in shots)
