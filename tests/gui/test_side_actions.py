"""Turn → Side Actions reaches a rule system's actions that a side takes (ActionSpec who "side"),
each with a form built from its fields (tester's report on Hex Command Mechanized, item 7:
written orders were reachable only by `umpire act`)."""

from pathlib import Path

from PySide6.QtCore import QSettings

from conftest import SAMPLE, TOY_SCENARIO
from umpire.actions import new_game
from umpire.core.engine import journal
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow
from umpire.gui.ruleactiondialog import RuleActionDialog

HCM = Path(__file__).resolve().parents[2] / "scenarios" / "brannock-crossing.toml"


def _window(qtbot, tmp_path, scenario):
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(new_game(load_scenario(scenario), tmp_path / "g.umpire", seed="side")))
    return w


def test_hcm_side_actions_are_in_the_turn_menu(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, HCM)
    entries = {a.data(): a for a in w.side_actions.entries}
    assert set(entries) == {"write_order", "change_order", "act_without_orders", "activation_order"}
    assert w.side_actions.menu.menuAction().isVisible()
    assert entries["write_order"].text() == "Write a force's order…" and "(HCM 2.1.1)" in entries["write_order"].statusTip()


def test_a_written_order_from_the_form_is_the_sides_and_asks_for_its_own_companies(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, HCM)
    game = w.game
    side = game.side_ids()[0]
    w.viewer_box.setCurrentIndex(1)                     # the first side's own view
    assert w.viewer == side
    ours = [c.id for c in game.companies if next(b.side for b in game.battalions if b.id == c.battalion) == side]
    asked = {}

    class Filled(RuleActionDialog):
        def exec(self):
            asked.update({f.key: f for f in self.fields})
            box = self.inputs["company"]
            box.setCurrentIndex(box.findData(ours[0]))
            self.inputs["order"].setText("Hold the crossing")
            return RuleActionDialog.Accepted

    w.side_actions.run_for(w.side_actions.specs["write_order"], w.side_actions.acting_side(), Filled)
    assert "side" not in asked and asked["company"].choices == tuple(ours)     # no enemy company offered
    row = journal(w.game.location)[-1]
    assert row.kind == "write_order" and row.side_id == side
    assert row.params == {"side": side, "company": ours[0], "order": "Hold the crossing"}


def test_no_second_entry_for_what_a_system_has_windows_for_and_none_for_a_system_without(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, SAMPLE)                # MechWar 4: orders dock and fire plots
    assert w.side_actions.entries == [] and not w.side_actions.menu.menuAction().isVisible()
    w.load_game(open_game(new_game(load_scenario(TOY_SCENARIO), tmp_path / "toy.umpire")))
    assert w.side_actions.entries == []
    w.load_game(open_game(new_game(load_scenario(HCM), tmp_path / "hcm2.umpire")))
    assert len(w.side_actions.entries) == 4            # once, however often a game is opened
    w.load_game(open_game(new_game(load_scenario(HCM), tmp_path / "hcm3.umpire")))
    assert len(w.side_actions.menu.actions()) == 4


def test_a_closed_entry_says_when_it_opens(qtbot, tmp_path):
    """Writing orders is for before play (HCM 2.1.1): once play began the entry is greyed and says so."""
    w = _window(qtbot, tmp_path, HCM)
    entry = {a.data(): a for a in w.side_actions.entries}["write_order"]
    assert entry.isEnabled() and entry.text() == "Write a force's order…"
    w.game.turn = 2                                    # play has begun
    w.side_actions.refresh()
    assert not entry.isEnabled() and entry.text() == "Write a force's order… (only before play)"
    w.game.turn = 1
    w.side_actions.refresh()
    assert entry.isEnabled() and entry.text() == "Write a force's order…"
