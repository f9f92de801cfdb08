"""A side's map picture holds no trace of unseen enemy units: checked on the pixels."""

import sqlite3

import pytest
from PySide6.QtGui import QImage

from umpire.core.knowledge import build_view
from umpire.core.store.db import open_game
from umpire.render.picture import render_view


def _render(qapp, game_path, viewer, out):
    game = open_game(game_path)
    render_view(build_view(game, viewer), game.rules, str(out), 12)
    return QImage(str(out))


@pytest.mark.parametrize("side,enemy", [("nato", "warpac"), ("warpac", "nato")])
def test_enemy_units_leave_no_trace_on_a_side_map(qapp, tmp_path, game_path, side, enemy):
    before = _render(qapp, game_path, side, tmp_path / "before.png")
    umpire_before = _render(qapp, game_path, "umpire", tmp_path / "u1.png")
    with sqlite3.connect(game_path) as conn:   # move every enemy unit somewhere else, remove one
        rows = conn.execute("SELECT id, q, r FROM unit WHERE side_id = ? AND q IS NOT NULL", (enemy,)).fetchall()
        for uid, q, r in rows:
            conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (q, r - 1, uid))
        # the last, which nothing names (the first is its battalion's HQ: the file would be damaged)
        conn.execute("DELETE FROM unit WHERE id = ?", (rows[-1][0],))
    after = _render(qapp, game_path, side, tmp_path / "after.png")
    umpire_after = _render(qapp, game_path, "umpire", tmp_path / "u2.png")
    assert before == after, "the side's picture changed when only enemy units moved"
    assert umpire_before != umpire_after, "control: the umpire's picture must show the move"


def test_secret_minefield_not_drawn_for_the_enemy(qapp, tmp_path, game_path):
    enemy_before = _render(qapp, game_path, "warpac", tmp_path / "a.png")
    owner_before = _render(qapp, game_path, "nato", tmp_path / "b.png")
    with sqlite3.connect(game_path) as conn:
        conn.execute("DELETE FROM overlay WHERE kind = 'minefield'")
    assert _render(qapp, game_path, "warpac", tmp_path / "c.png") == enemy_before
    assert _render(qapp, game_path, "nato", tmp_path / "d.png") != owner_before, "control: owner sees it"


def test_pointy_topped_map_renders(qapp, tmp_path):
    """Maps may be pointy-topped (rows staggered); the same scene draws them."""
    from umpire.bench import generated_scenario_text

    from umpire.core.scenario import load_scenario
    from umpire.core.store.db import create_game

    src = tmp_path / "pointy.toml"
    src.write_text(generated_scenario_text(20, 15, "pointy", units_per_side=3))
    sc = load_scenario(src)
    assert sc.map.grid.orientation == "pointy"
    game = open_game(create_game(sc, tmp_path / "p.umpire"))
    img = _render(qapp, tmp_path / "p.umpire", "umpire", tmp_path / "p.png")
    # pointy maps are wider than tall for the same column and row counts
    assert img.width() > img.height() * 0.9
    assert len(game.units) == 6


def test_contacts_are_drawn_from_knowledge_not_truth(qapp, tmp_path, sample_scenario):
    """NATO sees Recon 1 at the start.  Moving it (or any unseen unit) in the truth, without a
    new spotting pass, must not change NATO's picture: the contact is what NATO recorded."""
    from umpire.actions import new_game

    path = new_game(sample_scenario, tmp_path / "k.umpire")
    before = _render(qapp, path, "nato", tmp_path / "1.png")
    game = open_game(path)
    assert [c.unit for (s, _), c in game.contacts.items() if s == "nato"] == ["Recon 1"]
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET r = r - 1 WHERE side_id = 'warpac' AND q IS NOT NULL")
        conn.execute("UPDATE unit SET steps_lost = 1 WHERE side_id = 'warpac'")
    assert _render(qapp, path, "nato", tmp_path / "2.png") == before
    with sqlite3.connect(path) as conn:        # control: forgetting the contact does change it
        conn.execute("DELETE FROM contact")
    assert _render(qapp, path, "nato", tmp_path / "3.png") != before


def test_what_the_enemy_has_seen_does_not_show_on_a_sides_map(qapp, tmp_path, sample_scenario):
    """The Soviets' sightings of NATO units are Soviet knowledge: NATO's picture is the same
    whether or not the Soviets have spotted anything (no face-up/face-down marks for own units)."""
    from umpire.actions import new_game

    path = new_game(sample_scenario, tmp_path / "f.umpire")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET face_down = 1")
    before = _render(qapp, path, "nato", tmp_path / "1.png")
    umpire_before = _render(qapp, path, "umpire", tmp_path / "3.png")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET face_down = 0 WHERE side_id = 'nato'")
    assert _render(qapp, path, "nato", tmp_path / "2.png") == before
    assert _render(qapp, path, "umpire", tmp_path / "4.png") != umpire_before, "control: the umpire sees it"
