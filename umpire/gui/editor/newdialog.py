"""File → New Scenario…: the rule system, the title, and the map's size and shape."""

from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QMessageBox,
                               QSpinBox)

from ...core.errors import UmpireError
from ...core.limits import MAP_SIDE, TURNS
from ...core.ruleset import available_rulesets, load_ruleset

SHAPES = [("flat", "even", "Flat-topped, even columns lower (SPI)"),
          ("flat", "odd", "Flat-topped, odd columns lower"),
          ("pointy", "even", "Pointy-topped, even rows shifted"),
          ("pointy", "odd", "Pointy-topped, odd rows shifted")]


class NewScenarioDialog(QDialog):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Scenario")
        form = QFormLayout(self)
        self.rules = QComboBox()
        for name in available_rulesets():
            try:
                self.rules.addItem(load_ruleset(name).title, name)
            except UmpireError:
                continue            # a broken club rule system is refused where it is opened
        self.title = QLineEdit("New scenario")
        self.columns, self.rows, self.turns = QSpinBox(), QSpinBox(), QSpinBox()
        for box, value, bounds in ((self.columns, 20, MAP_SIDE), (self.rows, 15, MAP_SIDE), (self.turns, 10, TURNS)):
            box.setRange(*bounds)
            box.setValue(value)
        self.shape = QComboBox()
        for orientation, stagger, label in SHAPES:
            self.shape.addItem(label, (orientation, stagger))
        form.addRow("Rule system", self.rules)
        form.addRow("Title", self.title)
        form.addRow("Columns", self.columns)
        form.addRow("Rows", self.rows)
        form.addRow("Map shape", self.shape)
        form.addRow("Turns", self.turns)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def accept(self) -> None:
        if not self.title.text().strip():
            QMessageBox.warning(self, "New Scenario", "The scenario needs a title.")
            return
        super().accept()

    def choice(self) -> dict:
        orientation, stagger = self.shape.currentData()
        return {"rules": self.rules.currentData(), "title": self.title.text().strip(),
                "columns": self.columns.value(), "rows": self.rows.value(), "orientation": orientation,
                "stagger": stagger, "turns": self.turns.value()}
