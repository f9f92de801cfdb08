"""HCM 3.4: a force blocking arriving reinforcements is told their apparent strength and may fall
back a full move at once, or stay; the reinforcements overlap its flank only with units enough
(readings in umpire/rules/hcm/blocking.py)."""

import pytest

from umpire.core.errors import UmpireError
from umpire.rules.hcm import blocking, melee_actions

from . import hcmkit
from .gamekit import act, game, make_game


sees_all = hcmkit.sees_all          # the fixture: every enemy on the map seen and identified


def to_blocking(loc, turn=None):
    """Next phase until a blocking phase (of turn `turn`, when given), with every line logged on the way."""
    logs = []
    while game(loc).phase not in blocking.BLOCKING or (turn is not None and game(loc).turn != turn):
        logs += act(loc, "next_phase").log
    return logs


def blue_half(loc):
    """The blocking phase of turn 2 in which Blue's reinforcements are due: Red acts."""
    to_blocking(loc, turn=2)
    while game(loc).active_side != "red":
        act(loc, "next_phase")
        to_blocking(loc, turn=2)


def test_a_blocker_by_the_entry_is_told_and_offered_the_choice(tmp_path):     # 3.4
    loc = make_game(tmp_path, [("B1", "medium_tank", None), ("B2", "medium_infantry", None)],
                    [("R1", "medium_infantry", "0202")], rules="hcm")
    logs = to_blocking(loc, turn=2)
    while game(loc).active_side != "red":                     # Blue's half, not Red's
        logs += act(loc, "next_phase").log
        logs += to_blocking(loc, turn=2)
    g = game(loc)
    assert g.turn == 2 and g.phase in blocking.BLOCKING and g.active_side == "red"   # the blocking side acts
    assert set(g.rule_state.blockers) == {"R1"} and set(g.rule_state.blockers["R1"]) == {"B1", "B2"}
    assert any(x.startswith("Turn 2:") and "blocking reinforcements" in x for x in logs)
    told = [x for x in logs if "apparent strength" in x]
    assert told and "1 vehicle" in told[0] and "B1" not in told[0]          # counts by kind, never names
    assert any("may each fall back" in x and "R1" in x for x in logs)
    # the movement phase that follows does not roll or tell the arrival again
    while game(loc).phase.endswith("_blocking"):
        logs = act(loc, "next_phase").log
    assert game(loc).phase.endswith("_movement") and not any("apparent strength" in x for x in logs)


def test_with_nobody_blocking_the_phase_is_played_and_tells_nothing(tmp_path):     # 3.4, no leak
    from umpire.core.dice import Dice
    loc = make_game(tmp_path, [("B1", "medium_tank", None)], [("R1", "medium_infantry", "0606")], rules="hcm")
    to_blocking(loc)
    assert game(loc).turn == 1                                  # played every half: its playing tells nothing
    blue_half(loc)                                              # B1 due, R1 far from its entry
    g = game(loc)
    assert g.units["B1"].status == "off_map" and not g.rule_state.blockers
    said = blocking.phase_start(g, g.phase, Dice("s", 1))
    assert not [c for c in said if c.what == "note" and c.reader == "red"]     # Red hears of nothing


def test_the_blocker_falls_back_a_full_move_away(tmp_path):                    # 3.4, 3.5
    loc = make_game(tmp_path, [("B1", "medium_tank", None)], [("R1", "medium_infantry", "0202")], rules="hcm")
    blue_half(loc)
    with pytest.raises(UmpireError, match="3.4"):                               # back toward the arrival
        act(loc, "fall_back", side="red", unit="R1", path=["0202", "0102"])
    g = game(loc)
    reach = g.unit_type(g.units["R1"])["movement"]
    too_far = ["0202", "0303", "0403", "0504", "0604", "0705"][:reach + 2]
    with pytest.raises(UmpireError, match="full move"):
        act(loc, "fall_back", side="red", unit="R1", path=too_far)
    r = act(loc, "fall_back", side="red", unit="R1", path=["0202", "0303"])
    g = game(loc)
    r1 = g.units["R1"]
    assert g.map.number(r1.hex) == "0303" and r1.marks.fell_back_turn == g.turn
    assert not r1.moved                                                         # a free move: its own is still to come
    assert "R1" in g.rule_state.on_table                                        # moving shows it on the table (4.1)
    assert "3.4" in r.summary or any("3.4" in x for x in r.log)
    with pytest.raises(UmpireError, match="already"):
        act(loc, "fall_back", side="red", unit="R1", path=["0303", "0404"])


