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


def test_a_marksman_fires_with_two_dice(tmp_path):
    """11.12 (small arms against infantry: "a Sniper or Marksman rolls 2d6"): the marksman's
    attack roll is 2d6 + its firepower; a squad's is 1d6."""
    loc = lnlt(tmp_path, [("K", "us_marksman", "0103"), ("A", "us_squad", "0104")], [("X", "nva_squad", "0403")])
    blue_first(loc)
    res = act(loc, "assault", 1, 1, 6, side="blue", units=["K"], hex="0403", kind="fire")
    assert "fire on 0403: 3 against 6, no effect" in res.summary
    assert any("2d6 = 1+1" in x for x in res.log)


@pytest.mark.parametrize("carrier", ["us_chaplain", "us_nurse", "us_marksman"])
def test_chaplains_nurses_and_marksmen_carry_no_support_weapon(tmp_path, carrier):
    """1.6 notes, 11.8, 11.10, 11.12: a LAW given to one of them is refused before play."""
    from umpire.core.errors import ScenarioError
    with pytest.raises(ScenarioError, match=r'unit "W": C \(US \w+\) cannot carry units'):
        lnlt(tmp_path, [("C", carrier, "0103"), ("W", "us_law", "0103", "C")], [("X", "nva_squad", "0403")])
    from umpire.rules.lnlt.weapons import PORTAGE
    assert PORTAGE[carrier.removeprefix("us_")] == 0


def test_a_weapon_team_pivots_to_fire_off_its_front(tmp_path):
    """1.7.1: the recoilless rifle team moved east, so it faces east (our reading); firing at the
    squad west of it, +1 on the OFT, and it then faces the squad: a second shot has no pivot."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103")], [("R", "nva_rr_team", "0403"), ("X", "nva_squad", "1006")])
    act(loc, "next_phase")
    if game(loc).active_side == "blue":
        act(loc, "pass", side="blue")
    act(loc, "move", side="red", unit="R", path=["0403", "0503"])
    assert game(loc).units["R"].marks.facing is not None
    act(loc, "pass", side="blue")
    act(loc, "pass", side="red")
    act(loc, "pass", side="blue")
    act(loc, "end_turn", 1, 6)
    act(loc, "next_phase")
    if game(loc).active_side == "blue":
        act(loc, "pass", side="blue")
    assert _sheet(loc, ["R"], "0103", "ordnance")["weapon team pivots to fire off its front arc (1.7.1)"] == 1
    act(loc, "assault", 6, 6, side="red", units=["R"], hex="0103", kind="ordnance")
    from umpire.rules.lnlt.ordnance import outside_arc
    g = game(loc)
    assert outside_arc(g, g.units["R"], g.map.grid.parse("0103")) is None
