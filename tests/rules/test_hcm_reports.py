"""What a side's report and counters say in Hex Command Mechanized (reports.py, turn.py): the
facing of vehicles where a counter cut short keeps it (3.5), the owner's anti-tank mark (1.1.2),
one column per mark, dummies apart from losses (7.2), objectives as 3.11 holds them, the
orders form's commanders placed (3.6), and the map key's ford."""

from __future__ import annotations

from umpire.actions import system_for
from umpire.core.engine import journal
from umpire.core.witness import side_journal
from umpire.reports.content import side_report
from umpire.reports.legend import map_key

from .hcmkit import act, game, hcm_game, to_phase

VICTORY = '''
[[victory]]
side = "red"
text = "Hold the farm"
objectives = [ { hex = "0503", label = "Farm", points = 10 } ]

[[victory]]
side = "blue"
text = "Take the farm"
objectives = [ { hex = "0503", label = "Farm", points = 10 } ]
'''

BLUE = [dict(id="B", type="medium_infantry", hex="0103", facing="SE", anti_tank=True),
        dict(id="T", type="medium_tank", hex="0105", facing="SE"),
        dict(id="K", type="commander", hex="0203", on_table=True)]
RED = [dict(id="P", type="medium_tank", hex="0603", facing="NW", on_table=True),
       dict(id="D", type="dummy", hex="0805", facing="NW", on_table=True),
       dict(id="R", type="heavy_infantry", hex="0704", facing="NW")]


def made(tmp_path):
    return hcm_game(tmp_path, BLUE, RED, extra=VICTORY)


def table(rep, title):
    return next(t for t in rep.tables if t.title == title)


def test_3_5_a_vehicles_facing_is_its_counters_first_words_for_owner_and_enemy(tmp_path):
    """3.5: a vehicle's facing is what its counter says below the symbol ("faces SE"), before
    its marks, so an ellipsis never cuts it; the enemy that identified it reads the same."""
    loc = made(tmp_path)
    g = game(loc)
    s = system_for(loc)
    t = g.units["T"]
    t.marks = t.marks.but(damage=("C",), hits=1)
    own = next(m for m in side_report(g, "blue", s).view.units if m.label == "T")
    assert (own.strength, own.state) == ("faces SE", "H1 C")
    assert s.unit_marks(g, g.units["B"]).split()[0] == "FSE"              # a stand's facing, first
    # Red's stand beside T identifies it (4.1): its contact reads the facing, never the damage
    loc = hcm_game(tmp_path / "beside", BLUE, [dict(id="R", type="medium_infantry", hex="0106", facing="N")])
    c = game(loc).contacts[("red", "T")]
    assert (c.type_label, c.strength) == ("Medium tank (MV)", "faces SE")


def test_1_1_2_the_owners_forces_table_shows_its_anti_tank_mark_each_mark_in_one_column(tmp_path):
    """1.1.2: the anti-tank mark is secret from the enemy, not from the owner; facing, hits and
    damage have their columns and are not repeated in another."""
    loc = made(tmp_path)
    g = game(loc)
    t = g.units["T"]
    t.marks = t.marks.but(damage=("C",), hits=1, stuck=True)
    forces = table(side_report(g, "blue", system_for(loc)), "Our forces")
    col = {h: i for i, h in enumerate(forces.header)}
    rows = {r[1]: r for r in forces.rows}
    assert rows["B"][col["Anti-tank (1.1.2)"]] == "AT" and rows["T"][col["Anti-tank (1.1.2)"]] == ""
    assert rows["T"][col["Other marks"]] == "Stuck"
    assert (rows["T"][col["Facing"]], rows["T"][col["Hit markers"]], rows["T"][col["Damage blocks"]]) == ("SE", "1", "C")
    assert rows["T"][col["Strength"]] == "1 vehicle" and "State" not in forces.header


def red_report_bytes(loc) -> bytes:
    g = game(loc)
    rep = side_report(g, "red", system_for(loc))
    return "\n".join([t.title + repr(t.rows) for t in rep.tables] + list(rep.events) + [
        repr(sorted((m.label, m.hex, m.type_label, m.strength, m.state) for m in rep.view.units))]).encode()


def test_leak_the_enemy_reads_the_same_whatever_a_markers_anti_tank_mark(tmp_path):
    """1.1.2: Red sees Blue's stand B as a marker on the table; whether B carries the secret
    anti-tank mark changes no byte of Red's report."""
    reads = []
    for at in (True, False):
        blue = [dict(BLUE[0], anti_tank=at, on_table=True)] + BLUE[1:]
        reads.append(red_report_bytes(hcm_game(tmp_path / str(at), blue, RED, extra=VICTORY)))
    assert reads[0] == reads[1] and b"Marker" in reads[0]


def test_7_2_an_exposed_dummy_is_not_among_the_losses(tmp_path):
    """7.2: a dummy found in the open leaves the table; it was never a unit, so Red's report
    does not count it lost -- a destroyed stand it does."""
    loc = made(tmp_path)
    g = game(loc)
    g.units["D"].status = "destroyed"
    g.units["R"].status = "destroyed"
    rep = side_report(g, "red", system_for(loc))
    assert table(rep, "Our losses").rows == [("R",)]


def test_3_11_a_sides_report_says_who_holds_an_objective_as_the_victory_does(tmp_path):
    """3.11: the farm is held by the last side alone in it -- the standing and both reports say
    the same, even with nobody there now."""
    loc = made(tmp_path)
    g = game(loc)
    s = system_for(loc)
    assert table(side_report(g, "red", s), "Objectives").rows[0][3].startswith("unknown")   # nobody yet
    g.rule_state = g.rule_state.but(held={"0503": "red"})
    assert "Farm (0503): held by Red" in s.victory(g).text(g)
    assert table(side_report(g, "red", s), "Objectives").rows[0][3].startswith("held by us (HCM 3.11")
    assert table(side_report(g, "blue", s), "Objectives").rows[0][3].startswith("held by the enemy (HCM 3.11")


def test_3_6_the_orders_form_places_commanders_and_the_journal_says_placed(tmp_path):
    """3.6: commanders are placed, not moved: the orders form gives them a place, not a move,
    and a commander put down by the move action reads "is placed at", not "moves ... 0 of 0 MP"."""
    loc = made(tmp_path)
    form = {t.title: t for t in system_for(loc).orders_form(game(loc), "blue")}
    orders = form["Orders for turn 2 (HCM 3.5-3.8)"]
    assert [r[0] for r in orders.rows] == ["B", "T"] and orders.header[1] == "Move to"
    assert form["Commanders to place in turn 2 (HCM 3.2, 3.6)"].rows == [("K", "")]
    to_phase(loc, "a_command", 5, 3, 1, 1, 1, 1)
    to_phase(loc, "a_placement")
    act(loc, "move", unit="K", path=["0204"])
    lines = [x for e in side_journal(game(loc), "blue", journal(loc), system_for(loc)) for x in [e.head, *e.lines]]
    assert "K is placed at 0204 (HCM 3.6)" in lines and not any(x.startswith("K moves") for x in lines)


def test_3_5_4_the_map_key_tells_the_ford_from_the_river(tmp_path):
    loc = hcm_game(tmp_path, BLUE, RED, hexsides='[map.hexsides]\nriver = ["0403 NE SE"]\nford = ["0403-0503"]\n')
    g = game(loc)
    rep = side_report(g, "blue", system_for(loc))
    key = dict((what, shown) for shown, what in map_key(rep.view, g.rules, system_for(loc)).rows)
    assert key["Ford"] != key["River"] and "Blue" not in key["Ford"]
