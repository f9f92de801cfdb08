"""Hex Command Mechanized sight and spotting (umpire/rules/hcm/spotting.py): hidden units and
markers (HCM 4.1), the spotting roll of 5-6 within 15 hexes, 20 from a hill (7.2, 7.9), vehicles
revealed beside the enemy, dummies that stay hidden in heavy terrain (7.2), sight lines (3.7.9)
and what each unit saw as the turn began (3.7.16)."""

from __future__ import annotations

from types import SimpleNamespace

from umpire.actions import system_for
from umpire.core.engine import journal
from umpire.core.witness import side_journal
from umpire.rules.hcm import spotting

from .hcmkit import act, game, hcm_game, to_phase

WIDE = 24


def contact(loc, side: str, uid: str):
    return game(loc).contacts.get((side, uid))


class Faces:
    """Dice for a direct call: these faces in order."""

    def __init__(self, *faces):
        self.faces = list(faces)
        self.asked: list[str] = []

    def roll(self, purpose, count, sides):
        self.asked.append(purpose)
        return SimpleNamespace(total=self.faces.pop(0))


def wide(tmp_path, blue, red, terrain=None):
    return hcm_game(tmp_path, blue, red, terrain=terrain, cols=WIDE, rows=6)


def test_a_hidden_unit_is_on_the_judges_map_only(tmp_path):
    """4.1: units not on the table are hidden; the enemy has no contact for them."""
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="R", type="medium_infantry", hex="0503", facing="NW")])
    assert contact(loc, "blue", "R") is None and game(loc).units["R"].face_down


def test_a_unit_on_the_table_shows_as_a_marker_and_nothing_more(tmp_path):
    """4.1: markers on the table stand for units not seen; the contact tells no type or strength."""
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="R", type="heavy_tank", hex="2003", facing="NW", on_table=True)])
    c = contact(loc, "blue", "R")
    assert c is not None and (c.type_label, c.role, c.strength) == ("Marker", "unknown", "")


def test_a_vehicle_beside_the_enemy_is_revealed_infantry_is_not(tmp_path):
    """4.1, 7.2: only vehicles are revealed to an adjacent enemy."""
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0503", facing="SE")],
               [dict(id="T", type="medium_tank", hex="0504", facing="N"),
                dict(id="I", type="medium_infantry", hex="0502", facing="S")])
    t = contact(loc, "blue", "T")
    assert t is not None and t.type_label == "Medium tank (MV)"
    assert contact(loc, "blue", "I") is None


def test_a_unit_that_moves_comes_onto_the_table(tmp_path):
    """4.1: once hidden units move they are visible -- as a marker, until identified."""
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="R", type="medium_infantry", hex="2003", facing="NW")])
    to_phase(loc, "a_movement")
    g = game(loc)
    if g.active_side != "red":
        to_phase(loc, "b_movement")
    act(loc, "move", unit="R", path=["2003", "1903"])
    g = game(loc)
    assert "R" in g.rule_state.on_table and contact(loc, "blue", "R").type_label == "Marker"


def test_the_spotting_roll_identifies_on_five_or_six_within_fifteen_hexes(tmp_path):
    """7.2: 1d6, 5-6 spots a marker within 15 hexes."""
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="Near", type="medium_infantry", hex="1503", facing="NW", on_table=True),
                dict(id="Miss", type="medium_infantry", hex="1403", facing="NW", on_table=True),
                dict(id="Far", type="medium_infantry", hex="1803", facing="NW", on_table=True)])
    g = game(loc)
    sight = system_for(loc).sight(g.map)
    dice = Faces(4, 5)               # Miss (1403) is rolled for first, then Near (1503)
    changes = spotting.spotting_rolls(g, sight, dice)
    assert len(dice.asked) == 2 and not any("1803" in a for a in dice.asked)      # 17 hexes: no roll
    state = [c for c in changes if c.what == "game"][0].values["identified"]
    assert state == {"blue": ("Near",)}
    # the roll's line is journaled after the note: the note names its roll, so it does not
    # read as an identification before any roll was made
    notes = [x for c in changes if c.what == "note" for x in c.lines]
    assert len(notes) == 1 and notes[0].endswith(" identifies Near in 1503 on a 5 of 1d6 (7.2)")


