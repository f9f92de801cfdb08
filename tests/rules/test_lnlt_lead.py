"""Lock 'n Load Tactical: a leader activates its hex and the hexes next to it, and their units
act in one impulse (4.0, step 1) -- the rule action "lead"."""

import pytest

from umpire.actions import system_for
from umpire.core.errors import UmpireError

from .gamekit import act, game, make_game


def blue_to_act(tmp_path, us):
    loc = make_game(tmp_path, us, [("X", "nva_squad", "1006")], rules="lnlt", cols=10)
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    assert game(loc).active_side == "blue"
    return loc


def test_a_leaders_impulse_lets_the_next_hexes_act_and_a_pass_ends_it(tmp_path):
    """L in 0303 leads: B next to it moves in the same impulse, C two hexes off may not; the
    pass ends the impulse and hands over without counting as a pass (4.0)."""
    loc = blue_to_act(tmp_path, [("L", "us_leader", "0303"), ("A", "us_squad", "0303"), ("B", "us_squad", "0304"),
                                 ("C", "us_squad", "0306")])
    res = act(loc, "lead", side="blue", unit="L")
    assert "L leads 0303 and 0304" in res.summary and game(loc).active_side == "blue"
    act(loc, "move", side="blue", unit="B", path=["0304", "0404"])
    assert game(loc).active_side == "blue"
    with pytest.raises(UmpireError, match=r"C is outside L's impulse: .* or pass to end it \(4.0\)"):
        act(loc, "move", side="blue", unit="C", path=["0306", "0406"])
    g = game(loc)
    assert "outside L's impulse" in system_for(loc).assault_sheet(g, ["C"], g.map.grid.parse("1006"), "fire").reason
    res = act(loc, "pass", side="blue")
    g = game(loc)
    assert "ends its impulse" in res.summary and g.active_side == "red" and not g.passed
    assert g.rule_state.impulse is None


def test_the_impulse_closes_by_itself_when_every_activated_unit_has_acted(tmp_path):
    loc = blue_to_act(tmp_path, [("L", "us_leader", "0303"), ("A", "us_squad", "0303"), ("B", "us_squad", "0304")])
    act(loc, "lead", side="blue", unit="L")
    act(loc, "move", side="blue", unit="L", path=["0303", "0403"], **{"with": ["A"]})
    assert game(loc).active_side == "blue"
    act(loc, "move", side="blue", unit="B", path=["0304", "0404"])
    assert game(loc).active_side == "red"


def test_only_a_leader_with_units_next_to_it_leads(tmp_path):
    loc = blue_to_act(tmp_path, [("L", "us_leader", "0303"), ("A", "us_squad", "0303"), ("B", "us_squad", "0306")])
    with pytest.raises(UmpireError, match=r"A is not a leader \(4.0\)"):
        act(loc, "lead", side="blue", unit="A")
    with pytest.raises(UmpireError, match=r"no unit of Blue next to 0303 is left to act"):
        act(loc, "lead", side="blue", unit="L")
