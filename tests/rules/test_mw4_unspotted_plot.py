"""MW4 14.13: off-board artillery is not fired at an Unspotted target hex unless the scenario
allows it (Kaltenbach Gap's special rules say so for the Soviets).  The text reads "spotted" two
ways: 7.13's commentary calls a hex spotted when it is in a friendly unit's line of sight, while
5.0 spots only along a clear line of sight within Observation Range.  Our reading for 14.13: a hex
is Spotted as 5.0 spots -- a friendly unit with a clear line of sight to it within the observation
range of the hex's terrain (a stationary vehicle's, the table's longest for a ground target), or
an enemy unit the side observes now standing there (5.21, 5.22).  A plot at any other hex is
refused whole, in one line (rules/mechwar4/indirect.py, plot_problem).  The scatter modifier for
an unspotted hex keeps 7.13's own words (any line of sight)."""

import pytest

from umpire.actions import new_game, system_for
from umpire.cli import main
from umpire.core.engine import perform
from umpire.core.errors import UmpireError
from umpire.core.hexgrid import hex_distance
from umpire.core.los import Eye
from umpire.core.store.db import open_game


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "k.umpire", seed="14.13")


def plot(path, side, support, target):
    return perform(path, "plot", {"side": side, "turn": 1, "missions": [
        {"support": support, "concentration": 1, "target": target, "pattern": "tight"}]}, system_for(path), side=side)


def test_a_hex_in_sight_only_beyond_observation_range_is_unspotted(game):
    """Turn 1: Recon 1 (2224) has a clear line of sight to 1109, 21 hexes away in clear terrain --
    beyond the 15 hexes at which anything is observed there (sample Observation Range Table)."""
    g = open_game(game)
    system = system_for(game)
    sight = system.sight(g.map, g.night)
    h = g.map.grid.parse("1109")
    recon = g.units["Recon 1"]
    assert sight.line_of_sight(Eye(recon.hex), Eye(h)).clear and hex_distance(recon.hex, h) == 21
    assert g.map.terrain[h] == "clear"
    with pytest.raises(UmpireError) as refused:
        plot(game, "warpac", "Sov Regt Arty", "1109")
    assert refused.value.one_line() == (
        "plots refused, nothing kept: mission 1 (Sov Regt Arty at 1109): no unit of the side sees that hex within "
        "observation range (15 hexes there, MW4 5.0): off-board fire only at spotted hexes (MW4 14.13)")
    assert not open_game(game).plots


def test_a_hex_in_sight_within_observation_range_may_be_plotted(game):
    """2215 is 9 hexes from Recon 1 along a clear line: spotted."""
    g = open_game(game)
    assert hex_distance(g.units["Recon 1"].hex, g.map.grid.parse("2215")) == 9
    assert plot(game, "warpac", "Sov Regt Arty", "2215").summary.startswith("Soviet 1st Motor Rifle Battalion plots 1")


def test_a_hex_holding_an_enemy_the_side_observes_is_spotted_at_any_range(game):
    """NATO observes Recon 1 in 2224 from the start (its contact C1): that hex is spotted, however
    far its observers stand (5.21, 5.22)."""
    g = open_game(game)
    assert g.contacts[("nato", "Recon 1")].status == "seen"
    nearest = min(hex_distance(u.hex, g.units["Recon 1"].hex) for u in g.units.values()
                  if u.side == "nato" and u.on_map and not u.carried_by)
    assert nearest > 0
    assert plot(game, "nato", "US DS", "2224").summary.startswith("US Task Force 2-32 plots 1")


def test_the_cli_refuses_in_one_line_and_exit_2(game, capsys):
    assert main(["plot", game, "--side", "warpac", "--mission", "Sov Regt Arty", "1", "1109", "tight"]) == 2
    err = [x for x in capsys.readouterr().err.splitlines() if x.strip()]
    assert len(err) == 1 and err[0].startswith("umpire: error: plots refused, nothing kept: mission 1 (Sov Regt Arty "
                                               "at 1109): no unit of the side sees that hex within observation range")
    assert not open_game(game).plots