def test_from_a_hill_the_spotting_reaches_twenty_hexes(tmp_path):
    terrain = "\n".join(["h" + "." * (WIDE - 1)] * 6)
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="Far", type="medium_infantry", hex="1903", facing="NW", on_table=True)], terrain=terrain)
    g = game(loc)
    dice = Faces(6)
    spotting.spotting_rolls(g, system_for(loc).sight(g.map), dice)
    assert len(dice.asked) == 1


def test_a_found_dummy_is_exposed_in_the_open_and_stays_hidden_in_a_forest(tmp_path):
    """7.2: a fake marker found in forest or other heavy terrain remains hidden; elsewhere it is
    exposed: taken off the table, both sides told."""
    terrain = "\n".join(["." * 6 + "f" + "." * (WIDE - 7)] * 6)
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="D1", type="dummy", hex="0503", on_table=True),
                dict(id="D2", type="dummy", hex="0703", on_table=True)], terrain=terrain)
    g = game(loc)
    changes = spotting.spotting_rolls(g, system_for(loc).sight(g.map), Faces(6, 6))
    removed = [c for c in changes if c.what == "unit"]
    assert [c.key for c in removed] == ["D1"] and removed[0].values == {"status": "destroyed"}
    assert sorted(removed[0].reader) == ["blue", "red"] and "dummy" in removed[0].lines[0]
    kept = [c for c in changes if c.what == "note"]
    assert kept and kept[0].reader == "umpire" and "D2" in kept[0].lines[0]


def test_a_dummy_reads_as_a_marker_to_the_enemy_until_exposed(tmp_path):
    """7.2: the enemy never reads a dummy's nature by accident: its contact and its journal say
    "Marker" only."""
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="D1", type="dummy", hex="2003", on_table=True)])
    c = contact(loc, "blue", "D1")
    assert (c.type_label, c.strength) == ("Marker", "")
    to_phase(loc, "b_rally")
    g = game(loc)
    text = "\n".join(line for e in side_journal(g, "blue", journal(loc)) for line in (e.head, *e.lines))
    assert "Marker" in text and "Dummy" not in text and "dummy" not in text.lower().replace("dummies", "")


def test_sight_lines_are_blocked_by_forest_between_but_not_beside(tmp_path):
    """3.7.9: a hill, structure or forest hex between blocks the line; neighbours always see."""
    terrain = "\n".join(["..." + "f" + "." * (WIDE - 4)] * 6)
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="R", type="medium_infantry", hex="2003", facing="NW")], terrain=terrain)
    g = game(loc)
    sight = system_for(loc).sight(g.map)
    h = g.map.grid.parse
    assert not sight.clear(h("0103"), h("0603"))
    assert sight.clear(h("0303"), h("0403")) and sight.clear(h("0403"), h("0503"))
    assert sight.clear(h("0103"), h("0102"))


def test_from_a_hill_one_sees_over_a_forest_not_next_to_the_target(tmp_path):
    """3.7.9: a firer on higher ground sees over the blocking hex -- unless it lies next to the
    target, which then hides behind it."""
    rows = ["h" + "." * 3 + "f" + "." * (WIDE - 5)] * 6
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="R", type="medium_infantry", hex="2003", facing="NW")], terrain="\n".join(rows))
    g = game(loc)
    sight = system_for(loc).sight(g.map)
    h = g.map.grid.parse
    assert sight.clear(h("0103"), h("0903"))          # the forest at 0503 is far from 0903
    assert not sight.clear(h("0103"), h("0603"))      # next to it: hidden
    assert not sight.clear(h("0203"), h("0903"))      # from the flat: blocked


def test_what_each_unit_saw_as_the_turn_began_is_kept(tmp_path):
    """3.7.16: the sudden-target rule needs what each firer saw at the start of the turn."""
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="M", type="medium_infantry", hex="1003", facing="NW", on_table=True),
                dict(id="H", type="medium_infantry", hex="1203", facing="NW")])
    seen = game(loc).rule_state.seen_at_start
    assert seen["B"] == ("M",) and "M" not in seen.get("M", ())


