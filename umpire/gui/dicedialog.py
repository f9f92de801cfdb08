"""Typing in the dice rolled at the table (Turn → Type In Real Dice): one dialog for all the dice
of a roll, saying what the roll is for, with empty boxes -- no face is filled in for the umpire,
so a stray Enter cannot make a unit panic on a default 1.  OK waits until every box holds a face
the die has."""

from __future__ import annotations

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout

from .enterkey import EnterActs


class DiceDialog(EnterActs, QDialog):
    def __init__(self, parent, purpose: str, count: int, sides: int) -> None:
        super().__init__(parent)
        self.setWindowTitle("Roll the dice")
        self.sides = sides
        box = QVBoxLayout(self)
        what = QLabel(f"<b>{purpose}</b><br>Roll {count}d{sides} at the table and type each die's face "
                      f"(1 to {sides}).")
        what.setWordWrap(True)
        box.addWidget(what)
        form = QFormLayout()
        self.faces: list[QLineEdit] = []
        for i in range(count):
            edit = QLineEdit()
            edit.setValidator(QIntValidator(1, sides, edit))
            edit.setPlaceholderText(f"1–{sides}")
            edit.setMaximumWidth(80)
            edit.textChanged.connect(self._check)
            form.addRow(f"Die {i + 1} of {count}:" if count > 1 else "Die:", edit)
            self.faces.append(edit)
        box.addLayout(form)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box.addWidget(self.buttons)
        self._check()

    def action_button(self):
        return self.buttons.button(QDialogButtonBox.Ok)

    def values(self) -> list[int] | None:
        """The faces typed, or None while a box is empty or out of range."""
        try:
            faces = [int(e.text()) for e in self.faces]
        except ValueError:
            return None
        return faces if all(1 <= f <= self.sides for f in faces) else None

    def _check(self) -> None:
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(self.values() is not None)

    def accept(self) -> None:
        if self.values() is not None:          # Enter with a box empty does nothing
            super().accept()


def ask_dice(parent, purpose: str, count: int, sides: int) -> list[int] | None:
    """The faces of one roll typed by the umpire, or None if cancelled."""
    dialog = DiceDialog(parent, purpose, count, sides)
    return dialog.values() if dialog.exec() == QDialog.Accepted else None
