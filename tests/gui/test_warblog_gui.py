"""War Blog in the workstation (issue 8): only what the rule system offers is shown (an Attack
Hex… entry, no company orders or fire plots); the attack dialog lists the hexes the side sees
the enemy in, by its own contact labels, shows the worksheet and attacks through the engine."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDockWidget, QTextBrowser

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.gui.attackdialog import AttackDialog
from umpire.gui.mainwindow import MainWindow

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "osterby-bridges.toml"


@pytest.fixture()
def window(qtbot, tmp_path):
    path = new_game(load_scenario(SCENARIO), tmp_path / "o.umpire", seed="gui")
    sys_ = system_for(path)
    # 1 Tk drives up to the north bridge on turn 1
    perform(path, "move", {"unit": "1 Tk", "path": ["0605", "0706", "0806", "0906", "1006", "1106"]}, sys_)
    perform(path, "pass", {"side": "blue"}, sys_, side="blue")
    perform(path, "pass", {"side": "red"}, sys_, side="red")
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(path))
    return w


def test_only_war_blogs_controls_are_offered(window):
    w = window
    texts = [a.text() for a in w.unit_menu.menu.actions() if a.isVisible()]
    assert w.unit_menu.act_attack.isVisible() and "&Fire…" not in texts and "Form &Column" not in texts
    assert w.unit_menu.system_entries is None and not w.unit_menu.pace_menu.menuAction().isVisible()
    assert not w.findChild(QDockWidget, "Orders").isVisible()
    assert w.findChild(QDockWidget, "Fire Plots") is None and w.system_panels == {}    # MechWar 4's own dock


def test_the_attack_dialog_shows_the_sheet_and_attacks(window, tmp_path):
    w = window
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("blue"))
    # turn 2: onto the bridge's west end, next to Red's bridge company across it (a zone: it stops)
    perform(w.game.location, "move", {"unit": "1 Tk", "path": ["1106", "1206"]}, system_for(w.game.location))
    w.outside.reload()
    w.select_unit("1 Tk")
    dialog = AttackDialog(w, "1 Tk")
    targets = [dialog.target.itemText(i) for i in range(dialog.target.count())]
    assert targets and targets[0].startswith("1306: C") and "Bridge Coy" not in " ".join(targets)
    assert [dialog.kind.itemData(i) for i in range(dialog.kind.count())] == ["assault", "attrition", "ranged", "siege"]
    assert "1 Tk" in dialog.units and dialog.units["1 Tk"].isChecked()
    html = dialog.sheet.toPlainText()
    # the odds column is read once the attack is made, never previewed in a side's view (11.3)
    assert "Attack 3.06" in html and "Odds" not in html and "Defenders: 1 unit of Red Force" in html \
        and "[red]" not in html and dialog.attack_button.isEnabled()
    dialog.grab().save(str(tmp_path / "attack.png"))
    w.play.run("assault", dialog.params())
    rows = [a for a in __import__("umpire.core.engine", fromlist=["journal"]).journal(w.game.location)
            if a.kind == "assault"]
    assert len(rows) == 1 and rows[0].params["units"] == ["1 Tk"]
    # the attacker's journal names the defenders by its contact label only (core.witness)
    w.reload_game()
    journal_text = w.play.journal_panel.findChild(QTextBrowser).toPlainText()
    assert "Assault on 1306" in journal_text and "Result: EX" in journal_text and "Bridge Coy" not in journal_text
    # the result is public; the defenders' depressions and checks are theirs, the dice the umpire's
    assert "1 Tk: 1 depression" in journal_text and "C1:" not in journal_text and "1d12" not in journal_text


def test_drone_reconnaissance_and_lay_bridge_are_unit_menu_forms(qtbot, tmp_path, monkeypatch):
    """3.6, 1.45 and 1.27 in the window: the Unit menu's Drone reconnaissance… and Lay bridge…
    ask for their hex and run through the engine (undoable), each enabled only for its unit."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
    from PySide6.QtWidgets import QMessageBox

    from umpire.core.engine import journal
    from umpire.gui.ruleactiondialog import RuleActionDialog
    from gamekit import make_game
    air = '[[battalion]]\nid = "Blue air"\nside = "blue"\nunits = [ { id = "D", type = "drone_flt" } ]\n'
    path = make_game(tmp_path, [("B", "bridging_coy", "0502"), ("I", "infantry_coy", "0502")],
                     [("X", "infantry_bn", "0704")], extra=air,
                     hexsides='[map.hexsides]\nriver = ["0501 SE", "0502 NE SE", "0503 NE SE"]\n')
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(path))
    entries = {a.data(): a for a in w.unit_menu.rule_entries}
    assert entries["drone_recon"].text() == "Drone reconnaissance…" and entries["lay_bridge"].text() == "Lay bridge…"
    refused = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: refused.append(a[2]))
    answers = {"drone_recon": "0704", "lay_bridge": "0602"}
    shown = []

    def fill(dialog):
        key = next(iter(dialog.inputs))
        dialog.inputs[key].setText(answers[shown[-1]])
        dialog.grab().save(str(tmp_path / f"{shown[-1]}.png"))
        return RuleActionDialog.Accepted
    monkeypatch.setattr(RuleActionDialog, "exec", fill)
    for unit, action in (("D", "drone_recon"), ("B", "lay_bridge")):
        w.select_unit(unit)
        w.unit_menu.refresh()
        assert entries[action].isEnabled() and not entries[{"drone_recon": "lay_bridge"}.get(action, "drone_recon")].isEnabled()
        shown.append(action)
        entries[action].trigger()
        assert refused == []
        row = journal(w.game.location)[-1]
        assert row.kind == action and row.params["unit"] == unit and row.side_id == "blue"
    assert [o for o in w.game.map.overlays if o.kind == "laid_bridge"]
    assert w.play.act_undo.text().startswith("&Undo")
