"""Deployment zones drawn as shapes in the scenario editor (issue 22): the Rectangle tool gives a
zone its `area` (two corners, as the format writes a set-up rectangle) or adds its hexes to a zone
that has one, the Polygon tool paints the hexes inside the corners clicked, each one change that
Undo takes back; every zone is shaded in its side's colour on the organizer's map."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox

from umpire.core.scenario_doc import places_edit
from umpire.core.scenario_doc.document import ScenarioDocument
from umpire.core.scenario_doc.shapes import polygon
from umpire.gui.editor.window import EditorWindow

XOM = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"


@pytest.fixture()
def editor(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    path = tmp_path / "xom.toml"
    path.write_bytes(XOM.read_bytes())
    e = EditorWindow(ScenarioDocument.open(path))
    qtbot.addWidget(e)
    e.show()
    e.resize(1300, 850)
    e.map_view.fit_map()
    qtbot.wait(20)
    return e


def point(editor, number: str) -> QPoint:
    x, y = editor.scene.layout.center(editor.doc.grid().parse(number))
    return editor.map_view.mapFromScene(QPointF(x, y))


def numbers(editor, hexes) -> set[str]:
    return {editor.doc.grid().number(h) for h in hexes}


def zone_hexes(editor, zid: str) -> set[str]:
    return numbers(editor, next(z for z in editor.scene.view.zones if z.id == zid).hexes)


def test_a_rectangle_gives_a_zone_its_area_then_adds_hexes(qtbot, editor):
    assert editor.run(places_edit.add_zone, "us-reserve", "us", [])
    editor.palette.choose_tool("rectangle")
    editor.palette.choose_paint("zone", "us-reserve")
    port = editor.map_view.viewport()
    qtbot.mousePress(port, Qt.LeftButton, pos=point(editor, "0205"))
    qtbot.mouseMove(port, point(editor, "0306"))
    qtbot.mouseMove(port, point(editor, "0407"))
    qtbot.mouseRelease(port, Qt.LeftButton, pos=point(editor, "0407"))
    zone = next(z for z in editor.doc.entries("zone") if z["id"] == "us-reserve")
    assert list(zone["area"]) == ["0205", "0407"]
    assert zone_hexes(editor, "us-reserve") == {f"{c:02d}{r:02d}" for c in (2, 3, 4) for r in (5, 6, 7)}
    assert editor.doc.undo_name() == "Zone us-reserve: area 0205 to 0407"
    # a second rectangle: the zone has its area, the new hexes are listed
    qtbot.mousePress(port, Qt.LeftButton, pos=point(editor, "0609"))
    qtbot.mouseMove(port, point(editor, "0710"))
    qtbot.mouseRelease(port, Qt.LeftButton, pos=point(editor, "0710"))
    zone = next(z for z in editor.doc.entries("zone") if z["id"] == "us-reserve")
    assert sorted(zone["hexes"]) == ["0609", "0610", "0709", "0710"] and list(zone["area"]) == ["0205", "0407"]
    assert {"0609", "0710", "0306"} <= zone_hexes(editor, "us-reserve")
    editor.undo()
    editor.undo()
    assert "area" not in next(z for z in editor.doc.entries("zone") if z["id"] == "us-reserve")
    editor.redo()
    assert zone_hexes(editor, "us-reserve") == {f"{c:02d}{r:02d}" for c in (2, 3, 4) for r in (5, 6, 7)}


def test_a_polygon_paints_the_hexes_inside_its_corners_in_one_change(qtbot, editor):
    editor.palette.choose_tool("polygon")
    editor.palette.choose_paint("elevation", "3")
    port = editor.map_view.viewport()
    before = editor.doc.undo_name()
    for number in ("0902", "1302", "1306"):
        qtbot.mouseClick(port, Qt.LeftButton, pos=point(editor, number))
    assert editor.doc.undo_name() == before             # nothing painted until it is closed
    qtbot.mouseClick(port, Qt.LeftButton, pos=point(editor, "0906"))
    qtbot.mouseDClick(port, Qt.LeftButton, pos=point(editor, "0906"))
    grid = editor.doc.grid()
    want = polygon(grid, [grid.parse(n) for n in ("0902", "1302", "1306", "0906")])
    m = editor.scene.view.map
    assert {h for h in grid.hexes() if m.elevation[h] == 3} == want and len(want) == 25
    assert editor.doc.undo_name().startswith("Paint 25 hexes")
    editor.undo()
    assert not any(m2 == 3 for m2 in editor.scene.view.map.elevation.values())


def test_escape_drops_a_polygon_half_drawn(qtbot, editor):
    editor.palette.choose_tool("polygon")
    editor.palette.choose_paint("elevation", "3")
    port = editor.map_view.viewport()
    before = editor.doc.text()
    for number in ("0902", "1302", "1306"):
        qtbot.mouseClick(port, Qt.LeftButton, pos=point(editor, number))
    editor.map_view.setFocus()
    qtbot.keyClick(editor.map_view, Qt.Key_Escape)
    assert editor.map_view.corners == [] and editor.doc.text() == before
    qtbot.keyClick(editor.map_view, Qt.Key_Return)      # nothing left to close
    assert editor.doc.text() == before


def test_each_zone_is_shaded_in_its_sides_colour(qtbot, editor):
    shades = editor.map_view.zone_shades
    assert [s.toolTip() for s in shades] == [z.label for z in editor.scene.view.zones] and len(shades) == 2
    for shade, zone in zip(shades, editor.scene.view.zones):
        colour = shade.brush().color()
        assert colour.name() == QColor(editor.scene.view.side_colour(zone.side)).name() and 0 < colour.alpha() < 255
    # on the screen: a hex of the US zone reads bluer than the same terrain outside any zone
    grid, m = editor.doc.grid(), editor.scene.view.map
    occupied = {u.hex for u in editor.scene.view.units}
    us = next(z for z in editor.scene.view.zones if z.side == "us").hexes
    nva = next(z for z in editor.scene.view.zones if z.side == "nva").hexes
    inside = next(h for h in sorted(us) if h not in occupied and h not in nva)
    outside = next(h for h in grid.hexes() if h not in us and h not in nva and h not in occupied
                   and m.terrain[h] == m.terrain[inside] and m.elevation[h] == m.elevation[inside])
    image = editor.map_view.viewport().grab().toImage()

    def rgb(h):
        p = point(editor, grid.number(h))
        return np.array(QColor(image.pixel(p.x() + 6, p.y() + 6)).getRgb()[:3], dtype=int)
    a, b = rgb(inside), rgb(outside)
    assert a[2] - a[0] > b[2] - b[0] + 15, (a, b)
