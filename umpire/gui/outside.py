"""Actions written to the open game file by someone else -- `umpire act` or `umpire move` typed
in a terminal, a second window -- noticed by the window: the map, the panels and Edit → Undo /
Redo are brought up to date, so Undo never names an action that is no longer the last.

The file's modification times (the database and its write-ahead log) are looked at every
couple of seconds; only when they changed is the journal read, and only when the journal no
longer matches the undo stack (its count of actions, how many are undone) is the window
reloaded.  A game on a database server has no file times: its journal is read every 20 seconds.  The window's own actions match the stack already and cost nothing more.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QObject, QTimer

from ..core.engine import journal
from ..core.errors import UmpireError
from ..core.store.db import is_url

EVERY_MS = 2000
SERVER_EVERY = 10          # a game on a database server has no file to look at: its journal is read


def file_stamp(location: str) -> tuple:
    """When the game file and its write-ahead log last changed (() for a database server's)."""
    if is_url(location):
        return ()
    stamps = []
    for path in (location, location + "-wal"):
        try:
            st = os.stat(path)
            stamps.append((st.st_mtime_ns, st.st_size))
        except OSError:
            stamps.append(None)
    return tuple(stamps)


def journal_shape(location: str) -> tuple[int, int]:
    """(actions journaled, of which undone), the opening of the file left out."""
    rows = [r for r in journal(location) if r.kind != "open"]
    return len(rows), sum(1 for r in rows if r.undone)


class OutsideChanges(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.w = window
        self.stamp: tuple = ()
        self.timer = QTimer(self, interval=EVERY_MS)
        self.timer.timeout.connect(self.check)
        self.timer.start()

    def game_loaded(self) -> None:
        self.stamp = file_stamp(self.w.game.location) if self.w.game is not None else ()

    def check(self) -> bool:
        """Reload the window if the game file holds actions the undo stack does not; True if it did."""
        game = self.w.game
        if game is None:
            return False
        stamp = file_stamp(game.location)
        if stamp and stamp == self.stamp:
            return False
        if not stamp:                     # a database server's game: its journal read every tenth look
            self.ticks = getattr(self, "ticks", 0) + 1
            if self.ticks % SERVER_EVERY:
                return False
        self.stamp = stamp
        stack = self.w.play.stack
        try:
            shape = journal_shape(game.location)
        except UmpireError:
            return False                  # being written this moment: looked at again next time
        if shape == (stack.count(), stack.count() - stack.index()):
            return False                  # the window's own action: the stack has it already
        self.w.reload_game()
        self.w.play.game_loaded()         # the undo stack rebuilt from the journal, Undo's label with it
        self.w.statusBar().showMessage("The game file was changed outside this window: shown as it is now", 8000)
        self.stamp = file_stamp(game.location)
        return True
