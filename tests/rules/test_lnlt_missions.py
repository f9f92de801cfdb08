"""Lock 'n Load Tactical's line and walking barrage fire missions (18.2, 18.2.1); the standard one is in
test_lnlt_play.py."""

import pytest

from umpire.core.errors import UmpireError
from umpire.rules.lnlt.state import Marks

from .gamekit import act, game, make_game

ARTILLERY = '[[artillery]]\nid = "81mm"\nside = "blue"\nlabel = "Mortars"\nconcentrations = 2\nstrength = 4\n'


def blue_to_act(tmp_path, red):
    loc = make_game(tmp_path, [("L", "us_leader", "0103"), ("K", "us_sergeant", "0101")], red, rules="lnlt",
                    cols=10, extra=ARTILLERY)
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    return loc


def ffe(loc):
    g = game(loc)
    return sorted(g.map.number(o.hex) for o in g.map.overlays if o.kind == "ffe")


def test_a_line_mission_strikes_every_hex_between_its_two_markers(tmp_path):
    """18.2: the round lands on its aim (1 - LM 1 = 0: no drift); the line 0603-0606 strikes
    each hex on it at the mission's firepower: X's 0604 (5 + 4 = 9 against 2: DC+7, Shaken on
    2 + 7), Y's 0606 (1 + 4 = 5 against 6: nothing); Z off the line is untouched."""
    loc = blue_to_act(tmp_path, [("X", "nva_squad", "0604"), ("Y", "nva_squad", "0606"), ("Z", "nva_squad", "0805")])
    with pytest.raises(UmpireError, match="a line mission needs its second hex"):
        act(loc, "fire_mission", side="blue", unit="L", hex="0603", mission="line")
    with pytest.raises(UmpireError, match="'to' is for line and walking"):
        act(loc, "fire_mission", side="blue", unit="L", hex="0603", to="0606")
    res = act(loc, "fire_mission", 1, 1, 5, 2, 2, 1, 6, side="blue", unit="L", hex="0603",
              mission="line", to="0606")
    assert "Result: fire for effect on 0603, 0604, 0605, 0606" in res.log
    g = game(loc)
    assert g.units["X"].marks.shaken and not g.units["Y"].marks.shaken and g.units["Z"].marks == Marks()
    assert res.summary.endswith("on 0603-0606: it falls on 0603")


def test_a_walking_barrage_walks_two_turns_then_ends(tmp_path):
    """18.2: it strikes under its marker now, then at the start of each of the next two
    Operations phases walks one hex its way (S) and strikes again: 0303, 0304, then X's 0305
    (6 + 4 = 10 against 1: DC+9; 6 + 9 = 15, three times morale 6 less one: Casualties)."""
    loc = blue_to_act(tmp_path, [("X", "nva_squad", "0305")])
    with pytest.raises(UmpireError, match="a walking barrage needs its direction"):
        act(loc, "fire_mission", side="blue", unit="L", hex="0303", mission="walking")
    act(loc, "fire_mission", 1, 1, side="blue", unit="L", hex="0303", mission="walking",
        direction="S")
    assert ffe(loc) == ["0303"] and game(loc).rule_state.barrages[0].left == 2
    act(loc, "end_turn", 1, 6)
    res = act(loc, "next_phase")
    assert any("Walking barrage of Mortars moves one hex to 0304" in x for x in res.log)
    assert ffe(loc) == ["0304"]
    act(loc, "end_turn", 1, 6)
    res = act(loc, "next_phase", 6, 1, 6)
    g = game(loc)
    assert any("0305: 10 against 1 -- damage checks at DC+9" in x for x in res.log)
    assert g.units["X"].type == "nva_half_squad" and g.units["X"].marks.shaken
    assert g.rule_state.barrages == () and ffe(loc) == []


def test_a_mission_is_refused_outside_a_callers_impulse_with_the_rule(tmp_path):
    """18.2: a leader or scout calls a mission as his impulse, while his side has one to fire.
    Refused, each saying 18.2: a squad calling it, a mission before the support's first turn
    (the scenario's from_turn); and the enemy's leader while Blue has the impulse (whose turn
    it is: the engine's).  The Unit menu offers it to neither leader now (ActionSpec.fits)."""
    from umpire.actions import system_for
    later = ARTILLERY + 'from_turn = 2\n'
    loc = make_game(tmp_path, [("L", "us_leader", "0103"), ("A", "us_squad", "0104")],
                    [("M", "nva_leader", "0805")], rules="lnlt", cols=10, extra=later)
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match=r"no artillery mission left before turn 2 \(18.2\)"):
        act(loc, "fire_mission", side="blue", unit="L", hex="0603")
    with pytest.raises(UmpireError, match=r"A is not a Good Order leader or scout.*\(18.2\)"):
        act(loc, "fire_mission", side="blue", unit="A", hex="0603")
    with pytest.raises(UmpireError, match="it is Blue's turn to act"):
        act(loc, "fire_mission", side="red", unit="M", hex="0603")
    spec, g = system_for(loc).actions()["fire_mission"], game(loc)
    assert not spec.fits_unit(g, g.units["L"]) and not spec.fits_unit(g, g.units["M"])
