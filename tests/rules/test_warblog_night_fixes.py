"""War Blog fixes found at a game night on The Osterby Bridges."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act, game, make_game
from .test_warblog_exploit import dr_roll, exploit


def test_the_advance_may_name_the_emptied_hex_itself(tmp_path):
    """3.5: after a DR empties 0403 the tank advances into it.  `exploit T --hex 0403` -- the hex
    it goes to -- was refused with "advances first into the hex it emptied, 0403"."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("I", "infantry_coy", "0403")])
    act(loc, "assault", dr_roll(loc, ["T"], "0403"), units=["T"], hex="0403")
    with pytest.raises(UmpireError, match="advances first into the hex it emptied, 0403 -- name it or no hex, "
                                          "then the hex further"):
        exploit(loc, "T", "0503")
    with pytest.raises(UmpireError, match="advances into 0403: "):
        exploit(loc, "T", "99x")
    res = exploit(loc, "T", "0403")
    assert "T advances into 0403 (3.5)" in res.summary
    assert game(loc).map.number(game(loc).units["T"].hex) == "0403"
