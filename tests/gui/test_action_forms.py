"""A rule system's action form says what its choices are (tester's report on Hex Command
Mechanized, item 11): an enemy target by its label, hex and what the acting side knows of it
-- never more -- and an optional choice left empty by what that means ("the usual one"), not
"(none)"."""

from PySide6.QtCore import QSettings

from umpire.actions import new_game
from umpire.core.actionspec import ActionField
from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow
from umpire.gui.ruleactiondialog import RuleActionDialog, enemies_known


def test_an_enemy_choice_reads_with_its_hex_and_type_and_an_empty_weapon_as_the_usual_one(qtbot):
    fields = (ActionField("target", "Target", ("C4", "C1"), kind="enemy"),
              ActionField("weapon", "Weapon (empty: the usual one)", ("", "gun", "small_arms"), required=False),
              ActionField("advance", "Advance", kind="flag", required=False))
    known = {"C4": "C4 — 1409, Medium tank", "C1": "C1 — 1202, not identified"}
    d = RuleActionDialog(None, "Fire", "A1", fields, known=known)
    qtbot.addWidget(d)
    target = d.inputs["target"]
    assert [target.itemText(i) for i in range(target.count())] == list(known.values())
    target.setCurrentIndex(1)
    weapon = d.inputs["weapon"]
    assert [weapon.itemText(i) for i in range(weapon.count())] == ["(the usual one)", "gun", "small arms"]
    assert [d.inputs["advance"].itemText(i) for i in range(2)] == ["no", "yes"]
    assert d.params() == {"target": "C1"}                 # the label goes to the engine, not the text


def test_a_side_knows_its_contacts_by_their_labels_hexes_and_types_not_the_enemys_ids(qtbot, tmp_path, sample_scenario):
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.load_game(open_game(new_game(sample_scenario, tmp_path / "g.umpire")))
    w.act_spot.trigger()
    game = w.game
    nato = enemies_known(game, "nato")
    contacts = {c.label: c for (s, _u), c in game.contacts.items() if s == "nato"}
    assert nato and set(nato) == set(contacts)
    for label, text in nato.items():
        c = contacts[label]
        assert text.startswith(f"{label} — {game.map.number(c.hex)}, ")
        assert c.unit not in text                         # the enemy's own id is the umpire's
    assert all(c.unit not in nato for c in contacts.values())
    # the form reads it by itself for the acting unit's side, as the Unit menu opens it
    ours = next(u.id for u in game.units.values() if u.side == "nato")
    d = RuleActionDialog(w, "Fire", ours, (ActionField("target", "Target", tuple(nato), kind="enemy"),))
    qtbot.addWidget(d)
    assert d.inputs["target"].itemText(0) == nato[d.inputs["target"].itemData(0)]


def test_the_unit_menu_offers_a_unit_only_what_fits_it(qtbot, tmp_path):
    """Hex Command Mechanized: a tank is offered the pace menu (reverse, 2.3.4) but no boarding
    of a carrier and no cavalry's mounting (2.2.1); a foot stand boards carriers and has no pace
    but the usual, so no Pace menu (tester's item 11: "Pace of Infantry" for a tank)."""
    from pathlib import Path
    from umpire.core.scenario import load_scenario
    scenario = Path(__file__).resolve().parents[2] / "scenarios" / "brannock-crossing.toml"
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(new_game(load_scenario(scenario), tmp_path / "g.umpire")))
    menu, game = w.unit_menu, w.game

    def of_class(*classes):     # a commander is on foot too, but no passenger (RuleSystem.may_ride)
        return next(u for u in game.units.values() if u.on_map and game.unit_type(u)["move_class"] in classes
                    and u.type != "commander")

    def shown():
        return {a.text() for a in menu.menu.actions() if a.isVisible()}
    assert menu.pace_menu.title() == "&Pace"
    tank = of_class("tracked")
    w.select_unit(tank.id)
    assert menu.pace_menu.menuAction().isVisible()
    assert [a.text() for a in menu.pace_actions.values() if a.isVisible()] == ["Forward", "Reverse"]
    assert "&Board a Carrier…" not in shown() and "Mount (cavalry)…" not in shown()
    foot = of_class("foot")
    w.select_unit(foot.id)
    assert not menu.pace_menu.menuAction().isVisible()
    assert "&Board a Carrier…" in shown() and "Mount (cavalry)…" not in shown()
    commander = next(u for u in game.units.values() if u.type == "commander")
    w.select_unit(commander.id)
    assert "&Board a Carrier…" not in shown()          # HCM 3.2, 3.6: lifted and placed, never carried
    text = w.inspector.toPlainText()
    assert "(sample values)" not in text and "its type's values from the sample unit catalogue" in text
