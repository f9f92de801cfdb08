"""A zone's and a minefield's own keys in the scenario editor (issue 22): a line clicked in the
Places dock shows them -- a minefield's side, type, secrecy and hexes (MW4 16.0); a zone's id,
side, label and each shape the scenario format gives a zone (listed hexes, a rectangle, a map
edge, a circle, the line it lies south or north of, MW4 20.41) -- each edit one change Undo takes
back, shaded on the map at once, saved with the file's comments and accepted by `umpire validate`."""

from __future__ import annotations

import tomllib

import pytest

from umpire.cli import main as umpire

from editorkit import KALTENBACH, click_line, kaltenbach_editor


@pytest.fixture()
def editor(qtbot, tmp_path, monkeypatch):
    return kaltenbach_editor(qtbot, tmp_path, monkeypatch)


def type_into(editor, key: str, text: str):
    w = editor.places.entry.widgets[key]
    w.setText(text)
    w.editingFinished.emit()
    return editor.places.entry          # built again after the change


def choose(editor, key: str, value):
    w = editor.places.entry.widgets[key]
    w.activated.emit(w.findData(value))
    return editor.places.entry


def shaded(editor) -> int:
    """How many zone shades the map draws (one per zone whose hexes can be read)."""
    return len(editor.map_view.zone_shades)


def test_a_minefields_keys(qtbot, editor):
    form = click_line(editor, "Minefield of nato")
    assert form.title().startswith("Minefield")
    assert form.widgets["type"].currentData() == "preventative" and form.widgets["secret"].isChecked()
    assert form.widgets["hexes"].text() == "1414, 1514"
    # MW4 16.0: hasty, preventative or defensive; the type offered are the rule system's
    offered = [form.widgets["type"].itemData(i) for i in range(form.widgets["type"].count())]
    assert set(offered) == {"hasty", "preventative", "defensive"}
    form = choose(editor, "type", "defensive")
    # the file's layout kept: the one line of the key changed, nothing else
    before, after = KALTENBACH.read_text(encoding="utf-8").splitlines(), editor.doc.text().splitlines()
    assert len(before) == len(after)
    assert [(a, b) for a, b in zip(before, after) if a != b] == [('type = "preventative"', 'type = "defensive"')]
    form = type_into(editor, "hexes", "1414, 1514, 1614")
    form.widgets["secret"].setChecked(False)              # a minefield every side knows of
    assert editor.doc.undo_name() == "Set [[minefield]] #1 secret"
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    assert editor.save()
    text = editor.doc.path.read_text(encoding="utf-8")
    mine = tomllib.loads(text)["minefield"][0]
    assert (mine["type"], mine["hexes"], mine["secret"]) == ("defensive", ["1414", "1514", "1614"], False)
    assert "# ---------------------------------------------------------------- victory (MW4 20.5)" in text
    assert umpire(["validate", str(editor.doc.path)]) == 0
    # a hex off the map is named in the problems list, not refused
    type_into(editor, "hexes", "1414, 9999")
    assert "9999" in editor.problems.item(0).text()
    for _ in range(4):
        editor.undo()
    assert editor.doc.text() == KALTENBACH.read_text(encoding="utf-8")


def test_a_zone_renamed_everywhere_it_is_named(qtbot, editor):
    form = click_line(editor, "Zone nato-setup")
    assert form.widgets["id"].text() == "nato-setup" and form.widgets["area"].text() == "0101, 4013"
    assert form.widgets["purpose"].text().startswith("Sets up here: side nato (")
    form = type_into(editor, "id", "us-setup")
    assert form.title() == "Zone us-setup" and form.widgets["purpose"].text().startswith("Sets up here: side nato (")
    data = editor.doc.data()
    assert [z["id"] for z in data["zone"]][0] == "us-setup"
    assert next(s for s in data["side"] if s["id"] == "nato")["deploy"] == "us-setup"     # the side's deploy
    form = type_into(editor, "label", "US set-up north of the river")
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    assert editor.save() and umpire(["validate", str(editor.doc.path)]) == 0
    editor.undo()
    editor.undo()
    assert editor.doc.text() == KALTENBACH.read_text(encoding="utf-8")


