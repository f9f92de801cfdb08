"""Overruns (MW4 12.0-12.5) on the sample game: the 12.0 initiative example, the firefight
alternating from the winner, terrain ignored (12.1), fighting on or leaving, 12.5."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform, replay, undo
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules.mechwar4.initiative import lower_total_wins
from dicekit import dice

RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # Recon 1 drives north to 2215


def test_12_0_example_equal_totals_go_to_the_lower_panic_level():
    """Germans 10% (+1) roll 4, Soviets 30% (+3) roll 2: both 5; the Germans fire first."""
    assert lower_total_wins({"germans": (4, 10), "soviets": (2, 30)}) == "germans"
    assert lower_total_wins({"germans": (5, 10), "soviets": (2, 30)}) == "soviets"      # 6 against 5
    assert lower_total_wins({"a": (3, 20), "b": (3, 20)}) is None                        # roll again


@pytest.fixture()
def game(tmp_path, sample_scenario):
    """Recon 1 at 2215 in front of A3 (2209); NATO to act."""
    path = new_game(sample_scenario, tmp_path / "o.umpire", seed="overrun")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
    return path


def a3_run(g):
    h = g.map.grid.parse("2209")
    return [g.map.number(x) for x in (h, g.map.grid.parse("2210"), g.map.grid.parse("2211"), g.map.grid.parse("2212"),
                                       g.map.grid.parse("2213"), g.map.grid.parse("2214"), g.map.grid.parse("2215"))]


def test_8_25_a_plain_move_may_not_enter_the_enemy_hex(game):
    g = open_game(game)
    with pytest.raises(UmpireError, match="only an overrun"):
        perform(game, "move", {"unit": "A3", "path": a3_run(g)}, system_for(game))
    with pytest.raises(UmpireError, match="no enemy unit in 2214 to overrun"):
        perform(game, "move", {"unit": "A3", "path": a3_run(g)[:-1], "overrun": True}, system_for(game))


def test_12_0_the_winner_fires_first_and_a_kill_clears_the_hex(game):
    """MW4 12.0, 12.4: the initiative, then the shots -- no panic check in the firefight."""
    sys_ = system_for(game)
    g = open_game(game)
    # no panic check at full strength (MW4 8.0); initiative: NATO (A3) rolls 1, the Soviets 6; then A3's overrun shot
    g.units["A3"].hex = g.map.grid.parse("2215")                    # price the shot it will have
    g.units["Recon 1"].moved = False
    sheet = sys_.fire_sheet(g, "A3", "Recon 1", "main", overrun=True)
    assert sheet.legal and sheet.lines[0][1].startswith("0 hexes") and "MW4 12.1" in str(sheet.lines)
    kill = sheet.cells.index("D3") + 1
    res = perform(game, "move", {"unit": "A3", "path": a3_run(open_game(game)), "overrun": True}, sys_,
                  typed=dice(1, 6, kill))
    g = open_game(game)
    assert g.units["Recon 1"].status == "destroyed" and g.map.number(g.units["A3"].hex) == "2215"
    assert not g.units["A3"].paused and not g.units["A3"].fired          # overrun fire is not its fire
    log = "\n".join(res.log)
    assert "US Task Force 2-32 first (MW4 12.0)" in log and "overrun fire Recon 1" not in log    # it died first
    assert "overruns 2215: A3 clears 2215" in res.summary
    assert not any("panic" in r.purpose for r in res.rolls)               # 12.4
    assert g.active_side == "warpac"                                      # NATO's activation is over
    stored, replayed = replay(game, lambda _g: system_for(game), load_scenario)
    assert stored == replayed


def test_12_0_both_survive_then_fight_on_or_leave_and_12_5(game):
    import sqlite3
    with sqlite3.connect(game) as conn:                 # B3 (a Bradley) waits next to Recon 1
        conn.execute("UPDATE unit SET q = (SELECT q FROM unit WHERE id = 'A3'), r = (SELECT r FROM unit "
                     "WHERE id = 'A3') + 5 WHERE id = 'B3'")
    sys_ = system_for(game)
    g = open_game(game)
    assert g.map.number(g.units["B3"].hex) == "2214"
    # the Soviets win the initiative (NATO 6, Soviets 1): Recon 1 fires first though it moved
    # (12.2) and misses on a 1; B3 misses on a 1 too
    res = perform(game, "move", {"unit": "B3", "path": ["2214", "2215"], "overrun": True}, sys_,
                  typed=dice(6, 1, 1, 1))
    g = open_game(game)
    log = "\n".join(res.log)
    assert "Soviet 1st Motor Rifle Battalion first (MW4 12.0)" in log
    assert log.index("overrun fire Recon 1 at B3") < log.index("overrun fire B3 at Recon 1")
    assert g.units["B3"].paused and g.units["Recon 1"].status == "on_map"
    assert "both hold on in 2215" in res.summary and g.active_side == "nato"
    with pytest.raises(UmpireError, match=r"MW4 12\.0, 12\.5"):
        perform(game, "end_turn", {}, sys_)
    with pytest.raises(UmpireError, match="fights on or leaves"):
        perform(game, "halt", {"unit": "B3"}, sys_)
    with pytest.raises(UmpireError, match="next hex"):
        perform(game, "overrun", {"unit": "B3", "then": "leave", "to": "2217"}, sys_)
    res = perform(game, "overrun", {"unit": "B3", "then": "leave", "to": "2214"}, sys_)
    g = open_game(game)
    assert g.map.number(g.units["B3"].hex) == "2214" and not g.units["B3"].paused
    assert g.active_side == "warpac"
    undo(game)
    g = open_game(game)
    assert g.map.number(g.units["B3"].hex) == "2215" and g.units["B3"].paused
    res = perform(game, "overrun", {"unit": "B3", "then": "stay"}, sys_, typed=dice(1, 6, 6, 6))
    g = open_game(game)                                 # NATO first now, and a 6 destroys the BRDM
    assert g.units["Recon 1"].status == "destroyed" and not g.units["B3"].paused
    assert "B3 clears 2215" in res.summary           # (no replay here: B3 was placed by hand)


def test_12_3_opportunity_fire_on_the_overrunning_unit_comes_first(game):
    """MW4 12.3: an overrun is a move, so the enemy may fire on the mover on its way in; that
    fire is resolved before the overrun's firefight."""
    import sqlite3
    with sqlite3.connect(game) as conn:       # B3 two hexes short of Recon 1, which is fresh to fire
        conn.execute("UPDATE unit SET q = (SELECT q FROM unit WHERE id = 'A3'), r = (SELECT r FROM unit "
                     "WHERE id = 'A3') + 4 WHERE id = 'B3'")
        conn.execute("UPDATE unit SET moved = 0 WHERE id = 'Recon 1'")
    sys_ = system_for(game)
    assert open_game(game).map.number(open_game(game).units["B3"].hex) == "2213"
    perform(game, "move", {"unit": "B3", "path": ["2213", "2214", "2215"], "overrun": True, "until": "2214"}, sys_)
    assert open_game(game).units["B3"].paused
    shot = perform(game, "fire", {"firers": ["Recon 1"], "target": "B3"}, sys_, typed=dice(10, 1))
    assert shot.summary.startswith("Opportunity fire")
    res = perform(game, "move", {"unit": "B3", "path": ["2214", "2215"], "overrun": True}, sys_,
                  typed=dice(1, 6, 1, 1))
    assert "overrun" in res.summary and open_game(game).map.number(open_game(game).units["B3"].hex) == "2215"
