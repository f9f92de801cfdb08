"""Another umpire's action on a game kept on a PostgreSQL server, seen within a second.

Every write to such a game NOTIFYs on commit (core.store.db.CHANGED_CHANNEL).  The window
LISTENs on a connection of its own and hands that connection's socket to Qt's event loop
(QSocketNotifier): the server's notice wakes the window the moment it arrives, and the window
reads the journal's signature once (gui/outside.py) -- no loop of ours reading the database.
Without psycopg, or when the server goes away, the window falls back to looking now and then.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSocketNotifier, Signal
from sqlalchemy.engine import make_url

from ..core.store.db import CHANGED_CHANNEL


def conninfo(url: str) -> str:
    """A game's SQLAlchemy URL (postgresql+psycopg://...) as psycopg's own connection string."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class ServerWatch(QObject):
    """Emits `changed(umpire name)` when any writer commits to the game's database."""

    changed = Signal(str)
    lost = Signal(str)

    def __init__(self, url: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        import psycopg                      # only a server's game needs it (README: install psycopg)

        self.conn = psycopg.connect(conninfo(url), autocommit=True, connect_timeout=5)
        self.conn.execute(f"LISTEN {CHANGED_CHANNEL}")
        self.notifier = QSocketNotifier(self.conn.pgconn.socket, QSocketNotifier.Read, self)
        self.notifier.activated.connect(self._readable)

    def _readable(self) -> None:
        import psycopg

        names = []
        try:
            self.conn.pgconn.consume_input()
            while (notice := self.conn.pgconn.notifies()) is not None:
                names.append(notice.extra.decode("utf-8", "replace"))
        except psycopg.Error as e:
            self.close()
            self.lost.emit(str(e).splitlines()[0] if str(e) else "the connection to the server was lost")
            return
        if names:
            self.changed.emit(names[-1])

    def close(self) -> None:
        if self.notifier is not None:
            self.notifier.setEnabled(False)
            self.notifier = None
        if not self.conn.closed:
            self.conn.close()
