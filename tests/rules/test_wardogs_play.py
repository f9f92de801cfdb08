"""Wardogs turn (Wardogs p. 7) played through the engine: the initiative, the low roll moving
first, the alternation, the record sheets carried into the next turn, landings, loading, cover."""

import sqlite3

import pytest

from umpire.core.engine import journal
from umpire.core.errors import UmpireError

from .wdkit import act, blue_moves, checked, game, grid_with, to_phase, towards, wardogs_game


def _next_turn(loc, *faces):
    to_phase(loc, "damage")
    act(loc, "next_phase", *faces)
    return game(loc)


def test_initiative_ties_are_rolled_again_and_the_low_roll_moves_first(tmp_path):
    """p. 7 steps 1-2: a d10 each side, ties again; the LOW roll moves a unit first."""
    loc = wardogs_game(tmp_path, [{"id": "B", "type": "coyote", "hex": "0202"}], [{"id": "R", "type": "coyote", "hex": "0808"}])
    g = _next_turn(loc, 5, 5, 8, 3)
    assert g.turn == 2 and g.rule_state.initiative == {"blue": 8, "red": 3}
    rows = [x for r in journal(loc)[-1:] for x in r.log]
    assert any("a tie" in x for x in rows)
    act(loc, "next_phase")
    assert game(loc).phase == "movement" and game(loc).active_side == "red"


def test_sides_alternate_one_unit_at_a_time(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "B1", "type": "coyote", "hex": "0202", "facing": "S"},
                                  {"id": "B2", "type": "coyote", "hex": "0203", "facing": "S"}],
                       [{"id": "R1", "type": "coyote", "hex": "0808", "facing": "N"}])
    g = _next_turn(loc, 2, 9)                 # turn 2: blue rolled low
    act(loc, "next_phase")
    assert game(loc).active_side == "blue"
    act(loc, "move", side="blue", unit="B2", path=towards(g, "0203", "S"))
    assert game(loc).active_side == "red"
    with pytest.raises(UmpireError, match="Red's turn"):
        act(loc, "move", side="blue", unit="B1", path=towards(g, "0202", "N"))


def test_the_record_sheets_carry_the_armour_into_the_next_turn(tmp_path):
    """Table 7 and p. 16: next turn's fire meets the armour at the turn's start; shields renew."""
    loc = wardogs_game(tmp_path, [{"id": "G", "type": "guardian", "hex": "0202"}], [])
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id = 'G'",
                     ('{"ar": 4, "ar_start": 7, "shields": 0, "hexes_moved": 5, "cover": "partial"}',))
    m = _next_turn(loc, 2, 9).units["G"].marks
    assert (m.ar, m.ar_start, m.shields, m.hexes_moved, m.cover) == (4, 4, 2, 0, "")


def test_a_unit_in_partial_flight_lands_as_the_movement_phase_ends(tmp_path):
    """p. 10: partial flight lasts the turn; landing in forest owes a check with -2 (Table 2)."""
    loc = wardogs_game(tmp_path, [{"id": "RR", "type": "roadrunner", "hex": "0202"}], [],
                       terrain=grid_with(10, 8, {"0202": "f"}))
    blue_moves(loc)
    act(loc, "take_off", side="blue", unit="RR")
    assert game(loc).units["RR"].marks.flying
    to_phase(loc, "defensive")
    m = game(loc).units["RR"].marks
    assert not m.flying and m.checks == ("forest_landing",)


def test_a_squad_loads_into_a_carrier_in_its_hex(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "SD", "type": "sand_devil", "hex": "0303"},
                                  {"id": "Sq", "type": "squad", "hex": "0303"},
                                  {"id": "Sq2", "type": "squad", "hex": "0303"}], [])
    blue_moves(loc, "infantry")
    act(loc, "load", side="blue", unit="Sq", carrier="SD")
    assert game(loc).units["Sq"].carried_by == "SD"
    with pytest.raises(UmpireError, match="room for 1"):
        act(loc, "load", side="blue", unit="Sq2", carrier="SD")


