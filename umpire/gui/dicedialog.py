"""Typing in the dice rolled at the table (Turn → Type In Real Dice): one dialog for every die of
an action, each roll saying what it is for, with empty boxes -- no face is filled in for the
umpire, so a stray Enter cannot make a unit panic on a default 1.

Which rolls an action makes can depend on the faces of earlier ones (a miss needs no damage
roll).  The dialog asks the engine (`asked`, core.engine.rolls_asked: a trial run that changes
nothing) which rolls follow from the faces typed so far, and shows them all; when a face changes
what follows, the rows below it change.  OK waits until every roll shown has its faces."""

from __future__ import annotations

from typing import Callable

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QLineEdit, QScrollArea,
                               QVBoxLayout, QWidget)

from ..core.dice import RollAsked
from ..core.errors import UmpireError
from .enterkey import EnterActs

# faces typed for the first rolls -> every roll the action then makes, in order
Asked = Callable[[list[list[int]]], list[RollAsked]]


class RollRow(QWidget):
    """One roll: what it is for, its dice, a box per die."""

    def __init__(self, spec: RollAsked, number: int, changed: Callable[[], None]) -> None:
        super().__init__()
        self.spec = spec
        purpose, count, sides = spec
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 2, 0, 2)
        what = QLabel(f"{number}. <b>{purpose}</b> — {count}d{sides}")
        what.setWordWrap(True)
        line.addWidget(what, 1)
        self.faces: list[QLineEdit] = []
        for i in range(count):
            edit = QLineEdit()
            edit.setValidator(QIntValidator(1, sides, edit))
            edit.setPlaceholderText(f"1–{sides}")
            edit.setFixedWidth(56)
            edit.setAccessibleName(f"{purpose}: die {i + 1} of {count}")
            edit.textChanged.connect(changed)
            line.addWidget(edit)
            self.faces.append(edit)

    def values(self) -> list[int] | None:
        """The faces typed, or None while a box is empty or holds no face of the die."""
        sides = self.spec[2]
        try:
            faces = [int(e.text()) for e in self.faces]
        except ValueError:
            return None
        return faces if all(1 <= f <= sides for f in faces) else None


class DiceDialog(EnterActs, QDialog):
    def __init__(self, parent, asked: Asked, title: str = "", first: list[RollAsked] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Roll the dice")
        self._asked = asked
        self._known: dict[tuple, list[RollAsked]] = {} if first is None else {(): first}
        box = QVBoxLayout(self)
        intro = QLabel((f"<b>{title}</b><br>" if title else "") +
                       "Roll these dice at the table and type each die's face. A roll's result can "
                       "change which rolls follow: the rows below a face you type may change with it.")
        intro.setWordWrap(True)
        box.addWidget(intro)
        self.list = QWidget()
        self.list_box = QVBoxLayout(self.list)
        self.list_box.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.list)
        box.addWidget(scroll, 1)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #a00000")
        self.problem.hide()
        box.addWidget(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box.addWidget(self.buttons)
        self.rows: list[RollRow] = []
        self._refresh()
        self.resize(560, self._height())
        if self.rows:
            self.rows[0].faces[0].setFocus()       # type the first face at once, no click first

    def _height(self) -> int:
        return min(170 + 46 * len(self.rows), 640)

    def action_button(self):
        return self.buttons.button(QDialogButtonBox.Ok)

    def typed(self) -> list[list[int]]:
        """The faces of the leading rolls whose every die is typed."""
        out = []
        for row in self.rows:
            v = row.values()
            if v is None:
                break
            out.append(v)
        return out

    def values(self) -> list[list[int]] | None:
        """Every roll's faces, or None while one is missing."""
        faces = self.typed()
        return faces if len(faces) == len(self.rows) else None

    def rolls_after(self, faces: list[list[int]]) -> list[RollAsked]:
        key = tuple(map(tuple, faces))
        if key not in self._known:
            self._known[key] = self._asked(faces)
        return self._known[key]

    def _refresh(self) -> None:
        faces = self.typed()
        try:
            specs = self.rolls_after(faces)
        except UmpireError as e:            # the action refused, or the game busy: said here
            self.problem.setText(e.one_line())
            self.problem.show()
            self.buttons.button(QDialogButtonBox.Ok).setEnabled(False)
            return
        self.problem.hide()
        same = 0
        while same < min(len(specs), len(self.rows)) and specs[same] == self.rows[same].spec:
            same += 1
        if same < len(self.rows) or same < len(specs):
            for row in self.rows[same:]:
                self.list_box.removeWidget(row)
                row.deleteLater()
            self.rows = self.rows[:same]
            for spec in specs[same:]:
                row = RollRow(spec, len(self.rows) + 1, self._changed)
                self.list_box.insertWidget(len(self.rows), row)
                self.rows.append(row)
            if self.isVisible() and self.height() < self._height():
                self.resize(self.width(), self._height())     # rows that come show, not scroll away
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(self.values() is not None)

    def _changed(self) -> None:
        self._refresh()
        edit = self.focusWidget()
        # a face that cannot grow (a 4 on a d6, a 2 on a d10) moves on to the next box
        if isinstance(edit, QLineEdit) and edit.hasAcceptableInput():
            sides = next((r.spec[2] for r in self.rows if edit in r.faces), 0)
            if int(edit.text()) * 10 > sides:
                boxes = [e for r in self.rows for e in r.faces]
                at = boxes.index(edit) if edit in boxes else -1
                if 0 <= at < len(boxes) - 1:
                    boxes[at + 1].setFocus()

    def accept(self) -> None:
        if self.values() is not None:          # Enter with a box empty does nothing
            super().accept()


def ask_dice(parent, asked: Asked, title: str = "") -> list[list[int]] | None:
    """Every roll's faces typed by the umpire (an empty list when the action rolls nothing, and
    no dialog), or None if cancelled.  An action refused outright raises here, before any
    dialog (the window says why); refused after some faces, the dialog says it."""
    first = asked([])
    if not first:
        return []
    dialog = DiceDialog(parent, asked, title, first)
    return dialog.values() if dialog.exec() == QDialog.Accepted else None
