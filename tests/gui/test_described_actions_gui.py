"""The Unit menu offers a rule system's unit actions from their descriptions (ActionSpec), with
no window code of their own: the toy's Dig In (Toy 10) -- and none twice for MechWar 4, whose
actions have entries and dialogs of their own (issue 17, point 3)."""

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDockWidget, QMessageBox

from conftest import SAMPLE, TOY_SCENARIO
from umpire.actions import new_game
from umpire.core.engine import journal
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow


def _window(qtbot, tmp_path, scenario):
    path = new_game(load_scenario(scenario), tmp_path / "g.umpire", seed="gui")
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(path))
    return w


def test_the_toys_dig_in_is_a_unit_menu_entry_that_runs_through_the_engine(qtbot, tmp_path, monkeypatch):
    w = _window(qtbot, tmp_path, TOY_SCENARIO)
    entries = {a.data(): a for a in w.unit_menu.rule_entries}
    assert set(entries) == {"rally", "dig_in"} and entries["dig_in"].text() == "Dig in…"
    assert "(Toy 10)" in entries["dig_in"].statusTip()
    refused = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: refused.append(a[2]))
    w.select_unit("A1")
    entries["dig_in"].trigger()
    assert refused == []
    row = journal(w.game.location)[-1]
    assert row.kind == "dig_in" and row.params == {"unit": "A1"} and row.side_id == "blue"
    assert w.game.units["A1"].marks.dug_in
    assert w.play.act_undo.text().startswith("&Undo")
    # now Red's turn: the entry is greyed out for Blue's unit; asked all the same, the engine
    # refuses with the reason
    assert not entries["dig_in"].isEnabled()
    w.unit_menu.described_action(w.unit_menu.rule_specs["dig_in"])
    assert refused == ["it is Red Force's turn to act"]


@pytest.mark.parametrize("scenario", [SAMPLE])
def test_mechwar_4_gets_no_second_entry_for_actions_it_has_windows_for(qtbot, tmp_path, scenario):
    w = _window(qtbot, tmp_path, scenario)
    # only the actions no MechWar 4 window offers get the generic entry (MW4 19.3, 4.1 E)
    assert [a.data() for a in w.unit_menu.rule_entries] == []      # short halt, regroup: gui/mechwar4/menu.py
    assert w.unit_menu.system_entries.act_split.isVisible() and w.unit_menu.system_entries.act_defilade.isVisible()


def test_a_systems_own_entries_come_and_go_with_its_games(qtbot, tmp_path):
    """The Unit menu holds MechWar 4's entries (gui/mechwar4: UnitEntries) only while a MechWar 4
    game is open, once however often one is opened."""
    w = _window(qtbot, tmp_path, SAMPLE)

    def texts():
        return [a.text() for a in w.unit_menu.menu.actions()]
    assert texts().count("&Fire…") == 1 and "Form &Column" in texts()
    assert list(w.system_panels) == ["Fire Plots"] and w.findChild(QDockWidget, "Fire Plots").isVisible()
    toy = new_game(load_scenario(TOY_SCENARIO), tmp_path / "toy.umpire", seed="gui")
    w.load_game(open_game(toy))
    assert "&Fire…" not in texts() and "Form &Column" not in texts() and w.unit_menu.system_entries is None
    qtbot.wait(10)                                  # the dock taken away is deleted with the event loop
    assert w.system_panels == {} and w.findChild(QDockWidget, "Fire Plots") is None
    with pytest.raises(AttributeError):
        w.unit_menu.system_entries.act_fire
    w.load_game(open_game(tmp_path / "g.umpire"))
    w.load_game(open_game(tmp_path / "g.umpire"))
    assert texts().count("&Fire…") == 1 and texts().index("&Activate Company") < texts().index("A&ttack Hex…")
    assert len(w.findChildren(QDockWidget, "Fire Plots")) == 1


def test_entries_a_unit_cannot_take_are_greyed_out(qtbot, tmp_path):
    """War Blog: only engineers lay mines, only aircraft strike, only fighters in the box are
    recalled -- a tank's menu greyed none of them out (ActionSpec.fits); the engine still says
    why for anything it refuses."""
    from pathlib import Path

    from umpire.rules.warblog.state import kind

    osterby = Path(SAMPLE).with_name("osterby-bridges.toml")
    w = _window(qtbot, tmp_path, osterby)
    g = w.game
    entries = {a.data(): a for a in w.unit_menu.rule_entries}
    side = g.active_side
    mine = [u for u in g.units.values() if u.side == side and u.status in ("on_map", "off_map")]
    by_kind = {kind(g, u): u for u in mine}
    assert {"air"} <= set(by_kind) and any(k not in ("air", "engineer") for k in by_kind)
    ground = next(u for k, u in by_kind.items() if k not in ("air", "engineer") and u.on_map)
    w.select_unit(ground.id)
    assert not any(entries[k].isEnabled() for k in ("lay_mines", "clear_mines", "air_strike", "air_patrol",
                                                    "air_recall", "exploit"))
    w.select_unit(by_kind["air"].id)
    assert entries["air_strike"].isEnabled() and entries["air_patrol"].isEnabled()
    assert not entries["air_recall"].isEnabled() and not entries["lay_mines"].isEnabled()
