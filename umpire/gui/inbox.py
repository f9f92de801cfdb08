"""The umpire's side of playing by packages (issue 23, docs/players.md), in the window:

File → Send to Sides…      a package per side into a folder (in a side's view: that side's only)
File → Take Orders File…   a side's orders file checked (signature), kept in the journal, applied --
                           or, taken before the phase that applies it, held and applied when it comes
Turn → Orders In…          which sides' orders for this turn are in, applied or waiting for their
                           phase (in a side's view: its own)
File → Open… a .umpkg      the package in player mode, a window of its own

Taking a file runs two engine actions in one transaction (receive_orders, then the rule system's
orders); the window is then brought up to the file as after any change made outside it, which
rebuilds the undo stack from the journal.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QProgressDialog

from ..core.errors import UmpireError
from ..core.knowledge import UMPIRE
from ..packages.inbox import orders_in, take_orders
from ..packages.package import write_package
from ..rules import rule_system


def send_to_sides(window, folder: str | None = None, tell: bool = True) -> list[Path]:
    game = window.game
    if game is None:
        return []
    if folder is None:
        folder = QFileDialog.getExistingDirectory(window, f"Send turn {game.turn} packages to folder")
        if not folder:
            return []
    sides = game.side_ids() if window.viewer == UMPIRE else [window.viewer]
    bar = QProgressDialog(f"Writing turn {game.turn} side packages…", "Cancel", 0, len(sides), window)
    bar.setWindowTitle("Send to Sides")
    bar.setWindowModality(Qt.WindowModal)
    bar.setMinimumDuration(0)
    written = []
    try:
        for i, side in enumerate(sides):
            bar.setValue(i)
            bar.setLabelText(f"Writing {game.side(side).name}'s package…")
            QApplication.processEvents()
            if bar.wasCanceled():
                break
            written.append(write_package(game.location, side, rule_system(game.rules), folder))
    except UmpireError as e:
        QMessageBox.warning(window, "Send to Sides", e.one_line())
        return written
    finally:
        bar.setValue(len(sides))
    if tell and written:
        QMessageBox.information(window, "Send to Sides", "Written, one per side -- send each to its side only:\n"
                                + "\n".join(str(p) for p in written))
    return written


def take_orders_file(window, path: str | None = None) -> bool:
    game = window.game
    if game is None:
        return False
    if path is None:
        path, _ = QFileDialog.getOpenFileName(window, "Take a side's orders file", "", "Orders files (*.toml)")
        if not path:
            return False
    if window.outside.differs():
        window.outside.reload()
    try:
        results = take_orders(game.location, path, rule_system(game.rules))   # kept (and applied, unless held)
    except UmpireError as e:
        window.statusBar().showMessage(e.one_line(), 10000)
        QMessageBox.warning(window, "Orders refused", e.one_line())
        return False
    window.outside.reload("; ".join(r.summary for r in results))
    return True


def inbox_lines(window) -> list[str]:
    game = window.game
    got = orders_in(game.location, game.turn) | orders_in(game.location, game.turn + 1)
    sides = game.side_ids() if window.viewer == UMPIRE else [window.viewer]
    out = []
    for s in sides:
        x = got.get(s)
        # held orders (issue 23): "in, waiting for the declaration phase" until their phase applies them
        out.append(f"{game.side(s).name}: " + (f"orders for turn {x.turn} {x.state()} ({'signed' if x.signed else 'unsigned'}, "
                                                 f"journal #{x.seq})" if x else "no orders in for this turn or the next"))
    return out


def open_player(window, path: str) -> bool:
    """A side package opened from the umpire's window (File → Open…, a drop): player mode in a
    window of its own; a package that is not genuine is refused in a dialog."""
    from .player.window import open_package
    try:
        player = open_package(path)
    except UmpireError as e:
        QMessageBox.critical(window, "Cannot open", e.one_line())
        return False
    player.show()
    return True


def show_inbox(window) -> QMessageBox | None:
    """The sides' status, and under Show Details the files as they were received."""
    game = window.game
    if game is None:
        return None
    got = orders_in(game.location, game.turn) | orders_in(game.location, game.turn + 1)
    box = QMessageBox(QMessageBox.Information, "Orders in", "\n".join(inbox_lines(window)), QMessageBox.Ok, window)
    texts = [f"--- {game.side(s).name}, journal #{x.seq} ---\n{x.text}" for s, x in sorted(got.items())
             if window.viewer in (UMPIRE, s)]
    if texts:
        box.setDetailedText("\n".join(texts))
    box.open()
    return box
