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


def test_a_unit_that_may_still_advance_counts_among_those_that_could_act(tmp_path):
    """3.5: the tank won the assault on 0403 and may advance into it.  Pass (7.0) asked nothing:
    it had moved and attacked, so the window's reminder (core.idle) did not count it."""
    from umpire.actions import system_for
    from umpire.core.idle import idle_units

    loc = make_game(tmp_path, [("T", "tank_bn", "0303"), ("U", "tank_bn", "0101")], [("I", "infantry_coy", "0403")])
    act(loc, "move", unit="U", path=["0101", "0201"])
    act(loc, "assault", dr_roll(loc, ["T"], "0403"), units=["T"], hex="0403")
    system, g = system_for(loc), game(loc)
    phases = tuple(p for p in system.phases() if system.plays_phase(g, p.key))
    assert [u.id for u in idle_units(g, phases, "pass", system.turn_opener(g), system.may_act_now)] == ["T"]
    exploit(loc, "T")                          # in; a fast unit that had not moved may go one hex further
    g = game(loc)
    assert [u.id for u in idle_units(g, phases, "pass", system.turn_opener(g), system.may_act_now)] == ["T"]
    far = next(h for h in g.map.on_map_neighbours(g.units["T"].hex) if not [u for u in g.units.values() if u.hex == h])
    exploit(loc, "T", g.map.number(far))
    g = game(loc)
    assert idle_units(g, phases, "pass", system.turn_opener(g), system.may_act_now) == []
