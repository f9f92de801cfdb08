"""File → Export Turn Reports…: a turn's PDFs into a folder, with progress (issue 7).

Any turn played so far, not only the current one: the umpire picks it (as `umpire report --turn
N`, through the same reports/turns.py, so the window and the command write the same reports).

In the umpire's view it writes the umpire's report and every side's; in a side's view only
that side's -- the window never hands a side the umpire's copy.  Afterwards it offers to open
the folder.
"""

from __future__ import annotations

from PySide6.QtCore import QUrl, Qt
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QMessageBox, QProgressDialog

from ..core.errors import UmpireError
from ..core.knowledge import UMPIRE
from ..reports.turns import write_turn_reports

PROGRESS_WIDTH = 380       # the progress window's least width: its title whole ("Export T… Reports" at 200 px)


def ask_turn(window) -> int | None:
    """Which turn's reports: the current one offered, any earlier one allowed; None if cancelled."""
    game = window.game
    if game.turn <= 1:
        return game.turn
    turn, ok = QInputDialog.getInt(window, "Export Turn Reports", f"Reports of turn (1 to {game.turn}; "
                                   "an earlier turn as it stood when that turn ended):", game.turn, 1, game.turn)
    return turn if ok else None


def export_reports(window, folder: str | None = None, ask_to_open: bool = True, turn: int | None = None) -> list:
    """`turn` None: ask which (the current one offered)."""
    game = window.game
    if game is None:
        return []
    seat = window.seat
    if seat.limited and not seat.sides:
        # the umpire's report holds the whole battle: not an assistant's limited to sectors
        QMessageBox.information(window, "Export Turn Reports",
                                f"{seat.name} umpires sectors of the map: the turn reports are the chief umpire's to write")
        return []
    if turn is None:
        turn = ask_turn(window)
        if turn is None:
            return []
    if folder is None:
        folder = QFileDialog.getExistingDirectory(window, f"Export turn {turn} reports to folder")
        if not folder:
            return []
    viewers = [UMPIRE, *game.side_ids()] if window.viewer == UMPIRE else [window.viewer]
    if seat.limited:                  # an assistant for sides writes their reports, never the umpire's
        viewers = [v for v in viewers if v in seat.sides] or [window.viewer]
    names = {UMPIRE: "the umpire", **{s.id: s.name for s in game.sides}}
    bar = QProgressDialog(f"Writing turn {turn} reports…", "Cancel", 0, len(viewers), window)
    bar.setWindowTitle("Export Turn Reports")
    bar.setMinimumWidth(PROGRESS_WIDTH)
    bar.setWindowModality(Qt.WindowModal)
    bar.setMinimumDuration(0)

    def progress(done: int, viewer: str) -> bool:
        bar.setValue(done)
        if viewer:
            bar.setLabelText(f"Writing the report for {names[viewer]}…")
        QApplication.processEvents()
        return not bar.wasCanceled()

    try:
        written = write_turn_reports(game.location, turn, viewers, folder, progress=progress)
    except UmpireError as e:
        bar.close()
        QMessageBox.warning(window, "Cannot export reports", e.one_line())
        return []
    bar.close()
    window.statusBar().showMessage(f"Wrote {len(written)} report{'s' if len(written) != 1 else ''} to {folder}", 10000)
    if ask_to_open and written:
        box = QMessageBox(QMessageBox.Information, "Turn reports",
                          "\n".join(p.name for p in written) + f"\n\nin {folder}", parent=window)
        open_button = box.addButton("Open Folder", QMessageBox.AcceptRole)
        box.addButton(QMessageBox.Close)
        box.exec()
        if box.clickedButton() is open_button:
            QDesktopServices.openUrl(QUrl.fromLocalFile(folder))
    return written
