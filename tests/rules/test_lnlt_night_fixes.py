"""Lock 'n Load Tactical fixes found at a game night on Ambush at Xom Lang."""

from umpire.core.engine import journal
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal

from .gamekit import act, game, make_game


def lnlt(tmp_path, us, nva, **kw):
    return make_game(tmp_path, us, nva, rules="lnlt", cols=10, **kw)


def read_by(loc, side):
    return [x for e in side_journal(open_game(loc), side, journal(loc)) for x in (e.head, *e.lines)]


def test_the_target_of_a_missed_ordnance_shot_reads_that_it_missed(tmp_path):
    """14.1: a natural 12 always misses.  The side shot at read "Result: not recorded" (its
    journal takes the worksheet's "Result:" line, which a miss lacked); it reads the miss."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0403")], [("R", "nva_rr_team", "0103")])
    act(loc, "next_phase")
    if game(loc).active_side == "blue":
        act(loc, "pass", side="blue")
    res = act(loc, "assault", 6, 6, side="red", units=["R"], hex="0403", kind="ordnance")
    assert "To hit: 12 against" in "\n".join(res.log)
    blue = " ".join(read_by(loc, "blue"))
    assert "not recorded" not in blue
    assert "Result: missed (14.1)" in blue
