"""War Blog air insertion and extraction (3.3, 3.4): paratroopers (1.9), airmobile units (1.8),
special forces (1.13) and air transport (1.36), under the enemy's offensive fire."""

import pytest

from umpire.core.engine import journal
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal

from .gamekit import act, game, make_game

POOL = '[[battalion]]\nid = "Blue Air"\nside = "blue"\nunits = [ {{ id = "{0}", type = "{1}" }} ]\n'


def _read(loc, side) -> str:
    return "\n".join(x for e in side_journal(open_game(loc), side, journal(loc)) for x in (e.head, *e.lines))


def _pool(tmp_path, blue, red, *waiting):
    extra = "".join(POOL.format(uid, utype).replace("Blue Air", f"Blue Air {k}") for k, (uid, utype) in enumerate(waiting))
    return make_game(tmp_path, blue, red, extra=extra)


def test_paratroopers_drop_where_no_enemy_reaches_without_a_shot(tmp_path):
    """3.3, 1.9: the paratroopers wait off the map and land on 0404; no enemy in or next to it:
    no fire; they stand there with no movement left (1.8: no hopping about)."""
    loc = _pool(tmp_path, [("I", "infantry_coy", "0101")], [("X", "infantry_bn", "0806")], ("P", "paratroopers"))
    assert game(loc).units["P"].status == "off_map"
    res = act(loc, "air_insert", side="blue", unit="P", hex="0404")
    g = game(loc)
    assert g.map.number(g.units["P"].hex) == "0404" and g.units["P"].marks.depressions == 0
    assert "no enemy fire meets the air insertion" in "\n".join(res.log)
    with pytest.raises(UmpireError):
        act(loc, "move", unit="P", path=["0404", "0504"])


def test_a_drop_next_to_the_enemy_is_fired_at(tmp_path):
    """3.3, 11.5: the airmobile company (defence 2) lands next to the red battalion (strength 4):
    4 against 2, 2-1; the hit needs 2 (a 5), the D10 9 - 7 = 2 depressions.  Red reads who fired,
    Blue only what befell its company."""
    loc = _pool(tmp_path, [("I", "infantry_coy", "0101")], [("X", "infantry_bn", "0505")], ("A", "airmobile_coy"))
    act(loc, "air_insert", 5, 9, side="blue", unit="A", hex="0405")
    assert game(loc).units["A"].marks.depressions == 2
    blue, red = _read(loc, "blue"), _read(loc, "red")
    assert "A is hit by the enemy's fire" in blue and "X" not in blue.replace("D10", "")
    assert "X fire at the enemy air insertion in 0405" in red


def test_a_drop_on_a_hex_held_unseen_comes_down_beside_it(tmp_path):
    """3.3 (our reading): Blue does not see the red company in 0603 (its own units are far off);
    the drop comes down in the nearest free hex, and is fired at."""
    loc = _pool(tmp_path, [("I", "infantry_coy", "0101")], [("X", "infantry_coy", "0603")], ("P", "paratroopers"))
    assert ("blue", "X") not in game(loc).contacts
    act(loc, "air_insert", 1, side="blue", unit="P", hex="0603")
    g = game(loc)
    assert g.units["P"].hex != g.map.grid.parse("0603") and g.units["P"].on_map
    assert "the enemy holds 0603" in _read(loc, "blue")


def test_an_air_transport_lifts_special_forces_out_and_both_rest_four_turns(tmp_path):
    """3.4, 1.36: the transport lifts the special forces (strength 2, at most 5) out; it flies again
    on turn 5, and the special forces may be inserted again on turn 5; no depressions for it."""
    loc = _pool(tmp_path, [("S", "special_forces", "0303"), ("I", "infantry_bn", "0304")],
                [("X", "infantry_bn", "0806")], ("T", "air_transport"))
    with pytest.raises(UmpireError, match="3.4"):
        act(loc, "air_extract", side="blue", unit="T", lift="I")          # infantry of 4: too strong
    res = act(loc, "air_extract", side="blue", unit="T", lift="S")
    g = game(loc)
    assert g.units["S"].status == "off_map" and g.units["S"].marks.lifted == 1
    assert "fly again on turn 5" in "\n".join(res.log)
    with pytest.raises(UmpireError, match="turn 5"):
        act(loc, "air_insert", side="blue", unit="S", hex="0404")
    with pytest.raises(UmpireError, match="it does not attack"):
        act(loc, "air_strike", side="blue", unit="T", hex="0806")


def test_the_fire_at_a_drop_does_not_tell_the_strength_of_unseen_air_defence(tmp_path):
    """3.3, 1.14, 11.5: the paratroopers drop on 0404 under the fire of an unseen battery (2) --
    or, in the other game, an unseen SAM battery (3) elsewhere: the same rolls (hit, D10 1: no
    damage at either odds) give Blue the same journal, byte for byte; the umpire reads each
    fire's odds."""
    near = _pool(tmp_path / "a", [("I", "infantry_coy", "0101")], [("AD", "air_defence_bty", "0406")],
                 ("P", "paratroopers"))
    far = _pool(tmp_path / "b", [("I", "infantry_coy", "0101")], [("Big", "sam_bty", "0706")], ("P", "paratroopers"))
    logs = [act(loc, "air_insert", 6, 1, side="blue", unit="P", hex="0404").log for loc in (near, far)]
    odds = [next(x for x in log if x.startswith("  damage to P: D10 1")) for log in logs]
    assert "strength 2 against" in odds[0] and "strength 3 against" in odds[1]
    assert game(near).units["P"].marks.depressions == game(far).units["P"].marks.depressions == 0
    assert ("blue", "AD") not in game(near).contacts and ("blue", "Big") not in game(far).contacts
    blue = _read(near, "blue")
    assert "P is hit by the enemy's fire (6, needed" in blue and "D10" not in blue and "strength" not in blue
    assert blue == _read(far, "blue")
