"""Hex Command Mechanized played through the engine: the initiative and the two phasing halves of
a turn (HCM 3.1-3.9, 7), what a turn's end clears (2.3.1, 1.1.4, 3.5.1), turning in place
(3.5.2, 3.5.5), the scenario's [hcm] table and its checks, victory (3.11) and how units read."""

from __future__ import annotations

import pytest

from umpire.actions import system_for
from umpire.core.engine import journal
from umpire.core.errors import UmpireError
from umpire.core.witness import side_journal

from .hcmkit import act, game, hcm_game, to_phase

BLUE = [dict(id="T", type="light_tank", hex="0206", facing="N"),
        dict(id="I", type="medium_infantry", hex="0306", facing="N"),
        dict(id="K", type="commander", hex="0306", initiative=5, combat=1, morale=1, tactical=6,
             aggressiveness=5, overall=True)]
RED = [dict(id="R", type="medium_infantry", hex="0902", facing="SW"),
       dict(id="P", type="medium_tank", hex="0901", facing="SW")]


def phases_of(loc):
    """The phases the game plays, in order (A/B: the groups of 4.6 are not played)."""
    s, g = system_for(loc), game(loc)
    return [p.key for p in s.phases() if s.plays_phase(g, p.key)]


def test_the_higher_initiative_roll_is_phasing_first_and_the_other_second(tmp_path):
    """3.1: 1d10 each, the higher is the phasing player; A/B: the other side is phasing for the
    second half of the turn (movement, placement and its own fire last)."""
    loc = hcm_game(tmp_path, BLUE, RED)
    act(loc, "end_turn", 3, 7)                 # turn 2: Blue 3, Red 7
    g = game(loc)
    assert (g.turn, g.phase) == (2, "initiative")
    assert g.rule_state.initiative == {"blue": 3, "red": 7}
    assert (g.rule_state.opener, g.rule_state.phasing) == ("red", "red")
    sides = {}
    assert "groups" not in phases_of(loc)
    for key in phases_of(loc)[1:]:
        to_phase(loc, key)
        sides[key] = game(loc).active_side
    assert sides["a_movement"] == sides["a_placement"] == sides["a_fire_p"] == sides["a_melee"] == "red"
    assert sides["a_fire_np"] == "blue"                       # 3.7: the non-phasing player fires first
    assert sides["b_movement"] == sides["b_fire_p"] == "blue" and sides["b_fire_np"] == "red"
    assert sides["a_command"] is None and sides["b_rally"] is None
    assert game(loc).rule_state.phasing == "blue"


def test_a_tied_initiative_is_rolled_again(tmp_path):
    loc = hcm_game(tmp_path, BLUE, RED)
    act(loc, "end_turn", 4, 4, 9, 2)
    g = game(loc)
    assert g.rule_state.initiative == {"blue": 9, "red": 2} and g.rule_state.opener == "blue"
    lines = [x for e in side_journal(g, "red", journal(loc)) for x in e.lines]
    assert any("a tie: both roll again (3.1)" in x for x in lines)        # both sides read the rolls


def test_a_turns_end_clears_what_lasts_a_turn(tmp_path):
    """2.3.1 facing changes, 1.1.4 shots and 3.5.1 a stuck vehicle last one turn."""
    loc = hcm_game(tmp_path, BLUE, RED)
    to_phase(loc, "a_movement")
    if game(loc).active_side != "blue":
        to_phase(loc, "b_movement")
    act(loc, "move", unit="T", path=["0206", "0205", "0305"])
    assert game(loc).units["T"].marks.facing_changes == 1
    act(loc, "end_turn")
    m = game(loc).units["T"].marks
    assert (m.facing_changes, m.shots, m.stuck) == (0, 0, False) and m.facing is not None


def test_a_unit_turns_in_place_for_a_hex_a_hexside(tmp_path):
    """3.5.2: turning costs movement; a medium tank turns once a turn (2.3.1)."""
    loc = hcm_game(tmp_path, BLUE + [dict(id="M", type="medium_tank", hex="0506", facing="N")], RED)
    to_phase(loc, "a_movement")
    if game(loc).active_side != "blue":
        to_phase(loc, "b_movement")
    with pytest.raises(UmpireError, match="makes 1 facing change"):
        act(loc, "face", unit="M", facing="SE")
    act(loc, "face", unit="M", facing="NE")
    m = game(loc).units["M"]
    assert m.marks.facing == game(loc).map.grid.direction_index("NE") and m.marks.facing_changes == 1 and m.acted


