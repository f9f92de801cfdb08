"""A battalion's own counter colour (Osterby's partisans, fighting for Red): the umpire and its
own side see its counters in it, the enemy sees its side's colour -- checked on the pixels by
changing the colour and finding the enemy's picture unchanged -- and the map key says so."""

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from umpire.core.errors import ScenarioError
from umpire.core.knowledge import build_view
from umpire.core.scenario import load_scenario
from umpire.core.store.db import create_game, forget_static_parts, open_game
from umpire.render.picture import render_view
from umpire.reports.legend import map_key
from umpire.rules import rule_system

OSTERBY = Path(__file__).resolve().parents[2] / "scenarios" / "osterby-bridges.toml"
BAND = "Partisan Band"


@pytest.fixture()
def seen_band(tmp_path) -> str:
    """An Osterby game in which Blue has seen the partisan band."""
    path = create_game(load_scenario(OSTERBY), tmp_path / "o.umpire")
    with sqlite3.connect(path) as conn:
        q, r = conn.execute("SELECT q, r FROM unit WHERE id = ?", (BAND,)).fetchone()
        conn.execute("INSERT INTO contact (side_id, unit_id, label, status, q, r, turn, detail, type_label, role, "
                     "strength, seen_by) VALUES ('blue', ?, 'C7', 'seen', ?, ?, 1, 'unit', 'Irregulars', "
                     "'infantry', '', '[]')", (BAND, q, r))
    return path


def _render(path, viewer, out) -> QImage:
    game = open_game(path)
    render_view(build_view(game, viewer), game.rules, str(out), 12)
    return QImage(str(out))


def test_the_band_has_its_own_colour_for_the_umpire_and_its_side_only(seen_band):
    game = open_game(seen_band)
    band = game.units[BAND]
    for viewer in ("umpire", "red"):
        view = build_view(game, viewer)
        mark = next(m for m in view.units if m.key == BAND)
        assert view.counter_colour(mark) == "#2e7d32"
        regular = next(m for m in view.units if m.side == "red" and m.battalion != band.battalion)
        assert view.counter_colour(regular) == view.side_colour("red")
    blue = build_view(game, "blue")
    contact = next(m for m in blue.units if m.key == "contact:C7")
    assert blue.counter_colour(contact) == blue.side_colour("red") and not blue.bands


def test_the_enemys_picture_does_not_change_with_the_bands_colour(qapp, seen_band, tmp_path):
    before = {v: _render(seen_band, v, tmp_path / f"{v}1.png") for v in ("blue", "red", "umpire")}
    with sqlite3.connect(seen_band) as conn:
        conn.execute("UPDATE battalion SET colour = '#ff00ff' WHERE id = 'Partisans'")
    forget_static_parts()             # the order of battle is read once per file: read it again
    after = {v: _render(seen_band, v, tmp_path / f"{v}2.png") for v in ("blue", "red", "umpire")}
    assert before["blue"] == after["blue"], "Blue's picture shows the colour of a battalion it cannot know"
    assert before["red"] != after["red"] and before["umpire"] != after["umpire"], "control: they see it"


def test_the_map_key_names_the_band_for_those_who_see_its_colour(seen_band):
    game = open_game(seen_band)
    system = rule_system(game.rules)
    words = {v: " ".join(" ".join(r) for r in map_key(build_view(game, v), game.rules, system).rows)
             for v in ("umpire", "red", "blue")}
    assert "green stripe" in words["umpire"] and "Osterby partisans, fighting for Red Force" in words["red"]
    assert "partisans" not in words["blue"] and "green stripe" not in words["blue"]


def test_a_battalion_colour_that_is_no_colour_is_refused_by_name(tmp_path):
    src = tmp_path / "bad.toml"
    src.write_text(OSTERBY.read_text().replace('colour = "#2e7d32"', 'colour = "greenish"'))
    with pytest.raises(ScenarioError) as e:
        load_scenario(src)
    assert "colour 'greenish' is not a colour" in str(e.value) and "Partisans" in str(e.value)
