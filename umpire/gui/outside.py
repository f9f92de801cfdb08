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

import json
import os

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication
from sqlalchemy import case, func, select

from ..core.errors import UmpireError
from ..core.store import models as m
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


def signature(count: int, undone: int, top) -> tuple:
    """What the window compares of a journal: how many actions (the opening left out), how many
    of them undone, and the newest standing one as (seq, kind, params, summary) -- the counts
    alone hid an Undo then a new action made outside (the new row takes the undone one's number:
    reviewer's item 3.2).  params as JSON text, so a tuple the window passed and the list the
    file holds compare equal."""
    if top is not None:
        seq, kind, params, summary = top
        top = (seq, kind, json.dumps(params, sort_keys=True, default=str), summary)
    return count, undone, top


def journal_shape(location: str) -> tuple:
    """The game file's journal signature, read with two small queries -- never the whole journal
    with its logs and changes, which every action of the window's own made the timer read
    (reviewer's item 3.4)."""
    action = m.ActionRow
    with reading(location) as session:
        count, undone = session.execute(
            select(func.count(), func.coalesce(func.sum(case((action.undone == True, 1), else_=0)), 0))  # noqa: E712
            .where(action.kind != "open")).one()
        top = session.execute(select(action.seq, action.kind, action.params, action.summary)
                              .where(action.undone == False, action.kind != "open")  # noqa: E712
                              .order_by(action.seq.desc()).limit(1)).first()
    return signature(int(count), int(undone), tuple(top) if top is not None else None)


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

    def game_loaded(self) -> None:
        self.stamp = file_stamp(self.w.game.location) if self.w.game is not None else ()

    def tick(self) -> None:
        """The timer's look -- not while a dialog is open: a reload under an open action form
        would swap the game the form was filled in on (reviewer's item 3.4).  The file stamp is
        left as it was, so the change is seen when the dialog closes."""
        if QApplication.activeModalWidget() is None:
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
        if not stamp:                     # a database server's game: its journal read every tenth look
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