def test_turning_is_for_a_movement_phase(tmp_path):
    loc = hcm_game(tmp_path, BLUE, RED)
    to_phase(loc, "a_fire_np")
    side = game(loc).active_side
    with pytest.raises(UmpireError, match="only in a movement phase"):
        act(loc, "face", unit="T" if side == "blue" else "R", facing="S")


def test_commanders_and_the_scenarios_table_are_checked(tmp_path):
    """2.1: CVS values belong to commanders; [hcm] keys are checked, one line each."""
    with pytest.raises(UmpireError) as e:
        hcm_game(tmp_path / "a", [dict(id="T", type="light_tank", hex="0206", initiative=5)], RED)
    assert "commander's value (2.1)" in str(e.value) and "\n" not in str(e.value).strip()
    with pytest.raises(UmpireError, match="sequence must be"):
        hcm_game(tmp_path / "b", BLUE, RED, hcm='sequence = "bogus"')
    with pytest.raises(UmpireError, match="not a company of blue"):
        hcm_game(tmp_path / "e", BLUE, RED, hcm='sequence = "activation"\nactivation = { blue = ["Nope"] }')
    with pytest.raises(UmpireError, match="not a forest hex"):
        hcm_game(tmp_path / "c", BLUE, RED, hcm='passable_forests = ["0101"]')
    with pytest.raises(UmpireError, match="initiative"):
        hcm_game(tmp_path / "d", [dict(id="K", type="commander", hex="0206", initiative=9)], RED)


def test_objectives_go_to_units_on_the_table_and_break_points_decide(tmp_path):
    """3.11: objectives held at the end score their points -- held by units the enemy can see on
    the table (a hidden unit takes nothing until it shows itself); a side past its break point
    has lost."""
    victory = '''
[[victory]]
side = "blue"
text = "Take the crossroads."
objectives = [{ hex = "0505", label = "Crossroads", points = 5 }]

[[victory]]
side = "red"
text = "Hold the crossroads."
objectives = [{ hex = "0505", label = "Crossroads", points = 5 }]
'''
    loc = hcm_game(tmp_path, BLUE + [dict(id="H", type="medium_infantry", hex="0505", facing="N")], RED,
                   extra=victory)
    to_phase(loc, "a_rally")
    g = game(loc)
    assert g.rule_state.held == {}                        # H never showed itself
    s = system_for(loc).victory(g)
    assert s.points == {"blue": 0, "red": 0}
    g.rule_state = g.rule_state.but(held={"0505": "blue"})
    assert system_for(loc).victory(g).points["blue"] == 5
    for uid in ("R", "P"):
        g.units[uid].status = "destroyed"
    standing = system_for(loc).victory(g, final=True)
    assert standing.winner == "blue" and "break point" in standing.text(g)


def test_a_side_reads_its_own_marks_damage_included(tmp_path):
    """2.3.3: damage blocks are hidden from the enemy, not from the owner: its forces table
    prints them; the marks key says what each mark means."""
    loc = hcm_game(tmp_path, BLUE, RED)
    g = game(loc)
    s = system_for(loc)
    t = g.units["T"]
    t.marks = t.marks.but(damage=("C", "MM"), hits=1)
    assert s.unit_marks(g, t) == "H1 C MM"                 # its facing is its strength text
    assert dict(s.mark_words("FN H1 C MM"))["MM"] == "damage block MM (2.3.3)"
    table = s.forces_table(g, [t, g.units["I"]])
    row = next(r for r in table.rows if r[1] == "T")
    assert "C MM" in row and "Damage blocks" in table.header
    assert s.strength_text(g, g.units["I"]) == "4 figures" and s.strength_text(g, t) == "faces N"
    rows = dict(s.unit_details(g, g.units["K"], umpire=False))
    assert rows["CVS (2.1)"].startswith("I 5, C 1, M 1, T 6, A 5")


PARA = '''
[[reinforcement]]
side = "blue"
turn = 1
entry = ["0101"]
units = ["Para1", "Para2"]
'''


