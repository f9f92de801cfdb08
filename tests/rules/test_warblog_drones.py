"""War Blog drones reconnoitring from the air pool (3.6, 1.45): the hex flown over and the six
around it searched, what the side learns -- only what its drone found -- checked on its report's
bytes, the enemy's air defence, the command line and undo."""

import sqlite3

import pytest

from reportkit import images_of, report, text_of, words

from umpire.cli import main
from umpire.core.engine import undo
from umpire.core.errors import UmpireError

from .gamekit import act, game
from .test_warblog_air import air
from .gamekit import make_game

RED = [("X", "infantry_bn", "0503"), ("Y", "infantry_bn", "0504"), ("Z", "infantry_coy", "0806")]


def _seen(loc, side="blue"):
    return {c.unit for (s, _u), c in game(loc).contacts.items() if s == side and c.status == "seen"}


def _drone(tmp_path, red=RED):
    return make_game(tmp_path, [("T", "tank_bn", "0101")], red, extra=air("blue", ("D", "drone_flt")))


def test_3_6_a_drone_of_value_3_searches_at_45_percent(tmp_path):
    """3.6's example: a drone of value 3 has a base of 45%.  Over 0503 (the central hex: no random
    loss) a 45 finds X; next door at 0504 a random loss of 0 and a 46 miss Y; Z, three hexes off,
    is not searched.  Blue now sees X alone, and the drone has flown for the turn (9.0)."""
    loc = _drone(tmp_path)
    res = act(loc, "drone_recon", 45, 1, 46, side="blue", unit="D", hex="0503")
    assert res.summary == "D finds the enemy in 0503 (3.6)"
    assert _seen(loc) == {"X"} and game(loc).units["D"].marks.flew == 1
    with pytest.raises(UmpireError, match="has flown this turn"):
        act(loc, "drone_recon", side="blue", unit="D", hex="0806")
    undo(loc)
    assert _seen(loc) == set() and game(loc).units["D"].marks.flew is None      # undone whole
    res = act(loc, "drone_recon", 46, 1, 45, side="blue", unit="D", hex="0503")
    assert _seen(loc) == {"Y"} and "0504" in res.summary


def test_1_45_air_defence_hits_a_drone_twice_as_easily(tmp_path):
    """1.45, 1.14: the battery's 2 counts 4 against a drone: a roll of 4 of 70 hits, an effect roll
    of 10 shoots it down and nothing is searched; a half effect halves the chance (45 -> 22)."""
    red = RED + [("AD", "air_defence_bty", "0603")]
    loc = _drone(tmp_path / "down", red)
    res = act(loc, "drone_recon", 4, 10, side="blue", unit="D", hex="0503")
    assert "shot down" in res.summary and game(loc).units["D"].status == "destroyed" and _seen(loc) == set()
    loc = _drone(tmp_path / "half", red)
    res = act(loc, "drone_recon", 4, 3, 23, 1, 99, 1, 99, side="blue", unit="D", hex="0503")      # 3: half effect
    assert "finds nothing" in res.summary
    loc = _drone(tmp_path / "half2", red)
    act(loc, "drone_recon", 4, 3, 22, 1, 99, 1, 99, side="blue", unit="D", hex="0503")
    assert "X" in _seen(loc)


def test_only_drones_fly_reconnaissance(tmp_path):
    loc = make_game(tmp_path, [("T", "tank_bn", "0101")], RED, extra=air("blue", ("J", "strike_sqn")))
    with pytest.raises(UmpireError, match="not a drone"):
        act(loc, "drone_recon", side="blue", unit="J", hex="0503")


def test_the_side_learns_only_what_its_drone_found(tmp_path):
    """Blue's report after the drone found X: moving Y and Z (missed, or never searched) and
    changing their state leaves the report's text and pictures byte for byte the same; X is
    named by its contact in it."""
    loc = _drone(tmp_path)
    act(loc, "drone_recon", 45, 1, 46, side="blue", unit="D", hex="0503")
    before = report(loc, "blue", tmp_path / "a")
    g = game(loc)
    far = g.map.grid.parse("0206")
    with sqlite3.connect(loc) as conn:
        for uid in ("Y", "Z"):
            conn.execute("UPDATE unit SET q = ?, r = ?, marks = ? WHERE id = ?", (far.q, far.r, '{"depressions": 4}', uid))
    after = report(loc, "blue", tmp_path / "b")
    assert text_of(after) == text_of(before) and images_of(after) == images_of(before)
    assert not words(text_of(before), "Y") and not words(text_of(before), "Z")
    assert "0503" in text_of(before)


def test_the_command_line_flies_a_drone(tmp_path, capsys):
    """`umpire rule-action GAME drone_recon UNIT --hex HEX`; a hex off the map is one line, exit 2."""
    loc = _drone(tmp_path)
    assert main(["rule-action", loc, "drone_recon", "D", "--hex", "0503"]) == 0
    assert "D finds" in capsys.readouterr().out
    loc = _drone(tmp_path / "bad")
    assert main(["rule-action", loc, "drone_recon", "D", "--hex", "9999"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "drone reconnaissance" in err, err
