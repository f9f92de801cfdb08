"""Dragging a lifted commander onto the map places him (HCM 3.6; docs/hcm.md: "Unit -> Place
commander, or dragged").  The tester selected Lt Vane in the order of battle and dragged from
0409: the move tool moved B1, the unit there, instead (gui/movetool.py, MoveTool.placing)."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow

HCM = Path(__file__).resolve().parents[2] / "scenarios" / "brannock-crossing.toml"


@pytest.fixture(autouse=True)
def no_dialogs(monkeypatch):
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda parent, title, text: None)


def test_3_6_a_lifted_commander_selected_is_placed_where_the_drag_ends(qtbot, tmp_path):
    loc = new_game(load_scenario(HCM), tmp_path / "g.umpire", seed="drag")
    system = system_for(loc)
    for _ in range(40):
        if open_game(loc).phase.endswith("_placement"):
            break
        perform(loc, "next_phase", {}, system)
    g = open_game(loc)
    side = g.active_side
    chief = next(u for u in sorted(g.units.values(), key=lambda u: u.id) if u.side == side
                 and u.status == "off_map" and g.unit_type(u)["kind"] == "commander")
    troops = [u for u in sorted(g.units.values(), key=lambda u: u.id) if u.side == side and u.on_map
              and g.unit_type(u)["kind"] != "commander"]
    start, goal = troops[0], next(u for u in troops[1:] if u.hex != troops[0].hex
                                  and not any(o.hex == u.hex and g.unit_type(o)["kind"] == "commander"
                                              for o in g.units.values() if o.on_map))
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(loc))
    w.select_unit(chief.id)
    w.play.act_move.setChecked(True)
    path = [start.hex, goal.hex]
    for i in range(1, len(path) + 1):
        w.map_view.move_dragged.emit(path[:i], False)
    w.map_view.move_dragged.emit(path, True)
    after = open_game(loc)
    assert after.units[chief.id].on_map and after.units[chief.id].hex == goal.hex
    assert after.units[start.id].hex == start.hex and not after.units[start.id].moved
