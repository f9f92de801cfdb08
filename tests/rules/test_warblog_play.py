"""War Blog played through the engine: player turns (7.0), movement and zones of control (3.0-
3.2, 2.1, 2.5), stacking (3.1), depression limits (4.0), assaults and their results (11.2,
11.3), attrition (11.6), ranged fire (11.5, 1.18), recovery and digging in (4.0, 7.1, 2.4.1),
objectives (8.1), contact and reconnaissance (3.2, 3.6)."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act, game, make_game, marks


def test_the_first_player_acts_alone_then_the_other(tmp_path):
    """7.0: player 1's turn, then player 2's; passing ends a player's turn."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0103")], [("I", "infantry_bn", "0803")])
    g = game(loc)
    assert (g.phase, g.active_side) == ("first_player", "blue")
    with pytest.raises(UmpireError, match="Blue.s turn to act"):
        act(loc, "move", unit="I", path=["0803", "0703"])
    act(loc, "move", unit="T", path=["0103", "0203"])
    act(loc, "move", unit="T", path=["0203", "0303"])    # the same side goes on: no alternation
    assert game(loc).active_side == "blue"
    act(loc, "pass", side="blue")
    assert (game(loc).phase, game(loc).active_side) == ("second_player", "red")
    act(loc, "move", unit="I", path=["0803", "0703"])
    act(loc, "pass", side="red")
    g = game(loc)
    assert (g.turn, g.phase, g.active_side) == (2, "first_player", "blue")


def test_movement_is_priced_on_the_terrain_chart(tmp_path):
    """2.0, 2.1: wood costs armour 3 and infantry 2; motorised units may not enter jungle hills (0)."""
    terrain = "\n".join(["........", "..wJ....", "........", "........", "........", "........"])
    loc = make_game(tmp_path, [("T", "tank_bn", "0202"), ("I", "infantry_bn", "0202"), ("M", "motor_bn", "0502")],
                    [("X", "infantry_bn", "0806")], terrain=terrain)
    from umpire.actions import system_for
    sys_, g = system_for(loc), game(loc)
    h = g.map.grid.parse
    assert sys_.check_move(g, "T", [h("0202"), h("0302")]).steps[-1].cost == 3
    assert sys_.check_move(g, "I", [h("0202"), h("0302")]).steps[-1].cost == 2
    refused = sys_.check_move(g, "M", [h("0502"), h("0402")])
    assert not refused.legal and "may not enter jungle hill" in refused.reason
    too_far = sys_.check_move(g, "I", [h("0202"), h("0302"), h("0402")])    # 2 + 3 > 3
    assert not too_far.legal and "movement points" in too_far.reason


