"""`umpire rule-action ... --set KEY=VALUE` refuses a key the action does not ask for (found at
a game night on Ambush at Xom Lang: "--set bogus=1" was dropped without a word and the refusal
that followed blamed a missing "do")."""

from pathlib import Path

from umpire.actions import new_game
from umpire.cli import main
from umpire.core.engine import journal
from umpire.core.scenario import load_scenario

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "xom-lang-ambush.toml"


def test_an_unknown_set_key_is_refused_in_one_line_and_a_known_one_runs(tmp_path, capsys):
    """LnLT 3.0 step 5, in the Rally phase the game opens in: 1st Sqd drops its LAW."""
    game = new_game(load_scenario(SCENARIO), tmp_path / "x.umpire", seed="night")
    rows = len(journal(game))
    assert main(["rule-action", game, "weapons", "1st Sqd", "--set", "bogus=1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "has no field 'bogus' (it asks for do, weapon, to, mode)" in err
    assert len(journal(game)) == rows
    assert main(["rule-action", game, "weapons", "1st Sqd", "--set", "do=drop", "--set", "weapon=1st Sqd LAW"]) == 0
    assert len(journal(game)) == rows + 1 and journal(game)[-1].params["do"] == "drop"
