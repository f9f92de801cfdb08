"""Lock 'n Load Tactical in the workstation (issue 8): the Unit menu offers its spotting attempt
(a rule system's own action) and Attack Hex… with fire and melee; both run through the engine."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QInputDialog, QMessageBox

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.gui.attackdialog import AttackDialog
from umpire.gui.mainwindow import MainWindow

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"


@pytest.fixture()
def window(qtbot, tmp_path):
    path = new_game(load_scenario(SCENARIO), tmp_path / "x.umpire", seed="gui")
    perform(path, "next_phase", {}, system_for(path))             # into the Operations phase
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(path))
    return w


def test_a_spotting_attempt_from_the_unit_menu(window, monkeypatch):
    w = window
    side = w.game.active_side
    unit = next(u for u in sorted(w.game.units.values(), key=lambda u: u.id) if u.side == side and u.on_map)
    entries = [a.text() for a in w.unit_menu.rule_entries]
    assert entries == ["Spotting attempt…", "Artillery fire mission…"] and w.unit_menu.act_attack.isVisible()
    assert not w.unit_menu.act_fire.isVisible()
    w.select_unit(unit.id)
    target = w.game.map.number(w.game.map.on_map_neighbours(unit.hex)[0])      # next to it: in sight
    refused = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: refused.append(a[2]))
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (target, True))
    w.unit_menu.rule_entries[0].trigger()
    assert refused == []
    rows = [r for r in journal(w.game.location) if r.kind == "rule_action"]
    assert len(rows) == 1 and rows[0].params["unit"] == unit.id and rows[0].side_id == side
    assert w.play.act_undo.text().startswith("&Undo Spot")


def test_the_attack_dialog_offers_fire_and_melee(window):
    w = window
    units = [u for u in w.game.units.values() if u.on_map]
    dialog = AttackDialog(w, units[0].id)
    assert [dialog.kind.itemData(i) for i in range(dialog.kind.count())] == ["fire", "melee"]