def test_entering_a_zone_of_control_ends_the_move_and_keeps_the_points(tmp_path):
    """3.2: next to an enemy the move stops; the points left are for an attack.  A move plotted
    on through the zone ends where it meets it, as the enemy is met in a double-blind game --
    refusing it whole told the side of an enemy it may not have seen."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0103"), ("G", "irregulars", "0104")], [("I", "infantry_bn", "0503")])
    res = act(loc, "move", unit="T", path=["0103", "0203", "0303", "0403", "0303"])
    g = game(loc)
    assert g.map.number(g.units["T"].hex) == "0403" and "zone of control short of the hexes" in " ".join(res.log)
    assert "mine" not in " ".join(res.log).lower() + res.summary.lower()     # no minefield met: none fired
    assert "stopped by an enemy zone of control, short of its plotted path (3.2)" in res.summary   # said to Blue
    assert marks(loc, "T").zoc is True and g.units["T"].mp_spent == 3 and not marks(loc, "T").depressions
    with pytest.raises(UmpireError, match="3.2"):
        act(loc, "move", unit="T", path=["0403", "0402"])
    act(loc, "move", unit="G", path=["0104", "0204", "0304", "0404"])  # irregulars ignore zones (1.20)
    assert not marks(loc, "G").zoc


def test_streams_end_the_move_and_rivers_need_a_bridge(tmp_path):
    """2.5.1: over a stream the move ends; 2.5.2: no crossing a river but at a bridge, except for
    river-crossing units such as special forces (1.13)."""
    sides = '[map.hexsides]\nstream = ["0203/0303"]\nriver = ["0501 SE", "0502 NE SE", "0503 NE SE", "0504 NE SE"]\n' \
            'bridge = ["0503/0603"]'
    loc = make_game(tmp_path, [("T", "tank_bn", "0203"), ("M", "mech_bn", "0403"), ("S", "special_forces", "0502")],
                    [("X", "infantry_bn", "0806")], hexsides=sides)
    with pytest.raises(UmpireError, match="stream"):
        act(loc, "move", unit="T", path=["0203", "0303", "0403"])
    act(loc, "move", unit="T", path=["0203", "0303"])
    with pytest.raises(UmpireError, match="river"):
        act(loc, "move", unit="M", path=["0403", "0503", "0602"])
    act(loc, "move", unit="M", path=["0403", "0503", "0603"])     # over the bridge
    act(loc, "move", unit="S", path=["0502", "0602"])


def test_stacking_is_two_in_hills_and_45_strength(tmp_path):
    """3.1: at most 5 units or 45 strength; 2 in hills."""
    terrain = "\n".join(["........", ".h......", "........", "........", "........", "........"])
    loc = make_game(tmp_path, [("A", "infantry_bn", "0202"), ("B", "infantry_bn", "0202"), ("C", "infantry_bn", "0102")],
                    [("X", "infantry_bn", "0806")], terrain=terrain.replace(".h", "hh", 1))
    with pytest.raises(UmpireError, match="at most 2"):
        act(loc, "move", unit="C", path=["0102", "0202"])


def test_five_depressions_forbid_closing_on_the_enemy(tmp_path):
    """4.0: with 5 or more depressions a unit may not advance towards any enemy."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0203")], [("X", "infantry_bn", "0703")])
    _set_marks(loc, "T", {"depressions": 5})
    with pytest.raises(UmpireError, match="4.0"):
        act(loc, "move", unit="T", path=["0203", "0303"])
    act(loc, "move", unit="T", path=["0203", "0103"])


def _set_marks(loc, uid, values):
    """Give a unit counters, as a change the engine journals (so undo and digests hold)."""
    from umpire.core.changes import Change
    from umpire.core.engine import ACTIONS
    from umpire.core.changes import apply

    def setter(ctx):
        apply(ctx, [Change("unit", uid, dict(values))])     # fields of the marks, merged into them
        return f"test sets {uid}", None
    ACTIONS["test_marks"] = setter
    act(loc, "test_marks")


def test_the_first_worked_example_through_the_game(tmp_path):
    """11.3: a tank of 5 against infantry of 4 in desert attacks at 8.5 to 4, 2-1."""
    terrain = "\n".join(["dddddddd"] * 6)
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("I", "infantry_bn", "0403")], terrain=terrain)
    res = act(loc, "assault", 4, units=["T"], hex="0403", kind="assault")
    sheet = res.detail
    assert (round(sheet.attack, 2), round(sheet.defence, 2), sheet.column) == (8.5, 4.0, "2-1")
    assert "DR" in res.summary          # a D12 of 4 at 2-1


