"""The editor's problems dock: what `umpire validate` would say of the scenario as it stands,
one line each, checked again after every change.  A click on a line that names a hex goes to
that hex."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from ...core.scenario_doc.checks import Problem


class ProblemsList(QListWidget):
    go_to = Signal(object)        # Hex

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setToolTip("The scenario's problems, as `umpire validate` reports them; click one to go to its hex")
        self.itemClicked.connect(self._clicked)
        self.itemActivated.connect(self._clicked)
        self.problems: list[Problem] = []

    def show_problems(self, problems: list[Problem], file_name: str) -> None:
        self.problems = problems
        self.clear()
        if not problems:
            item = QListWidgetItem("No problems: the scenario plays.")
            item.setFlags(Qt.ItemIsEnabled)
            self.addItem(item)
            return
        for p in problems:
            # the file's name is the same on every line: the line number and the problem matter
            text = p.text.split(file_name, 1)[-1].lstrip(":") if file_name else p.text
            item = QListWidgetItem(("line " + text) if text[:1].isdigit() else text)
            item.setData(Qt.UserRole, p.hex)
            item.setToolTip(p.text)
            self.addItem(item)

    def _clicked(self, item: QListWidgetItem) -> None:
        h = item.data(Qt.UserRole)
        if h is not None:
            self.go_to.emit(h)
