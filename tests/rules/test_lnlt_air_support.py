"""Lock 'n Load Tactical air support (19.1): a scenario's [[air]] called by a leader on a hex
he sees, no roll to hit, attacking it as artillery does."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt

AIR = '[[air]]\nid = "Skyraiders"\nside = "blue"\nlabel = "A-1 Skyraiders"\nstrikes = 1\nstrength = 6\n'


def test_air_support_strikes_a_hex_without_a_roll_to_hit(tmp_path):
    """19.1: the leader calls the Skyraiders (firepower 6) on the squad 4 hexes off: 3 + 6 = 9
    against 2 + 0 = 2, DC+7; the squad checks 2 + 7 = 9 against morale 6: Shaken.  Its one
    strike spent, a second call is refused."""
    loc = lnlt(tmp_path, [("L", "us_leader", "0103"), ("M", "us_leader", "0104")], [("X", "nva_squad", "0503")],
               extra=AIR)
    blue_first(loc)
    res = act(loc, "air_support", 3, 2, 2, side="blue", unit="L", hex="0503")
    text = "\n".join(res.log)
    assert "no roll to hit" in text and "0503: 9 against 2 -- damage checks at DC+7" in text
    assert game(loc).units["X"].marks.shaken and game(loc).units["L"].marks.ops_complete
    act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match="no air support"):
        act(loc, "air_support", side="blue", unit="M", hex="0503")
