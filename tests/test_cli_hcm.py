"""The command line on a Hex Command Mechanized game (tester's report, items 8 and 9): `umpire
los` counts range as the game's rules do (RuleSystem.range_between; HCM 3.7.3: the neighbouring
hex is 0) and lists both hexes of each pair a line runs between along their hexside;
`umpire fire --weapon` takes the game's own weapons."""

from pathlib import Path

import pytest

from umpire.actions import new_game
from umpire.cli import main
from umpire.core.scenario import load_scenario

HCM = Path(__file__).resolve().parents[1] / "scenarios" / "brannock-crossing.toml"


@pytest.fixture(scope="module")
def hcm_game(tmp_path_factory):
    return str(new_game(load_scenario(HCM), tmp_path_factory.mktemp("hcm") / "g.umpire", seed="cli"))


def test_los_range_as_hcm_counts_it(hcm_game, capsys):
    assert main(["los", hcm_game, "0504", "1604"]) == 0          # eleven hexes stepped
    out = capsys.readouterr().out
    assert "range 10" in out.splitlines()[0]                      # HCM 3.7.3: the next hex is 0
    assert main(["los", hcm_game, "0504", "0604"]) == 0
    assert "range 0" in capsys.readouterr().out.splitlines()[0]


def test_los_lists_both_hexes_of_each_pair_along_a_hexside(hcm_game, capsys):
    assert main(["los", hcm_game, "1305", "0705", "--json"]) == 0
    import json
    data = json.loads(capsys.readouterr().out)
    assert data["met"] == ["1305", "1204/1205", "1105", "1004/1005", "0905", "0804/0805", "0705"]
    assert ["1204", "1205"] in data["along_hexsides"]
    assert main(["los", hcm_game, "1305", "0705"]) == 0
    text = capsys.readouterr().out
    assert "crosses 1305 1204/1205 1105" in text and "both hexes of each pair count" in text


def test_fire_weapons_are_the_games_own(hcm_game, capsys):
    assert main(["fire", hcm_game, "A1", "--at", "C1", "--weapon", "infantry_h"]) != 0
    err = capsys.readouterr().err
    assert "Hex Command Mechanized's weapons are gun, mg, small_arms, at" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    with pytest.raises(SystemExit):
        main(["fire", "--help"])
    helptext = capsys.readouterr().out
    assert "{main,mg,infantry_h}" not in helptext and "small_arms" in helptext


def test_fire_weapon_reaches_the_action_under_the_games_own_key():
    from umpire.cli_play import fire_weapons
    from umpire.core.ruleset import load_ruleset
    from umpire.rules import rule_system
    hcm = rule_system(load_ruleset("hcm"))
    assert fire_weapons(hcm) == ("weapon", ("gun", "mg", "small_arms", "at"), None)
    mw4 = rule_system(load_ruleset("mechwar4"))
    assert fire_weapons(mw4) == ("mode", ("main", "mg", "infantry_h"), "main")


def test_actions_say_what_the_general_ones_mean_in_hcm(hcm_game, capsys):
    import json
    assert main(["actions", hcm_game, "--json"]) == 0
    listing = {a["kind"]: a for a in json.loads(capsys.readouterr().out)}
    assert "kind fire | melee" in listing["assault"]["here"]
    assert "--until" in listing["halt"]["here"] and "pause no move by themselves" in listing["halt"]["here"]
    assert listing["move"]["here"] == ""
