"""What a side's window says of the enemy, found at the table (a game night on Ambush at Xom
Lang): the phase line named an enemy unit paused for opportunity fire by its true id, and a
refusal named it too ("B Sqd is paused...") -- in the view of the side that knows it as C4."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game

from windowkit import window_on

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"


@pytest.fixture()
def paused(qtbot, tmp_path):
    """NVA's B Sqd pauses in 0805 for opportunity fire (LnLT 5.3), in the US platoon's sight."""
    path = new_game(load_scenario(SCENARIO), tmp_path / "x.umpire", seed="night")
    system = system_for(path)
    perform(path, "next_phase", {}, system)                      # Rally → Operations (LnLT 3.0, 4.0)
    if open_game(path).active_side != "nva":
        perform(path, "pass", {}, system, side="us")
    perform(path, "move", {"unit": "B Sqd", "path": ["0905", "0805", "0705"], "until": "0805"}, system,
            side="nva")
    return window_on(qtbot, tmp_path, path)


def test_the_phase_line_names_a_paused_enemy_by_the_sides_contact_label(paused):
    w = paused
    assert w.game.units["B Sqd"].paused
    assert "B Sqd paused for opportunity fire" in w.play.phase_label.text()        # the umpire reads the truth
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("us"))
    label = w.game.contacts[("us", "B Sqd")].label
    text = w.play.phase_label.text()
    assert "B Sqd" not in text and f"{label} paused for opportunity fire" in text
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("nva"))                    # its own side reads its id
    assert "B Sqd paused for opportunity fire" in w.play.phase_label.text()


def test_a_refusal_in_a_sides_view_names_no_enemy_unit(paused, monkeypatch):
    """LnLT 5.3: while B Sqd waits, nothing else happens -- the US are told so in their words."""
    w = paused
    said = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: said.append(a[2]))
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("us"))
    w.play.run("move", {"unit": "Cpt Vo", "path": ["1006", "1005"]})
    assert said and "B Sqd" not in said[-1] and "paused for opportunity fire" in said[-1]
    w.viewer_box.setCurrentIndex(0)                                                # the umpire's view
    w.play.run("move", {"unit": "Cpt Vo", "path": ["1006", "1005"]})
    assert "B Sqd is paused for opportunity fire" in said[-1]


def test_the_war_blog_attack_dialog_previews_no_odds_column_in_a_sides_view(qtbot, tmp_path):
    """War Blog 11.3: the odds column is figured on the defence as the umpire finds it (the
    defenders' depressions, works, leaders: hidden from the attacker).  The attacker reads it once
    it has attacked; the dialog's preview showed it before, so ticking units in and out narrowed
    the defence down at no cost.  The umpire's view still previews it."""
    from umpire.gui.attackdialog import AttackDialog
    path = new_game(load_scenario(SCENARIO.parent / "osterby-bridges.toml"), tmp_path / "o.umpire", seed="night")
    system = system_for(path)
    perform(path, "move", {"unit": "1 Tk", "path": ["0605", "0706", "0806", "0906", "1006", "1106"]}, system)
    perform(path, "pass", {}, system, side="blue")                      # Red's player turn (7.0)
    perform(path, "move", {"unit": "Bridge Coy", "path": ["1306", "1206"]}, system, side="red")
    w = window_on(qtbot, tmp_path, path)
    sheet = AttackDialog(w, "Bridge Coy").sheet.toPlainText()
    assert "Odds column" in sheet and "Attack 1.00" in sheet                # the umpire's preview
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("red"))
    sheet = AttackDialog(w, "Bridge Coy").sheet.toPlainText()
    assert "Attack 1.00" in sheet and "Odds" not in sheet and "Defence" not in sheet


def test_victory_situation_in_a_sides_view_says_only_what_its_map_shows(qtbot, tmp_path, monkeypatch):
    """Turn → Victory Situation in Blue's view gave the umpire's count: "South bridge (1314): held
    by Red Force", "Hill 112 (1911): held by Red Force", hexes Blue never saw, and "Hearts &
    minds 0506: 5 of 5 for Red Force" (War Blog 8.1, 8.3: the scores are the umpire's)."""
    path = new_game(load_scenario(SCENARIO.parent / "osterby-bridges.toml"), tmp_path / "o.umpire", seed="night")
    w = window_on(qtbot, tmp_path, path)
    said = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a: said.append(a[2]))
    w.play.act_victory.trigger()
    assert "South bridge (1314): held by Red Force" in said[-1] and "Hearts & minds" in said[-1]   # the umpire's
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("blue"))
    w.play.act_victory.trigger()
    text = said[-1]
    assert "South bridge (1314, 5 points): unknown: none of ours there, no enemy seen there" in text
    assert "Red Force" not in text and "Hearts" not in text and "2 Rifle" not in text


