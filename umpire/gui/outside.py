"""Actions written to the open game file by someone else -- `umpire act` or `umpire move` typed
in a terminal, a second window -- noticed by the window: the map, the panels and Edit → Undo /
Redo are brought up to date, so Undo never names an action that is no longer the last.

The file's modification times (the database and its write-ahead log) are looked at every
couple of seconds; only when they changed is the journal looked at (its counts and newest
standing row: two small queries), and only when it no longer matches the undo stack (how many
actions, how many undone, the one Undo would take back) is the window reloaded.  Nothing is
reloaded while a dialog is open; an action or an Undo in the window first looks (play.py), so
it never runs on, or names, an action it has not shown.  A game on a database server has no file times: its journal is read every 20 seconds.  The window's own actions match the stack already and cost nothing more.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication

from ..core.errors import UmpireError
from ..core.journal import journal_signature, signature
from ..core.store.db import is_url, reading

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


def journal_shape(location: str) -> tuple:
    """The game file's journal signature (core.journal), read with two small queries -- never
    the whole journal with its logs and changes (reviewer's item 3.4)."""
    with reading(location) as session:
        return journal_signature(session)


def stack_shape(stack) -> tuple:
    """The same signature of the window's undo stack: its commands, the ones past its index
    undone, and the command Undo would take back."""
    top = stack.command(stack.index() - 1) if stack.index() > 0 else None
    row = top.row if top is not None else None
    return signature(stack.count(), stack.count() - stack.index(),
                     (row.seq, row.kind, row.params, row.summary) if row is not None else None)


class OutsideChanges(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.w = window
        self.stamp: tuple = ()
        self.ticks = 0
        self.timer = QTimer(self, interval=EVERY_MS)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        self.watch = None                 # a server's game: its notices (gui/serverwatch.py)
        self.heard: str | None = None     # who acted, noticed while a dialog was open

    def game_loaded(self) -> None:
        game = self.w.game
        self.stamp = file_stamp(game.location) if game is not None else ()
        location = game.location if game is not None else None
        if self.watch is not None and getattr(self.watch, "location", None) != location:
            self.watch.close()
            self.watch = None
        if location is not None and is_url(location) and self.watch is None:
            self.listen(location)

    def listen(self, location: str) -> None:
        """LISTEN to the server for other umpires' actions; without it (no psycopg, a server that
        refuses) the timer reads the journal now and then, as before."""
        from .serverwatch import ServerWatch

        try:
            self.watch = ServerWatch(location, self)
        except Exception as e:        # noqa: BLE001 -- any failure to listen leaves the slow look in place
            self.watch = None
            self.w.statusBar().showMessage(f"Not told of other umpires' actions at once ({str(e).splitlines()[0]});"
                                           " looking every 20 seconds", 10000)
            return
        self.watch.location = location
        self.watch.changed.connect(self.notified)
        self.watch.lost.connect(self.watch_lost)

    def notified(self, who: str) -> None:
        """The server says someone committed: look now (after the dialog, if one is open)."""
        self.heard = who
        self.tick()

    def watch_lost(self, why: str) -> None:
        self.watch = None
        self.w.statusBar().showMessage(f"Lost the server's notices ({why}): looking every 20 seconds", 10000)

    def tick(self) -> None:
        """The timer's look -- not while a dialog is open: a reload under an open action form
        would swap the game the form was filled in on (reviewer's item 3.4).  The file stamp is
        left as it was, so the change is seen when the dialog closes."""
        if QApplication.activeModalWidget() is None:
            if self.heard is not None:
                who, self.heard = self.heard, None
                if self.differs():
                    self.reload(f"{who} acted on the game: shown as it is now")
                return
            self.check()

    def differs(self) -> bool:
        """Whether the game file's journal is no longer what the undo stack holds (read now,
        whatever the file's times say)."""
        game = self.w.game
        if game is None:
            return False
        try:
            return journal_shape(game.location) != stack_shape(self.w.play.stack)
        except UmpireError:
            return False                  # being written this moment: looked at again next time

    def check(self) -> bool:
        """Reload the window if the game file holds actions the undo stack does not; True if it did."""
        game = self.w.game
        if game is None:
            return False
        stamp = file_stamp(game.location)
        if stamp and stamp == self.stamp:
            return False
        if not stamp and self.watch is not None:
            return False                  # the server tells of every commit (notified)
        if not stamp:                     # a database server's game unheard: its journal read every tenth look
            self.ticks += 1
            if self.ticks % SERVER_EVERY:
                return False
        self.stamp = stamp
        if not self.differs():
            return False                  # the window's own action: the stack has it already
        self.reload()
        return True

    def reload(self, said: str = "The game file was changed outside this window: shown as it is now") -> None:
        """The window brought up to the file: the map and panels, and the undo stack rebuilt from
        the journal (Undo's label with it)."""
        game = self.w.game
        if game is None:
            return
        self.w.reload_game()
        self.w.play.game_loaded()
        self.w.statusBar().showMessage(said, 8000)
        self.stamp = file_stamp(game.location)
