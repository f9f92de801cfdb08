"""The command rules played through the engine: written and changed orders (2.1.1), lifting and
placing commanders (3.2, 3.6), and what the enemy side may read of them (4.5: never the orders,
never the values)."""

from __future__ import annotations

import pytest

from umpire.core.engine import journal, perform
from umpire.core.errors import UmpireError
from umpire.core.ruleset import load_ruleset
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal
from umpire.rules.hcm import RuleSystem as Hcm

from dicekit import dice

from .test_hcm_command import hcm_game


# the package's rule system, whose hooks call the command rules' (hcm/__init__.py)
Played = Hcm


@pytest.fixture()
def system():
    return Played(load_ruleset("hcm"))


def act(loc, system, kind, *faces, side=None, **params):
    if side is not None:
        params = {**params, "side": side}
    return perform(loc, kind, params, system, typed=dice(*faces), side=side)


def to_phase(loc, system, key):
    for _ in range(20):
        if open_game(loc).phase == key:
            return
        act(loc, system, "next_phase", *([5, 3] if open_game(loc).phase in ("", "initiative") else []))
    raise AssertionError(f"never reached {key}")


def everything_red_reads(loc, system, side="red"):
    g = open_game(loc)
    entries = side_journal(g, side, journal(loc), system)
    return "\n".join([e.head for e in entries] + [x for e in entries for x in e.lines])


def test_2_1_1_3_2_3_6_orders_and_commanders_through_a_turn(tmp_path, system):
    loc = hcm_game(tmp_path)
    act(loc, system, "write_order", side="blue", company="Able", order="Hold the crossroads at 0306")
    act(loc, system, "write_order", side="red", company="Rot", order="Take the farm")
    assert open_game(loc).rule_state.orders == {"Able": "Hold the crossroads at 0306", "Rot": "Take the farm"}

    to_phase(loc, system, "a_command")          # Blue opens: its commanders are lifted (3.2)
    g = open_game(loc)
    assert g.units["Maj Hale"].status == "off_map" and g.units["Lt Kerr"].status == "off_map"
    assert g.units["Kpt Roth"].on_map

    to_phase(loc, system, "a_movement")
    with pytest.raises(UmpireError, match="only in the commanders phase"):
        act(loc, system, "place_commander", unit="Maj Hale", hex="0306")
    act(loc, system, "change_order", 7, side="blue", company="Able", order="Advance on the farm")   # Lt Kerr T5: 7 passes
    g = open_game(loc)
    assert g.rule_state.orders["Able"] == "Advance on the farm" and g.rule_state.order_changes == {"Lt Kerr": 1}
    with pytest.raises(UmpireError, match="Red's turn|Blue's turn|turn to act"):
        act(loc, system, "change_order", 9, side="red", company="Rot", order="Retreat")

    to_phase(loc, system, "a_placement")
    act(loc, system, "place_commander", unit="Maj Hale", hex="0405")
    g = open_game(loc)
    assert g.units["Maj Hale"].on_map and g.map.number(g.units["Maj Hale"].hex) == "0405"
    with pytest.raises(UmpireError, match="HCM 3.2, 3.6, 4.6"):
        act(loc, system, "place_commander", unit="Maj Hale", hex="0306")      # once a turn
    with pytest.raises(UmpireError, match=r"already holds a commander \(3.5.6\)"):
        act(loc, system, "place_commander", unit="Lt Kerr", hex="0405")       # Maj Hale's hex now

    red, blue = everything_red_reads(loc, system), everything_red_reads(loc, system, "blue")
    for secret in ("crossroads", "Advance on the farm", "Tactical", "Lt Kerr", "Maj Hale"):
        assert secret in blue                    # the side reads its own orders and rolls
    for secret in ("crossroads", "Advance on the farm", "Tactical", "Lt Kerr", "Maj Hale", "Able"):
        assert secret not in red
    blue_form = {t.title: t for t in system.orders_form(open_game(loc), "blue")}
    assert blue_form["Written orders (HCM 2.1.1)"].rows == [("Able", "Advance on the farm")]
    hale = next(r for r in blue_form["Commanders (HCM 2.1, 3.6)"].rows if r[0] == "Maj Hale")
    assert hale[2] == "0405" and hale[3] == "I 5, T 6, A 4, C 1, M 2"
    red_form = system.orders_form(open_game(loc), "red")
    assert "Advance" not in repr(red_form) and "Maj Hale" not in repr(red_form)


def test_2_1_1_a_failed_change_binds_the_force_and_only_its_side_reads_why(tmp_path, system):
    loc = hcm_game(tmp_path)
    act(loc, system, "write_order", side="blue", company="Able", order="Hold")
    to_phase(loc, system, "a_movement")
    act(loc, system, "change_order", 5, 4, side="blue", company="Able", order="Attack")    # fails; d)
    g = open_game(loc)
    assert g.rule_state.orders["Able"] == "Hold"
    assert {g.units[x].marks.order_hold for x in ("B1", "B2", "B3", "BT")} == {"d"}
    assert "4.5.1" in everything_red_reads(loc, system, "blue")
    assert "4.5.1" not in everything_red_reads(loc, system)


def test_4_5_1_c_a_force_held_back_tries_its_aggressiveness_as_the_next_turn_begins(tmp_path, system):
    loc = hcm_game(tmp_path)
    to_phase(loc, system, "a_movement")
    act(loc, system, "act_without_orders", 4, 3, side="blue", company="Able", action="rush the farm")  # Lt Kerr A 7: 4 fails; 3: c)
    g = open_game(loc)
    assert {g.units[x].marks.order_hold for x in ("B1", "B2", "B3", "BT")} == {"c"}
    to_phase(loc, system, "b_rally")                 # the rest of the turn: no roll yet
    assert {open_game(loc).units[x].marks.order_hold for x in ("B1", "BT")} == {"c"}
    # the next turn: initiative 5-3, then Lt Kerr (A 7 -- Able's own commander) rolls 8: passes
    act(loc, system, "next_phase", 5, 3, 8)
    g = open_game(loc)
    assert g.phase == "initiative" and g.turn == 2
    assert {g.units[x].marks.order_hold for x in ("B1", "B2", "B3", "BT")} == {""}


def test_menus_ask_the_rules_who_rides_and_when_attacks_are_made(tmp_path, system):
    """3.2, 3.6: a commander is lifted and placed each turn, never a passenger, so the Unit
    menu's Board a Carrier is not his (RuleSystem.may_ride) though he moves on foot; 3.7, 3.8:
    Attack Hex is for the fire and melee phases (RuleSystem.attacks_now), not the movement."""
    from umpire.core.rulesystem import RuleSystem as Core
    loc = hcm_game(tmp_path)
    g = open_game(loc)
    chief = next(u for u in g.units.values() if g.unit_type(u)["kind"] == "commander")
    stand = next(u for u in g.units.values() if g.unit_type(u)["move_class"] == "foot"
                 and g.unit_type(u)["kind"] != "commander")
    assert Core.may_ride(system, g, chief)          # the core's default: he is on foot
    assert not system.may_ride(g, chief) and system.may_ride(g, stand)
    to_phase(loc, system, "a_movement")
    assert not system.attacks_now(open_game(loc))
    to_phase(loc, system, "a_fire_np")
    assert system.attacks_now(open_game(loc))