def test_a_defender_retreat_out_of_zones_with_two_depressions(tmp_path):
    """11.2 DR: the defenders retreat with 2 depressions, to a hex out of enemy zones of control;
    the winner stopped in the enemy's zone may move on (3.2) after paying 2 points (11.0)."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0103")], [("I", "infantry_bn", "0403")])
    act(loc, "move", unit="T", path=["0103", "0203", "0303"])
    act(loc, "assault", 1, units=["T"], hex="0403")     # 2-1, D12 of 1: DR
    g = game(loc)
    i = g.units["I"]
    assert i.marks.depressions == 2 and i.hex != g.map.grid.parse("0403")
    assert all(abs(i.hex.q - t.q) + abs(i.hex.r - t.r) > 0 for t in [g.units["T"].hex])
    from umpire.core.hexgrid import hex_distance
    assert hex_distance(i.hex, g.units["T"].hex) >= 2
    assert g.units["T"].mp_spent == 4 and not g.units["T"].marks.zoc
    act(loc, "move", unit="T", path=["0303", "0403"])


def test_elimination_check_on_de(tmp_path):
    """11.2 DE: a D10 under the defender's depressions eliminates it; otherwise 3 more and a
    retreat.  Fresh units are never eliminated."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0303"), ("U", "tank_bn", "0304")],
                    [("I", "infantry_coy", "0403"), ("J", "infantry_coy", "0403")])
    _set_marks(loc, "I", {"depressions": 4})
    res = act(loc, "assault", 1, 3, 9, units=["T", "U"], hex="0403")   # 7-1 DE; I rolls 3 (<4), J 9
    g = game(loc)
    assert "DE" in res.summary
    assert g.units["I"].status == "destroyed"
    assert g.units["J"].on_map and g.units["J"].marks.depressions == 3


def test_a_unit_with_nowhere_to_go_is_eliminated(tmp_path):
    """11.2: no hex to retreat into, the retreating units are eliminated (here ridges, 2.6.2)."""
    sides = '[map.hexsides]\nridge = ["0101 SE S", "0201 S SW"]'
    loc = make_game(tmp_path, [("T", "tank_bn", "0102")], [("I", "infantry_coy", "0101")], hexsides=sides)
    act(loc, "assault", 1, units=["T"], hex="0101")
    assert game(loc).units["I"].status == "destroyed"


def test_an_exchange_and_an_attacker_retreat(tmp_path):
    """11.2 EX: both sides take 1 depression; AR: the attackers retreat with 3."""
    loc = make_game(tmp_path, [("A", "infantry_coy", "0303")], [("I", "infantry_bn", "0403")])
    res = act(loc, "assault", 5, units=["A"], hex="0403")     # 2 : 4 is 1-2; a 5 there is EX
    assert "EX" in res.summary and marks(loc, "A").depressions == 1 and marks(loc, "I").depressions == 1
    loc = make_game(tmp_path / "ar", [("A", "infantry_coy", "0303")], [("I", "infantry_bn", "0403")])
    res = act(loc, "assault", 9, units=["A"], hex="0403")     # a 9 at 1-2 is AR
    g = game(loc)
    assert "AR" in res.summary and g.units["A"].marks.depressions == 3
    assert g.units["A"].hex != g.map.grid.parse("0303") and g.units["I"].marks.depressions == 0