def test_a_zone_as_an_edge_a_circle_and_a_line(qtbot, editor):
    form = click_line(editor, "Zone warpac-setup")
    assert form.widgets["south_of"].text() == "0121, 4025"      # MW4 20.41's set-up line
    assert shaded(editor) == 2
    # the line taken out: the zone has no shape left, reads as no hexes and is not shaded
    form = type_into(editor, "south_of", "")
    assert "south_of" not in editor.doc.data()["zone"][1]
    # the south map edge: one hex per column of the 40-column map
    form = choose(editor, "edge", "south")
    assert editor.doc.data()["zone"][1]["edge"] == "south"
    assert form.widgets["covers"].text() == "Covers 40 hexes, shaded on the map."
    assert shaded(editor) == 2
    # a circle of radius 1 round an inner hex adds it and its six neighbours
    form.widgets["within_radius"].setValue(1)
    form = type_into(editor, "within_hex", "2015")
    assert editor.doc.data()["zone"][1]["within"] == {"hex": "2015", "radius": 1}
    assert form.widgets["covers"].text() == "Covers 47 hexes, shaded on the map."
    assert editor.doc.undo_name() == "Zone warpac-setup: within 1 of 2015"
    # the radius alone changed: the circle grows (1 + 6 + 12 hexes within 2)
    form.widgets["within_radius"].setValue(2)
    form.widgets["within_radius"].editingFinished.emit()
    form = editor.places.entry
    assert form.widgets["covers"].text() == "Covers 59 hexes, shaded on the map."
    # a north-of line: every hex on or above row 01 of columns 01 to 40 -- the north edge row
    form = type_into(editor, "north_of", "0101, 4001")
    assert form.widgets["covers"].text() == "Covers 99 hexes, shaded on the map."
    assert "within 2 of 2015" in editor.places.list.currentItem().text()
    # the Soviet units set up south of row 21 are now outside their zone: the problems say so
    assert "warpac-setup" in editor.problems.item(0).text()
    type_into(editor, "north_of", "")
    form = type_into(editor, "south_of", "0121, 4025")
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    assert editor.save()
    text = editor.doc.path.read_text(encoding="utf-8")
    assert 'within = { hex = "2015", radius = 2 }' in text and 'edge = "south"' in text
    assert umpire(["validate", str(editor.doc.path)]) == 0
    # the circle taken out by emptying its centre
    form = type_into(editor, "within_hex", "")
    assert "within" not in editor.doc.data()["zone"][1]
    while editor.doc.undo_name():
        editor.undo()
    assert editor.doc.text() == KALTENBACH.read_text(encoding="utf-8")


def test_a_circle_off_the_map_is_named_a_problem(qtbot, editor):
    click_line(editor, "Zone warpac-setup")
    type_into(editor, "within_hex", "9999")
    problem = editor.problems.item(0).text()
    assert '"warpac-setup"' in problem and "hex 9999 is off the map" in problem
    assert "cannot be read" in editor.places.entry.widgets["covers"].text()
    assert shaded(editor) == 1          # the other zone alone is shaded


# ---------------------------------------------------------------- + Zone: a zone drawn by its shape

def new_zone_dialog(editor):
    from umpire.gui.editor.zonedialog import ZoneDialog
    return ZoneDialog(editor)


def test_a_zone_along_an_edge_some_hexes_deep(qtbot, editor):
    dialog = new_zone_dialog(editor)
    dialog.side.setCurrentText("nato")
    assert dialog.ident.text() == "nato-setup-2"          # nato-setup is taken
    dialog.shape.setCurrentIndex(dialog.shape.findData("edge"))
    dialog.edge.setCurrentText("west")
    dialog.depth.setValue(4)
    # shaded as it is typed: the two zones and the one to be
    assert dialog.covers.text() == "Covers 120 hexes, shaded on the map." and shaded(editor) == 3
    dialog.label.setText("US screen, west edge")
    dialog.accept()
    zone = editor.doc.data()["zone"][-1]
    # a band four columns deep is the rectangle of columns 01-04 (the format's edge is one deep)
    assert zone == {"id": "nato-setup-2", "side": "nato", "label": "US screen, west edge", "area": ["0101", "0430"]}
    assert editor.doc.undo_name() == "Add zone nato-setup-2"
    assert shaded(editor) == 3 and "Zone nato-setup-2 (nato): 0101-0430" in [
        editor.places.list.item(i).text() for i in range(editor.places.list.count())]
    assert editor.problems.item(0).text() == "No problems: the scenario plays."
    # one deep: the format's own edge key
    dialog = new_zone_dialog(editor)
    dialog.side.setCurrentText("warpac")
    dialog.shape.setCurrentIndex(dialog.shape.findData("edge"))
    dialog.edge.setCurrentText("south")
    dialog.accept()
    assert editor.doc.data()["zone"][-1]["edge"] == "south" and editor.doc.data()["zone"][-1]["id"] == "warpac-setup-2"
    assert editor.save() and umpire(["validate", str(editor.doc.path)]) == 0
    editor.undo()
    editor.undo()
    assert editor.doc.text() == KALTENBACH.read_text(encoding="utf-8")


