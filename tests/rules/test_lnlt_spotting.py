"""Lock 'n Load Tactical spotting attempts (10.1, 10.1.2, 11.6): when a natural 6 fails.

The aid prints "a natural 6 always fails" under the thermal sights list (10.1.2) and under scouts
(11.6) only; read so, any other spotter's 6 is an ordinary die that its modifiers may bring down
to what the terrain needs (issue 25's defect: every 6 used to fail)."""

import pytest

from umpire.rules.lnlt import spotting
from umpire.rules.lnlt.spotting import spot_succeeds

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt

WOODS = "\n".join(["..........", "..........", "....w.....", "..........", "..........", ".........."])


@pytest.mark.parametrize(("face", "total", "need", "keen", "found"), [
    (6, 3, 3, False, True),      # 10.1: a leader's 6 less LM 3 = 3, degrading needs 3: found
    (6, 3, 3, True, False),      # 10.1.2 / 11.6: a scout's or thermal sight's 6 fails anyway
    (6, 4, 3, False, False),     # over the need: nothing, 6 or not
    (5, 3, 3, True, True),       # a keen spotter's 5 brought to 3: found
    (2, 2, 2, False, True),      # blocking terrain needs 2
    (3, 3, 2, False, False),
])
def test_a_natural_six_fails_only_for_scouts_and_thermal_sights(face, total, need, keen, found):
    assert spot_succeeds(face, total, need, keen) is found


def test_a_leader_whose_lm_brings_a_six_down_spots_the_hex(tmp_path, monkeypatch):
    """10.1: a leader of LM 3 rolls a 6 at the squad in the woods: 6 - 3 = 3, at or under 3 in
    degrading terrain -- spotted (before the fix: nothing seen)."""
    loc = lnlt(tmp_path, [("L", "us_leader", "0103")], [("X", "nva_squad", "0503")], terrain=WOODS)
    blue_first(loc)
    monkeypatch.setattr(spotting, "lm", lambda g, u, rallied=False: 3)     # a LM 3 leader
    res = act(loc, "spot_attempt", 6, side="blue", unit="L", hex="0503")
    assert "6 -- " not in res.summary and ": 3 -- spotted (10.1)" in res.summary
    assert game(loc).contacts[("blue", "X")].status == "seen"


def test_thermal_sights_six_fails_even_when_it_would_reach(tmp_path, monkeypatch):
    """10.1.2: the M1 (thermal sights, -2) with an LM of 1 beside: 6 - 2 - 1 = 3 would find the
    squad in the woods, but its natural 6 fails; a scout's the same (11.6)."""
    loc = lnlt(tmp_path, [("M", "us_m1", "0103"), ("S", "us_scout", "0104")], [("X", "nva_squad", "0503")],
               terrain=WOODS)
    blue_first(loc)
    monkeypatch.setattr(spotting, "lm", lambda g, u, rallied=False: 1)
    res = act(loc, "spot_attempt", 6, side="blue", unit="M", hex="0503")
    assert ": 3 -- nothing seen (10.1)" in res.summary and ("blue", "X") not in game(loc).contacts
    act(loc, "pass", side="red")
    res = act(loc, "spot_attempt", 6, side="blue", unit="S", hex="0503")
    assert ": 3 -- nothing seen (10.1)" in res.summary and ("blue", "X") not in game(loc).contacts
