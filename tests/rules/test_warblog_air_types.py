"""War Blog's other air units and their air defence: bombers (1.25) that only SAMs (1.32) reach,
drones (1.45) and electronic warfare (1.46)."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act
from .test_warblog_air import air, wb


def _log(res) -> str:
    return "\n".join(res.log)


def test_only_missiles_reach_a_bomber(tmp_path):
    """1.25: the gun battery (2, in range) gives a strike squadron its 2 in 70, a bomber none;
    1.32: the SAM battery (3) reaches the bomber: 3 in 70."""
    loc = wb(tmp_path / "guns", [], [("I", "infantry_bn", "0503"), ("AD", "air_defence_bty", "0703")],
             air("blue", ("B", "bomber_sqn"), ("J", "strike_sqn")))
    res = act(loc, "air_strike", 6, 10, side="blue", unit="B", hex="0503")
    assert "air defence" not in _log(res)
    res = act(loc, "air_strike", 70, 6, 10, side="blue", unit="J", hex="0503")
    assert "a chance of 2 in 70 (1.14)" in _log(res)
    loc = wb(tmp_path / "sam", [], [("I", "infantry_bn", "0503"), ("S", "sam_bty", "0703")],
             air("blue", ("B", "bomber_sqn")))
    res = act(loc, "air_strike", 70, 6, 10, side="blue", unit="B", hex="0503")
    assert "air defence 3 (S 3): a chance of 3 in 70 (1.14)" in _log(res)


def test_drones_fly_no_air_superiority_and_are_easier_to_hit(tmp_path):
    """1.45: a drone may not patrol the air superiority box; the battery's 2 counts twice
    against it (our reading of "easier to shoot down"): 4 in 70."""
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503"), ("AD", "air_defence_bty", "0703")],
             air("blue", ("D", "drone_flt")))
    with pytest.raises(UmpireError, match="1.45"):
        act(loc, "air_patrol", side="blue", unit="D")
    res = act(loc, "air_strike", 70, 6, 10, side="blue", unit="D", hex="0503")
    assert "air defence 4 (AD 4): a chance of 4 in 70 (1.14)" in _log(res)


def test_electronic_warfare_adds_to_strikes_and_to_air_defence(tmp_path):
    """1.46: Blue's EW company (2) adds 2 to its squadron's strike (6 + 2 = 8); Red's EW company
    adds 2 to its battery's 2 against it: 4 in 70."""
    loc = wb(tmp_path, [("E", "ew_coy", "0101")],
             [("I", "infantry_bn", "0503"), ("AD", "air_defence_bty", "0703"), ("F", "ew_coy", "0806")],
             air("blue", ("J", "strike_sqn")))
    res = act(loc, "air_strike", 70, 6, 10, side="blue", unit="J", hex="0503")
    text = _log(res)
    assert "a chance of 4 in 70 (1.14)" in text and "electronic warfare 2" in text
    assert "electronic warfare: +2 strength (1.46)" in text and "strength 8 on 1 target" in text
