"""The form of one of a rule system's own actions (Unit menu: Lock 'n Load's spotting attempt,
artillery fire mission, or any unit action a rule system describes): one row per field it asks
for (ActionSpec.fields_for) -- typed text such as a hex number, or a
choice; a yes/no field is a choice of "(none)" or "yes".  OK stays off until every
required field is filled; the engine still checks everything and refuses with its reason."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit


class RuleActionDialog(QDialog):
    def __init__(self, window, title: str, unit_id: str, fields) -> None:
        super().__init__(window)
        self.setWindowTitle(title)
        self.fields = fields
        form = QFormLayout(self)
        form.addRow(QLabel(f"<b>{unit_id}</b>: {title}"))
        self.inputs: dict = {}
        for f in fields:
            choices = f.choices or (("", "yes") if f.kind == "flag" else ())
            if choices:
                box = QComboBox()
                for c in choices:
                    box.addItem(c.replace("_", " ") if c else "(none)", c)
                box.currentIndexChanged.connect(self._check)
            else:
                box = QLineEdit()
                box.setPlaceholderText("e.g. 0603" if f.kind == "hex" else "e.g. A1, B2" if f.kind == "units" else "")
                box.textChanged.connect(self._check)
            self.inputs[f.key] = box
            form.addRow(f.label + ("" if f.required else " (optional)"), box)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self._check()

    def _value(self, key: str) -> str:
        box = self.inputs[key]
        return (box.currentData() or "") if isinstance(box, QComboBox) else box.text().strip()

    def params(self) -> dict:
        return {f.key: self._value(f.key) for f in self.fields if self._value(f.key)}

    def _check(self) -> None:
        ok = all(self._value(f.key) for f in self.fields if f.required)
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(ok)
