"""A side's report once the game is over (found at a game night on Ambush at Xom Lang): it
printed a blank "Orders for turn 7" form in a six-turn game, and did not say the game was over.
The result is reckoned on the truth: the umpire announces it, the side's report does not print it."""

from pathlib import Path

from reportkit import report, text_of
from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.scenario import load_scenario

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"


def test_the_last_report_gives_the_result_and_no_orders_form(qapp, tmp_path):
    game = new_game(load_scenario(SCENARIO), tmp_path / "x.umpire", seed="night")
    system = system_for(game)
    perform(game, "end_turn", {}, system)
    text = text_of(report(game, "us", tmp_path / "t2"))
    assert "Orders for turn 3" in text and "The game is over" not in text       # play goes on
    for _ in range(5):
        perform(game, "end_turn", {}, system)
    text = text_of(report(game, "us", tmp_path / "end"))
    assert "Orders for turn 7" not in text and "Orders for turn" not in text
    assert "The game ended after turn 6 of 6: the umpire announces the result." in text
    assert "Final result" not in text and "not held by" not in text       # the reckoning stays the umpire's