def test_only_a_blocker_falls_back_and_only_in_the_blocking_phase(tmp_path):   # 3.4
    loc = make_game(tmp_path, [("B1", "medium_tank", None)],
                    [("R1", "medium_infantry", "0202"), ("R2", "medium_infantry", "0606")], rules="hcm")
    blue_half(loc)
    with pytest.raises(UmpireError, match="blocks no arriving"):
        act(loc, "fall_back", side="red", unit="R2", path=["0606", "0707"])
    act(loc, "next_phase")
    with pytest.raises(UmpireError):
        act(loc, "fall_back", side="red", unit="R1", path=["0202", "0303"])


def overlap_game(tmp_path):
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303"), ("B2", "medium_infantry", None)],
                    [("R1", "medium_infantry", "0403")], rules="hcm")
    while game(loc).phase != "a_melee":
        act(loc, "next_phase")
    g = game(loc)
    g.rule_state = g.rule_state.but(blockers={"R1": ("B1", "B2")}, blockers_turn=g.turn)
    return g


def test_no_flank_attack_without_units_to_overlap_it(tmp_path, sees_all):      # 3.4
    g = overlap_game(tmp_path)
    # B1 strikes R1 (facing SE) from the NW, its rear: one arriving unit on the table, one blocker seen
    sheet = melee_actions.melee_sheet(g, ["B1"], g.units["R1"].hex, "R1")
    assert not sheet.legal and sheet.rule == "HCM 3.4" and "overlap" in sheet.reason
    # the second unit of the group comes on: two against one, the line reaches past its end
    g.units["B2"].hex, g.units["B2"].status = g.map.grid.parse("0202"), "on_map"
    assert melee_actions.melee_sheet(g, ["B1"], g.units["R1"].hex, "R1").legal


def test_a_frontal_attack_or_a_blocker_that_fell_back_is_not_checked(tmp_path, sees_all):   # 3.4
    g = overlap_game(tmp_path)
    b1 = g.units["B1"]
    b1.hex = g.map.grid.parse("0503")                       # NE of R1: its front
    assert blocking.overlap_problem(g, b1, g.units["R1"]) is None
    b1.hex = g.map.grid.parse("0303")
    assert blocking.overlap_problem(g, b1, g.units["R1"])
    g.units["R1"].marks = g.units["R1"].marks.but(fell_back_turn=g.turn)
    assert blocking.overlap_problem(g, b1, g.units["R1"]) is None


def test_the_count_is_of_the_blockers_the_side_sees(tmp_path):                 # 3.4: no leak
    g = overlap_game(tmp_path)                              # nobody sees anybody (no sees_all)
    assert not [c for (s, _u), c in g.contacts.items() if s == "blue" and c.status == "seen"]
    # R1 hidden: no blocker counted, the one arriving unit is more -- a refusal would have told of R1
    assert blocking.overlap_problem(g, g.units["B1"], g.units["R1"]) is None


def test_fire_on_the_blockers_flank_is_held_to_the_same_overlap(tmp_path, sees_all):    # 3.4
    from umpire.core.dice import Dice
    from umpire.rules.hcm import fire_actions
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303"), ("B2", "medium_infantry", None)],
                    [("R1", "medium_infantry", "0403")], rules="hcm")
    while game(loc).phase != "a_fire_p":
        act(loc, "next_phase")
    g = game(loc)
    g.rule_state = g.rule_state.but(blockers={"R1": ("B1", "B2")}, blockers_turn=g.turn)
    with pytest.raises(UmpireError, match="HCM 3.4"):
        fire_actions.fire(g, {"side": "blue", "unit": "B1", "target": "R1"}, Dice("s", 1))
    g.rule_state = g.rule_state.but(blockers_turn=g.turn - 1)            # another turn's blockers: no check
    summary, _ = fire_actions.fire(g, {"side": "blue", "unit": "B1", "target": "R1"}, Dice("s", 1))
    assert summary


def test_falling_back_keeps_the_stacking_limit(tmp_path):                        # 3.4, 3.5.6
    loc = make_game(tmp_path, [("B1", "medium_tank", None)],
                    [("R1", "medium_infantry", "0202"), ("R2", "light_tank", "0303"), ("R3", "light_tank", "0303")],
                    rules="hcm")
    blue_half(loc)
    with pytest.raises(UmpireError, match="two to a hex"):
        act(loc, "fall_back", side="red", unit="R1", path=["0202", "0303"])
