"""Lock 'n Load Tactical rubber boats (23.3.1): getting aboard.  Leg units cannot stand in a river
hex, so Umpire's reading lets the boat run aground on a bank hex as the last hex of a move; there
units get on at the start of its next move and off at the end of one (16.1)."""

import pytest

from umpire.actions import system_for
from umpire.core.engine import undo
from umpire.core.errors import UmpireError

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt

RIVER = "\n".join(["..........", "..........", "~~~~~~~~~~", "..........", "..........", ".........."])


def _sheet(loc, who, where, at):
    g = game(loc)
    return system_for(loc).assault_sheet(g, [who], g.map.grid.parse(where), "fire", at)


def test_23_3_1_a_squad_boards_the_boat_on_the_bank_crosses_and_gets_off(tmp_path):
    """23.3.1, 16.1: the boat runs aground in 0104, where the half-squad stands (1 MP); next turn
    the half-squad gets on as the boat puts back onto the river and rows to 0303 -- +1 to hit
    the riders there (23.3.1); the turn after it runs aground in 0402 and the half-squad gets off
    there.  A boat may not go on over land, and undo takes the landing back."""
    loc = lnlt(tmp_path, [("B", "us_rubber_boat", "0103"), ("H", "us_half_squad", "0104")],
               [("X", "nva_squad", "0305")], terrain=RIVER)
    blue_first(loc)
    g = game(loc)
    h = g.map.grid.parse
    far = system_for(loc).check_move(g, "B", [h("0103"), h("0104"), h("0105")])
    assert not far.legal and "run aground on a bank hex only as its move's last (23.3.1)" in far.reason
    act(loc, "move", side="blue", unit="B", path=["0103", "0104"])
    g = game(loc)
    assert g.map.number(g.units["B"].hex) == "0104"
    act(loc, "pass", side="red")
    act(loc, "end_turn", 6, 1)
    blue_first(loc)
    act(loc, "move", side="blue", unit="B", path=["0104", "0103", "0203", "0303"], mount=["H"])
    g = game(loc)
    assert g.units["H"].carried_by == "B" and g.map.number(g.units["H"].hex) == "0303"
    assert dict(_sheet(loc, "X", "0303", "B").modifiers)["target in a rubber boat on a river (23.3.1)"] == 1
    act(loc, "pass", side="red")
    act(loc, "end_turn", 6, 1)
    blue_first(loc)
    act(loc, "move", side="blue", unit="B", path=["0303", "0403", "0402"], dismount=["H"])
    g = game(loc)
    assert g.units["H"].carried_by is None and g.map.number(g.units["H"].hex) == "0402"
    undo(loc)
    g = game(loc)
    assert g.units["H"].carried_by == "B" and g.map.number(g.units["B"].hex) == "0303"


def test_23_3_1_nobody_boards_from_the_water(tmp_path):
    """16.1: a unit on the bank next to the boat, which is still on the river, is not in its hex."""
    loc = lnlt(tmp_path, [("B", "us_rubber_boat", "0103"), ("H", "us_half_squad", "0104")],
               [("X", "nva_squad", "0905")], terrain=RIVER)
    blue_first(loc)
    with pytest.raises(UmpireError, match=r"H is not a unit of its side in its hex to get on \(16.1\)"):
        act(loc, "move", side="blue", unit="B", path=["0103", "0203"], mount=["H"])
