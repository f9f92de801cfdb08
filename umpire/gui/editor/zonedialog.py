"""New Zone… (the Places dock's + Zone): a deployment zone drawn by its shape rather than hex by
hex -- a map edge some hexes deep, a circle round a hex, the side of a hex-row line (MW4 20.41's
set-up line) or a rectangle -- as the scenario format writes them (docs/scenario-format.md).
The hexes it would cover are shaded on the map as the organizer types, with their count; OK
adds the zone as one change (places_edit.add_shaped_zone), Cancel leaves the map as it was."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QSpinBox,
                               QStackedWidget, QWidget)

from ...core.scenario_doc import oob_edit, places_edit
from ...core.scenario_doc.preview import editor_view
from ...core.zones import resolve_zone
from .ruletable import split_list

SHAPES = {"edge": "Along a map edge", "within": "Round a hex (centre and radius)",
          "south_of": "South of a line", "north_of": "North of a line", "area": "A rectangle (two corners)"}


class ZoneDialog(QDialog):
    def __init__(self, editor, centre: str | None = None) -> None:
        super().__init__(editor)
        self.editor = editor
        self.setWindowTitle("New zone")
        grid = editor.doc.grid()
        view = editor_view(editor.doc, editor.rules)
        colours = {s.id: s.colour for s in view.sides} if view is not None else {}
        self.shades = [(z.hexes, colours.get(z.side, "#808080"), z.label) for z in (view.zones if view else ())]
        self.colours = colours
        form = QFormLayout(self)
        self.side = QComboBox()
        self.side.addItems(oob_edit.ids(editor.doc, "side"))
        self.ident = QLineEdit(self.free_id(self.side.currentText()))
        self.label = QLineEdit()
        self.label.setPlaceholderText("what the map calls it (default: its id)")
        self.shape = QComboBox()
        for key, words in SHAPES.items():
            self.shape.addItem(words, key)
        self.pages = QStackedWidget()
        self.edge, self.depth = QComboBox(), QSpinBox()
        self.edge.addItems(["north", "south", "east", "west"])
        self.depth.setRange(1, max(grid.rows, grid.columns))
        self.depth.setToolTip("one: the edge row or column itself; more: that many rows or columns along it")
        self.centre, self.radius = QLineEdit(), QSpinBox()
        self.centre.setPlaceholderText("a hex number, 1515")
        self.radius.setRange(0, grid.columns + grid.rows)
        self.radius.setValue(2)
        self.south, self.north, self.corners = (QLineEdit() for _ in range(3))
        for w in (self.south, self.north):
            w.setPlaceholderText(f"the line's two ends: 01{grid.rows // 2:02d}, {grid.columns:02d}{grid.rows // 2:02d}")
        self.corners.setPlaceholderText("two corners: 0101, 4013")
        for rows in ((("Edge", self.edge), ("Depth (hexes)", self.depth)),
                     (("Centre", self.centre), ("Radius", self.radius)),
                     (("Line", self.south),), (("Line", self.north),), (("Corners", self.corners),)):
            page = QWidget()
            page_form = QFormLayout(page)
            page_form.setContentsMargins(0, 0, 0, 0)
            for words, w in rows:
                page_form.addRow(words, w)
            self.pages.addWidget(page)
        self.covers = QLabel()
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        for words, w in (("Side", self.side), ("Id", self.ident), ("Label", self.label), ("Shape", self.shape)):
            form.addRow(words, w)
        form.addRow(self.pages)
        form.addRow(self.covers)
        form.addRow(self.buttons)
        self.shape.currentIndexChanged.connect(self.pages.setCurrentIndex)
        for signal in (self.shape.currentIndexChanged, self.edge.currentIndexChanged, self.depth.valueChanged,
                       self.radius.valueChanged, self.side.currentIndexChanged, self.centre.textChanged,
                       self.south.textChanged, self.north.textChanged, self.corners.textChanged,
                       self.ident.textChanged):
            signal.connect(self.preview)
        self.side.currentTextChanged.connect(lambda side: "-setup" in self.ident.text() and
                                             self.ident.setText(self.free_id(side)))
        self.finished.connect(lambda _: editor.refresh())       # the map's own shades again
        if centre:              # from the hex menu: a circle round the hex clicked
            self.shape.setCurrentIndex(self.shape.findData("within"))
            self.centre.setText(centre)
        self.preview()

    def free_id(self, side: str) -> str:
        """"nato-setup", or "nato-setup-2"... when the scenario has one."""
        taken = {str(z.get("id")) for z in self.editor.doc.entries("zone")}
        return next(n for n in (f"{side}-setup" + (f"-{i}" if i > 1 else "") for i in range(1, 999)) if n not in taken)

    def chosen(self) -> dict[str, Any]:
        """The shape as the format writes it; ValueError says what is missing."""
        key = self.shape.currentData()
        if key == "edge":
            return places_edit.edge_band(self.editor.doc, self.edge.currentText(), self.depth.value())
        if key == "within":
            if not self.centre.text().strip():
                raise ValueError("type the centre hex")
            return {"within": {"hex": self.on_map(self.centre.text().strip()), "radius": self.radius.value()}}
        hexes = split_list({"south_of": self.south, "north_of": self.north, "area": self.corners}[key].text())
        if len(hexes) != 2:
            raise ValueError("type two hexes, with a comma")
        for number in hexes:
            self.on_map(number)
        return {key: hexes}

    def on_map(self, number: str) -> str:
        grid = self.editor.doc.grid()
        if not grid.contains(grid.parse(number)):
            raise ValueError(f"hex {number} is off the map")
        return number

    def preview(self) -> None:
        """Shade the hexes the zone would cover, over the zones there are; say how many or why none."""
        try:
            hexes = resolve_zone(self.editor.doc.grid(), self.chosen())
        except (ValueError, TypeError, KeyError) as e:
            self.covers.setText(f"Not yet a zone: {e}.")
            self.buttons.button(QDialogButtonBox.Ok).setEnabled(False)
            self.editor.map_view.shade_zones(self.shades)
            return
        self.covers.setText(f"Covers {len(hexes)} hexes, shaded on the map.")
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(bool(hexes) and bool(self.ident.text().strip()))
        colour = self.colours.get(self.side.currentText(), "#808080")
        self.editor.map_view.shade_zones(self.shades + [(hexes, colour, self.ident.text())])

    def accept(self) -> None:
        try:
            shape = self.chosen()
        except ValueError as e:
            return self.editor.say(str(e))
        if self.editor.run(places_edit.add_shaped_zone, self.ident.text().strip(), self.side.currentText(),
                           self.label.text().strip(), shape):
            super().accept()


def new_zone(editor, centre: str | None = None) -> None:
    """+ Zone (or the hex menu's zone round a hex): the dialog, if the scenario has a side and a
    readable map."""
    if not oob_edit.ids(editor.doc, "side"):
        return editor.say("Add a side first (Order of battle → + Side).")
    try:
        editor.doc.grid()
    except ValueError as e:
        return editor.say(f"The map cannot be read: {e}")
    ZoneDialog(editor, centre).open()
