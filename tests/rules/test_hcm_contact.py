"""HCM 3.8 e note, 3.8 i, 3.8 j: what a melee leaves on the units that fought it -- a defender's
spent bonus for the rest of the turn, a facing taken, no turning when meleed in flank or rear
(readings in umpire/rules/hcm/contact.py)."""

import pytest

from umpire.core.errors import UmpireError
from umpire.rules import hcm
from umpire.rules.hcm import contact, movement, turn

from . import hcmkit
from .gamekit import act, game, make_game


sees_all = hcmkit.sees_all          # the fixture: every enemy on the map seen and identified


def to_phase(loc, phase):
    while game(loc).phase != phase:
        act(loc, "next_phase")


TOWN = "\n".join("...t...." if r == 2 else "........" for r in range(6))      # 0403 is town: cover 2


def test_a_defender_that_won_has_no_bonus_in_a_later_melee_action(tmp_path, sees_all):   # 3.8 e note
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303"), ("B2", "medium_infantry", "0503")],
                    [("R1", "medium_infantry", "0403")], rules="hcm", terrain=TOWN)
    to_phase(loc, "a_melee")
    r = act(loc, "melee", 1, 1, side="blue", unit="B1", target="R1")      # 1 against 1 + 2 cover
    assert "holds" in r.summary and any("defending in cover" in x for x in r.log)
    g = game(loc)
    assert g.units["B1"].status == "destroyed" and g.units["R1"].marks.melee_won_turn == g.turn
    # a second melee action, the same turn: 3 against 2, no cover now -- with it R1 would hold (2 + 2)
    r = act(loc, "melee", 3, 2, side="blue", unit="B2", target="R1")
    assert "attacker wins" in r.summary and not any("defending in cover" in x for x in r.log)
    assert game(loc).units["R1"].status == "destroyed"


def test_the_spent_bonus_is_cleared_as_the_turn_ends(tmp_path, sees_all):      # 3.8 e note
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("R1", "medium_infantry", "0403")],
                    rules="hcm", terrain=TOWN)
    g = game(loc)
    g.units["R1"].marks = g.units["R1"].marks.but(melee_won_turn=g.turn)
    assert contact.bonus_spent(g, g.units["R1"])
    cleared = [c for c in turn.turn_end(g) if c.key == "R1"]
    assert cleared and cleared[0].values["marks"].melee_won_turn is None
    g.turn += 1
    assert not contact.bonus_spent(g, g.units["R1"])          # a mark of an earlier turn counts for nothing


def test_a_unit_without_a_facing_faces_its_opponent(tmp_path):        # 3.8 i
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("R1", "medium_infantry", "0403")], rules="hcm")
    g = game(loc)
    g.units["B1"].marks = g.units["B1"].marks.but(facing=None)
    faced = [c for c in contact.engage(g, g.units["B1"], g.units["R1"]) if c.key == "B1"]
    assert faced[0].values["facing"] == g.map.grid.direction_index("SE") and "3.8 i" in faced[0].lines[0]


def test_flank_or_rear_is_outside_the_three_front_hexsides(tmp_path):     # 3.8 j
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303"), ("B2", "medium_infantry", "0503")],
                    [("R1", "medium_infantry", "0403")], rules="hcm")
    g = game(loc)
    r1, b1, b2 = g.units["R1"], g.units["B1"], g.units["B2"]
    assert r1.marks.facing == g.map.grid.direction_index("SE")         # toward the table's middle
    assert contact.from_flank_or_rear(b1, r1)                          # from the NW: its rear
    assert not contact.from_flank_or_rear(b2, r1)                      # from the NE: its front
    # inside its hex, by the hexside the attacker came through: it faces the way it moved (3.5)
    b1.hex, b1.marks = r1.hex, b1.marks.but(facing=g.map.grid.direction_index("S"))   # came in from the N
    assert contact.from_flank_or_rear(b1, r1)
    b1.marks = b1.marks.but(facing=g.map.grid.direction_index("NW"))                  # came in from the SE
    assert not contact.from_flank_or_rear(b1, r1)


def test_meleed_in_the_rear_it_may_not_turn_until_the_contact_ends(tmp_path, sees_all):   # 3.8 j
    loc = make_game(tmp_path, [("B1", "medium_tank", "0303")], [("R1", "medium_infantry", "0403")], rules="hcm")
    to_phase(loc, "a_melee")
    r = act(loc, "melee", side="blue", unit="B1", target="R1")       # a tank overruns: a casualty (3.8 k)
    g = game(loc)
    assert g.units["R1"].steps_lost == 1 and g.units["R1"].marks.pinned_by == ("B1",)
    assert any("3.8 j" in x for x in r.log)
    to_phase(loc, "b_movement")                                       # Red's half: the pin outlasts the phases
    g = game(loc)
    assert g.units["R1"].marks.pinned_by == ("B1",)
    with pytest.raises(UmpireError, match="3.8 j"):
        act(loc, "face", side="red", unit="R1", facing="NW")
    away = movement.check_move(g, "R1", [g.map.grid.parse("0403"), g.map.grid.parse("0404")])    # a turn to S
    assert not away.legal and away.rule == "HCM 3.8 j"
    ahead = movement.check_move(g, "R1", [g.map.grid.parse("0403"), g.map.grid.parse("0504")])   # straight on
    assert ahead.legal, ahead.reason
    # the tank gone from its side: the contact is over and the mark goes as the phase ends
    g.units["B1"].hex = g.map.grid.parse("0101")
    assert contact.facing_locked(g, g.units["R1"]) is None
    assert [c.values["pinned_by"] for c in contact.contacts_ended(g)] == [()]


def test_a_frontal_melee_leaves_no_pin(tmp_path, sees_all):            # 3.8 j
    loc = make_game(tmp_path, [("B2", "medium_tank", "0503")], [("R1", "medium_infantry", "0403")], rules="hcm")
    to_phase(loc, "a_melee")
    act(loc, "melee", side="blue", unit="B2", target="R1")
    assert game(loc).units["R1"].marks.pinned_by == ()


def test_moving_into_the_hex_from_its_rear_pins_it_and_only_its_owner_reads_it(tmp_path, sees_all):   # 3.8 b, j
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("R1", "medium_infantry", "0403")], rules="hcm")
    to_phase(loc, "a_movement")
    r = act(loc, "move", 1, side="blue", unit="B1", path=["0303", "0403"])     # R1's ambush fire misses
    g = game(loc)
    assert g.units["R1"].marks.pinned_by == ("B1",) and any("3.8 j" in x for x in r.log)
    g.units["R1"].marks = g.units["R1"].marks.but(pinned_by=())
    said = contact.entered(g, "B1")
    assert [c.reader for c in said] == ["red"]                # the line names R1: Red's alone to read


def test_the_owner_reads_the_pin_and_the_spent_bonus_in_its_unit_marks(tmp_path):    # 3.8 e note, j
    from umpire.rules.hcm import reports
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("R1", "medium_infantry", "0403")], rules="hcm")
    g = game(loc)
    r1 = g.units["R1"]
    assert "Pinned" not in reports.unit_marks(g, r1)
    r1.marks = r1.marks.but(pinned_by=("B1",), melee_won_turn=g.turn)
    marks = reports.unit_marks(g, r1).split()
    assert "Pinned" in marks and "NoBonus" in marks
    words = dict(hcm.RuleSystem.MARK_WORDS)
    assert "3.8 j" in words["Pinned"] and "3.8 e" in words["NoBonus"]
