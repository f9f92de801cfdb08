"""The scenario editor through the window (issue 22): a scenario built from nothing with the
mouse and the dock's buttons -- File → New Scenario…, terrain painted with the brush, two sides,
a battalion each and a unit dragged onto the map -- saved, accepted by `umpire validate`, and
played a turn in the main window.  Then the tools one by one: line, fill, hexside features,
undo and redo, the problems list leading to its hex, and the question before
closing with unsaved changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDropEvent, QKeySequence
from PySide6.QtWidgets import QDialog, QMessageBox

from umpire.cli import main as umpire
from umpire.core.hexgrid import Hexside
from umpire.core.scenario_doc.document import ScenarioDocument
from umpire.gui.editor import oobtree, opening
from umpire.gui.editor.mapview import UNIT_MIME
from umpire.gui.editor.newdialog import NewScenarioDialog
from umpire.gui.mainwindow import MainWindow
from windowkit import settings_in

XOM = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"


class Answers:
    """The organizer's answers to the editor's questions, in order."""

    def __init__(self, monkeypatch) -> None:
        self.queue: list = []
        monkeypatch.setattr(oobtree.QInputDialog, "getText", lambda *a, **k: (self.queue.pop(0), True))
        monkeypatch.setattr(oobtree.QInputDialog, "getItem",
                            lambda parent, title, label, items, *a: (self._item(items), True))
        monkeypatch.setattr(oobtree.UnitTypePicker, "exec", lambda picker: self._pick(picker))

    def _item(self, items):
        want = self.queue.pop(0)
        return next(i for i in items if want in i)

    def _pick(self, picker):
        """The unit picker: the answer typed into its filter, the first counter left taken."""
        assert picker.list.count() > 5 and not picker.list.item(0).icon().isNull()
        picker.filter.setText(self.queue.pop(0))
        return QDialog.Accepted


def hex_point(editor, number: str) -> QPoint:
    h = editor.doc.grid().parse(number)
    x, y = editor.scene.layout.center(h)
    return editor.map_view.mapFromScene(QPointF(x, y))


def drag(qtbot, editor, numbers: list[str]) -> None:
    port = editor.map_view.viewport()
    qtbot.mousePress(port, Qt.LeftButton, pos=hex_point(editor, numbers[0]))
    for n in numbers[1:]:
        qtbot.mouseMove(port, hex_point(editor, n))
    qtbot.mouseRelease(port, Qt.LeftButton, pos=hex_point(editor, numbers[-1]))


def drop_unit(editor, uid: str, number: str) -> None:
    """A unit's row dropped on a hex, as the tree's drag delivers it."""
    data = editor.oob.tree.mimeData([next(i for i in editor.oob.tree.findItems(
        uid, Qt.MatchExactly | Qt.MatchRecursive, 0))])
    assert data.hasFormat(UNIT_MIME)
    event = QDropEvent(QPointF(hex_point(editor, number)), Qt.CopyAction, data, Qt.LeftButton, Qt.NoModifier)
    editor.map_view.dropEvent(event)


@pytest.fixture(autouse=True)
def no_modal_boxes(monkeypatch):
    """A modal box would wait forever offscreen: closing discards, warnings are collected."""
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    monkeypatch.setattr("umpire.gui.editor.window.QMessageBox.warning", lambda parent, title, text: said.append(text))
    monkeypatch.setattr("umpire.gui.editor.window.QMessageBox.critical", lambda parent, title, text: said.append(text))
    return said


@pytest.fixture()
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)         # the game a scenario opens is made in the current folder
    w = MainWindow(settings_in(tmp_path))
    qtbot.addWidget(w)
    w.show()
    yield w
    for editor in list(w.editors):      # each deletes itself on closing (WA_DeleteOnClose)
        editor.close()


def test_a_scenario_built_in_the_editor_validates_and_plays_a_turn(qtbot, window, tmp_path, monkeypatch, capsys):
    def fill_in(dialog):
        dialog.rules.setCurrentIndex(dialog.rules.findData("lnlt"))
        dialog.title.setText("Paddy Edge")
        dialog.columns.setValue(12)
        dialog.rows.setValue(10)
        return QDialog.Accepted
    monkeypatch.setattr(NewScenarioDialog, "exec", fill_in)
    window.act_new_scenario.trigger()
    [editor] = window.editors
    assert editor.doc.rules_name == "lnlt" and editor.doc.grid().columns == 12
    assert "turns" in editor.problems.item(0).text() or editor.problems.count() >= 1   # no sides yet

    # paint a wood with the 7-hex brush, dragged across two hexes
    editor.palette.choose_tool("brush")
    editor.palette.size.setCurrentIndex(1)
    editor.palette.choose_paint("terrain", "w")
    drag(qtbot, editor, ["0505", "0605"])
    grid = editor.doc.grid()
    m = editor.scene.view.map
    painted = {grid.number(h) for h, t in m.terrain.items() if t == m.terrain[grid.parse("0505")] and t != "clear"}
    assert {"0505", "0605", "0504", "0506", "0405", "0705"} <= painted and len(painted) in (10, 11, 12)
    assert editor.doc.undo_name().startswith("Paint")

    # the order of battle: two sides, a battalion each, a unit each
    answers = Answers(monkeypatch)
    answers.queue += ["us", "US platoon"]
    editor.oob.buttons["Side"].click()
    answers.queue += ["1 Plt"]
    editor.oob.buttons["Battalion"].click()
    answers.queue += ["US rifle squad", "1st Sqd"]
    editor.oob.buttons["Unit"].click()
    answers.queue += ["nva", "NVA platoon"]
    editor.oob.buttons["Side"].click()
    answers.queue += ["NVA Plt"]
    editor.oob.buttons["Battalion"].click()
    answers.queue += ["NVA rifle squad", "NVA 1"]
    editor.oob.buttons["Unit"].click()
    assert answers.queue == []
    drop_unit(editor, "1st Sqd", "0102")
    drop_unit(editor, "NVA 1", "1009")
    assert {m.key: grid.number(m.hex) for m in editor.scene.view.units} == {"1st Sqd": "0102", "NVA 1": "1009"}
    assert editor.problems.item(0).text() == "No problems: the scenario plays."

    # saved (Ctrl+S asks where, the first time), validated, played
    target = tmp_path / "paddy-edge.toml"
    monkeypatch.setattr("umpire.gui.editor.window.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    assert editor.act_save.shortcut() == QKeySequence(QKeySequence.Save)      # Ctrl+S
    editor.act_save.trigger()
    assert target.exists() and not editor.doc.modified and "paddy-edge.toml" in editor.windowTitle()
    capsys.readouterr()
    assert umpire(["validate", str(target)]) == 0
    assert "ok:" in capsys.readouterr().out
    editor.act_play.trigger()
    assert window.game is not None and window.game.title == "Paddy Edge"
    assert window.game.turn == 1
    window.play.act_end_turn.trigger()
    assert window.game.turn == 2


def test_line_fill_and_hexside_tools_and_undo_by_keys(qtbot, window, tmp_path, monkeypatch):
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    editor = window.edit_scenario(str(path))
    grid = editor.doc.grid()
    before = editor.doc.text()
    editor.palette.choose_tool("line")
    editor.palette.choose_paint("elevation", "2")
    drag(qtbot, editor, ["0101", "0301", "0601"])
    levels = editor.scene.view.map.elevation
    assert [levels[grid.parse(f"0{c}01")] for c in range(1, 8)] == [2, 2, 2, 2, 2, 2, 0]
    assert editor.act_undo.shortcut() == QKeySequence("Ctrl+Z")
    assert editor.act_redo.shortcut() == QKeySequence("Ctrl+Shift+Z")
    editor.act_undo.trigger()
    assert editor.doc.text() == before and editor.windowTitle().startswith("xom.toml —")
    editor.act_redo.trigger()
    assert editor.scene.view.map.elevation[grid.parse("0601")] == 2

    # fill: the open ground joined to 1010 becomes crops, the woods and huts stay
    editor.palette.choose_tool("fill")
    editor.palette.choose_paint("terrain", "c")
    terrain_before = dict(editor.scene.view.map.terrain)
    drag(qtbot, editor, ["1010"])
    after = editor.scene.view.map.terrain
    crops = editor.rules.terrain_by_symbol()["c"]
    assert after[grid.parse("1010")] == crops != terrain_before[grid.parse("1010")]
    assert all(after[h] == terrain_before[h] for h in terrain_before if terrain_before[h] != "clear")

    # a stream drawn on a hexside, and taken off by a second click
    editor.palette.choose_tool("hexside")
    editor.palette.feature.setCurrentIndex(editor.palette.feature.findData("stream_1"))
    a, b = grid.parse("0404"), grid.parse("0405")
    (x1, y1), (x2, y2) = editor.scene.layout.hexside_segment(Hexside.between(a, b))
    mid = editor.map_view.mapFromScene(QPointF((x1 + x2) / 2 + (y1 - y2) * 0.08, (y1 + y2) / 2))
    qtbot.mouseClick(editor.map_view.viewport(), Qt.LeftButton, pos=mid)
    assert '"0404/0405"' in editor.doc.text()
    assert "stream_1" in editor.scene.view.map.features(Hexside.between(a, b))
    qtbot.mouseClick(editor.map_view.viewport(), Qt.LeftButton, pos=mid)
    assert '"0404/0405"' not in editor.doc.text()

    # closing with unsaved changes asks; Cancel keeps the editor, Discard closes it unsaved
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Cancel)
    assert not editor.close() and editor.isVisible()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    assert editor.close()
    assert path.read_bytes() == XOM.read_bytes()


def test_a_problem_clicked_goes_to_its_hex(qtbot, window, tmp_path):
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    editor = window.edit_scenario(str(path))
    from umpire.core.scenario_doc import places_edit
    uid, number = next((str(u["id"]), str(u["hex"])) for b in editor.doc.entries("battalion")
                       for u in b["units"] if "hex" in u)
    editor.run(places_edit.add_reinforcement, "us", 2, ["0112"], [uid])
    item = editor.problems.item(0)
    assert "already set up" in item.text()
    editor.map_view.zoom_by(4)
    editor.problems.itemClicked.emit(item)
    centre = editor.map_view.mapToScene(editor.map_view.viewport().rect().center())
    assert editor.scene.hex_at(centre) == editor.doc.grid().parse(number)
    editor.doc.undo()
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    editor.close()


def test_a_scenario_that_is_not_toml_is_refused_in_a_dialog(qtbot, window, tmp_path, monkeypatch):
    bad = tmp_path / "bad.toml"
    bad.write_text("[scenario\n", encoding="utf-8")
    said = []
    monkeypatch.setattr(opening.QMessageBox, "critical", lambda parent, title, text: said.append(text))
    assert window.edit_scenario(str(bad)) is None
    assert len(said) == 1 and "bad.toml" in said[0] and "\n" not in said[0]


def test_the_document_the_editor_saves_is_the_file_unchanged_when_nothing_was_edited(qtbot, window, tmp_path):
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    editor = window.edit_scenario(str(path))
    assert not editor.doc.modified and not editor.act_undo.isEnabled()
    editor.act_save.trigger()
    assert path.read_bytes() == XOM.read_bytes()
    assert ScenarioDocument.open(path).text() == XOM.read_text(encoding="utf-8")
    editor.close()


def test_places_come_from_the_hex_menu_and_go_from_the_places_dock(qtbot, window, tmp_path, monkeypatch):
    from umpire.gui.editor import hexmenu, places
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    editor = window.edit_scenario(str(path))
    grid = editor.doc.grid()
    answers = ["us", "Paddy dyke", 4, "nva", "anti_tank", "us", "us art", 2, 8]
    for module in (hexmenu, places):
        monkeypatch.setattr(module.QInputDialog, "getItem", lambda *a, **k: (answers.pop(0), True))
        monkeypatch.setattr(module.QInputDialog, "getText", lambda *a, **k: (answers.pop(0), True))
        monkeypatch.setattr(module.QInputDialog, "getInt", lambda *a, **k: (answers.pop(0), True))

    def entry(number: str, starts: str):
        menu = editor.hex_menu.build(grid.parse(number))
        actions = [a for a in menu.actions() if a.text().startswith(starts)]
        assert len(actions) == 1, [a.text() for a in menu.actions()]
        return actions[0]
    rows_before = editor.places.list.count()
    entry("0707", "Objective in 0707").trigger()
    entry("0808", "Minefield in 0808").trigger()
    editor.places.buttons["+ Artillery"].click()
    assert answers == []
    text = editor.doc.text()
    assert '{ hex = "0707", label = "Paddy dyke", points = 4 }' in text
    assert 'type = "anti_tank"\nhexes = ["0808"]' in text
    assert editor.places.list.count() == rows_before + 2        # a victory entry gained a line; minefield, artillery
    assert [p.text for p in editor.problems.problems] == []
    sc = load_scenario_text(editor)
    assert any(o.label == "Paddy dyke" and o.points == 4 for v in sc.victory for o in v.objectives)
    assert [a.id for a in sc.artillery][-1] == "us art"
    # the minefield's line removed from the dock (Del)
    row = next(i for i in range(editor.places.list.count())
               if editor.places.list.item(i).text().startswith("Minefield of nva, anti_tank: 0808"))
    editor.places.list.setCurrentRow(row)
    monkeypatch.setattr(places.QMessageBox, "question", lambda *a, **k: QMessageBox.Yes)   # asked first
    editor.places.buttons["Remove"].click()
    assert 'hexes = ["0808"]' not in editor.doc.text()
    editor.doc.undo()
    assert 'hexes = ["0808"]' in editor.doc.text()


def load_scenario_text(editor):
    from umpire.core.scenario import load_scenario
    return load_scenario(editor.doc.path, editor.doc.text())


def test_a_battalions_hq_and_deployment_zone_are_chosen_in_its_fields(qtbot, window, tmp_path):
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    editor = window.edit_scenario(str(path))
    battalion = editor.doc.entries("battalion")[0]
    bid, first_unit = str(battalion["id"]), str(battalion["units"][0]["id"])
    editor.oob.select("battalion", bid)
    from PySide6.QtWidgets import QComboBox, QLabel
    form = editor.fields.form_holder
    labels = [w.text() for w in form.findChildren(QLabel)]
    assert "HQ" in labels and "Deploy in" in labels
    hq_box = next(b for b in form.findChildren(QComboBox) if b.itemText(0) == "(no HQ)")
    hq_box.setCurrentIndex(hq_box.findData(first_unit))
    hq_box.activated.emit(hq_box.currentIndex())
    assert f'hq = "{first_unit}"' in editor.doc.text()
    assert editor.doc.undo_name() == f"Set hq of {bid}"
    assert [p.text for p in editor.problems.problems] == []


def test_a_side_of_a_rule_system_that_requires_a_key_is_asked_for_it(qtbot, window, monkeypatch):
    """MechWar 4 rates every side's troop quality (MW4 13.0; its traits.py declares `quality`
    required): + Side asks for it, and the side is written with it."""
    editor = opening.new_scenario(window, choice=dict(rules="mechwar4", title="Q", columns=8, rows=6,
                                                      orientation="flat", stagger="even"))
    answers = Answers(monkeypatch)
    answers.queue += ["nato", "NATO", "seasoned"]
    editor.oob.buttons["Side"].click()
    assert answers.queue == []
    assert 'id = "nato"\nname = "NATO"\ncolour = "#2f5fb3"\nquality = "seasoned"' in editor.doc.text()
    assert not any("quality" in p.text for p in editor.problems.problems)
    editor.close()


def test_the_rule_systems_keys_of_a_unit_become_fields_of_their_types(qtbot, window, tmp_path):
    """Hex Command's commanders' CVS values (HCM 2.1: a number 4 to 7, or none), a unit's facing
    at the start (HCM 3.5: one of six, or none) and its secret anti-tank mark (HCM 1.1.2), as its
    traits declare them: a spin box and a list, written as numbers
    and text the loader takes."""
    from PySide6.QtWidgets import QComboBox, QSpinBox
    from umpire.gui.editor.fields import field_widget, trait_fields
    editor = opening.new_scenario(window, choice=dict(rules="hcm", title="H", columns=8, rows=6,
                                                      orientation="flat", stagger="even"))
    fields = trait_fields(editor.rules, "unit")
    got = []
    spin = field_widget(fields["initiative"], None, got.append)
    assert isinstance(spin, QSpinBox) and spin.text() == "(none)" and (spin.minimum(), spin.maximum()) == (3, 7)
    spin.setValue(6)
    spin.editingFinished.emit()
    facing = field_widget(fields["facing"], "SW", got.append)
    assert isinstance(facing, QComboBox) and facing.currentText() == "SW" and facing.itemText(0) == "(none)"
    facing.activated.emit(facing.findText("N"))
    anti_tank = field_widget(fields["anti_tank"], None, got.append)
    anti_tank.activated.emit(anti_tank.findText("true"))
    assert got == [6, "N", True]
    editor.close()


def test_a_deployment_zone_is_painted_with_the_brush(qtbot, window, tmp_path):
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    editor = window.edit_scenario(str(path))
    zone = editor.doc.entries("zone")[0]
    zid = str(zone["id"])
    editor.palette.choose_tool("brush")
    editor.palette.choose_paint("zone", zid)
    drag(qtbot, editor, ["0606", "0706"])
    listed = [str(h) for h in editor.doc.entries("zone")[0]["hexes"]]
    assert {"0606", "0706"} <= set(listed)
    view_zone = next(z for z in editor.scene.view.zones if z.id == zid)
    grid = editor.doc.grid()
    assert {grid.parse("0606"), grid.parse("0706")} <= view_zone.hexes
    assert editor.doc.undo_name() == f"Change zone {zid}"
    # the palette keeps its choice across the change
    assert editor.palette.painting()[:2] == ("zone", zid)


# ---------------------------------------------------------------- the tester's findings (issue 22)
def test_edit_scenario_from_the_file_menu_asks_for_the_file(qtbot, window, tmp_path, monkeypatch):
    """File → Edit Scenario… (Ctrl+Alt+O): the action's `checked` is not taken for a path; the
    file picker is shown and the file chosen opens; Cancel opens nothing."""
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    asked = []
    chosen = [str(path), ""]

    def pick(*args, **kwargs):
        asked.append(args)
        return chosen.pop(0), ""
    monkeypatch.setattr(opening.QFileDialog, "getOpenFileName", pick)
    assert window.act_edit_scenario.shortcut() == QKeySequence("Ctrl+Alt+O")
    window.act_edit_scenario.trigger()
    assert len(asked) == 1
    [editor] = window.editors
    assert editor.doc.path == path and editor.doc.text() == XOM.read_text(encoding="utf-8")
    window.act_edit_scenario.trigger()          # Cancel in the picker
    assert len(asked) == 2 and window.editors == [editor]


def _answer_removals(monkeypatch, module, asked: list):
    monkeypatch.setattr(module.QMessageBox, "question",
                        lambda parent, title, text, *a: asked.append(text) or QMessageBox.Yes)


def test_del_removes_from_the_order_of_battle_and_from_the_places_list(qtbot, window, tmp_path, monkeypatch):
    """Del acts on the list that has the focus: the tree and the Places list each have their own
    (two window-wide Del shortcuts were ambiguous and neither fired)."""
    from umpire.gui.editor import places
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    editor = window.edit_scenario(str(path))
    editor.activateWindow()             # keys go to the active window's focus
    qtbot.waitUntil(editor.isActiveWindow)
    asked: list[str] = []
    _answer_removals(monkeypatch, oobtree, asked)
    uid = str(editor.doc.entries("battalion")[0]["units"][0]["id"])
    editor.oob.select("unit", uid)
    editor.oob.tree.setFocus()
    qtbot.waitUntil(editor.oob.tree.hasFocus)
    qtbot.keyClick(editor.oob.tree, Qt.Key_Delete)
    assert len(asked) == 1 and f"unit {uid}" in asked[0]
    assert uid not in oob_ids(editor)
    assert editor.doc.undo_name() is not None

    _answer_removals(monkeypatch, places, asked)
    editor.places.parentWidget().raise_()      # its dock, tabbed behind Fields
    lines = editor.places.list.count()
    editor.places.list.setCurrentRow(0)
    first = editor.places.list.item(0).text()
    editor.places.list.setFocus()
    qtbot.waitUntil(editor.places.list.hasFocus)
    qtbot.keyClick(editor.places.list, Qt.Key_Delete)
    assert len(asked) == 2 and first in asked[1]
    assert editor.places.list.count() == lines - 1
    assert uid not in oob_ids(editor)           # the tree's Del did not fire again


def oob_ids(editor) -> set[str]:
    return {str(u["id"]) for kind in ("battalion", "company") for e in editor.doc.entries(kind)
            for u in e.get("units", [])}


def test_play_refuses_a_scenario_with_problems_before_saving_it(qtbot, window, tmp_path, monkeypatch, no_modal_boxes):
    """A scenario with problems is not saved by Play (its file stays as it was): the refusal
    names the problems."""
    from umpire.core.scenario_doc import places_edit
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    editor = window.edit_scenario(str(path))
    saves = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: saves.append(a) or QMessageBox.Save)
    uid = next(str(u["id"]) for b in editor.doc.entries("battalion") for u in b["units"] if "hex" in u)
    editor.run(places_edit.add_reinforcement, "us", 2, ["0112"], [uid])
    assert editor.doc.modified
    editor.act_play.trigger()
    assert saves == [] and path.read_bytes() == XOM.read_bytes() and window.game is None
    assert len(no_modal_boxes) == 1 and "already set up" in no_modal_boxes[0] and uid in no_modal_boxes[0]
    # without the problem, Play asks to save, saves and plays
    editor.doc.undo()
    editor.run(places_edit.add_support, "artillery", "us art", "us", 2, 8)
    editor.act_play.trigger()
    assert len(saves) == 1 and b"us art" in path.read_bytes() and window.game is not None


def test_the_toolbar_keeps_undo_and_redo_short_and_names_the_operation_elsewhere(qtbot, window, tmp_path):
    from PySide6.QtWidgets import QToolButton
    from umpire.core.scenario_doc import places_edit
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    editor = window.edit_scenario(str(path))
    editor.run(places_edit.add_support, "artillery", "us art", "us", 2, 8)
    editor.run(places_edit.add_support, "artillery", "us art 2", "us", 2, 8)
    editor.act_undo.trigger()
    long_undo, long_redo = editor.doc.undo_name(), editor.doc.redo_name()
    assert long_undo and long_redo
    buttons = {b.defaultAction(): b for b in editor.palette.bar.findChildren(QToolButton) if b.defaultAction()}
    assert buttons[editor.act_undo].text() == "Undo" and buttons[editor.act_redo].text() == "Redo"
    assert long_undo in editor.act_undo.toolTip() and long_redo in editor.act_redo.toolTip()
    assert long_undo in editor.act_undo.text()      # the Edit menu names it
    # Save and Play are on the bar, not in its » overflow
    for act in (editor.act_save, editor.act_play):
        assert buttons[act].isVisible()


def test_save_as_suggests_a_file_name_from_the_title(qtbot, window, tmp_path, monkeypatch):
    editor = opening.new_scenario(window, choice=dict(rules="lnlt", title="Paddy Edge: Hill 55!", columns=8,
                                                      rows=6, orientation="flat", stagger="even"))
    offered = []
    monkeypatch.setattr("umpire.gui.editor.window.QFileDialog.getSaveFileName",
                        lambda parent, caption, start, *a: offered.append(start) or ("", ""))
    editor.act_save_as.trigger()
    assert Path(offered[0]).name == "paddy-edge-hill-55.toml"
    editor.close()


def test_a_sides_troop_quality_is_chosen_from_the_quality_table(qtbot, window, monkeypatch):
    """MechWar 4's troop qualities are the entries of its quality table (MW4 13.0): + Side offers
    them as a list, not a line of free text, and so does the side's field in the Fields dock."""
    from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit
    editor = opening.new_scenario(window, choice=dict(rules="mechwar4", title="Q", columns=8, rows=6,
                                                      orientation="flat", stagger="even"))
    offered = []
    texts = iter(["nato", "NATO"])
    monkeypatch.setattr(oobtree.QInputDialog, "getText", lambda *a, **k: (next(texts), True))
    monkeypatch.setattr(oobtree.QInputDialog, "getItem", lambda parent, title, label, items, *a:
                        offered.append((label, items)) or (next(i for i in items if "[first_line]" in i), True))
    editor.oob.buttons["Side"].click()
    [(label, items)] = offered
    import tomllib
    table = tomllib.loads((XOM.parents[1] / "resources" / "rulesets" / "mechwar4" / "quality.toml")
                          .read_text(encoding="utf-8"))["entry"]
    assert "quality" in label and items == [f"{e['label']} [{key}]" for key, e in table.items()]
    assert "Seasoned [seasoned]" in items and "Reserve [reserve]" in items
    assert 'quality = "first_line"' in editor.doc.text()

    editor.oob.select("side", "nato")
    form = editor.fields.form_holder
    assert "quality" in [w.text() for w in form.findChildren(QLabel)]
    [box] = [b for b in form.findChildren(QComboBox) if b.findData("reserve") >= 0]
    assert box.currentData() == "first_line" and box.findData(None) < 0      # required: no "(none)"
    assert not any(w.placeholderText() == "required" for w in form.findChildren(QLineEdit))
    box.activated.emit(box.findData("reserve"))
    assert 'quality = "reserve"' in editor.doc.text()
    assert editor.doc.undo_name() == "Set quality of nato"
    # a battalion's quality may be left to its side's: "(none)" first
    from umpire.core.scenario_doc import oob_edit
    editor.run(oob_edit.add_battalion, "1 Bn", "nato", "1 Bn")
    editor.oob.select("battalion", "1 Bn")
    boxes = [b for b in editor.fields.form_holder.findChildren(QComboBox) if b.findData("reserve") >= 0]
    assert len(boxes) == 1 and boxes[0].itemText(0) == "(none)" and boxes[0].currentData() is None
    editor.close()
