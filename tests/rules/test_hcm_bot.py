"""The HCM autoplay driver (bot.py): reinforcements due come on (HCM 3.4)."""

from pathlib import Path

from umpire.autoplay import autoplay
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "brannock-crossing.toml"


def test_autoplay_brings_on_each_reinforcement_due(tmp_path):
    """HCM 3.4: Blue's T4 is due on turn 3 and Red's P3 on turn 4; after four turns of autoplay
    neither is still waiting off the map (units that fired in the other half's fire phase used
    to fill the bot's move cap, so T4 never came)."""
    scenario = load_scenario(SCENARIO)
    due = {x for r in scenario.reinforcements for x in r.units}
    assert due >= {"T4", "P3"}
    g = open_game(autoplay(scenario, tmp_path / "g.umpire", turns=4, seed="s1"))
    waiting = sorted(x for x in due if g.units[x].status == "off_map")
    assert waiting == []