def test_watchers_are_the_units_with_a_clear_line(tmp_path):
    """3.7.9: B's line to 0703 runs along the forest's hexsides: "any portion" of it blocks."""
    terrain = "\n".join(["..." + "f" + "." * (WIDE - 4)] * 6)
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE"),
                          dict(id="C", type="medium_infantry", hex="0503", facing="SE")],
               [dict(id="R", type="medium_infantry", hex="2003", facing="NW")], terrain=terrain)
    g = game(loc)
    assert system_for(loc).watchers(g, g.map.grid.parse("0703")) == {"blue": ("C",), "red": ("R",)}


def test_a_unit_on_a_hill_cannot_see_past_the_hills_far_foot_unless_beside_it(tmp_path):
    """3.7.9's example: a target in a hex next to a hill cannot be hit by a unit on that hill
    unless the firer is in the hex next to the target."""
    rows = ["." + "hhh" + "." * (WIDE - 4)] * 6               # a hill of three hexes, 0203 to 0403
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0203", facing="SE")],
               [dict(id="R", type="medium_infantry", hex="2003", facing="NW")], terrain="\n".join(rows))
    g = game(loc)
    sight = system_for(loc).sight(g.map)
    h = g.map.grid.parse
    assert not sight.clear(h("0203"), h("0503"))     # across the hill's top: hidden at its foot
    assert sight.clear(h("0403"), h("0503"))         # from the hex beside it


def test_an_exposed_dummy_leaves_the_table_and_the_enemys_map(tmp_path):
    """7.2 in the first spotting phase: Blue's 6 finds the marker at 0503 a dummy in the open."""
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="D1", type="dummy", hex="0503", on_table=True)])
    assert contact(loc, "blue", "D1").status == "seen"
    act(loc, "next_phase", 6)
    g = game(loc)
    assert g.phase == "a_command" and g.units["D1"].status == "destroyed"
    assert contact(loc, "blue", "D1").status == "destroyed"
    text = [x for e in side_journal(g, "blue", journal(loc)) for x in e.lines]
    assert any("The marker in 0503 is a dummy" in x for x in text)


def test_a_unit_that_fired_stays_on_the_table_after_the_turn(tmp_path):
    """4.1: a hidden unit that shows itself by firing direct is on the table for good -- the
    turn's end clears its fired mark, not its marker."""
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="R", type="medium_infantry", hex="1003", facing="NW")])
    g = game(loc)
    g.units["R"].fired = True
    from umpire.rules.hcm.turn import turn_end
    changes = turn_end(g)
    assert [c.values for c in changes if c.what == "game"] == [{"on_table": ("R",)}]
    g.units["R"].fired, g.units["B"].moved = False, False
    assert turn_end(g) == []


def test_umpire_spot_leaves_out_an_exposed_dummy_like_the_report(tmp_path, capsys):
    """7.2: a dummy exposed and removed is off the side's map and out of its report; `umpire spot`
    used to list it still as "Marker, last seen turn 1"."""
    import json

    from umpire.cli_commands import cmd_spot
    loc = wide(tmp_path, [dict(id="B", type="medium_infantry", hex="0103", facing="SE")],
               [dict(id="D1", type="dummy", hex="0503", on_table=True)])
    label = contact(loc, "blue", "D1").label
    cmd_spot(SimpleNamespace(game=loc, side="blue", json=False))
    assert label in capsys.readouterr().out        # a marker seen: listed
    act(loc, "next_phase", 6)
    assert contact(loc, "blue", "D1").status == "destroyed"
    cmd_spot(SimpleNamespace(game=loc, side="blue", json=False))
    out = capsys.readouterr().out
    assert label not in out and "contacts: none" in out
    cmd_spot(SimpleNamespace(game=loc, side="blue", json=True))
    assert json.loads(capsys.readouterr().out)["contacts"] == []
