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
    """Red's Scout on its hill sees B1 in the woods at 0403, five hexes off; the town screens the
    rest of Blue from Red, and Red from Blue."""
    g = open_game(spotted_game)
    red = contacts_of(g, "red")
    assert [c.unit for c in red] == ["B1"] and red[0].label == "C1" and red[0].status == "seen"
    assert red[0].seen_by and all(g.units[o].side == "red" for o in red[0].seen_by)
    assert not g.units["B1"].face_down and contacts_of(g, "blue") == []
    assert all(u.face_down for uid, u in g.units.items() if uid != "B1")


def _move(path, uid, number, g):
    h = g.map.grid.parse(number)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, uid))


def test_out_of_sight_becomes_last_known_with_turn(spotted_game):
    g = open_game(spotted_game)
    _move(spotted_game, "B1", "0302", g)            # back behind the woods of 0303 and 0403
    change = update_spotting(spotted_game)
    assert change.lost["red"] == ["B1"]
    g = open_game(spotted_game)
    c = g.contacts[("red", "B1")]
    assert c.status == "last_known" and g.map.number(c.hex) == "0403" and c.turn == 1
    assert g.units["B1"].face_down
    view = build_view(g, "red")
    ghost = [m for m in view.units if m.knowledge == "last_known"]
    assert [(m.label, g.map.number(m.hex), m.turn_seen) for m in ghost] == [("C1", "0403", 1)]


def test_labels_are_stable_and_new_ones_count_on(spotted_game):
    g = open_game(spotted_game)
    _move(spotted_game, "A1", "0704", g)            # drive a tank into the town, next to R1 in 0804
    change = update_spotting(spotted_game)
    assert "A1" in change.new["red"]
    g = open_game(spotted_game)
    labels = {c.unit: c.label for c in contacts_of(g, "red")}
    assert labels["B1"] == "C1" and labels["A1"].startswith("C") and labels["A1"] != "C1"


def test_side_view_marks_carry_no_enemy_ids(spotted_game):
    g = open_game(spotted_game)
    view = build_view(g, "red")
    enemy = [m for m in view.units if m.side == "blue"]
    assert enemy and all(m.key.startswith("contact:") and m.label.startswith("C") for m in enemy)
    assert not {m.label for m in enemy} & set(g.units)


def test_the_journal_says_what_a_lost_contact_was_and_tells_the_umpire_which_unit(spotted_game):
    """'Red loses sight of C1' told the umpire nothing: the side's line says what the contact
    was and where it was last seen (all the side's own knowledge); a line for the umpire alone
    says which unit each label stands for."""
    from umpire.core.engine import UMPIRE_ONLY, journal

    g = open_game(spotted_game)
    _move(spotted_game, "B1", "0302", g)
    update_spotting(spotted_game)
    row = journal(spotted_game)[-1]
    lost = [i for i, x in enumerate(row.log) if " loses sight of C1" in x]
    assert len(lost) == 1
    line = row.log[lost[0]]
    assert line.endswith(f"({g.contacts[('red', 'B1')].type_label}, last seen in 0403)") and "B1" not in line
    assert row.readers[str(lost[0])] == "red"                           # Red's own knowledge
    told = row.log[lost[0] + 1]
    assert told.strip() == "Red Force's C1 is B1" or told.strip().endswith("'s C1 is B1"), told
    assert row.readers[str(lost[0] + 1)] == UMPIRE_ONLY
    opening = journal(spotted_game)[0]
    new = [i for i, x in enumerate(opening.log) if " spots a new contact: " in x]
    assert new and opening.log[new[0]].endswith("(C1)")
    assert opening.log[new[0] + 1].strip().endswith("'s C1 is B1")
    assert opening.readers[str(new[0] + 1)] == UMPIRE_ONLY


def test_a_rule_system_may_say_a_sighting_is_only_a_marker(spotted_game, monkeypatch):
    """spot()'s optional third item: what the side makes of the unit -- a marker it has not
    identified reads so in its contact and its journal, not as the unit's true type."""
    from umpire.actions import system_for
    from umpire.core.engine import journal
    from umpire.core.witness import side_journal
    system = system_for(spotted_game)
    looks = {"type_label": "Marker", "role": "unknown", "strength": ""}
    monkeypatch.setattr(type(system), "spot", lambda self, game, roll: {
        "red": {"B1": (("R1",), "Toy 5", looks)}, "blue": {}})
    update_spotting(spotted_game)
    g = open_game(spotted_game)
    c = g.contacts[("red", "B1")]
    assert (c.type_label, c.role, c.strength) == ("Marker", "unknown", "")
    lines = [x for e in side_journal(g, "red", journal(spotted_game)) for x in e.lines]
    assert not any(g.unit_type(g.units["B1"])["label"] in x for x in lines if "Marker" in x)
