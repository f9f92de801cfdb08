"""The keys of off-board artillery, air and reinforcements in the scenario editor (issue 22): a
line clicked in the Places dock shows its keys -- every hex game's (strength, turn, entry hexes)
and those its rule system reads on it (MechWar 4's FASCAM fires, MW4 19.4; a section, 7.0;
advanced air, 15.36; a reinforcement in column, 20.61) -- each edit one change Undo takes back,
saved and accepted by `umpire validate`."""

from __future__ import annotations

import tomllib

import pytest

from umpire.cli import main as umpire
from umpire.core.scenario_doc import places_edit

from editorkit import KALTENBACH, click_line, kaltenbach_editor


@pytest.fixture()
def editor(qtbot, tmp_path, monkeypatch):
    return kaltenbach_editor(qtbot, tmp_path, monkeypatch)


def test_an_artillery_batterys_own_and_rule_keys(qtbot, editor, tmp_path):
    form = click_line(editor, "Artillery US DS")
    assert form.title() == "Artillery US DS"
    assert form.widgets["strength"].value() == 10 and form.widgets["concentrations"].value() == 2
    # MW4 19.4: the FASCAM fires it may deliver, a key MechWar 4 declares on artillery
    fascam = form.widgets["fascam"]
    assert fascam.value() == 2
    fascam.setValue(3)
    fascam.editingFinished.emit()
    form = editor.places.entry                   # the form is built again after the change
    assert form.title() == "Artillery US DS" and form.widgets["fascam"].value() == 3
    strength = form.widgets["strength"]
    strength.setValue(12)
    strength.editingFinished.emit()
    # MW4 7.0: a section (a tick box)
    editor.places.entry.widgets["section"].setChecked(True)
    assert editor.doc.undo_name() == "Set [[artillery]] #1 section"
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    assert editor.save()
    data = tomllib.loads(editor.doc.path.read_text(encoding="utf-8"))
    us = data["artillery"][0]
    assert (us["fascam"], us["strength"], us["section"]) == (3, 12, True)
    assert "# FASCAM fires (MW4 19.4)" in editor.doc.path.read_text(encoding="utf-8")     # its comment kept
    assert umpire(["validate", str(editor.doc.path)]) == 0
    for _ in range(3):
        editor.undo()
    assert editor.doc.text() == KALTENBACH.read_text(encoding="utf-8")


def test_a_rocket_battery_as_a_section_is_named_a_problem(qtbot, editor):
    form = click_line(editor, "Artillery Sov MRL")
    form.widgets["section"].setChecked(True)         # MW4 7.0, 7.21: rockets fire only loose
    assert "rockets fire only loose" in editor.problems.item(0).text()


def test_air_and_a_reinforcement(qtbot, editor):
    form = click_line(editor, "Air A-10 pair")
    advanced = form.widgets["advanced"]              # MW4 15.36: advanced air
    advanced.setChecked(True)
    form = click_line(editor, "Reinforcement of warpac")
    assert form.widgets["entry"].text() == "3030" and form.widgets["units"].text() == "2 Tank Co"
    turn = form.widgets["turn"]
    turn.setValue(5)
    turn.editingFinished.emit()
    formation = editor.places.entry.widgets["formation"]      # MW4 20.61 column, 20.66 free
    assert formation.currentText() == "column"
    formation.activated.emit(formation.findText("free"))
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    data = editor.doc.data()
    assert data["air"][0]["advanced"] is True
    assert data["reinforcement"][0]["turn"] == 5 and "formation" not in data["reinforcement"][0]   # free: default
    # an entry hex off the map edge: the problems list says so, nothing is refused
    entry = editor.places.entry.widgets["entry"]
    entry.setText("1515")
    entry.editingFinished.emit()
    assert "1515" in editor.problems.item(0).text()


def test_no_line_clicked_says_what_to_click(qtbot, editor):
    # every kind of line has its keys now (victory conditions too: test_editor_victory.py); before
    # a click, and once the line shown is removed, the form says what to click
    form = editor.places.entry
    assert form.kind == "" and "Click a zone, minefield, victory, artillery, air or reinforcement line" in form.findChild(
        type(form.layout().itemAt(0).widget())).text()
    form = click_line(editor, "Victory of nato")
    assert form.kind == "victory"
    editor.run(places_edit.remove_entry, "victory", 1)
    assert editor.places.entry.kind == "" and editor.places.list.currentItem() is None
