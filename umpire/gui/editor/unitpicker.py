"""+ Unit's question: a unit type of the rule system's catalogue, each shown with its counter in
its side's colour and its name, filtered as the organizer types (a catalogue holds dozens)."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout

from .counters import counter_icon


class UnitTypePicker(QDialog):
    def __init__(self, parent, unit_types: dict, colour: str) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add Unit: its type")
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Type to filter: tank, squad, hq…")
        self.list = QListWidget()
        self.list.setIconSize(QSize(32, 32))
        for name, t in unit_types.items():
            item = QListWidgetItem(counter_icon(t, colour), f"{t.get('label', name)}   [{name}]")
            item.setData(Qt.UserRole, name)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.filter.textChanged.connect(self._filter)
        self.list.itemDoubleClicked.connect(lambda _: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(420, 480)

    def _filter(self, text: str) -> None:
        first = None
        for i in range(self.list.count()):
            item = self.list.item(i)
            hidden = text.lower() not in item.text().lower()
            item.setHidden(hidden)
            if not hidden and first is None:
                first = item
        if first is not None:
            self.list.setCurrentItem(first)

    def chosen(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.UserRole) if item is not None and not item.isHidden() else None

    @classmethod
    def ask(cls, parent, unit_types: dict, colour: str) -> str | None:
        """The unit type chosen, or None."""
        dialog = cls(parent, unit_types, colour)
        return dialog.chosen() if dialog.exec() == QDialog.Accepted else None
