"""The rule system's own scenario table in the scenario editor (issue 22): War Blog's [warblog]
(objectives destroyed, 8.2; hearts and minds, 8.3) and Hex Command Mechanized's [hcm] (rain,
3.5.1; its sequence and activation groups, 4.6) edited through the form the rule system's
described fields build, and an HCM commander's CVS values (2.1) through his unit's fields --
saved, accepted by `umpire validate`, the values in the file; undo takes each edit back."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDockWidget, QFormLayout, QLabel, QMessageBox

from umpire.cli import main as umpire
from umpire.core.scenario_doc.document import ScenarioDocument
from umpire.gui.editor.window import EditorWindow

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.fixture(autouse=True)
def no_modal_boxes(monkeypatch):
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    monkeypatch.setattr("umpire.gui.editor.window.QMessageBox.warning", lambda parent, title, text: said.append(text))
    return said


def open_editor(qtbot, tmp_path, name: str) -> EditorWindow:
    path = tmp_path / f"{name}.toml"
    shutil.copy(SCENARIOS / f"{name}.toml", path)
    editor = EditorWindow(ScenarioDocument.open(path))
    qtbot.addWidget(editor)
    editor.show()
    return editor


def field_widget(parent, label: str):
    """The widget of the form row labelled `label` under `parent` (the first one found)."""
    for form in parent.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.LabelRole)
            if item is not None and item.widget() is not None and item.widget().text() == label:
                return form.itemAt(row, QFormLayout.FieldRole).widget()
    raise AssertionError(f"no field {label!r}")


def saved(editor) -> dict:
    assert editor.save()
    return tomllib.loads(editor.doc.path.read_text(encoding="utf-8"))


def test_war_blog_destroy_and_hearts_and_minds_through_the_form(qtbot, tmp_path, capsys):
    editor = open_editor(qtbot, tmp_path, "osterby-bridges")
    table = editor.rule_table
    dock = next(d for d in editor.findChildren(QDockWidget) if d.widget() is table)
    assert dock.windowTitle() == "Rules table"
    assert any("War Blog's own table, [warblog]" in w.text() for w in table.widget().findChildren(QLabel))
    # 8.2: an objective destroyed rather than captured, typed as a hex number
    destroy = table.widgets["destroy"]
    assert "8.2" in destroy.toolTip()
    destroy.setText("1306")
    destroy.editingFinished.emit()
    assert editor.doc.table("warblog")["destroy"] == ["1306"]
    # 8.3: a second mustering place, + Row then its hex, side and limit
    assert len(table.rows_shown["hearts_and_minds"]) == 1           # the scenario's own, Heide
    table.add_buttons["hearts_and_minds"].click()
    new = table.rows_shown["hearts_and_minds"][1]
    assert new["hex"].text() == "0101" and new["favours"].currentData() == "blue"
    new["hex"].setText("1405")
    new["hex"].editingFinished.emit()
    favours = table.rows_shown["hearts_and_minds"][1]["favours"]
    favours.setCurrentIndex(favours.findData("red"))
    favours.activated.emit(favours.currentIndex())
    limit = table.rows_shown["hearts_and_minds"][1]["limit"]
    limit.setValue(7)
    limit.editingFinished.emit()
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    data = saved(editor)
    assert data["warblog"]["destroy"] == ["1306"]
    assert data["warblog"]["hearts_and_minds"][1] == {"hex": "1405", "favours": "red", "limit": 7}
    text = editor.doc.path.read_text(encoding="utf-8")
    # [warblog] written above the rows, the file's comment on Heide kept
    assert text.index("[warblog]\ndestroy") < text.index("# War Blog's own table") < text.index("[[warblog.hearts_and_minds]]\nhex = \"1405\"")
    assert umpire(["validate", str(editor.doc.path)]) == 0
    # each edit is one operation: undone one by one back to the bundled file
    for _ in range(5):
        editor.undo()
    assert editor.doc.text() == (SCENARIOS / "osterby-bridges.toml").read_text(encoding="utf-8")


def test_a_wrong_value_is_listed_as_a_problem_not_refused(qtbot, tmp_path):
    editor = open_editor(qtbot, tmp_path, "osterby-bridges")
    editor.rule_table.widgets["destroy"].setText("0101")
    editor.rule_table.widgets["destroy"].editingFinished.emit()
    assert "0101 is not an objective hex" in editor.problems.item(0).text() and "8.2" in editor.problems.item(0).text()


def test_hcm_rain_activation_groups_and_a_commanders_cvs(qtbot, tmp_path):
    editor = open_editor(qtbot, tmp_path, "brannock-crossing")
    table = editor.rule_table
    rain = table.widgets["rain"]
    assert not rain.isChecked() and "3.5.1" in rain.toolTip()
    rain.setChecked(True)
    sequence = table.widgets["sequence"]
    sequence.setCurrentIndex(sequence.findData("activation"))
    sequence.activated.emit(sequence.currentIndex())
    blue = editor.rule_table.widgets["activation.blue"]
    assert "A Coy" in blue.toolTip()                 # the side's companies, to type from
    blue.setText("B Coy, A Coy")
    blue.editingFinished.emit()
    # the break point back to its default (40): the key leaves the file
    bp = editor.rule_table.widgets["break_point"]
    bp.setValue(bp.minimum())
    bp.editingFinished.emit()
    # 2.1: a commander's values are offered on commanders only (a half-track has none)
    editor.oob.select("unit", "HT1")
    with pytest.raises(AssertionError, match="no field 'initiative'"):
        field_widget(editor.fields, "initiative")
    assert field_widget(editor.fields, "facing") is not None          # 3.5: every unit's
    # 2.1: Lt Vane's Initiative (4 best .. 7), in his unit's fields
    editor.oob.select("unit", "Lt Vane")
    initiative = field_widget(editor.fields, "initiative")
    assert initiative.value() == 6
    assert (initiative.minimum(), initiative.maximum()) == (3, 7)      # 4 (best) to 7; 3 reads "(none)"
    initiative.setValue(4)
    initiative.editingFinished.emit()
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    data = saved(editor)
    assert data["hcm"]["rain"] is True and data["hcm"]["sequence"] == "activation"
    assert data["hcm"]["activation"] == {"blue": ["B Coy", "A Coy"]} and "break_point" not in data["hcm"]
    vane = next(u for c in data["company"] for u in c.get("units", []) if u["id"] == "Lt Vane")
    assert vane["initiative"] == 4
    assert umpire(["validate", str(editor.doc.path)]) == 0
    # a company of the other side in blue's groups: the problems list says so (4.6)
    blue = editor.rule_table.widgets["activation.blue"]
    blue.setText("B Coy, A Coy, " + next(c["id"] for c in data["company"] if c["id"] not in ("A Coy", "B Coy", "C Sqn")))
    blue.editingFinished.emit()
    assert "is not a company of blue (4.6)" in editor.problems.item(0).text()


def test_a_system_without_its_own_table_has_no_form(qtbot, tmp_path):
    editor = open_editor(qtbot, tmp_path, "kaltenbach-gap")         # MechWar 4 reads no [mechwar4]
    assert editor.rule_table is None
    assert not any(d.windowTitle() == "Rules table" for d in editor.findChildren(QDockWidget))


def test_a_latent_refugee_row_offers_refugee_units_only(qtbot, tmp_path):
    """1.33: [[warblog.refugees]] names a refugee unit set up off the map; the row's list offers
    the order of battle's refugee units, not its brigades."""
    from umpire.core.scenario_doc import oob_edit
    editor = open_editor(qtbot, tmp_path, "osterby-bridges")
    battalion = editor.doc.entries("battalion")[0]["id"]
    assert editor.run(oob_edit.add_unit, "battalion", battalion, "R1", "refugees")
    editor.rule_table.add_buttons["refugees"].click()
    unit = editor.rule_table.rows_shown["refugees"][0]["unit"]
    assert [unit.itemData(i) for i in range(unit.count())] == ["R1"]
    assert editor.doc.data()["warblog"]["refugees"] == [{"unit": "R1", "hex": "0101"}]
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
