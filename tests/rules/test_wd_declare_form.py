"""Wardogs' declaration of fire in the window (Wardogs p. 7 step 6): a form of pick lists
(gui/wardogs/declareform.py) -- the side's units, each one's usable weapons by name, the
contacts that unit itself may aim at by the side's labels; several shots in one form; a
refusal shown in the form, which keeps its rows.  And on the bytes: the form never lists an
enemy the side does not see, nor names one by its own id."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from umpire.core.engine import journal
from umpire.core.store.db import open_game
from umpire.gui.wardogs import declareform
from umpire.gui.wardogs.declareform import NOTHING, DeclareForm
from umpire.rules.wardogs.declare_choices import choices

from test_side_leaks import hide_the_unseen
from windowkit import window_on
from .wdkit import grid_with, to_phase, wardogs_game

# Blue's Coyote 1 (a name with a space) at 0303 facing S sees Tank 1 at 0505 and the Scout Car at
# 0312 (beyond every weapon's reach); a 10 m ridge down column 07 and across 0806-1007 (p. 13:
# higher than every unit here) hides the Far Tank at 0901 from blue and blue's Lurker at 0912
# from red.
RIDGE = grid_with(10, 12, {f"07{r:02d}": "2" for r in range(1, 13)}
                  | {f"{c:02d}{r:02d}": "2" for c in (8, 9, 10) for r in (6, 7)}, "0")


def _game(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "Coyote 1", "type": "coyote", "hex": "0303", "facing": "S"},
                                  {"id": "Sand Devil", "type": "sand_devil", "hex": "0203", "facing": "SE"},
                                  {"id": "Lurker", "type": "squad", "hex": "0912"}],
                       [{"id": "Tank 1", "type": "tank", "hex": "0505", "facing": "NW"},
                        {"id": "Far Tank", "type": "tank", "hex": "0901", "facing": "NW"},
                        {"id": "Scout Car", "type": "scout_car", "hex": "0312", "facing": "N"}],
                       elevation=RIDGE, cols=10, rows=12)
    to_phase(loc, "declare", 3, 7)
    return loc


def _form(qtbot, tmp_path, loc, side="blue"):
    w = window_on(qtbot, tmp_path, loc)
    w.viewer_box.setCurrentIndex(1 if side == w.game.side_ids()[0] else 2)
    assert w.viewer == side
    spec = w.side_actions.specs["declare_fire"]
    form = DeclareForm(w, spec, side)
    qtbot.addWidget(form)
    return w, form


def _texts(form) -> list[str]:
    """Every word the form shows: labels, buttons, every item of every pick list."""
    from PySide6.QtWidgets import QComboBox, QLabel, QAbstractButton
    out = [form.windowTitle()]
    for child in form.findChildren(QLabel):
        out.append(child.text())
    for child in form.findChildren(QAbstractButton):
        out.append(child.text())
    for box in form.findChildren(QComboBox):
        out += [box.itemText(i) for i in range(box.count())]
    return out


def test_the_pick_lists_are_the_firers_weapons_and_the_contacts_it_sees(tmp_path):
    loc = _game(tmp_path)
    g = open_game(loc)
    tank = g.contacts[("blue", "Tank 1")].label
    assert ("blue", "Far Tank") not in g.contacts            # p. 13: the ridge between
    by_unit = {f.unit: f for f in choices(g, "blue")}
    coyote = {w.key: w for w in by_unit["Coyote 1"].weapons}
    assert [w.text.split(" — ")[0] for w in coyote.values()] == ["Particle Cannon", "30mm Autocannon"]
    # the autocannon (left arm, 2/4/6) reaches the tank 3 hexes away, the scout car (9 away) is beyond it
    assert [t.label for t in coyote["coyote_autocannon"].targets] == [tank]
    assert "medium range" in coyote["coyote_autocannon"].targets[0].text
    assert all("Tank 1" not in t.text and "Scout Car" not in t.text for w in coyote.values() for t in w.targets)


def test_several_shots_declared_from_the_form_with_names_that_hold_spaces(qtbot, tmp_path):
    loc = _game(tmp_path)
    w, form = _form(qtbot, tmp_path, loc)
    tank = w.game.contacts[("blue", "Tank 1")].label
    assert len(form.rows) == 1 and form.rows[0].firer.currentData() == "Coyote 1"
    first = form.rows[0]
    first.weapon.setCurrentIndex(first.weapon.findData("coyote_particle_cannon"))
    first.target.setCurrentIndex(first.target.findData(tank))
    second = form.add_row()                # the same firer and target, its next weapon (p. 7 step 7)
    assert second.shot() == {"firer": "Coyote 1", "weapon": "coyote_autocannon", "target": tank}
    third = form.add_row()
    third.firer.setCurrentIndex(third.firer.findData("Sand Devil"))
    third.target.setCurrentIndex(third.target.findData(tank))
    assert third.weapon.currentText().startswith("75mm Mag. Cannon") and third.target.currentData() == tank
    ok = form.buttons.button(QDialogButtonBox.Ok)
    assert ok.isEnabled() and ok.text() == "&Declare 3 shots"
    ok.click()
    assert form.result() == DeclareForm.Accepted
    row = journal(loc)[-1]
    assert row.kind == "declare_fire" and row.side_id == "blue"
    assert open_game(loc).rule_state.declarations["blue"] == (
        {"firer": "Coyote 1", "weapon": "coyote_particle_cannon", "target": "Tank 1"},
        {"firer": "Coyote 1", "weapon": "coyote_autocannon", "target": "Tank 1"},
        {"firer": "Sand Devil", "weapon": "sand_devil_cannon", "target": "Tank 1"})
    # declared again, the form starts from what the side declared (p. 7 step 6: it replaces it)
    again = DeclareForm(w, w.side_actions.specs["declare_fire"], "blue")
    qtbot.addWidget(again)
    assert [r.shot() for r in again.rows] == [{"firer": "Coyote 1", "weapon": "coyote_particle_cannon", "target": tank},
                                              {"firer": "Coyote 1", "weapon": "coyote_autocannon", "target": tank},
                                              {"firer": "Sand Devil", "weapon": "sand_devil_cannon", "target": tank}]


def test_a_refusal_is_shown_in_the_form_and_keeps_its_rows(qtbot, tmp_path):
    loc = _game(tmp_path)
    w, form = _form(qtbot, tmp_path, loc)
    before = len(journal(loc))
    form.add_row().set(form.rows[0].shot())        # the same weapon twice: refused whole
    form.show()
    form.buttons.button(QDialogButtonBox.Ok).click()
    assert form.isVisible() and form.result() != DeclareForm.Accepted
    assert form.refusal.isVisible() and "declared twice" in form.refusal.text()
    assert "Particle Cannon" in form.refusal.text() and "p. 7 step 6" in form.refusal.text()
    assert len(form.rows) == 2 and len(journal(loc)) == before           # nothing kept, nothing lost
    form.remove_row(form.rows[1])
    form.buttons.button(QDialogButtonBox.Ok).click()
    assert form.result() == DeclareForm.Accepted and journal(loc)[-1].kind == "declare_fire"


def test_a_firer_that_reaches_nobody_keeps_the_row_from_going(qtbot, tmp_path):
    """The Lurker (behind the ridge) sees no enemy: chosen, its row has nothing to fire at and
    the form will not declare it; taken out, the form declares no fire (p. 7 step 6)."""
    loc = _game(tmp_path)
    w, form = _form(qtbot, tmp_path, loc)
    assert "Lurker sees no enemy it can fire at" in form.idle.text()
    row = form.rows[0]
    row.firer.setCurrentIndex(row.firer.findData("Lurker"))
    assert [row.target.itemText(i) for i in range(row.target.count())] == [NOTHING]
    ok = form.buttons.button(QDialogButtonBox.Ok)
    assert not ok.isEnabled()
    form.remove_row(row)
    assert ok.isEnabled() and ok.text() == "&Declare no fire"
    ok.click()
    assert open_game(loc).rule_state.declarations["blue"] == ()


def test_the_side_actions_entry_opens_the_form(qtbot, tmp_path, monkeypatch):
    loc = _game(tmp_path)
    w = window_on(qtbot, tmp_path, loc)
    w.viewer_box.setCurrentIndex(1)
    opened = []
    monkeypatch.setattr(DeclareForm, "exec", lambda self: opened.append((self.side, len(self.rows))) or 0)
    w.side_actions.take(w.side_actions.specs["declare_fire"])
    assert opened == [("blue", 1)]


def test_an_orders_file_is_picked_read_and_checked(qtbot, tmp_path, monkeypatch):
    loc = _game(tmp_path)
    w = window_on(qtbot, tmp_path, loc)
    tank = w.game.contacts[("blue", "Tank 1")].label
    orders = tmp_path / "blue.toml"
    orders.write_text(f'side = "blue"\nturn = 1\n[[shot]]\nfirer = "Coyote 1"\nweapon = "coyote_autocannon"\n'
                      f'target = "{tank}"\n', encoding="utf-8")
    monkeypatch.setattr(declareform.QFileDialog, "getOpenFileName", lambda *a, **k: (str(orders), ""))
    declareform.orders_file(w, w.side_actions.specs["orders"], "blue")
    assert open_game(loc).rule_state.declarations["blue"][0]["target"] == "Tank 1"
    warned = []
    monkeypatch.setattr(declareform.QMessageBox, "warning", lambda *a: warned.append(a[2]))
    declareform.orders_file(w, w.side_actions.specs["orders"], "red")        # blue's file, red acting
    assert warned and "blue.toml" in warned[0] and "is for side 'blue'" in warned[0]


@pytest.mark.parametrize("side", ["blue", "red"])
def test_the_form_names_no_enemy_the_side_has_not_seen(qtbot, tmp_path, side):
    """On the bytes: the unseen enemy moved and renamed, the form's every word is the same; no
    enemy is named by its own id."""
    loc = _game(tmp_path / "a")
    copy = tmp_path / "b.umpire"
    shutil.copy(loc, copy)
    assert hide_the_unseen(str(copy), side)["units"] >= 1
    _, form = _form(qtbot, tmp_path, loc, side)
    _, hidden = _form(qtbot, tmp_path, str(copy), side)
    texts = _texts(form)
    assert texts == _texts(hidden)
    g = open_game(loc)
    enemies = [u.id for u in g.units.values() if u.side != side]
    assert not [x for x in texts for e in enemies if e in x]
    if side == "blue":
        assert any("30mm Autocannon" in x for x in texts)             # the test saw a full form
    png_a, png_b = tmp_path / "a.png", tmp_path / "b.png"
    form.grab().save(str(png_a))
    hidden.grab().save(str(png_b))
    assert png_a.read_bytes() == png_b.read_bytes()


def test_typed_shots_name_units_with_spaces_between_commas(tmp_path):
    """`umpire act GAME declare_fire side=blue shots="Coyote 1, coyote_autocannon, C2"`: commas
    between firer, weapon and target where a name holds a space (p. 7 step 6)."""
    from umpire.rules.wardogs.declare import parse_shots
    from .wdkit import act
    assert parse_shots("Coyote 1, coyote_autocannon, C2; Sand Devil, sand_devil_cannon, C2") == [
        {"firer": "Coyote 1", "weapon": "coyote_autocannon", "target": "C2"},
        {"firer": "Sand Devil", "weapon": "sand_devil_cannon", "target": "C2"}]
    loc = _game(tmp_path)
    tank = open_game(loc).contacts[("blue", "Tank 1")].label
    act(loc, "declare_fire", side="blue", shots=f"Coyote 1, coyote_autocannon, {tank}")
    assert open_game(loc).rule_state.declarations["blue"][0]["firer"] == "Coyote 1"
    with pytest.raises(Exception, match="firer, weapon, target"):
        parse_shots("Coyote 1 coyote_autocannon C2")
