"""The question asked when a scenario is opened and a game of it is already in the folder:
carry on with that game, or start a new one (umpire/gamestart.py decides what follows)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from ..gamestart import CARRY_ON, NEW_GAME
from ..status import quick_status


def carry_on_question(existing: Path, parent: QWidget | None = None) -> QMessageBox:
    """The dialog, not yet shown: Carry On (the default, Enter) / New Game / Cancel."""
    where = quick_status(str(existing))        # "Turn 3 of 12 — ..." when it reads simply
    box = QMessageBox(QMessageBox.Question, "A game of this scenario is here",
                      f"{existing.name} is a game of this scenario"
                      + (f" ({where})" if where else "") + ".\n\nCarry on with it, or start a new game "
                      "(a new file next to it; the old one is kept)?", QMessageBox.Cancel, parent)
    carry_on = box.addButton("Carry On", QMessageBox.AcceptRole)
    box.addButton("New Game", QMessageBox.ActionRole)
    box.setDefaultButton(carry_on)
    return box


def ask_carry_on(existing: Path, parent: QWidget | None = None) -> str | None:
    """CARRY_ON, NEW_GAME, or None when the umpire cancels."""
    box = carry_on_question(existing, parent)
    box.exec()
    clicked = box.clickedButton()
    if clicked is None or box.buttonRole(clicked) == QMessageBox.RejectRole:
        return None
    return CARRY_ON if box.buttonRole(clicked) == QMessageBox.AcceptRole else NEW_GAME
