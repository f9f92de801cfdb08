"""A carrier struck in the act of mounting or dismounting (MW4 9.32): fire with any effect at a
truck or APC paused in a move declared with a mount or a dismount puts it back in the hex its
move began in, and the operation does not take place; the firing side reads that it fell back,
never who rode in it."""

import sqlite3

from umpire.actions import new_game, system_for
from umpire.core.engine import perform, undo
from umpire.core.journal import journal_rows
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal
from umpire.rules import rule_system
from dicekit import dice

RUN = ["2218", "2217", "2216", "2215", "2214"]          # towards A Company's A3 at 2209


def start(tmp_path, sample_scenario, aboard: bool):
    """1/1 (a BMP) at 2218 with its rifles -- aboard, or on foot beside it."""
    path = new_game(sample_scenario, tmp_path / "m.umpire")
    g = open_game(path)
    h = g.map.grid.parse("2218")
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET q = ?, r = ? WHERE id IN ('1/1', '1/1 Rifles')", (h.q, h.r))
        if not aboard:
            c.execute("UPDATE unit SET carried_by = NULL WHERE id = '1/1 Rifles'")
    return path


def struck(path, shot=("S1", "S2", "D1")):
    """A3 fires at the paused 1/1 with a die that gives it an effect it survives."""
    g = open_game(path)
    sheet = rule_system(g.rules).fire_sheet(g, "A3", "1/1")
    assert sheet.legal, sheet.reason
    face = next(i + 1 for i, c in enumerate(sheet.cells) if c in shot)
    return perform(path, "fire", {"firers": ["A3"], "target": "1/1"}, system_for(path), typed=dice(10, face))


def where(path, uid):
    g = open_game(path)
    u = g.units[uid]
    return g.map.number(u.hex), u.carried_by


def test_9_32_struck_while_dismounting_the_carrier_falls_back_and_keeps_its_passengers(tmp_path, sample_scenario):
    path = start(tmp_path, sample_scenario, aboard=True)
    perform(path, "move", {"unit": "1/1", "path": RUN, "until": "2215", "dismount": ["1/1 Rifles"]}, system_for(path))
    assert open_game(path).units["1/1"].paused and open_game(path).units["1/1"].marks.mount_move
    res = struck(path)
    assert where(path, "1/1") == ("2218", None) and where(path, "1/1 Rifles") == ("2218", "1/1")
    assert not open_game(path).units["1/1"].paused                   # its move is over
    log = "\n".join(res.log)
    assert "falls back to 2218: the operation does not take place (MW4 9.32)" in log
    g = open_game(path)
    nato = "\n".join(line for e in side_journal(g, "nato", journal_rows(path)) for line in e.lines)
    assert "9.32" in nato and "Rifles" not in nato                   # who rode in it is not NATO's to read
    undo(path)
    assert where(path, "1/1") == ("2215", None) and open_game(path).units["1/1"].paused


def test_9_32_struck_while_mounting_the_infantry_is_put_down_again(tmp_path, sample_scenario):
    path = start(tmp_path, sample_scenario, aboard=False)
    perform(path, "move", {"unit": "1/1", "path": RUN, "until": "2215", "mount": ["1/1 Rifles"]}, system_for(path))
    assert where(path, "1/1 Rifles") == ("2215", "1/1")
    struck(path)
    assert where(path, "1/1") == ("2218", None) and where(path, "1/1 Rifles") == ("2218", None)
    assert open_game(path).units["1/1"].marks.mount_move is None


def test_9_32_a_plain_move_or_a_miss_leaves_the_carrier_where_it_is(tmp_path, sample_scenario):
    path = start(tmp_path, sample_scenario, aboard=True)
    perform(path, "move", {"unit": "1/1", "path": RUN, "until": "2215"}, system_for(path))
    assert open_game(path).units["1/1"].marks.mount_move is None       # no mount or dismount declared
    struck(path)
    assert where(path, "1/1")[0] == "2215"