def test_an_attack_refused_in_a_sides_view_names_the_enemy_by_its_contact_label(paused, monkeypatch):
    """The attack dialog's refusal is judged on the truth (LnLT 17.1: "<vehicle> carries
    passengers outside: no close assault"): in a side's view it names the enemy as the side knows
    it, or says only that the reason concerns what the side has not seen."""
    from umpire.gui.attackdialog import AttackDialog
    from umpire.rules.lnlt.combat import refuse
    w = paused
    system = type(AttackDialog(w, "1st Sqd").system)
    monkeypatch.setattr(system, "assault_sheet", lambda self, game, units, target, kind="fire", aim=None:
                        refuse("B Sqd carries passengers outside; so does Cpt Vo", "LnLT 15.4"))
    assert "B Sqd carries passengers outside" in AttackDialog(w, "1st Sqd").sheet.toPlainText()     # the umpire's
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("us"))
    text = AttackDialog(w, "1st Sqd").sheet.toPlainText()
    assert "B Sqd" not in text and "Cpt Vo" not in text and "your side has not seen" in text
    monkeypatch.setattr(system, "assault_sheet", lambda self, game, units, target, kind="fire", aim=None:
                        refuse("B Sqd carries passengers outside", "LnLT 15.4"))
    label = w.game.contacts[("us", "B Sqd")].label
    assert f"{label} carries passengers outside" in AttackDialog(w, "1st Sqd").sheet.toPlainText()


def test_the_attack_dialog_opens_on_a_kind_of_attack_the_unit_may_make(paused):
    """LnLT 14.1: the NVA's recoilless rifle team (1-2-5, its gun to 10 hexes) fires ordnance.  F
    on it opened on "Fire" and refused it ("beyond RR Team's range of 2"); it opens on Ordnance.
    A rifle squad still opens on Fire."""
    from umpire.gui.attackdialog import AttackDialog
    w = paused
    perform(w.game.location, "halt", {"unit": "B Sqd"}, system_for(w.game.location), side="nva")
    w.reload_game()
    dialog = AttackDialog(w, "RR Team")
    assert dialog.kind.currentData() == "ordnance" and dialog.attack_button.isEnabled()
    assert "Ordnance fire on" in dialog.sheet.toPlainText()
    assert AttackDialog(w, "NVA MG").kind.currentData() == "fire"


def test_the_order_of_battle_says_where_a_war_blog_air_unit_is(qtbot, tmp_path):
    """9.0, 9.2: Red's MiG Flight sent up to the air superiority box was listed "off map", as in
    the air pool, and as a reinforcement still to come."""
    path = new_game(load_scenario(SCENARIO.parent / "osterby-bridges.toml"), tmp_path / "o.umpire", seed="night")
    system = system_for(path)
    perform(path, "pass", {}, system, side="blue")
    perform(path, "air_patrol", {"unit": "MiG Flight", "side": "red"}, system, side="red")
    w = window_on(qtbot, tmp_path, path)
    hex_of = {k: item.text(1) for k, item in w.tree._items.items()}
    assert hex_of["MiG Flight"] == "air box" and hex_of["Harriers"] == "air pool"
    assert hex_of["3 Tk"] == "off map" and hex_of["1 Tk"] == "0605"


def test_no_to_the_units_not_acted_question_says_end_turn_was_not_done(qtbot, tmp_path, monkeypatch):
    """Ctrl+T then Enter at the table: No is the question's default, so the turn stayed and nothing
    said so -- the status bar now does."""
    from umpire.gui import leaving
    path = new_game(load_scenario(SCENARIO), tmp_path / "x.umpire", seed="night")
    perform(path, "next_phase", {}, system_for(path))                     # Operations (LnLT 4.0)
    w = window_on(qtbot, tmp_path, path)
    monkeypatch.setattr(leaving, "ask", lambda window, text: (False, False))
    w.play.act_end_turn.trigger()
    assert open_game(path).turn == 1
    assert w.statusBar().currentMessage() == "End the turn: not done -- units could still act (answered No)"