def test_attrition_costs_the_attacker_nothing(tmp_path):
    """11.6: each side rolls 0 to its factor; the difference over 5, at most 2, falls on the
    defender; the attacker keeps its defences but has no movement left."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("I", "infantry_bn", "0403")])
    act(loc, "assault", 4, 1, units=["T"], hex="0403", kind="attrition")   # 3 against 0
    assert marks(loc, "I").depressions == 0.6
    t = game(loc).units["T"]
    assert t.mp_spent == 6 and not t.acted and t.marks.depressions == 0


def test_ranged_fire_hit_numbers_follow_the_example(tmp_path):
    """11.5: artillery at 4 hexes into a stack of companies needs 4 for the first, 5 for the
    second; 1.18: two units of the stack are fired at; artillery that moved may not fire."""
    loc = make_game(tmp_path, [("G", "artillery_bn", "0203"), ("H", "artillery_bn", "0204"), ("S", "infantry_coy", "0503")],
                    [("A", "infantry_coy", "0603"), ("B", "infantry_coy", "0603"), ("C", "infantry_coy", "0603")])
    res = act(loc, "assault", 4, 1, 5, 10, units=["G"], hex="0603", kind="ranged")
    text = "\n".join(res.log)
    assert "needs 4" in text and "needs 5" in text and "needs 6" not in text
    assert "2 of 2" in res.summary
    act(loc, "move", unit="H", path=["0204", "0203"])
    with pytest.raises(UmpireError, match="1.18"):
        act(loc, "assault", units=["H"], hex="0603", kind="ranged")


def test_standing_still_recovers_and_digs_in(tmp_path):
    """4.0, 7.1: a unit that did not move sheds a depression at the end of its turn; 2.4.1: two
    turns still, it is dug in (x1.5)."""
    loc = make_game(tmp_path, [("A", "infantry_bn", "0203"), ("B", "infantry_bn", "0205")],
                    [("X", "infantry_bn", "0803")])
    _set_marks(loc, "A", {"depressions": 2})
    act(loc, "move", unit="B", path=["0205", "0305"])
    act(loc, "pass", side="blue")
    assert marks(loc, "A").depressions == 1 and marks(loc, "B").still == 0
    act(loc, "pass", side="red")
    act(loc, "pass", side="blue")
    g = game(loc)
    assert marks(loc, "A").still == 2
    from umpire.rules.warblog.state import works
    assert works(g, g.units["A"]) == "dug_in" and works(g, g.units["B"]) is None


def test_objective_scores_swing_by_the_occupiers_strength(tmp_path):
    """8.1: a 5-strength unit in an objective rated 5 brings it to 0 in one turn and to -5 in
    two: captured."""
    objectives = '[[victory]]\nside = "red"\ntext = "hold"\nobjectives = [ { hex = "0403", label = "Town", points = 5 } ]'
    loc = make_game(tmp_path, [("T", "tank_bn", "0403")], [("X", "infantry_bn", "0806")], objectives=objectives)
    assert game(loc).rule_state.objectives["0403"].holder == "blue"     # blue stands in it
    loc2 = make_game(tmp_path / "b", [("T", "tank_bn", "0303")], [("X", "infantry_bn", "0806")],
                     objectives=objectives)
    act(loc2, "move", unit="T", path=["0303", "0403"])
    act(loc2, "pass", side="blue")
    o = game(loc2).rule_state.objectives["0403"]
    assert (o.score, o.holder) == (0, "red")
    act(loc2, "pass", side="red")
    act(loc2, "pass", side="blue")
    o = game(loc2).rule_state.objectives["0403"]
    assert (o.score, o.holder) == (-5, "blue")
    from umpire.actions import system_for
    text = system_for(loc2).victory(game(loc2)).text(game(loc2))
    assert "Town (0403): held by Blue" in text
    assert "War Blog 8.0 sets no victory conditions" in text and "wins" not in text     # 8.0: a guide, no winner


def test_contact_and_reconnaissance(tmp_path):
    """3.2: units next to each other see each other; 3.6, 1.4: a reconnaissance unit of value 3 finds
    a unit two hexes off on 45% less the random loss, as its side's turn begins."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0203")], [("X", "infantry_bn", "0403"), ("Y", "infantry_bn", "0803")])
    assert ("blue", "X") not in game(loc).contacts
    act(loc, "move", unit="T", path=["0203", "0303"])
    assert game(loc).contacts[("blue", "X")].status == "seen" and ("red", "T") in game(loc).contacts
    assert ("blue", "Y") not in game(loc).contacts
    loc = make_game(tmp_path / "recon", [("R", "recce_coy", "0203")], [("X", "infantry_bn", "0403")])
    act(loc, "pass", side="blue")
    act(loc, "pass", 1, 90, side="red")     # blue's turn 2: no random loss, 90 > 45: nothing found
    assert game(loc).contacts.get(("blue", "X")) is None or game(loc).contacts[("blue", "X")].status != "seen"
    act(loc, "pass", side="blue")
    act(loc, "pass", 11, 36, side="red")    # turn 3: a loss of 10%, 36 <= 35? no -- 35 is the chance
    assert game(loc).contacts.get(("blue", "X")) is None or game(loc).contacts[("blue", "X")].status != "seen"
    act(loc, "pass", side="blue")
    act(loc, "pass", 11, 35, side="red")
    c = game(loc).contacts[("blue", "X")]
    assert c.status == "seen" and c.seen_by == ("R",)


