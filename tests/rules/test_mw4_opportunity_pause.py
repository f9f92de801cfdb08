"""Pausing a move for opportunity fire (MW4 6.5) and the ambush standing order (6.9131)."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform, undo
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "p.umpire")


def act(location, kind, **params):
    return perform(location, kind, params, system_for(location))


def test_6_52_pause_then_go_on_with_the_movement_points_left(game):
    res = act(game, "move", unit="T1", path=["1928", "1927", "1926", "1925"], until="1926")
    g = open_game(game)
    t1 = g.units["T1"]
    assert g.map.number(t1.hex) == "1926" and t1.paused and t1.mp_spent == 2
    assert g.active_side == "warpac"                  # the activation is not over
    assert "pauses in 1926" in res.summary
    act(game, "move", unit="T1", path=["1926", "1925", "1924"])
    g = open_game(game)
    t1 = g.units["T1"]
    assert (g.map.number(t1.hex), t1.mp_spent, t1.paused) == ("1924", 4, False)
    assert [g.map.number(h) for h in t1.path] == ["1928", "1927", "1926", "1925", "1924"]
    assert g.active_side == "nato"


def test_6_52_nothing_else_acts_while_a_unit_is_paused(game):
    act(game, "move", unit="T1", path=["1928", "1927", "1926"], until="1927")
    with pytest.raises(UmpireError, match="T1 is paused"):
        act(game, "move", unit="T2", path=["2128", "2127"])
    with pytest.raises(UmpireError, match="T1 is paused"):
        act(game, "pass")
    act(game, "halt", unit="T1")
    g = open_game(game)
    assert not g.units["T1"].paused and g.active_side == "nato"
    act(game, "pass")                                  # NATO passes, the Soviets act again
    with pytest.raises(UmpireError, match="8.21"):      # a halted move is over for the turn
        act(game, "move", unit="T1", path=["1927", "1926"])


def test_6_9131_entering_an_ambush_zone_pauses_by_itself(game, tmp_path):
    """A Company lies in ambush on 2214; Recon 1 drives up column 22 and is stopped on entering
    2215, next to the ambush hex, where A2 and A3 can fire on it."""
    from umpire.rules.mechwar4.orders_file import read_orders
    p = tmp_path / "o.toml"
    p.write_text('side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "ambush"\n[ambush]\n"A/2-32" = "2214"\n')
    perform(game, "orders", read_orders(p).params(), system_for(game), side="nato")
    path = [f"22{r:02d}" for r in range(24, 12, -1)]
    res = act(game, "move", unit="Recon 1", path=path)
    g = open_game(game)
    assert g.map.number(g.units["Recon 1"].hex) == "2215" and g.units["Recon 1"].paused
    assert any("ambush zone (MW4 6.9131)" in line for line in res.log)


def test_without_an_ambush_the_same_move_runs_through(game):
    path = [f"22{r:02d}" for r in range(24, 12, -1)]
    res = act(game, "move", unit="Recon 1", path=path)
    assert open_game(game).map.number(open_game(game).units["Recon 1"].hex) == "2213"
    assert any("opportunity fire possible (MW4 6.5)" in line for line in res.log)


def test_undo_a_pause(game):
    act(game, "move", unit="T1", path=["1928", "1927", "1926"], until="1927")
    undo(game)
    t1 = open_game(game).units["T1"]
    assert not t1.paused and not t1.moved and open_game(game).map.number(t1.hex) == "1928"


def _orders(game, tmp_path, side, commands):
    from umpire.rules.mechwar4.orders_file import read_orders
    p = tmp_path / f"o-{side}.toml"
    p.write_text(f'side = "{side}"\nturn = 1\n[commands]\n' + "".join(f'"{c}" = "{k}"\n' for c, k in commands.items()))
    perform(game, "orders", read_orders(p).params(), system_for(game), side=side)


def test_19_14_an_overwatch_company_stops_a_move_it_sees(game, tmp_path):
    """A Company on Overwatch: Recon 1 driving north up column 22 stops on the first hex one of
    its tanks can see and reach -- without the umpire asking -- and going on from there it does
    not stop again for the same watchers."""
    _orders(game, tmp_path, "nato", {"A/2-32": "overwatch"})
    path = [f"22{r:02d}" for r in range(24, 14, -1)]
    check = system_for(game).check_move(open_game(game), "Recon 1", [open_game(game).map.grid.parse(n) for n in path])
    first = next(s.hex for s in check.steps[1:] if set(check.watchers.get(s.hex, ())) & {"A1", "A2", "A3"})
    res = act(game, "move", unit="Recon 1", path=path)
    g = open_game(game)
    assert g.units["Recon 1"].hex == first and g.units["Recon 1"].paused
    assert any("on Overwatch (OC) (MW4 19.14" in line for line in res.log)
    here = g.map.number(first)
    rest = path[path.index(here):]
    watchers_here = set(check.watchers[first])
    company = {"A1", "A2", "A3"}         # other NATO units (scouts, TOWs) have no standing order
    later = [h for h in rest[1:] if (set(check.watchers.get(g.map.grid.parse(h), ())) & company) - watchers_here]
    act(game, "move", unit="Recon 1", path=rest)
    g = open_game(game)
    # it stops only where a new watcher sees it, or else drives to the end of its path
    assert g.map.number(g.units["Recon 1"].hex) == (later[0] if later else rest[-1])
    assert g.units["Recon 1"].paused == bool(later)


def test_19_14_a_bound_company_sets_no_standing_order(game, tmp_path):
    _orders(game, tmp_path, "nato", {"A/2-32": "bound"})
    path = [f"22{r:02d}" for r in range(24, 14, -1)]
    act(game, "move", unit="Recon 1", path=path[:4])
    assert not open_game(game).units["Recon 1"].paused


def test_19_14_rally_allows_no_change_of_status(game, tmp_path):
    _orders(game, tmp_path, "warpac", {"Tank Co": "rally"})
    with pytest.raises(UmpireError, match="Rally"):
        act(game, "form_column", unit="T1")


def test_19_14_overwatch_units_may_dismount_in_place_but_not_under_rally(game, tmp_path):
    _orders(game, tmp_path, "warpac", {"1 MRC": "overwatch"})
    act(game, "move", unit="1/1", path=["1626"], dismount=["1/1 Rifles"])
    assert open_game(game).units["1/1 Rifles"].carried_by is None
    act(game, "pass")                                     # NATO passes; the Soviets act on
    with pytest.raises(UmpireError, match="Overwatch"):
        act(game, "move", unit="1/2", path=["1726", "1725"])


def test_19_14_rally_forbids_dismounting(game, tmp_path):
    _orders(game, tmp_path, "warpac", {"1 MRC": "rally"})
    with pytest.raises(UmpireError, match="Rally"):
        act(game, "move", unit="1/1", path=["1626"], dismount=["1/1 Rifles"])
