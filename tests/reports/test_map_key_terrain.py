"""The map key names the map's terrain (issue 19: the legend had counters and markers only):
each kind of hex and hexside the map has, in the words of how it is drawn, and the levels --
nothing the map lacks, the same for every reader."""

from pathlib import Path

from umpire.core.knowledge import build_view
from umpire.core.scenario import load_scenario
from umpire.core.store.db import create_game, open_game
from umpire.reports.legend import map_key, shade_name, terrain_key
from umpire.rules import rule_system

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _game(tmp_path, name):
    tmp_path.mkdir(parents=True, exist_ok=True)
    return open_game(create_game(load_scenario(SCENARIOS / name), tmp_path / "g.umpire"))


def test_the_key_names_each_terrain_the_map_has_as_it_is_drawn(tmp_path):
    game = _game(tmp_path, "kaltenbach-gap.toml")
    rows = dict((means, shown) for shown, means in terrain_key(build_view(game, "umpire"), game.rules))
    assert rows["Heavy woods"] == "Green hex with close dark trees"
    assert rows["Town"] == "Tan hex with dark blocks" and rows["Clear"] == "Pale yellow hex"
    assert rows["Road"].endswith("line from hex to hex") and rows["Slope"].endswith("hex edge with ticks")
    assert "higher ground: the hex's level" in rows
    on_map = set(game.map.terrain.values())
    assert {k for k, v in game.rules.terrain_types.items() if v["label"] in rows} == on_map


def test_nothing_the_map_lacks_and_the_same_for_every_reader(tmp_path):
    game = _game(tmp_path, "xom-lang-ambush.toml")
    keys = {v: terrain_key(build_view(game, v), game.rules) for v in ["umpire", *game.side_ids()]}
    assert len({tuple(k) for k in keys.values()}) == 1                 # terrain is public
    words = " ".join(" ".join(r) for r in keys["umpire"])
    assert "higher ground" not in words and "Town" not in words and "Wooden building" in words
    system = rule_system(game.rules)
    whole = map_key(build_view(game, "umpire"), game.rules, system).rows
    assert whole[-len(keys["umpire"]):] == keys["umpire"]             # in the key the window and reports show


def test_no_two_kinds_of_terrain_read_alike(tmp_path):
    """Seen at the table: Osterby's Bridge and Ridge both read "Black thick line along hex
    edges", Xom Lang's Brush and Low crops both "Pale yellow hex with a few dots"."""
    for name in ("kaltenbach-gap.toml", "osterby-bridges.toml", "xom-lang-ambush.toml"):
        game = _game(tmp_path / name, name)
        shown = [drawn for drawn, _ in terrain_key(build_view(game, "umpire"), game.rules)]
        assert len(shown) == len(set(shown)), (name, shown)


def test_shades_read_as_a_player_would_name_them():
    assert shade_name("#efe9cf") == "pale yellow" and shade_name("#1f5fb0") == "blue"
    assert shade_name("#8a6a3a") == "brown" and shade_name("#222222") == "black"
    assert shade_name("#3a3a3a") == "dark grey" and shade_name("#cdb98c") == "tan"