def test_a_rout_is_one_more_hex(tmp_path):
    """6.0: over 5 depressions a unit checks morale; a D10 of 10 plus 2 over 5 routs it (read as a
    second hex of retreat)."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("I", "infantry_bn", "0403")], cols=10)
    _set_marks(loc, "I", {"depressions": 5})
    res = act(loc, "assault", 5, 10, units=["T"], hex="0403")   # 8.5 : 2 is 4-1, a 5 is DR; morale 10
    from umpire.core.hexgrid import hex_distance
    g = game(loc)
    assert "DR" in res.summary and any("routs" in x for x in res.log)
    assert g.units["I"].marks.depressions == 7 and hex_distance(g.units["I"].hex, g.map.grid.parse("0403")) == 2


def test_the_defender_reads_the_attack_not_the_worksheet(tmp_path):
    """A side's report tells of the attacks it took (where, by which contact, the result) and
    never prints the attacker's worksheet; the attacker's names no enemy unit."""
    from reportkit import report, text_of, words
    loc = make_game(tmp_path, [("Tank A", "tank_bn", "0303")], [("Rifles", "infantry_bn", "0403")])
    act(loc, "assault", 1, units=["Tank A"], hex="0403")       # 2-1, a 1: DR
    red = text_of(report(loc, "red", tmp_path / "red"))
    assert "Our units in 0403 were attacked by C1. Result: DR" in red
    assert "Attack 8.50" not in red and not words(red, "Tank A")
    blue = text_of(report(loc, "blue", tmp_path / "blue"))
    assert "Attack 8.50" in blue and not words(blue, "Rifles") and "Depressions" in blue


def test_war_blog_has_no_opportunity_fire(tmp_path):
    """7.0: the other player does nothing in a player's turn -- a unit paused mid-move (the
    core lets any move pause) cannot be attacked out of turn."""
    loc = make_game(tmp_path, [("G", "irregulars", "0103")], [("I", "infantry_bn", "0304")])
    act(loc, "move", unit="G", path=["0103", "0203", "0202"], until="0203")    # irregulars pass zones (1.20)
    assert game(loc).units["G"].paused and game(loc).contacts[("red", "G")].status == "seen"
    with pytest.raises(UmpireError, match="no opportunity fire"):
        act(loc, "assault", units=["I"], hex="0203")


def test_reinforcements_enter_on_their_turn_at_their_hex(tmp_path):
    """12.0: a reinforcement appears on the turn the order of battle gives, at its hex -- not
    before; entering costs the hex's terrain (2.1)."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0303"), ("R", "tank_bn", None)], [("X", "infantry_bn", "0806")])
    with pytest.raises(UmpireError, match="12.0"):
        act(loc, "move", unit="R", path=["0101", "0201"])
    act(loc, "pass", side="blue")
    act(loc, "pass", side="red")
    assert game(loc).turn == 2
    with pytest.raises(UmpireError, match="12.0"):
        act(loc, "move", unit="R", path=["0102", "0202"])           # not its entry hex
    act(loc, "move", unit="R", path=["0101", "0201"])
    g = game(loc)
    assert g.units["R"].on_map and g.map.number(g.units["R"].hex) == "0201" and g.units["R"].mp_spent == 2


FORT = '[[map.overlay]]\nkind = "fortified"\nhexes = ["0403"]\n'


