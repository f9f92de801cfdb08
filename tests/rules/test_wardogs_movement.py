"""Wardogs movement (Wardogs pp. 9-10, Table 1): the worked examples of p. 9 and p. 10, facing,
infantry, flight and passengers."""

import pytest

from umpire.core.errors import UmpireError
from umpire.rules.wardogs.flight import runway_hexes
from umpire.rules.wardogs.movement import turns_between

from .wdkit import act, blue_moves, checked, game, grid_with, towards, wardogs_game


def test_six_mp_three_hexes_a_turn_and_rough(tmp_path):
    """p. 9 example: 3 MP walking forward, 1 MP to turn a hexside, 2 MP into rough -- 6 MP."""
    probe = wardogs_game(tmp_path / "probe", [{"id": "C", "type": "coyote", "hex": "0201", "facing": "S"}], [])
    path = towards(game(probe), "0201", "S", "S", "S", "SE")
    loc = wardogs_game(tmp_path / "g", [{"id": "C", "type": "coyote", "hex": "0201", "facing": "S"}], [],
                       terrain=grid_with(10, 8, {path[-1]: "r"}))
    c = checked(loc, "C", path)
    assert c.legal, c.reason
    assert [s.cost for s in c.steps[1:]] == [1, 1, 1, 3]     # the last: 1 turn + 2 rough
    assert c.total == 6 and c.allowance == 6
    further = towards(game(loc), path[-1], "SE")
    assert not checked(loc, "C", path + further[1:]).legal    # a seventh MP it does not have


def test_climbing_from_level_1_to_4_into_rough_costs_6(tmp_path):
    """p. 9 example: rough (2) x 3 levels changed (4 - 1) = 6 MP."""
    probe = wardogs_game(tmp_path / "probe", [{"id": "C", "type": "coyote", "hex": "0202", "facing": "S"}], [])
    path = towards(game(probe), "0202", "S")
    loc = wardogs_game(tmp_path / "g", [{"id": "C", "type": "coyote", "hex": "0202", "facing": "S"}], [],
                       terrain=grid_with(10, 8, {path[1]: "r"}),
                       elevation=grid_with(10, 8, {"0202": "1", path[1]: "4"}, "0"))
    c = checked(loc, "C", path)
    assert c.legal and c.steps[1].cost == 6, (c.reason, c.steps)


def test_one_level_up_costs_the_plain_terrain(tmp_path):
    probe = wardogs_game(tmp_path / "probe", [{"id": "C", "type": "coyote", "hex": "0202", "facing": "S"}], [])
    path = towards(game(probe), "0202", "S")
    loc = wardogs_game(tmp_path / "g", [{"id": "C", "type": "coyote", "hex": "0202", "facing": "S"}], [],
                       terrain=grid_with(10, 8, {path[1]: "r"}), elevation=grid_with(10, 8, {path[1]: "1"}, "0"))
    assert checked(loc, "C", path).steps[1].cost == 2


def test_backing_up_turns_nothing_and_notes_the_stability_penalty_off_clear_ground(tmp_path):
    """p. 9: forward or backward at the same cost; backing through non-clear terrain costs -1 on
    stability rolls (Table 2, Umpire's reading of its first group)."""
    probe = wardogs_game(tmp_path / "probe", [{"id": "C", "type": "coyote", "hex": "0203", "facing": "S"}], [])
    path = towards(game(probe), "0203", "N")
    loc = wardogs_game(tmp_path / "g", [{"id": "C", "type": "coyote", "hex": "0203", "facing": "S"}], [],
                       terrain=grid_with(10, 8, {path[1]: "f"}))
    c = checked(loc, "C", path)
    assert c.steps[1].cost == 3 and c.marks.facing == game(loc).map.grid.direction_index("S")   # light forest, no turn
    assert any("Table 2" in x for x in c.notes)


def test_turning_costs_a_point_a_hexside():
    assert [turns_between(0, d) for d in range(6)] == [0, 1, 2, 3, 2, 1]


def test_infantry_move_one_hex_whatever_the_terrain(tmp_path):
    """p. 9: infantry move one hex, ignoring terrain cost, and turn freely."""
    loc = wardogs_game(tmp_path, [{"id": "I", "type": "squad", "hex": "0303"}], [], terrain=grid_with(10, 8, {}, "F"))
    one = towards(game(loc), "0303", "NE")
    c = checked(loc, "I", one, phase="infantry")
    assert c.legal and c.steps[1].cost == 1
    assert not checked(loc, "I", towards(game(loc), "0303", "NE", "NE"), phase="infantry").legal
    assert "Infantry movement" in checked(loc, "I", one, phase="movement").reason    # p. 7 step 3


def test_non_infantry_do_not_move_in_the_infantry_phase(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "C", "type": "coyote", "hex": "0303"}], [])
    c = checked(loc, "C", towards(game(loc), "0303", "S"), phase="infantry")
    assert not c.legal and "p. 7 step 2" in c.rule


def test_a_size_4_jet_needs_a_runway_of_6_hexes():
    """p. 10 example: 4 x 1.5 = 6 hexes."""
    assert runway_hexes(4) == 6 and runway_hexes(3) == 5


def test_taking_off_needs_the_runway_ahead_on_clear_ground(tmp_path):
    probe = wardogs_game(tmp_path / "probe", [{"id": "J", "type": "strike_jet", "hex": "0101", "facing": "S"}], [],
                         rows=10)
    strip = towards(game(probe), "0101", *["S"] * 6)
    short = wardogs_game(tmp_path / "short", [{"id": "J", "type": "strike_jet", "hex": "0101", "facing": "S"}], [],
                         rows=10, terrain=grid_with(10, 10, {strip[6]: "r"}))
    blue_moves(short)
    with pytest.raises(UmpireError, match=r"runway of 6 hexes ahead crosses .*p\. 10"):
        act(short, "take_off", side="blue", unit="J")
    loc = wardogs_game(tmp_path / "ok", [{"id": "J", "type": "strike_jet", "hex": "0101", "facing": "S"}], [], rows=10)
    blue_moves(loc)
    act(loc, "take_off", side="blue", unit="J")
    assert game(loc).units["J"].marks.flying


def test_full_flight_moves_at_least_a_third_of_its_air_mp(tmp_path):
    """p. 10: a strike jet of air MP 18 must fly at least 6 hexes; every hex counts as clear."""
    loc = wardogs_game(tmp_path, [{"id": "H", "type": "gunship", "hex": "0101", "facing": "S"}], [], rows=10,
                       terrain=grid_with(10, 10, {}, "F"))
    blue_moves(loc)
    act(loc, "take_off", side="blue", unit="H")
    g = game(loc)
    assert not checked(loc, "H", towards(g, "0101", "S", "S", "S")).legal          # 12 air MP: 4 at least
    c = checked(loc, "H", towards(g, "0101", "S", "S", "S", "S"))
    assert c.legal and c.total == 4                                                  # heavy forest as clear


def test_a_carrier_unloads_its_squad_at_the_end_of_its_move(tmp_path):
    """p. 10: the squad rides without spending MP and is set down where the carrier stops."""
    loc = wardogs_game(tmp_path, [{"id": "SD", "type": "sand_devil", "hex": "0303", "facing": "S"},
                                  {"id": "Sq", "type": "squad", "hex": "0303", "carried_by": "SD"}], [])
    blue_moves(loc)
    path = towards(game(loc), "0303", "S", "S")
    act(loc, "move", side="blue", unit="SD", path=path, dismount=["Sq"])
    g = game(loc)
    assert g.units["Sq"].carried_by is None and g.map.number(g.units["Sq"].hex) == path[-1]
