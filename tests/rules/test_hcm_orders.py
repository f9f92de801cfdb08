"""HCM 2.1.1, 3.10, 4.5.1: written orders, changing them on Tactical, acting without them on
Aggressiveness, the consequences of a failure, and what they forbid a move."""

from __future__ import annotations

import pytest

from umpire.core.errors import UmpireError
from umpire.core.game import Contact
from umpire.core.store.db import open_game
from umpire.rules.hcm import orders

from .test_hcm_command import Faces, hcm_game


@pytest.fixture()
def g(tmp_path):
    return open_game(hcm_game(tmp_path))


def written(g, company="Able", text="Hold the crossroads"):
    g.rule_state = g.rule_state.but(orders={**g.rule_state.orders, company: text})
    return g


def hold(g, hold_, *ids):
    for uid in ids:
        g.units[uid].marks = g.units[uid].marks.but(order_hold=hold_)


def test_4_5_1_the_list_is_transcribed_whole_and_its_cross_references_read_as_die_faces(g):
    table = orders.consequences(g)
    assert sorted(e["roll"] for e in table.values()) == list(range(1, 11))
    assert [k for k, _ in sorted(table.items(), key=lambda kv: kv[1]["roll"])] == list("abcdefghij")
    assert (table["b"]["like"], table["b"]["hits"]) == ("a", "random")      # "Same as 1"
    assert (table["g"]["like"], table["g"]["hits"]) == ("f", "random")      # "#6 +"
    assert (table["h"]["like"], table["h"]["hits"]) == ("e", "random")      # "#5 +"
    assert table["i"]["hold"] == table["c"]["hold"] == "c" and table["j"]["hits"] == "all"


def test_2_1_1_orders_are_written_before_play_once_and_only_for_the_sides_own_force(g):
    summary, out = orders.write_order(g, "blue", "Able", "  Take the ridge  ")
    assert out[0].values == {"orders": {"Able": "Take the ridge"}} and out[0].reader == "blue"
    # an enemy company and a made-up one get the same answer: it tells nothing of the enemy's
    with pytest.raises(UmpireError, match=r"'Rot' is not one of Blue's companies.*2.1.1"):
        orders.write_order(g, "blue", "Rot", "x")
    with pytest.raises(UmpireError, match=r"'Baker' is not one of Blue's companies.*2.1.1"):
        orders.write_order(g, "blue", "Baker", "x")
    written(g)
    with pytest.raises(UmpireError, match=r"Tactical roll"):
        orders.write_order(g, "blue", "Able", "another")
    g.turn = 2
    with pytest.raises(UmpireError, match=r"before play"):
        orders.write_order(g, "red", "Rot", "Hold")


def test_2_1_1_a_tactical_pass_changes_the_order_and_lifts_defend_only(g):
    written(g)
    hold(g, "d", "B1")
    # Able answers to Lt Kerr: Tactical 5, Initiative 6 -> 4 changes allowed
    summary, out = orders.change_order(g, "blue", "Able", "Advance to the wood", Faces(6))
    state = [c.values for c in out if c.what == "game"]
    assert {"order_changes": {"Lt Kerr": 1}} in state and {"orders": {"Able": "Advance to the wood"}} in state
    assert any(c.key == "B1" and c.values == {"order_hold": ""} for c in out)
    assert all(c.reader == "blue" for c in out)


def test_2_1_1_a_tactical_failure_keeps_the_order_and_rolls_the_consequences(g):
    written(g)
    summary, out = orders.change_order(g, "blue", "Able", "Advance", Faces(5, 4))   # 5 fails T5; 4: d)
    assert not any(c.what == "game" and "orders" in c.values for c in out)
    assert "consequence d" in summary
    bound = {c.key: c.values for c in out if c.what == "unit"}
    assert bound == {u: {"order_hold": "d"} for u in ("B1", "B2", "B3", "BT")}


def test_2_1_1_at_most_10_minus_initiative_attempts(g):
    written(g)
    g.rule_state = g.rule_state.but(order_changes={"Lt Kerr": 4})      # Initiative 6: 4 allowed
    dice = Faces()
    with pytest.raises(UmpireError, match=r"tried 4 of his 4 changes \(10 - Initiative 6"):
        orders.change_order(g, "blue", "Able", "Advance", dice)
    assert dice.asked == []          # refused before any roll


def test_2_1_1_no_change_without_a_written_order_nor_while_bound_to_it(g):
    with pytest.raises(UmpireError, match="no written order"):
        orders.change_order(g, "blue", "Able", "Advance", Faces())
    written(g)
    hold(g, "e", "B2")
    with pytest.raises(UmpireError, match=r"4.5.1 e"):
        orders.change_order(g, "blue", "Able", "Advance", Faces())


def test_3_10_acting_without_orders_on_aggressiveness(g):
    # Rot answers to Kpt Roth, Aggressiveness 5
    summary, out = orders.act_without_orders(g, "red", "Rot", "raid the farm", Faces(6))
    assert "may act" in summary and len(out) == 1 and "passes" in out[0].lines[0]
    summary, out = orders.act_without_orders(g, "red", "Rot", "raid the farm", Faces(5, 10))   # j): all hit
    assert "consequence j" in summary
    assert {c.key: c.values for c in out if c.what == "unit"} == {"R1": {"hits": 1, "routed": False}, "R2": {"hits": 1, "routed": False}}