def test_paratroops_drop_on_target_or_drift_two_hexes_clockwise(tmp_path):
    """2.2.1: 5-6 puts the drop on its target, else a die picks the off-target hex two hexes
    away (clockwise from north); a stand rolling 5-6 is put by its owner within two hexes."""
    loc = hcm_game(tmp_path, BLUE + [dict(id="Para1", type="paratroops"), dict(id="Para2", type="paratroops")], RED,
                   extra=PARA)
    to_phase(loc, "a_movement")
    if game(loc).active_side != "blue":
        to_phase(loc, "b_movement")
    act(loc, "drop", 5, 6, unit="Para1", hex="0505", at="0605")
    g = game(loc)
    assert g.map.number(g.units["Para1"].hex) == "0605" and "Para1" in g.rule_state.on_table
    act(loc, "drop", 2, 3, 1, unit="Para2", hex="0505", at="0605")       # off target, drifting SE
    g = game(loc)
    from umpire.core.hexgrid import neighbour
    se = g.map.grid.direction_index("SE")
    assert g.units["Para2"].hex == neighbour(neighbour(g.map.grid.parse("0505"), se), se)
    with pytest.raises(UmpireError, match="not a paratroop stand waiting"):
        act(loc, "drop", unit="Para1", hex="0505")


COMPANIES = """
[[company]]
id = "First"
battalion = "Blue Bn"
name = "First platoon group"
units = [{ id = "A", type = "medium_infantry", hex = "0505", facing = "N" }]

[[company]]
id = "Second"
battalion = "Blue Bn"
name = "Second platoon group"
units = [{ id = "B", type = "medium_infantry", hex = "0305", facing = "N" }]

[[company]]
id = "Third"
battalion = "Blue Bn"
name = "Third platoon group"
units = [{ id = "E", type = "medium_infantry", hex = "0108", facing = "N" }]

[[company]]
id = "Rote"
battalion = "Red Bn"
name = "Red platoon group"
units = [{ id = "C", type = "medium_infantry", hex = "0903", facing = "SW" }]
"""


def test_the_activation_sequence_alternates_numbered_groups(tmp_path):
    """4.6 (the scenario's choice, 3.1 option 2): the initiative winner's group 1, then the
    other's group 1, then the winner's group 2...; only the open group's units act, those
    outside every group float; a pass closes the group; the A/B halves are not played."""
    loc = hcm_game(tmp_path, BLUE, RED, extra=COMPANIES,
                   hcm='sequence = "activation"\nactivation = { blue = ["Second", "First"] }')
    assert game(loc).rule_state.activation == {"blue": ("Second", "First", "Third"), "red": ("Rote",)}
    act(loc, "end_turn", 8, 2)                              # turn 2: Blue wins the initiative
    act(loc, "next_phase")
    act(loc, "next_phase")
    g = game(loc)
    assert (g.phase, g.active_side) == ("groups", "blue")
    with pytest.raises(UmpireError, match="not in the group now acting, Second platoon group"):
        act(loc, "move", unit="A", path=["0505", "0504"])
    act(loc, "move", unit="B", path=["0305", "0304"])
    act(loc, "move", unit="T", path=["0206", "0205"])      # battle-group troops float
    assert game(loc).active_side == "blue"                   # the group acts to its end
    act(loc, "pass", side="blue")
    assert game(loc).active_side == "red"
    act(loc, "move", unit="C", path=["0903", "0904"])
    act(loc, "pass", side="red")
    assert game(loc).active_side == "blue"
    act(loc, "move", unit="A", path=["0505", "0504"])       # Blue's group 2
    act(loc, "pass", side="blue")
    assert game(loc).active_side == "blue"                   # and its group 3: the same side runs on
    with pytest.raises(UmpireError, match="not in the group now acting, Third platoon group"):
        act(loc, "move", unit="B", path=["0304", "0303"])
    act(loc, "move", unit="E", path=["0108", "0107"])
    act(loc, "pass", side="blue")
    assert game(loc).active_side == "red"                    # every group has acted: the sides pass
    act(loc, "pass", side="red")
    act(loc, "pass", side="blue")
    g = game(loc)
    assert g.phase == "a_rally" and g.rule_state.group_now == 4
    assert [c for _, c in g.rule_state.group_steps] == ["Second", "Rote", "First", "Third"]
    lines = [x for e in journal(loc) for x in e.log]
    assert any("group has acted (3 activations left this turn) (4.6)" in x for x in lines)
    assert not any("Turn 2: First half: reinforcements and movement" in x for x in lines)
    act(loc, "next_phase", 5, 5)
    assert (game(loc).turn, game(loc).phase) == (3, "initiative")
