"""A side's victory conditions in the scenario editor's Places dock ([[victory]], MW4 20.5): a
line clicked shows its side, text, whether destroyed units score (MW4 20.51), its objectives one
a row and where its units may leave the map (MW4 8.27); each edit is one change Undo takes back,
drawn on the map at once, saved and accepted by `umpire validate`; a value the scenario cannot
take is refused in one line naming the objective, the form showing the file's value again."""

from __future__ import annotations

import tomllib

import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox

from umpire.cli import main as umpire

from editorkit import KALTENBACH, click_line, kaltenbach_editor


@pytest.fixture()
def editor(qtbot, tmp_path, monkeypatch):
    return kaltenbach_editor(qtbot, tmp_path, monkeypatch)


@pytest.fixture()
def said(monkeypatch) -> list[str]:
    out: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text: out.append(text)))
    return out


def objective(editor, n: int) -> dict:
    return editor.places.entry.widgets["objectives"][n - 1]


def type_into(w, text: str) -> None:
    w.setText(text)
    w.editingFinished.emit()


def spin_to(w, value: int) -> None:
    w.setValue(value)
    w.editingFinished.emit()


def drawn_objectives(editor) -> dict:
    """The objectives the editor's map draws: hex number -> (label, points)."""
    view, grid = editor.scene.view, editor.doc.grid()
    return {grid.number(o.hex): (o.label, o.points) for o in view.objectives}


def test_a_victory_lines_keys_shown_and_an_objective_changed(qtbot, editor):
    form = click_line(editor, "Victory of warpac")
    assert form.title() == "Victory of warpac"
    assert form.widgets["side"].currentData() == "warpac" and form.widgets["points_for_units"].isChecked()
    assert form.widgets["text"].text().startswith("Hold more objective points than the US")
    rows = form.widgets["objectives"]
    assert [(r["hex"].text(), r["label"].text(), r["points"].value()) for r in rows] == [
        ("1012", "Kaltenbach", 10), ("2406", "Oberfeld", 10), ("1206", "Hill 204", 5)]
    assert (form.widgets["exit_edge"].currentData(), form.widgets["exit_points"].value()) == ("north", 3)
    # Hill 204 worth more, renamed and moved a hex: three changes, the map drawing each
    spin_to(objective(editor, 3)["points"], 8)
    type_into(objective(editor, 3)["label"], "Hill 205")
    type_into(objective(editor, 3)["hex"], "1207")
    assert editor.doc.undo_name() == "Victory of warpac: objective #3 (Hill 205) hex"
    assert editor.doc.data()["victory"][0]["objectives"][2] == {"hex": "1207", "label": "Hill 205", "points": 8}
    drawn = drawn_objectives(editor)
    assert drawn["1207"] == ("Hill 205", 8) and drawn["1206"] == ("Hill 204", 5)   # nato's list still names 1206
    assert objective(editor, 3)["hex"].text() == "1207"          # the form built again shows it
    assert editor.places.list.currentItem().text().endswith("Hill 205 1207 (8); exit north edge (3 each)")
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    assert editor.save()
    text = editor.doc.path.read_text(encoding="utf-8")
    assert '  { hex = "1207", label = "Hill 205", points = 8 },' in text
    assert "# ---------------------------------------------------------------- victory (MW4 20.5)" in text
    assert umpire(["validate", str(editor.doc.path)]) == 0
    for _ in range(3):
        editor.undo()
    assert editor.doc.text() == KALTENBACH.read_text(encoding="utf-8")
    assert objective(editor, 3)["label"].text() == "Hill 204"   # undone: the form shows the file again


def test_a_hex_off_the_map_is_refused_and_the_form_shows_the_old_one(qtbot, editor, said):
    click_line(editor, "Victory of warpac")
    type_into(objective(editor, 2)["hex"], "4131")
    assert said == ["objective #2 (Oberfeld) of warpac: hex 4131 is off the map (columns 1-40, rows 1-30)"]
    assert objective(editor, 2)["hex"].text() == "2406" and editor.doc.undo_name() is None
    type_into(editor.places.entry.widgets["text"], "")
    assert said[-1].startswith("the victory conditions of warpac need a text")
    assert editor.places.entry.widgets["text"].text().startswith("Hold more objective points")
    assert not editor.doc.modified


def test_an_objective_added_and_removed(qtbot, editor, monkeypatch, said):
    click_line(editor, "Victory of nato")
    asked = iter([("9915", True), ("2015", True)])
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: next(asked)))
    editor.places.entry.widgets["add_objective"].click()
    assert said == ["new objective #4 of nato: hex 9915 is off the map (columns 1-40, rows 1-30)"]
    editor.places.entry.widgets["add_objective"].click()
    assert editor.doc.data()["victory"][1]["objectives"][-1] == {"hex": "2015", "points": 5}
    assert "2015" in drawn_objectives(editor)
    type_into(objective(editor, 4)["label"], "Crossroads")
    objective(editor, 1)["remove"].click()              # Kaltenbach out of the US list
    assert [o.get("label") for o in editor.doc.data()["victory"][1]["objectives"]] == ["Oberfeld", "Hill 204", "Crossroads"]
    assert len(editor.places.entry.widgets["objectives"]) == 3
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    editor.undo()
    assert len(editor.places.entry.widgets["objectives"]) == 4
    editor.redo()
    assert objective(editor, 1)["label"].text() == "Oberfeld"


def test_the_way_off_the_map_for_points(qtbot, editor, said):
    form = click_line(editor, "Victory of warpac")
    # MW4 8.27: the Soviet units leave by two north-edge hexes only, scoring 4 each
    form.widgets["exit_edge"].activated.emit(form.widgets["exit_edge"].findData(None))
    assert "exit" not in editor.doc.data()["victory"][0]         # no edge, no hexes: no way off the map
    form = editor.places.entry
    type_into(form.widgets["exit_hexes"], "1901, 2001")
    spin_to(editor.places.entry.widgets["exit_points"], 4)
    assert editor.doc.data()["victory"][0]["exit"] == {"hexes": ["1901", "2001"], "points": 4}
    # a hex inside the map is no way off it
    type_into(editor.places.entry.widgets["exit_hexes"], "1901, 2015")
    assert said == ["the exit of warpac: hex 2015 is not on the map edge (units leave the map from an edge hex)"]
    assert editor.places.entry.widgets["exit_hexes"].text() == "1901, 2001"
    assert editor.save()
    assert tomllib.loads(editor.doc.path.read_text(encoding="utf-8"))["victory"][0]["exit"] == {
        "hexes": ["1901", "2001"], "points": 4}
    assert umpire(["validate", str(editor.doc.path)]) == 0
    for _ in range(3):
        editor.undo()
    assert editor.doc.text() == KALTENBACH.read_text(encoding="utf-8")


def test_the_side_and_destroyed_units_scoring(qtbot, editor):
    form = click_line(editor, "Victory of nato")
    form.widgets["points_for_units"].setChecked(False)          # MW4 20.51 no longer for the US
    assert "points_for_units" not in editor.doc.data()["victory"][1]
    form = editor.places.entry
    form.widgets["side"].activated.emit(form.widgets["side"].findData("warpac"))
    assert editor.doc.data()["victory"][1]["side"] == "warpac"
    assert editor.places.entry.title() == "Victory of warpac"
    editor.undo()
    editor.undo()
    assert editor.doc.text() == KALTENBACH.read_text(encoding="utf-8")
