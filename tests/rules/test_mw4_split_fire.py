"""Split fire (MW4 6.93) on the sample game: A3, a full M1 platoon, fires a D1 element at one
Soviet unit and a D2 element at another in one activation; a panic stops the rest."""

import re

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform, replay, undo
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from dicekit import dice

RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]
HQ_RUN = [f"20{r:02d}" for r in range(28, 16, -1)]


@pytest.fixture()
def game(tmp_path, sample_scenario):
    """Turn 2, NATO to act, with Recon 1 (2215) and the Soviet HQ (2017) in A3's sight."""
    path = new_game(sample_scenario, tmp_path / "s.umpire", seed="split")
    sys_ = system_for(path)
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, sys_)
    perform(path, "pass", {}, sys_)                                   # NATO passes
    perform(path, "move", {"unit": "1 MRB HQ", "path": HQ_RUN}, sys_)
    perform(path, "end_turn", {}, sys_)
    if open_game(path).active_side != "nato":
        perform(path, "pass", {}, sys_)
    g = open_game(path)
    assert g.active_side == "nato"
    assert all(g.contacts[("nato", x)].status == "seen" for x in ("Recon 1", "1 MRB HQ"))
    return path


SHOTS = [{"element": "d1", "target": "Recon 1"}, {"element": "d2", "target": "1 MRB HQ"}]


def test_6_93_a_d1_and_a_d2_element_at_two_targets(game):
    sys_ = system_for(game)
    g = open_game(game)
    d1 = sys_.fire_sheet(g, "A3", "Recon 1", element="d1")
    d2 = sys_.fire_sheet(g, "A3", "1 MRB HQ", element="d2")
    assert "D1" in d1.table and "D2" in d2.table and ("split fire", "one D1 element of the platoon", "MW4 6.93") in d1.lines
    # panic 10, fire 1, quick ammunition 6+6 (MW4 6.87: no depletion), and again for the D2 element
    res = perform(game, "split_fire", {"unit": "A3", "shots": SHOTS}, sys_, typed=dice(10, 1, 6, 6, 10, 1, 6, 6))
    log = "\n".join(res.log)
    assert "split fire A3 (D1) at Recon 1" in log and "split fire A3 (D2) at 1 MRB HQ" in log
    g = open_game(game)
    assert g.units["A3"].fired and g.active_side == "warpac"
    assert res.summary.startswith("Split fire by A3: D1 at C") and "Recon 1" not in res.summary.split(". Spotting")[0]
    stored, replayed = replay(game, lambda _g: system_for(game), load_scenario)
    assert stored == replayed
    undo(game)
    assert not open_game(game).units["A3"].fired


def test_6_93_one_element_panics_and_the_platoon_with_it(game):
    res = perform(game, "split_fire", {"unit": "A3", "shots": SHOTS}, system_for(game), typed=dice(1))
    g = open_game(game)
    assert g.units["A3"].marks.panicked and "the platoon with it" in res.summary
    assert not any("split fire A3" in r.purpose for r in res.rolls)


@pytest.mark.parametrize("shots,why", [
    ([{"element": "d1", "target": "Recon 1"}, {"element": "d1", "target": "1 MRB HQ"}], "no room for D1 + D1"),
    ([{"element": "d1", "target": "Recon 1"}], "two or three elements"),
])
def test_6_93_what_a_platoon_may_not_split_into(game, shots, why):
    with pytest.raises(UmpireError, match=re.escape(why)):
        perform(game, "split_fire", {"unit": "A3", "shots": shots}, system_for(game))


def test_6_93_infantry_and_one_step_units_do_not_split(game):
    sys_ = system_for(game)
    g = open_game(game)
    assert "not a vehicular platoon" in sys_.split_problem(g, "B1 Inf", ["d2", "d2"])
    assert "not a vehicular platoon" in sys_.split_problem(g, "TOW 1", ["d2", "d2"])
    assert sys_.split_problem(g, "A3", ["d2", "d2", "d2"]) is None
    g.units["A3"].steps_lost = 1
    assert sys_.split_problem(g, "A3", ["d2", "d2"]) is None and sys_.split_problem(g, "A3", ["d1", "d2"])
