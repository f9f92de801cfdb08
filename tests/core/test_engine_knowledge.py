"""Refreshing knowledge: contacts in the game file, face-up/face-down, last-known positions."""

import sqlite3

import pytest

from umpire.actions import new_game, update_spotting
from umpire.core.play.spotting import contacts_of
from umpire.core.knowledge import build_view
from umpire.core.store.db import open_game


@pytest.fixture()
def spotted_game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "g.umpire")


def test_opening_pass_records_contacts(spotted_game):
    g = open_game(spotted_game)
    nato = contacts_of(g, "nato")
    assert [c.unit for c in nato] == ["Recon 1"] and nato[0].label == "C1" and nato[0].status == "seen"
    assert nato[0].seen_by and all(g.units[o].side == "nato" for o in nato[0].seen_by)
    assert not g.units["Recon 1"].face_down
    assert all(u.face_down for uid, u in g.units.items() if uid != "Recon 1" and u.side == "warpac")


def _move(path, uid, number, g):
    h = g.map.grid.parse(number)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, uid))


def test_out_of_sight_becomes_last_known_with_turn(spotted_game):
    g = open_game(spotted_game)
    _move(spotted_game, "Recon 1", "1030", g)       # back behind the woods at 0829-1229
    change = update_spotting(spotted_game)
    assert change.lost["nato"] == ["Recon 1"]
    g = open_game(spotted_game)
    c = g.contacts[("nato", "Recon 1")]
    assert c.status == "last_known" and g.map.number(c.hex) == "2224" and c.turn == 1
    assert g.units["Recon 1"].face_down
    view = build_view(g, "nato")
    ghost = [m for m in view.units if m.knowledge == "last_known"]
    assert [(m.label, g.map.number(m.hex), m.turn_seen) for m in ghost] == [("C1", "2224", 1)]


def test_labels_are_stable_and_new_ones_count_on(spotted_game):
    g = open_game(spotted_game)
    _move(spotted_game, "T1", "2214", g)            # drive a tank up into NATO's view
    change = update_spotting(spotted_game)
    assert "T1" in change.new["nato"]
    g = open_game(spotted_game)
    labels = {c.unit: c.label for c in contacts_of(g, "nato")}
    assert labels["Recon 1"] == "C1" and labels["T1"].startswith("C") and labels["T1"] != "C1"


def test_side_view_marks_carry_no_enemy_ids(spotted_game):
    g = open_game(spotted_game)
    view = build_view(g, "nato")
    enemy = [m for m in view.units if m.side == "warpac"]
    assert enemy and all(m.key.startswith("contact:") and m.label.startswith("C") for m in enemy)
    assert not {m.label for m in enemy} & set(g.units)