def test_cover_is_declared_only_in_a_building_taller_than_the_unit(tmp_path):
    """p. 13: a 2 m squad in 10 m houses may take total cover; a 12 m Guardian may not."""
    loc = wardogs_game(tmp_path, [{"id": "Sq", "type": "squad", "hex": "0303"},
                                  {"id": "G", "type": "guardian", "hex": "0304"}], [],
                       terrain=grid_with(10, 8, {"0303": "t", "0304": "t"}))
    blue_moves(loc, "infantry")
    act(loc, "cover", side="blue", unit="Sq", cover="total")
    assert game(loc).units["Sq"].marks.cover == "total"
    with pytest.raises(UmpireError, match="not inside a building taller"):
        act(loc, "cover", side="blue", unit="G", cover="partial")


def test_turning_in_place_costs_a_point_a_hexside_and_the_move_goes_on_with_the_rest(tmp_path):
    """p. 9: a Coyote of 6 MP turns from S to N (3 hexsides, 3 MP); 3 MP are left to move."""
    loc = wardogs_game(tmp_path, [{"id": "C", "type": "coyote", "hex": "0205", "facing": "S"}], [])
    blue_moves(loc)
    act(loc, "face", side="blue", unit="C", facing="N")
    g = game(loc)
    assert g.units["C"].mp_spent == 3 and g.units["C"].marks.facing == g.map.grid.direction_index("N")
    assert checked(loc, "C", towards(g, "0205", "N", "N", "N")).legal
    assert not checked(loc, "C", towards(g, "0205", "N", "N", "N", "N")).legal


def test_a_unit_in_full_flight_that_does_not_fly_far_enough_stalls_and_crashes(tmp_path):
    """p. 10: a third of its air MP each turn, or it stalls and crashes (d10 x size dice)."""
    loc = wardogs_game(tmp_path, [{"id": "H", "type": "gunship", "hex": "0303"}], [])
    blue_moves(loc)
    act(loc, "take_off", side="blue", unit="H")
    to_phase(loc, "defensive")
    m = game(loc).units["H"].marks
    assert not m.flying and m.fallen
    assert any("stalled" in x for r in journal(loc) for x in r.log)


def test_the_units_still_to_move_alternate_from_the_low_roll(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "B1", "type": "coyote", "hex": "0202"}, {"id": "B2", "type": "coyote", "hex": "0203"},
                                  {"id": "BI", "type": "squad", "hex": "0204"}],
                       [{"id": "R1", "type": "coyote", "hex": "0808"}])
    _next_turn(loc, 9, 2)                        # red rolled low
    act(loc, "next_phase")
    assert game(loc).rule_state.move_order == ("R1", "B1", "B2")     # the squad moves in step 3


def test_a_carrier_standing_still_unloads_its_squad(tmp_path):
    """p. 10: the squad is set down in the carrier's hex and moves next turn."""
    loc = wardogs_game(tmp_path, [{"id": "SD", "type": "sand_devil", "hex": "0303"},
                                  {"id": "Sq", "type": "squad", "hex": "0303", "carried_by": "SD"}], [])
    blue_moves(loc)
    act(loc, "unload", side="blue", unit="SD")
    sq = game(loc).units["Sq"]
    assert sq.carried_by is None and sq.on_map and sq.moved
    with pytest.raises(UmpireError, match="carries nobody"):
        act(loc, "unload", side="blue", unit="SD")


def test_a_unit_that_stood_up_may_not_take_off_that_turn(tmp_path):
    """p. 11: back up, flight mode may not be engaged."""
    loc = wardogs_game(tmp_path, [{"id": "RR", "type": "roadrunner", "hex": "0303"}], [])
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id = 'RR'", ('{"fallen": true, "ar": 3, "ar_start": 3}',))
    blue_moves(loc)
    act(loc, "stand_up", 9, side="blue", unit="RR")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match="no flight until next turn"):
        act(loc, "take_off", side="blue", unit="RR")
