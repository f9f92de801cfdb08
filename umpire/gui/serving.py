"""File → Serve to Players: the window serves each side's page (umpire/serve) while it is on,
and shows each side's secret link with its QR code for the players' phones."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGridLayout, QLabel,
                               QMessageBox, QPushButton, QSpinBox, QVBoxLayout)

from ..core.errors import UmpireError


class Serving:
    """The window's server: off, or serving the open game's side pages in a thread of its own."""

    def __init__(self, window) -> None:
        self.w = window
        self.server = None
        self.thread: threading.Thread | None = None
        self.links = None
        self.base = ""

    @property
    def on(self) -> bool:
        return self.server is not None

    def toggle(self, checked: bool) -> None:
        if checked and not self.on:
            if not self.start():
                self.w.act_serve.setChecked(False)
        elif not checked and self.on:
            self.stop()
            self.w.statusBar().showMessage("No longer serving the players' pages", 8000)

    def start(self) -> bool:
        from ..cli_serve import page_address

        game = self.w.game
        if game is None:
            return False
        where = ask_address(self.w)
        if where is None:
            return False
        bind, port = where
        from waitress.server import create_server

        from ..serve.app import create_app
        from ..serve.links import make_links
        try:
            self.links = make_links(game.side_ids())
            self.server = create_server(create_app(game.location, self.links), host=bind, port=port, threads=4)
        except (OSError, UmpireError) as e:
            self.server = None
            QMessageBox.warning(self.w, "Serve to Players", f"Cannot serve on {bind}:{port}: {e}")
            return False
        self.base = f"http://{page_address(bind)}:{self.server.effective_port}"
        self.thread = threading.Thread(target=self.server.run, name="side pages", daemon=True)
        self.thread.start()
        self.show_links()
        return True

    def stop(self) -> None:
        if self.server is not None:
            self.server.close()
        self.server = None
        self.thread = None

    def show_links(self) -> None:
        """Each side's link and QR code: hand each player his own side's only."""
        from ..serve.links import qr_png

        game = self.w.game
        dialog = QDialog(self.w)
        dialog.setWindowTitle("The players' pages")
        layout = QVBoxLayout(dialog)
        layout.addWidget(QLabel(f"Serving {game.title} on {self.base}. Give each player only his own side's "
                                "link (or let him scan its code): whoever holds a link sees that side's page."))
        grid = QGridLayout()
        for row, side in enumerate(game.sides):
            url = self.links.url(self.base, side.id)
            picture = QPixmap()
            picture.loadFromData(qr_png(url), "PNG")
            code = QLabel()
            code.setPixmap(picture.scaledToWidth(160, Qt.SmoothTransformation))
            grid.addWidget(QLabel(f"<b>{side.name}</b>"), row, 0)
            grid.addWidget(code, row, 1)
            text = QLabel(url)
            text.setTextInteractionFlags(Qt.TextSelectableByMouse)
            grid.addWidget(text, row, 2)
            copy = QPushButton("Copy Link")
            copy.clicked.connect(lambda _=False, u=url: QGuiApplication.clipboard().setText(u))
            grid.addWidget(copy, row, 3)
        layout.addLayout(grid)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        dialog.open()
        self.dialog = dialog


def ask_address(window) -> tuple[str, int] | None:
    """Where to serve: this computer only, or its network address (the players' phones)."""
    from ..cli_serve import page_address

    dialog = QDialog(window)
    dialog.setWindowTitle("Serve to Players")
    form = QFormLayout(dialog)
    place = QComboBox()
    here = page_address("0.0.0.0")
    if here != "127.0.0.1":
        place.addItem(f"The club's network ({here})", here)
    place.addItem("This computer only (127.0.0.1)", "127.0.0.1")
    port = QSpinBox()
    port.setRange(1024, 65535)
    port.setValue(8750)
    form.addRow("Serve on", place)
    form.addRow("Port", port)
    buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form.addRow(buttons)
    if dialog.exec() != QDialog.Accepted:
        return None
    return place.currentData(), port.value()
