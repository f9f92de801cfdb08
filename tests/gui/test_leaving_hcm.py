"""The reminder before Pass and Next Phase names only units that could act in this phase, as
the rule system answers (RuleSystem.may_act_now): Hex Command Mechanized's placement phase its
unplaced commanders (HCM 3.6), its fire phases no commanders or dummies (HCM 3.7) -- the
tester's item 10."""

from pathlib import Path

from PySide6.QtCore import QSettings

from umpire.actions import new_game
from umpire.core.engine import perform
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.gui import leaving
from umpire.gui.mainwindow import MainWindow
from umpire.rules import rule_system

HCM = Path(__file__).resolve().parents[2] / "scenarios" / "brannock-crossing.toml"


def _named(text: str) -> set[str]:
    names = set()
    for line in text.splitlines():
        if " — " in line:
            listed = line.split(" — ", 1)[1].split(" and ")[0]      # "..., B4 and 4 more": the named ones
            names |= {n.strip() for n in listed.split(",")}
    return names


def test_placement_names_the_commanders_and_fire_no_commanders_or_dummies(qtbot, tmp_path):
    path = new_game(load_scenario(HCM), tmp_path / "g.umpire", seed="idle")
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.load_game(open_game(path))
    asked = {}
    for _ in range(8):
        game = w.game
        if game.phase.endswith(("_placement", "_fire_np")):
            asked[game.phase[2:]] = (leaving.question(w, "next_phase"), game)
        if len(asked) == 2:
            break
        perform(path, "next_phase", {}, rule_system(game.rules))
        w.outside.reload()
    text, game = asked["placement"]
    named = _named(text)
    lifted = {u.id for u in game.units.values() if u.type == "commander" and u.side == game.active_side
              and not u.on_map}
    assert lifted and named == lifted                   # the commanders to place, and nobody else
    text, game = asked["fire_np"]
    named = _named(text)
    kinds = {game.unit_type(game.units[n])["kind"] for n in named}
    assert named and not kinds & {"commander", "dummy"}
    assert {game.units[n].side for n in named} == {game.active_side}
