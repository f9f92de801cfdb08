"""Autoplay drives both sides through the engine; replay reaches the same state (over seeds)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.autoplay import autoplay
from umpire.core.engine import journal, replay
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system

from conftest import SAMPLE


@settings(max_examples=3, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_autoplay_then_replay_agree(tmp_path_factory, seed):
    path = autoplay(load_scenario(SAMPLE), tmp_path_factory.mktemp("a") / "auto.umpire", turns=2, seed=str(seed),
                    moves_per_phase=3)
    game = open_game(path)
    kinds = [a.kind for a in journal(path)]
    assert game.turn == 2 and "move" in kinds and "pass" in kinds and "next_phase" in kinds
    stored, replayed = replay(path, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed


def test_same_seed_same_game(tmp_path, sample_scenario):
    a = autoplay(sample_scenario, tmp_path / "a.umpire", turns=1, seed="42", moves_per_phase=3)
    b = autoplay(sample_scenario, tmp_path / "b.umpire", turns=1, seed="42", moves_per_phase=3)
    assert [(x.kind, x.params) for x in journal(a)] == [(x.kind, x.params) for x in journal(b)]


def test_a_whole_scenario_plays_and_replays(tmp_path, sample_scenario):
    """The soak that fits in CI: all twelve turns of the sample, then a replay."""
    # a seed whose game meets everything below (soak11's reached no company morale check, 19.812, once
    # off-board fire could be plotted at any enemy the side observes, MW4 14.13)
    path = autoplay(sample_scenario, tmp_path / "soak.umpire", turns=sample_scenario.turns, seed="soak13",
                    moves_per_phase=3)
    game = open_game(path)
    assert game.turn == sample_scenario.turns and game.phase == "regroup"
    entered = [u for uid, u in game.units.items() if uid in ("T4", "T5", "T6")]
    assert any(u.status != "off_map" for u in entered)         # the reinforcement came on (and may be gone)
    rows = journal(path)
    kinds = {a.kind for a in rows}
    assert {"orders", "activate", "form_column", "move", "pass", "next_phase", "fire"} <= kinds
    extras = {k for a in rows if a.kind == "move" for k in a.params if k in ("pace", "mount", "dismount", "column")}
    assert {"pace", "dismount"} <= extras                       # 8.16 and 9.12 were exercised
    stored, replayed = replay(path, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed
    worksheets = [line for a in rows if a.kind == "fire" for line in a.log if "attack superiority" in line]
    assert worksheets                                           # every shot keeps its worksheet (MW4 6.0)
    log = "\n".join(line for a in rows for line in a.log)
    assert "panic check" in log                                 # before fire, and moves of units down a step (13.0, 8.0)
    assert "MW4 19.821" in log and "MW4 19.812" in log         # HQ values, company morale from losses
    assert "panic removal" in log                               # markers rolled off in the removal phase
    # issue 6: plots, fire for effect, scatter, smoke and impacts in the journal
    assert "fire for effect" in log and "scatters to" in log and "smoke in" in log
    assert "on a counterbattery task (MW4 7.81)" in log


def test_every_optional_indirect_fire_rule_plays_and_replays(tmp_path):
    """Six turns with the optional rules of issue 6 on (7.11 delay, 7.88 growing chance, 7.19
    environment, 19.2 off-board counterbattery): nothing breaks and the replay is identical."""
    from conftest import SAMPLE
    text = SAMPLE.read_text().replace('ammunition = "quick"\n', 'ammunition = "quick"\nartillery_delay = "one turn"\n'
                                      'counterbattery_spotting = "growing"\nenvironment = "on"\n'
                                      'offboard_counterbattery = "on"\n')
    (tmp_path / "options.toml").write_text(text)
    scenario = load_scenario(tmp_path / "options.toml")
    assert scenario.options["offboard_counterbattery"] == "on"
    path = autoplay(scenario, tmp_path / "o.umpire", turns=6, seed="options", moves_per_phase=3)
    stored, replayed = replay(path, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed
    log = "\n".join(line for a in journal(path) for line in a.log)
    assert "fire for effect" in log and "on a counterbattery task" in log