def test_a_fortified_hex_surrounded_by_zones_of_control_may_be_besieged(tmp_path):
    """11.4: two units on opposite sides close every hex around the fort; the besieged take
    0.4 + tenths (1d11 of 6: 0.9) and the besiegers nothing; with four around it starts at 0.6
    (the rule's +0.1 a unit beyond two; 11.4's own example says 0.7): 1.1.  One besieger does
    not surround it."""
    from umpire.actions import system_for
    loc = make_game(tmp_path, [("N", "infantry_bn", "0402"), ("S", "infantry_bn", "0404"), ("E", "infantry_bn", "0503"),
                               ("W", "infantry_bn", "0303")],
                    [("F", "infantry_coy", "0403")], overlays=FORT)
    g = game(loc)
    system = system_for(loc)
    h = g.map.grid.parse("0403")
    assert "0.6 to 1.6" in "\n".join(system.assault_sheet(g, ["N", "S", "E", "W"], h, "siege").lines)
    assert "not surrounded" in system.assault_sheet(
        _without(g, "S", "E", "W"), ["N"], h, "siege").reason
    res = act(loc, "assault", 6, units=["N", "S"], hex="0403", kind="siege")
    assert "Result: the siege inflicts 1.1 depressions (11.4)" in res.log          # 0.6 + 0.5: four around
    assert marks(loc, "F").depressions == 1.1 and not marks(loc, "N").depressions
    two = make_game(tmp_path / "two", [("N", "infantry_bn", "0402"), ("S", "infantry_bn", "0404")],
                    [("F", "infantry_coy", "0403")], overlays=FORT)
    res = act(two, "assault", 6, units=["N", "S"], hex="0403", kind="siege")
    assert "Result: the siege inflicts 0.9 depressions (11.4)" in res.log


def test_a_friend_next_to_the_fort_breaks_the_siege(tmp_path):
    from umpire.actions import system_for
    loc = make_game(tmp_path, [("N", "infantry_bn", "0402"), ("S", "infantry_bn", "0404")],
                    [("F", "infantry_coy", "0403"), ("R", "infantry_coy", "0503")], overlays=FORT)
    g = game(loc)
    sheet = system_for(loc).assault_sheet(g, ["N", "S"], g.map.grid.parse("0403"), "siege")
    assert "the siege is broken (11.4)" in sheet.reason


def _without(g, *ids):
    for uid in ids:
        g.units[uid].status = "destroyed"
    return g


def test_the_attacker_reads_the_odds_column_not_the_defence_that_tells_the_defenders_state(tmp_path):
    """11.3: the defence is figured from the defenders' depressions (4.0), works and leaders,
    which are hidden from the attacker.  Its worksheet gives it the odds column; the defence
    figure and the odds in numbers are the defenders' to read (and the umpire's)."""
    from umpire.core.engine import journal
    from umpire.core.witness import readable

    terrain = "\n".join(["dddddddd"] * 6)
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("I", "infantry_bn", "0403")], terrain=terrain)
    _set_marks(loc, "I", {"depressions": 3})            # halves its defence (4.0)
    act(loc, "assault", 4, units=["T"], hex="0403", kind="assault")
    row = journal(loc)[-1]
    attacker = [x for _, x in readable(row, "blue", actor=True)]
    defender = [x for _, x in readable(row, "red", actor=False)]
    assert any(x.startswith("Odds column ") for x in attacker)
    assert not any(x.startswith(("Defence ", "Odds 1", "Odds 2", "Odds 3", "Odds 4", "Odds 5", "Odds 6", "Odds 7",
                                 "Odds 8", "Odds 9")) for x in attacker), attacker
    assert any(x.startswith("Defence 2.00") for x in defender) and any(" : 2.00 = " in x for x in defender)
    assert any(x.startswith("Defence 2.00") for x in row.log)        # the umpire reads every line


def test_the_key_says_one_depression_point_and_several_points():
    """The map key's words for a War Blog counter's depressions (4.0): "1 depression points"
    read wrong at the table."""
    from umpire.core.ruleset import load_ruleset
    from umpire.rules import rule_system

    words = rule_system(load_ruleset("warblog")).mark_words
    assert words("D1 Z")[0] == ("D1", "1 depression point (4.0)")
    assert words("D2.5")[0] == ("D2.5", "2.5 depression points (4.0)")
    assert words("D10")[0] == ("D10", "10 depression points (4.0)")