def test_a_circle_and_a_line_previewed_then_cancelled_or_added(qtbot, editor):
    dialog = new_zone_dialog(editor)
    dialog.shape.setCurrentIndex(dialog.shape.findData("within"))
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not ok.isEnabled() and "type the centre hex" in dialog.covers.text()
    dialog.centre.setText("9915")
    assert "hex 9915 is off the map" in dialog.covers.text() and not ok.isEnabled()
    dialog.centre.setText("2015")
    dialog.radius.setValue(3)           # 1 + 6 + 12 + 18 hexes
    assert dialog.covers.text() == "Covers 37 hexes, shaded on the map." and ok.isEnabled()
    assert shaded(editor) == 3
    dialog.reject()                     # nothing added, the preview gone
    assert shaded(editor) == 2 and editor.doc.undo_name() is None
    dialog = new_zone_dialog(editor)
    dialog.side.setCurrentText("warpac")
    dialog.shape.setCurrentIndex(dialog.shape.findData("north_of"))
    dialog.north.setText("0105")
    assert "two hexes" in dialog.covers.text()
    dialog.north.setText("0105, 4005")  # rows 01 to 05 of 40 columns (MW4 20.41's line, the other way)
    assert dialog.covers.text() == "Covers 200 hexes, shaded on the map."
    dialog.accept()
    assert editor.doc.data()["zone"][-1]["north_of"] == ["0105", "4005"]
    dialog = new_zone_dialog(editor)
    dialog.shape.setCurrentIndex(dialog.shape.findData("within"))
    dialog.centre.setText("2015")
    dialog.radius.setValue(1)
    dialog.accept()
    text = editor.doc.text()
    assert 'within = { hex = "2015", radius = 1 }' in text
    assert editor.save() and umpire(["validate", str(editor.doc.path)]) == 0


def test_the_hex_menu_starts_a_circle_round_the_hex(qtbot, editor):
    from umpire.gui.editor.zonedialog import ZoneDialog
    menu = editor.hex_menu.build(editor.doc.grid().parse("2015"))
    zones = next(a.menu() for a in menu.actions() if a.menu() is not None and a.text() == "Deployment zone")
    action = next(a for a in zones.actions() if a.text() == "New zone round 2015…")
    action.trigger()
    dialog = editor.findChild(ZoneDialog)
    assert dialog.shape.currentData() == "within" and dialog.centre.text() == "2015"
    assert dialog.covers.text() == "Covers 19 hexes, shaded on the map."        # radius 2: 1 + 6 + 12
    dialog.accept()
    assert editor.doc.data()["zone"][-1]["within"] == {"hex": "2015", "radius": 2}
    editor.undo()
    assert "within" not in editor.doc.text()
    editor.redo()                       # Redo puts the zone back, as it was written
    assert editor.doc.data()["zone"][-1]["within"] == {"hex": "2015", "radius": 2}
    assert editor.problems.item(0).text() == "No problems: the scenario plays."


def test_a_zone_key_undone_and_redone_shows_in_the_form(qtbot, editor):
    click_line(editor, "Zone warpac-setup")
    form = choose(editor, "edge", "east")
    assert form.widgets["edge"].currentData() == "east"
    editor.undo()
    assert editor.places.entry.widgets["edge"].currentData() is None
    editor.redo()
    assert editor.places.entry.widgets["edge"].currentData() == "east"
    click_line(editor, "Minefield of nato")
    type_into(editor, "hexes", "1414")
    editor.undo()
    editor.redo()
    assert editor.places.entry.widgets["hexes"].text() == "1414" and editor.doc.data()["minefield"][0]["hexes"] == ["1414"]
