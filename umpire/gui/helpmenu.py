"""The Help menu: the user guide (the Markdown files of docs/, read in the window, offline),
every keyboard shortcut (read from the window's own actions when asked, so the list cannot drift
from them), the tables in use, and About."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHeaderView, QMainWindow, QMenu, QMessageBox,
                               QPushButton, QTableWidget, QTableWidgetItem, QTextBrowser, QVBoxLayout)

from .. import __version__

DOCS = Path(__file__).resolve().parents[2] / "docs"
GUIDE = DOCS / "README.md"          # the guide's contents page
# What the map does with the mouse and Esc: no action stands behind them.
NOT_ACTIONS = [("Esc", "Clear the selection; leave the line-of-sight or move tool", "Map"),
               ("Mouse wheel", "Zoom in and out", "Map"),
               ("Drag", "Pan the map (in the line-of-sight or move tool: draw the line or the path)", "Map"),
               ("Click a counter", "Select it; click again to bring the next counter of the stack up", "Map")]


def plain(text: str) -> str:
    """A menu entry's text as read: no mnemonic marks, no trailing dots."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").rstrip(".")


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(keys, what the action does, its menu) for every visible menu action with a shortcut."""
    rows: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            if not action.isVisible() or action.isSeparator():
                continue
            if action.menu() is not None:
                walk(action.menu(), f"{path} → {plain(action.text())}")
            elif action.shortcuts():
                keys = ", ".join(k.toString(QKeySequence.NativeText) for k in action.shortcuts())
                rows.append((keys, plain(action.text()), path))

    for top in window.menuBar().actions():
        if top.menu() is not None and top.isVisible():
            walk(top.menu(), plain(top.text()))
    return rows + NOT_ACTIONS


class ShortcutsDialog(QDialog):
    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard Shortcuts")
        rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 3, self)
        self.table.setHorizontalHeaderLabels(["Keys", "Does", "Menu"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.Stretch)     # the keys and menus whole; the text wraps
        self.table.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(900, 600)


class GuideViewer(QDialog):
    """docs/ in a browser of its own: links between the guide's pages work, web links open
    outside."""

    def __init__(self, parent=None, page: Path = GUIDE) -> None:
        super().__init__(parent)
        self.setWindowTitle("Umpire User Guide")
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(True)
        self.browser.setSource(QUrl.fromLocalFile(str(page)))
        buttons = QDialogButtonBox(QDialogButtonBox.Close, self)
        back, home = QPushButton("Back"), QPushButton("Contents")
        buttons.addButton(back, QDialogButtonBox.ActionRole)
        buttons.addButton(home, QDialogButtonBox.ActionRole)
        back.clicked.connect(self.browser.backward)
        home.clicked.connect(lambda: self.browser.setSource(QUrl.fromLocalFile(str(page))))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(900, 700)


class HelpMenu:
    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.menu = QMenu("&Help", window)
        self.act_guide = QAction("&User Guide", window, shortcut=QKeySequence.HelpContents,
                                 statusTip=f"Read the user guide ({GUIDE})")
        self.act_shortcuts = QAction("&Keyboard Shortcuts…", window, shortcut="Ctrl+/")
        self.act_tables = QAction("&Tables in Use…", window)
        self.act_about = QAction("&About Umpire", window)
        self.act_guide.triggered.connect(self.show_guide)
        self.act_shortcuts.triggered.connect(lambda: ShortcutsDialog(window).exec())
        self.act_tables.triggered.connect(self.show_tables)
        self.act_about.triggered.connect(self.show_about)
        for a in (self.act_guide, self.act_shortcuts, self.act_tables):
            self.menu.addAction(a)
        self.menu.addSeparator()
        self.menu.addAction(self.act_about)
        self.guide: GuideViewer | None = None

    def show_guide(self) -> None:
        if not GUIDE.is_file():       # an installation without the source tree's docs/
            QMessageBox.information(self.window, "User Guide", f"The user guide is not installed here ({GUIDE}); "
                                    "it is the docs/ folder of Umpire's source.")
            return
        if self.guide is None:
            self.guide = GuideViewer(self.window)
        self.guide.show()
        self.guide.raise_()

    def show_tables(self) -> None:
        game = self.window.game
        if game is None:
            QMessageBox.information(self.window, "Tables in use", "Open a game to see its rule system's tables.")
            return
        lines = []
        for t in game.rules.tables.values():
            mark = "SAMPLE — " if t.sample else ""
            lines.append(f"• {mark}{t.title}\n   {t.path}" + (f"\n   {t.note}" if t.note else ""))
        QMessageBox.information(self.window, f"Tables in use: {game.rules.title}", "\n".join(lines))

    def show_about(self) -> None:
        QMessageBox.about(self.window, "About Umpire", f"Umpire {__version__}\nAn umpire's workstation for "
                          f"double-blind hex wargames.\n\nThe user guide: {GUIDE}")
