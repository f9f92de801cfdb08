"""Files dropped on the window open as File → Open would: a game file (.umpire) or a scenario
(.toml).  Anything else is refused at the door (the cursor says so), and of several files the
first that Umpire reads is opened."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject

OPENS = (".umpire", ".toml", ".umpkg")     # .umpkg: a side package, opened in player mode


def dropped_file(mime) -> str | None:
    """The first local file in the drop that Umpire opens, or None."""
    if not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile() and Path(url.toLocalFile()).suffix.lower() in OPENS:
            return url.toLocalFile()
    return None


class FileDrops(QObject):
    """Watches the window and its map for drags of files (the map view would otherwise take
    them for its scene, which wants none)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.w = window
        for widget in (window, window.map_view, window.map_view.viewport()):
            widget.setAcceptDrops(True)
            widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        kind = event.type()
        if kind in (QEvent.DragEnter, QEvent.DragMove):
            if dropped_file(event.mimeData()) is not None:
                event.acceptProposedAction()
            else:
                event.ignore()
            return True
        if kind == QEvent.Drop:
            path = dropped_file(event.mimeData())
            if path is not None:
                event.acceptProposedAction()
                self.w.open_path(path)
            return True
        return False
