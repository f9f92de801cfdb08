"""Lock 'n Load Tactical ATGM depletion (14.1) and target acquisition (14.3)."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt

WOODS = "\n".join(["..........", "..........", "......w...", "..........", "..........", ".........."])


def _mods(loc, who, where):
    from umpire.actions import system_for
    g = game(loc)
    return dict(system_for(loc).assault_sheet(g, [who], g.map.grid.parse(where), "ordnance").modifiers)


def fire_tow(loc):
    act(loc, "assault", side="blue", units=["W"], hex="0503", kind="ordnance")


def test_a_coloured_die_under_the_depletion_number_spends_the_missiles(tmp_path):
    """14.1: the TOW team (depletion 2) misses with 6 and 6 -- coloured 6, not under 2; then 5 and
    1 -- coloured 1 under 2: ATGM Expended, and it fires on the OFT no more."""
    loc = lnlt(tmp_path, [("W", "us_tow_team", "0103")], [("X", "nva_squad", "0503")])
    blue_first(loc)
    fire_tow(loc)
    res = act(loc, "halt", 6, 6, side="blue", unit="W")        # its shot in flight resolves (14.1)
    assert "coloured die 6, not under 2 (14.1)" in "\n".join(res.log)
    assert not game(loc).units["W"].marks.atgm_expended
    act(loc, "pass", side="red")
    act(loc, "end_turn", 6, 1)
    blue_first(loc)
    fire_tow(loc)
    res = act(loc, "halt", 6, 6, side="blue", unit="W")
    assert "not under 2" in "\n".join(res.log)
    act(loc, "pass", side="red")
    act(loc, "end_turn", 6, 1)
    blue_first(loc)
    fire_tow(loc)
    act(loc, "halt", 5, 1, 1, 6, side="blue", unit="W")                  # 6: hit; HE 4 vs 6
    assert game(loc).units["W"].marks.atgm_expended
    act(loc, "pass", side="red")
    act(loc, "end_turn", 6, 1)
    blue_first(loc)
    with pytest.raises(UmpireError, match=r"ATGM Expended \(14.1\)"):
        act(loc, "assault", side="blue", units=["W"], hex="0503", kind="ordnance")


def test_a_gun_that_missed_has_its_target_acquired_one_then_two_better(tmp_path):
    """14.3: the M48 misses the squad (a natural 12): its next shot at it is -1 (our reading of
    the aid's "+1 or +2"), the one after -2, never more; a gun of no ATGM has no depletion."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0103")], [("X", "nva_squad", "0503")])
    blue_first(loc)
    assert not any("14.3" in k for k in _mods(loc, "T", "0503"))
    res = act(loc, "assault", 6, 6, side="blue", units=["T"], hex="0503", kind="ordnance")
    assert "T has X acquired: its next shot at it -1 (14.3)" in "\n".join(res.log)
    assert "ATGM" not in "\n".join(res.log)
    levels = []
    for _ in range(3):
        act(loc, "pass", side="red")
        act(loc, "end_turn", 6, 1)
        blue_first(loc)
        levels.append(next(v for k, v in _mods(loc, "T", "0503").items() if "(14.3)" in k))
        act(loc, "assault", 6, 6, side="blue", units=["T"], hex="0503", kind="ordnance")
    assert levels == [-1, -2, -2]


def test_an_acquired_target_stays_spotted_until_it_moves(tmp_path):
    """14.3: the squad in the woods, found by the leader's spotting attempt (10.1), is fired at
    and missed; next turn the attempt has lapsed (9.0) but the acquisition keeps it spotted;
    once the squad leaves its hex the acquisition lapses (no modifier at its new hex)."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0103"), ("L", "us_leader", "0104")], [("X", "nva_squad", "0703")],
               terrain=WOODS)
    blue_first(loc)
    act(loc, "spot_attempt", 1, side="blue", unit="L", hex="0703")
    act(loc, "pass", side="red")
    act(loc, "assault", 6, 6, side="blue", units=["T"], hex="0703", kind="ordnance")
    act(loc, "pass", side="red")
    act(loc, "end_turn", 6, 1)
    g = game(loc)
    assert not g.rule_state.spotted and g.contacts[("blue", "X")].status == "seen"
    blue_first(loc)
    act(loc, "pass", side="blue")
    act(loc, "move", side="red", unit="X", path=["0703", "0803"])
    from umpire.rules.lnlt import acquisition
    g = game(loc)
    assert acquisition.holds(g, g.units["T"]) is None
    assert not any("14.3" in k for k in _mods(loc, "T", "0803"))
