"""The umpire's report prints each die of the turn once, after the action's lines, as "dice: ..."
-- the journal row's log already ends with its dice (core/acting.py), and the report used to
print them a second time (a tester's finding)."""

from collections import Counter

from reportkit import report, text_of

from umpire.actions import new_game, system_for
from umpire.core.dice import Roll
from umpire.core.engine import journal, perform


def test_every_die_of_the_turn_is_printed_once(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "d.umpire", seed="dice-once")
    sys_ = system_for(path)
    perform(path, "plot", {"side": "nato", "turn": 1, "missions": [
        {"support": "US DS", "concentration": 1, "target": "2224", "pattern": "tight"}]}, sys_, side="nato")
    perform(path, "end_turn", {}, sys_)        # the barrage on Recon 1, which NATO sees (MW4 14.13, 14.14), and the first player (4.2) rolled
    rows = [r for r in journal(path) if r.turn == 2]
    rolls = Counter(Roll.from_json(x).describe() for r in rows for x in r.rolls)
    assert sum(rolls.values()) >= 3 and any("fire for effect" in x for x in rolls)
    text = text_of(report(path, "umpire", tmp_path / "u"))
    for described, times in rolls.items():
        assert text.count(described) == times, described
        assert text.count(f"dice: {described}") == times, described
