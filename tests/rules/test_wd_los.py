"""`umpire los` in a Wardogs game (Wardogs pp. 6, 12-13): an end named by a unit stands as tall as
that unit (2 x size m), as spotting sees it -- not the 8 m the LOS tool gives a bare hex -- so
`umpire los` and spotting agree; its reason cites the page once."""

from __future__ import annotations

import itertools

from umpire.cli import main
from umpire.core.store.db import open_game

from .wdkit import grid_with, wardogs_game

# level 1 (5 m) in 0304, level 2 (10 m) in 0604 (flat-topped hexes: a column is a straight line);
# blue squad S1 (2 m) at 0303 and Coyote 1 (8 m) at 0603; red squad S2 at 0305, Guardian G (12 m)
# at 0605 behind the 10 m hill
LEVELS = grid_with(8, 8, {"0304": "1", "0604": "2"}, "0")


def _game(tmp_path):
    return wardogs_game(tmp_path, [{"id": "S1", "type": "squad", "hex": "0303"},
                                   {"id": "Coyote 1", "type": "coyote", "hex": "0603"}],
                        [{"id": "S2", "type": "squad", "hex": "0305"},
                         {"id": "G", "type": "guardian", "hex": "0605"}], elevation=LEVELS, cols=8, rows=8)


def _los(capsys, loc, a, b) -> str:
    assert main(["los", loc, a, b]) == 0
    return capsys.readouterr().out


def test_two_squads_behind_a_5_m_hill_do_not_see_each_other(tmp_path, capsys):
    """p. 13: the 5 m hill rises above both 2 m squads: hidden -- though two 8 m ends (the bare
    hexes) see over it with partial cover."""
    loc = _game(tmp_path)
    assert "BLOCKED" in _los(capsys, loc, "S1", "S2")
    bare = _los(capsys, loc, "0303", "0305")
    assert "CLEAR" in bare and "partial cover" in bare


def test_a_12_m_guardian_behind_a_10_m_hill_is_seen_in_partial_cover(tmp_path, capsys):
    """p. 13: a 10 m hill hides an 8 m Coyote's line to an 8 m end, not to the 12 m Guardian."""
    loc = _game(tmp_path)
    out = _los(capsys, loc, "Coyote 1", "G")
    assert "CLEAR" in out and "partial cover" in out
    assert "BLOCKED" in _los(capsys, loc, "0603", "0605")
    assert out.count("Wardogs p. 13") == 1                 # the page once, not in the reason again


def test_umpire_los_and_spotting_agree_on_every_pair(tmp_path, capsys):
    loc = _game(tmp_path)
    g = open_game(loc)
    checked = 0
    for a, b in itertools.permutations(sorted(g.units), 2):
        if g.units[a].side == g.units[b].side:
            continue
        spotted = getattr(g.contacts.get((g.units[a].side, b)), "status", None) == "seen"
        seen_by_a = spotted and a in g.contacts[(g.units[a].side, b)].seen_by
        clear = "CLEAR" in _los(capsys, loc, a, b).splitlines()[0]
        assert clear == seen_by_a, (a, b)
        checked += 1
    assert checked == 8