def test_4_5_1_b_is_a_with_random_hit_markers_by_1d6(g):
    letter, out = orders.consequence(g, "Rot", Faces(2, 4, 3), "test")     # b); R1 rolls 4, R2 3
    units = [(c.key, c.values) for c in out if c.what == "unit"]
    assert letter == "b"
    assert units == [("R1", {"order_hold": "a"}), ("R2", {"order_hold": "a"}), ("R1", {"hits": 1, "routed": False})]


def test_4_5_1_f_and_g_turn_the_units_about(g):
    g.units["R1"].marks = g.units["R1"].marks.but(facing=4)
    letter, out = orders.consequence(g, "Rot", Faces(7, 6, 6), "test")     # g) = f) + random markers
    r1 = next(c.values for c in out if c.key == "R1")
    assert letter == "g" and r1 == {"order_hold": "f", "facing": 1}
    assert sum(1 for c in out if c.what == "unit" and "hits" in c.values) == 2


def test_4_5_1_c_lifts_on_a_later_aggressiveness_pass(g):
    hold(g, "c", "R1", "R2")
    out = orders.aggressiveness_retests(g, "red", Faces(5))        # A 5: fails
    assert [c.what for c in out] == ["note"]
    out = orders.aggressiveness_retests(g, "red", Faces(6))
    assert sorted(c.key for c in out if c.what == "unit") == ["R1", "R2"]


def test_4_5_1_a_and_e_last_the_turn(g):
    hold(g, "a", "B1")
    hold(g, "e", "B2")
    hold(g, "d", "B3")
    assert sorted(c.key for c in orders.turn_ends(g)) == ["B1", "B2"]


def see(g, side, uid):
    u = g.units[uid]
    g.contacts[(side, uid)] = Contact(side, uid, "C1", "seen", u.hex, g.turn)


def path(g, *numbers):
    return [g.map.grid.parse(n) for n in numbers]


def test_move_problem_toward_the_enemy_is_what_the_side_knows(g):
    hold(g, "c", "B3")
    forward = path(g, "0102", "0202", "0302")
    assert orders.move_problem(g, g.units["B3"], forward) is None        # Blue knows of no enemy yet
    see(g, "blue", "R1")               # 1006
    assert "4.5.1 c" in orders.move_problem(g, g.units["B3"], forward)
    assert orders.move_problem(g, g.units["B3"], path(g, "0102", "0101")) is None    # away: free


def test_move_problem_defend_only_and_falling_back(g):
    see(g, "blue", "R1")
    hold(g, "d", "B3")
    assert "4.5.1 d" in orders.move_problem(g, g.units["B3"], path(g, "0102", "0202"))
    hold(g, "f", "B3")
    sideways = path(g, "0102", "0103")          # 9 hexes from R1 before and after: not farther
    assert "4.5.1 f" in orders.move_problem(g, g.units["B3"], sideways)
    assert orders.move_problem(g, g.units["B3"], path(g, "0102", "0101")) is None     # back: the way to go


def test_move_problem_a_forbids_a_change_of_facing(g):
    see(g, "blue", "R1")
    g.units["B3"].marks = g.units["B3"].marks.but(order_hold="a", facing=5)   # facing S (flat map)
    assert orders.move_problem(g, g.units["B3"], path(g, "0102", "0103")) is None     # straight on, S
    assert orders.move_problem(g, g.units["B3"], path(g, "0102", "0101")) is None     # backing, N
    assert "4.5.1 a" in orders.move_problem(g, g.units["B3"], path(g, "0102", "0201"))   # NE: a turn
    g.units["B3"].marks = g.units["B3"].marks.but(order_hold="")
    assert orders.move_problem(g, g.units["B3"], path(g, "0102", "0201")) is None


def test_3_3_a_panicked_side_advances_only_with_a_commander(g):
    see(g, "blue", "R1")
    g.rule_state = g.rule_state.but(panicked=("blue",))
    assert "HCM 3.3" in orders.move_problem(g, g.units["B3"], path(g, "0102", "0202"))
    # B1 stands with Maj Hale at 0306: it may advance
    assert orders.move_problem(g, g.units["B1"], path(g, "0306", "0406")) is None
    assert "HCM 3.3" in orders.attack_problem(g, g.units["B3"])


def test_3_7_19_a_routed_stand_neither_advances_nor_fights(g):
    see(g, "blue", "R1")
    g.units["B3"].marks = g.units["B3"].marks.but(routed=True)
    assert "3.7.19" in orders.move_problem(g, g.units["B3"], path(g, "0102", "0202"))
    assert "3.7.19" in orders.attack_problem(g, g.units["B3"])
    assert orders.attack_problem(g, g.units["B2"]) is None


def test_2_1_1_writing_orders_and_numbering_groups_close_once_play_began(g):
    """2.1.1, 4.6: the menus disable "Write a force's order" and "Number the groups" once a unit
    has moved or turn 1 is over (ActionSpec.open), instead of offering them to be refused."""
    from umpire.rules.hcm.command_actions import ACTIONS
    specs = [ACTIONS["write_order"], ACTIONS["activation_order"]]
    assert all(s.is_open(g) for s in specs)
    first = next(iter(g.units.values()))
    first.moved = True
    assert not any(s.is_open(g) for s in specs)
    first.moved = False
    g.turn = 2
    assert not any(s.is_open(g) for s in specs) and all(s.when == "only before play" for s in specs)
