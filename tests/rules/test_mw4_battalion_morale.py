"""Battalion morale in play (MW4 19.82): HQ values rolled at the opening, a lost HQ replaced
(19.814) through the fire action, journaled, undone and replayed; Rally orders refused for a
broken battalion (19.822); the Rally command in the removal phase (19.14 RC)."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, replay, undo
from umpire.core.errors import UmpireError, ScenarioError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules.mechwar4.morale import hq_columns, hq_unit
from dicekit import dice
from statekit import set_marks, set_state

HQ_RUN = [f"20{r:02d}" for r in range(28, 16, -1)]          # 1 MRB HQ drives north into A3's sight


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "b.umpire", seed="battalions")


def test_19_821_the_opening_rolls_each_rated_battalions_hq_value(game):
    g = open_game(game)
    cols = dict(hq_columns(g))
    opening = journal(game)[0]
    for bid, column in (("TF 2-32", "C"), ("1 MRB", "D")):
        state = g.rule_state.battalion(bid)
        assert state.hq_column == column and state.hq_value in cols[column] and not state.broken
        assert any(line.startswith(f"{bid}: HQ value {state.hq_value}") and "MW4 19.821" in line
                   for line in opening.log)


def test_19_814_a_destroyed_hq_is_replaced_undone_and_replayed(game):
    sys_ = system_for(game)
    perform(game, "move", {"unit": "1 MRB HQ", "path": HQ_RUN}, sys_)
    g = open_game(game)
    assert g.contacts[("nato", "1 MRB HQ")].status == "seen"
    sheet = sys_.fire_sheet(g, "A3", "1 MRB HQ")
    kill = sheet.cells.index("D3") + 1
    res = perform(game, "fire", {"firers": ["A3"], "target": "1 MRB HQ"}, sys_, typed=dice(10, kill, 2))
    g = open_game(game)
    state = g.rule_state.battalion("1 MRB")
    assert g.units["1 MRB HQ"].status == "destroyed"
    assert state.hq_column == "H" and state.hq_value == dict(hq_columns(g))["H"][1]      # D + 4 columns
    new_hq = hq_unit(g, "1 MRB")
    assert new_hq not in (None, "1 MRB HQ") and g.units[new_hq].battalion == "1 MRB"
    log = "\n".join(res.log)
    assert f"{new_hq} takes over as HQ (MW4 19.814)" in log
    # NATO reads the fire's summary only: nothing of the Soviet HQ's replacement
    assert new_hq not in res.summary and "19.814" not in res.summary
    stored, replayed = replay(game, lambda _g: system_for(game), load_scenario)
    assert stored == replayed
    undo(game)
    g = open_game(game)
    assert g.rule_state.battalion("1 MRB").hq_column == "D" and hq_unit(g, "1 MRB") == "1 MRB HQ"


def test_19_822_rally_orders_are_refused_for_a_broken_battalion(game):
    set_state(game, "battalions", "1 MRB", broken=True)
    g = open_game(game)
    company = next(c.id for c in g.companies if c.battalion == "1 MRB")
    with pytest.raises(UmpireError, match=r"MW4 19\.822"):
        perform(game, "orders", {"side": "warpac", "turn": 1, "commands": {company: "rally"}}, system_for(game))
    perform(game, "orders", {"side": "warpac", "turn": 1, "commands": {company: "overwatch"}}, system_for(game))


def test_rally_command_in_the_removal_phase(game):
    sys_ = system_for(game)
    g = open_game(game)
    company = next(c.id for c in g.companies if c.battalion == "TF 2-32")
    perform(game, "orders", {"side": "nato", "turn": 1, "commands": {company: "rally"}}, sys_)
    member = next(u.id for u in g.units.values() if u.company == company)
    set_marks(game, member, panicked=True)
    while open_game(game).phase == "fire_move":
        perform(game, "pass", {}, sys_, typed=dice(1))      # the 1 goes to the first roll: the rally
    g = open_game(game)
    assert g.phase == "panic_removal"
    last = journal(game)[-1]
    rally = [r for r in last.log if r.startswith(f"rally {company}")]
    assert rally and "Removal column" in rally[0] and rally[0].endswith("= 1 (typed in)")
    assert f"{company} rallies on 1 (MW4 19.14 RC)" in last.log and not g.units[member].marks.panicked
    assert not any(r.startswith(f"panic removal {member}") for r in last.log)      # no second roll


def test_an_unknown_hq_rating_is_named_with_its_place(tmp_path, sample_text):
    bad = tmp_path / "bad.toml"
    bad.write_text(sample_text.replace('hq_rating = "D"', 'hq_rating = "Z"'), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(bad)
    assert "unknown hq_rating 'Z'" in str(e.value) and "1 MRB" in str(e.value) and "A, B, C" in str(e.value)
