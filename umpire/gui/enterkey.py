"""Enter does what a dialog is for.  Qt gives Enter to a dialog's default button, but which one
that is drifts (a button box makes its first button default when the dialog shows, and a
disabled default loses the part), and in the fire dialog Enter cancelled.  A dialog with this
mixin presses its action button on Enter, from whichever control has the focus, while the
button is enabled -- and otherwise does nothing: Enter never cancels (Esc does)."""

from __future__ import annotations

from PySide6.QtCore import Qt


class EnterActs:
    """Mixed into a QDialog (listed first) that defines `action_button()`."""

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key_Return, Qt.Key_Enter):
            button = self.action_button()
            if button.isEnabled():
                button.click()
            event.accept()
            return
        super().keyPressEvent(event)
