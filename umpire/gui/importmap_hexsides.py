"""The Import Club Map dialog's table of Tiled hexside values and the rule system's hexside
features they mean: the window's `--hexside VALUE=FEATURE` (umpire/mapimport/tmx_hexsides.py
reads the values from a `hexside` property on lines and tiles).  A feature is chosen from the
rule system's own list, so it cannot be one the rule system lacks; a row without a value, or a
value given twice, is refused in one line naming the row."""

from __future__ import annotations

from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton,
                               QTableWidget, QVBoxLayout, QWidget)

from ..core.errors import UmpireError


class HexsideMappings(QWidget):
    """Rows of (Tiled's value, a hexside feature of the rule system)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.features: dict[str, str] = {}          # the rule system's: name -> label
        self.system = ""                            # its title, for a refusal
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels(["Tiled's value", "Hexside feature"])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setMaximumHeight(120)
        self.table.setToolTip("A value of a line's or tile's hexside property (\"creek\") and the rule system's "
                              "hexside feature it means; a value that is a feature's name needs no row")
        self.add = QPushButton("+ Ro&w")
        self.add.clicked.connect(lambda: self.add_row())
        self.remove = QPushButton("Remove Row")
        self.remove.clicked.connect(self.remove_row)
        self.note = QLabel("")
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        for w in (self.add, self.remove):
            buttons.addWidget(w)
        buttons.addWidget(self.note, 1)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.table)
        box.addLayout(buttons)

    def set_features(self, features: dict[str, str], system: str = "") -> None:
        """The rule system chosen: its features offered in every row (a row's feature it lacks
        stays, marked, and is refused at import rather than silently changed); none at all, and
        a word says so (the dialog turns the table off)."""
        self.features, self.system = dict(features), system
        for row in range(self.table.rowCount()):
            combo: QComboBox = self.table.cellWidget(row, 1)
            kept = combo.currentData()
            self._fill(combo, kept)
        self.note.setText("" if self.features else "This rule system has no hexside features.")

    def _fill(self, combo: QComboBox, chosen: str | None) -> None:
        combo.clear()
        for name, label in self.features.items():
            combo.addItem(label if label == name else f"{label} ({name})", name)
        if chosen and chosen not in self.features:
            combo.addItem(f"{chosen} (not in {self.system or 'this rule system'})", chosen)
        combo.setCurrentIndex(max(0, combo.findData(chosen)))

    def add_row(self, value: str = "", feature: str | None = None) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        edit = QLineEdit(value)
        edit.setPlaceholderText("creek")
        self.table.setCellWidget(row, 0, edit)
        combo = QComboBox()
        self._fill(combo, feature)
        self.table.setCellWidget(row, 1, combo)
        edit.setFocus()

    def remove_row(self) -> None:
        row = self.table.currentRow() if self.table.currentRow() >= 0 else self.table.rowCount() - 1
        if row >= 0:
            self.table.removeRow(row)

    def pairs(self) -> list[str]:
        """The rows as the command line's --hexside VALUE=FEATURE; UmpireError naming a row
        without a value, a value given twice or a value with "=" in it."""
        out, seen = [], {}
        for row in range(self.table.rowCount()):
            value = self.table.cellWidget(row, 0).text().strip()
            feature = self.table.cellWidget(row, 1).currentData()
            where = f"hexside mapping, row {row + 1}"
            if not value:
                raise UmpireError("give Tiled's value (or remove the row)", place=where)
            if "=" in value:
                raise UmpireError(f"a value cannot hold \"=\" ({value!r})", place=where)
            if value in seen:
                raise UmpireError(f"{value!r} is mapped already in row {seen[value]}", place=where)
            if feature not in self.features:
                raise UmpireError(f"{feature!r} is not a hexside feature of {self.system or 'the rule system'}: "
                                  f"choose one of {', '.join(self.features) or 'its (it has none)'}", place=where)
            seen[value] = row + 1
            out.append(f"{value}={feature}")
        return out
