"""Mine attacks in play (MW4 16.0-16.16) on the sample's NATO preventative minefield (1414,
1514): entering stops the unit and is attacked, leaving is attacked and goes on, friend and foe
alike, the marker revealed; the attack ignores terrain, defense and target type."""

import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.store.db import open_game
from umpire.rules.mechwar4.special import mine_sheet
from dicekit import dice


@pytest.fixture()
def game(tmp_path, sample_scenario):
    """B3 (NATO) waits in 1413, next to its own mined hex 1414; NATO to act."""
    path = new_game(sample_scenario, tmp_path / "m.umpire", seed="mines")
    g = open_game(path)
    h = g.map.grid.parse("1413")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = 'B3'", (h.q, h.r))
    perform(path, "move", {"unit": "Recon 1", "path": ["2224", "2223"]}, system_for(path))
    return path


def test_16_11_the_net_superiority_is_read_whatever_the_unit(game):
    g = open_game(game)
    for kind in ("hasty", "preventative", "defensive"):
        tank, rifles = mine_sheet(g, "A1", kind, False), mine_sheet(g, "B1 Inf", kind, True)
        assert tank.cells == rifles.cells                              # 16.12: the unit does not matter
        assert f"{g.rules.mine_types[kind]['net_superiority']:+d}" in str(tank.lines)
    assert mine_sheet(g, "A1", "defensive", False).cells != mine_sheet(g, "A1", "hasty", False).cells


def test_16_13_16_16_entering_its_own_mines_stops_and_is_attacked(game):
    sys_ = system_for(game)
    g = open_game(game)
    cells = mine_sheet(g, "B3", "preventative", False).cells
    face = next(i + 1 for i, c in enumerate(cells) if c.startswith("D"))
    res = perform(game, "move", {"unit": "B3", "path": ["1413", "1414", "1415"]}, sys_, typed=dice(face))
    g = open_game(game)
    assert g.map.number(g.units["B3"].hex) == "1414" and g.units["B3"].steps_lost >= 1
    log = "\n".join(res.log)
    assert "mine attack on B3 in 1414" in log and "MW4 16.11, 16.12" in log
    assert "stopped by mines" in res.summary or "destroyed by mines" in res.summary
    # its own side knew the field; the Soviets learn of it if and only if they saw the mine go off
    field = next(o for o in g.map.overlays if g.map.number(o.hex) == "1414" and o.kind == "minefield")
    watching = sys_.watchers(g, g.map.grid.parse("1414"), g.units["B3"])
    assert field.secret and field.known_to == (("warpac",) if watching.get("warpac") else ())


def test_16_14_leaving_is_attacked_and_the_unit_goes_on(game):
    sys_ = system_for(game)
    g = open_game(game)
    cells = mine_sheet(g, "B3", "preventative", False).cells
    harmless = cells.index("-") + 1                    # the sample CRT has a no-effect face here
    perform(game, "move", {"unit": "B3", "path": ["1413", "1414"]}, sys_, typed=dice(harmless))
    perform(game, "end_turn", {}, sys_)
    if open_game(game).active_side != "nato":
        perform(game, "pass", {}, sys_)
    # suppressed or not, the unit leaves (16.14): an S1 face on the way out
    face = next((i + 1 for i, c in enumerate(cells) if c == "S1"), harmless)
    res = perform(game, "move", {"unit": "B3", "path": ["1414", "1413"]}, sys_, typed=dice(face))
    g = open_game(game)
    assert "mine attack on B3 in 1414" in "\n".join(res.log) and "MW4 16.14" in "\n".join(res.log)
    assert g.map.number(g.units["B3"].hex) == "1413"
