"""Lock 'n Load Tactical sections the coverage page calls implemented and no other test named:
the leader's LM on direct fire (5.0.1), a wounded leader's (11.1.2), the adjacent target (5.6),
self-rally (3.0 step 3, 11.0) and stealth assault fire (6.4.2)."""

import pytest

from umpire.core.changes import Change, apply
from umpire.core.engine import ACTIONS

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt


def _sheet(loc, units, where, how="fire"):
    from umpire.actions import system_for
    g = game(loc)
    return dict(system_for(loc).assault_sheet(g, units, g.map.grid.parse(where), how).modifiers)


def _set(loc, uid, **values):
    def change(ctx):
        apply(ctx, [Change("unit", uid, values)])
        return f"test sets {uid}", None
    ACTIONS["test_set"] = change
    act(loc, "test_set")


def test_a_leader_adds_his_lm_to_fire_and_a_wounded_one_a_point_less(tmp_path):
    """5.0.1: the US leader (LM 1) with the squad: +1; wounded, his LM is one less: 0 (11.1.2)."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("L", "us_leader", "0103")], [("X", "nva_squad", "0503")])
    assert _sheet(loc, ["A"], "0503")["leader's LM (5.0.1)"] == 1
    _set(loc, "L", wounded=True)
    assert "leader's LM (5.0.1)" not in _sheet(loc, ["A"], "0503")


def test_an_adjacent_target_is_two_easier(tmp_path):
    """5.6: +2 against the squad next door, nothing at two hexes."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "0203"), ("Y", "nva_squad", "0303")])
    assert _sheet(loc, ["A"], "0203")["adjacent target (5.6)"] == 2
    assert "adjacent target (5.6)" not in _sheet(loc, ["A"], "0303")


def test_a_weapon_team_rallies_alone_a_squad_needs_a_leader(tmp_path):
    """3.0 step 3, 11.0: the Shaken MG team rallies with no leader (2d6 2 + 2 = 4, at or under its
    morale 5); the Shaken squad beside it, leaderless, may not try."""
    loc = lnlt(tmp_path, [("M", "us_mg_team", "0103"), ("A", "us_squad", "0105")], [("X", "nva_squad", "1003")])
    _set(loc, "M", shaken=True)
    _set(loc, "A", shaken=True)
    act(loc, "next_phase", 6, 1)
    act(loc, "end_turn", 3, 1, 2, 2)
    g = game(loc)
    assert not g.units["M"].marks.shaken and g.units["A"].marks.shaken


def test_stealth_assault_fire_then_a_stealthy_half_move(tmp_path):
    """6.4.2: the scout fires first (assault fire, -2) then moves half its MPs by stealth, into
    the woods next to the enemy -- seen all the same, being marked Fired (our reading)."""
    terrain = "\n".join(["..........", "..........", "...w......", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("S", "us_scout", "0303")], [("Y", "nva_squad", "0503")],
               terrain=terrain)
    blue_first(loc)
    assert _sheet(loc, ["S"], "0503", "assault_fire")["assault movement or fire (6.1)"] == -2
    act(loc, "assault", 1, 6, side="blue", units=["S"], hex="0503", kind="assault_fire")
    act(loc, "move", side="blue", unit="S", path=["0303", "0403"], pace="stealth")
    g = game(loc)
    assert g.units["S"].marks.stealth and g.units["S"].hex == g.map.grid.parse("0403")
    assert g.contacts[("red", "S")].status == "seen"        # marked Fired: seen all the same (10.1)
    with pytest.raises(Exception):
        act(loc, "move", side="blue", unit="S", path=["0403", "0402"], pace="stealth")
