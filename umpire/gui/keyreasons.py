"""A single-key command that cannot act now says why, in the status bar.

A greyed menu entry's key does nothing at all in Qt: the umpire pressing F on a tank that has
moved heard nothing and could not tell a refused key from a missed one.  Here a key press that no
enabled action took is matched with the greyed action that holds the key, and the status bar
says what it is and why it is greyed: the reason its menu entry keeps (`why_not`, or a status
tip "Not now: ..."), else what is missing (a game, a selected unit of the side whose turn it is).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence

from ..core.knowledge import UMPIRE

SAY_FOR_MS = 8000
WHY_NOT = "why_not"            # the QAction property a menu sets to the reason it greys an entry


def refuse(action: QAction, tip: str, why: str | None) -> None:
    """Enable `action` when nothing stands in the way; grey it with the reason otherwise (kept for
    its key, and shown as its status tip)."""
    action.setEnabled(why is None)
    action.setProperty(WHY_NOT, why or "")
    action.setStatusTip(tip if why is None else f"Not now: {why}")


def greyed_action_for(window, key: QKeySequence) -> QAction | None:
    """The window's greyed, shown action whose key is `key` (one key, perhaps with Shift)."""
    for a in window.findChildren(QAction):
        if a.isEnabled() or not a.isVisible() or not a.associatedObjects():
            continue                         # taken out of its menu (another rule system's)
        if any(k.matches(key) == QKeySequence.ExactMatch for k in a.shortcuts()):
            return a
    return None


def reason(window, action: QAction) -> str:
    said = action.property(WHY_NOT)
    if said:
        return said
    tip = action.statusTip()
    if tip.startswith("Not now: "):
        return tip.removeprefix("Not now: ")
    game = window.game
    if game is None:
        return "open a game first"
    key = window.selected
    if not key or key not in game.units:
        return "select one of your units first"
    u = game.units[key]
    if window.viewer not in (UMPIRE, u.side):
        return f"{key} is not this view's to command"
    if game.active_side is not None and u.side != game.active_side:
        return f"it is {game.side(game.active_side).name}'s turn to act"
    if game.active_side is None:
        return "no side is acting in this phase"
    return f"the rules do not let {key} do it now (the Unit menu shows it greyed)"


def say_why(window, event) -> bool:
    """If `event` is a key press of a greyed command's single key: the reason in the status bar."""
    mods = event.modifiers() & ~(Qt.ShiftModifier | Qt.KeypadModifier)
    if mods or event.key() in (Qt.Key_Shift, Qt.Key_Escape) or not event.text().strip():
        return False
    key = QKeySequence(event.keyCombination())
    action = greyed_action_for(window, key)
    if action is None:
        return False
    name = action.text().replace("&", "").rstrip("…").strip()
    window.statusBar().showMessage(f"{key.toString(QKeySequence.NativeText)} ({name}): not now — "
                                   f"{reason(window, action)}", SAY_FOR_MS)
    return True


class KeyReasons(QObject):
    """Watches the widgets whose keys would otherwise go unanswered: the map, the order of battle."""

    def __init__(self, window, *widgets) -> None:
        super().__init__(window)
        self.w = window
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.KeyPress and say_why(self.w, event):
            return True
        return False
