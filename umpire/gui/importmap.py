"""File → Import Club Map…: the window's `umpire import-map` (umpire/mapimport/run.py) -- a Tiled
map, a picture of a map or a VASSAL module's board made into a scenario skeleton.  A picture or
a board opens the calibration dialog next, since its grid is at best a guess; the skeleton is
then a file to open as a game or to go on with in the scenario editor."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QMessageBox, QPushButton, QWidget)

from ..core.errors import UmpireError
from ..core.ruleset import available_rulesets, load_ruleset
from .importmap_hexsides import HexsideMappings

KINDS = {".tmx": "tmx", ".vmod": "vmod", ".png": "image", ".jpg": "image", ".jpeg": "image", ".bmp": "image",
         ".gif": "image"}


def _row(edit: QLineEdit, button: QPushButton) -> QWidget:
    w = QWidget()
    box = QHBoxLayout(w)
    box.setContentsMargins(0, 0, 0, 0)
    box.addWidget(edit, 1)
    box.addWidget(button)
    return w


def board_label(board) -> str:
    """A module's board as the pick list shows it: its name, its picture, whether VASSAL gives it
    a hex grid (a first calibration) -- "North (north.png, hex grid)"."""
    picture = board.image or "no picture"
    return f"{board.name} ({picture}{', hex grid' if board.grid else ''})"


class ImportMapDialog(QDialog):
    """Which map, for which rule system, written where; the kind of map told by its file's name."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import Club Map")
        self.setMinimumWidth(600)
        self.source = QLineEdit()
        self.source.setPlaceholderText("a Tiled map (.tmx), a picture (.png, .jpg) or a VASSAL module (.vmod)")
        self.source.editingFinished.connect(self.source_changed)
        browse = QPushButton("&Browse…")
        browse.clicked.connect(self.choose_source)
        self.kind_label = QLabel("")
        # the rule systems by their titles ("MechWar 4"), as the New Scenario dialog names them;
        # the id ("mechwar4") is what the scenario writes
        self.rules = QComboBox()
        for name in available_rulesets():
            try:
                title = load_ruleset(name).title
            except UmpireError:
                continue            # a broken club rule system is refused where it is opened
            self.rules.addItem(title if title == name else f"{title} ({name})", name)
        self.board = QComboBox()
        self.mapping = QLineEdit()
        self.mapping.setPlaceholderText("optional: a TOML mapping of Tiled's values to terrain names")
        # --hexside VALUE=FEATURE: Tiled's hexside values and the rule system's features they mean
        self.hexsides = HexsideMappings()
        self.rules.currentIndexChanged.connect(lambda _: self.rules_changed())
        self.out = QLineEdit()
        save_as = QPushButton("C&hoose…")
        save_as.clicked.connect(self.choose_out)
        form = QFormLayout(self)
        form.addRow("&Map:", _row(self.source, browse))
        form.addRow("", self.kind_label)
        form.addRow("&Rule system:", self.rules)
        form.addRow("&Board:", self.board)
        form.addRow("Terrain ma&pping:", self.mapping)
        form.addRow("He&xsides:", self.hexsides)
        form.addRow("&Scenario to write:", _row(self.out, save_as))
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText("&Import")
        self.buttons.accepted.connect(self.run)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.written: Path | None = None
        self.kind: str | None = None
        self.rules_changed()
        self.source_changed()

    def rules_changed(self) -> None:
        """The hexside table offers the chosen rule system's features."""
        name = self.rules.currentData()
        try:
            rules = load_ruleset(name) if name else None
        except UmpireError:
            rules = None
        features = rules.hexside_features if rules is not None else {}
        self.hexsides.set_features({k: str(v.get("label", k)) for k, v in features.items()},
                                   rules.title if rules is not None else "")
        self.hexsides.setEnabled(self.kind == "tmx" and bool(features))

    def choose_source(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, "A Club Map", "", "Maps (*.tmx *.vmod *.png *.jpg *.jpeg "
                                                "*.bmp *.gif)")
        if chosen:
            self.source.setText(chosen)
            self.source_changed()

    def choose_out(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, "Scenario to Write", self.out.text(), "Scenarios (*.toml)")
        if chosen:
            self.out.setText(chosen)

    def source_changed(self) -> None:
        """The kind of map from its file's name; a module's boards listed; a scenario name offered."""
        path = Path(self.source.text().strip()) if self.source.text().strip() else None
        self.kind = KINDS.get(path.suffix.lower()) if path else None
        self.kind_label.setText({"tmx": "A Tiled map: terrain, elevation and hexsides from its properties",
                                 "image": "A picture: the backdrop, its grid calibrated next",
                                 "vmod": "A VASSAL module: one board's picture as the backdrop, calibrated next",
                                 None: "Choose a .tmx, .vmod or picture file"}[self.kind])
        self.board.clear()
        self.board.setEnabled(self.kind == "vmod")
        self.mapping.setEnabled(self.kind == "tmx")
        self.hexsides.setEnabled(self.kind == "tmx" and bool(self.hexsides.features))
        if self.kind == "vmod" and path.is_file():
            from ..mapimport.vmod import boards
            try:
                for b in boards(path):          # its name, and what the organizer picks it by
                    self.board.addItem(board_label(b), b.name)
            except UmpireError as e:
                self.kind_label.setText(e.one_line())
        if path is not None and not self.out.text():
            self.out.setText(str(path.with_suffix(".toml")))
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(self.kind is not None)

    def run(self) -> None:
        """Import; a refusal is shown in one line and the dialog stays open to put it right."""
        from ..mapimport.run import import_map
        out = Path(self.out.text().strip())
        force = False
        if out.exists():
            answer = QMessageBox.question(self, "Replace the scenario?", f"{out} exists. Replace it with the imported "
                                          "map's skeleton? The file it holds now is lost.")
            if answer != QMessageBox.Yes:
                return
            force = True
        try:
            hexsides = self.hexsides.pairs() if self.kind == "tmx" else []
        except UmpireError as e:
            QMessageBox.critical(self, "Cannot import the map", e.one_line())
            return
        args = SimpleNamespace(kind=self.kind, file=self.source.text().strip(), rules=self.rules.currentData(),
                               out=str(out), force=force, title=None, board=self.board.currentData(),
                               list=False, hex_size=None, origin=None, orientation=None, stagger="even",
                               stretch=None, opacity=0.5, columns=None, rows=None,
                               mapping=self.mapping.text().strip() or None, terrain_property=None,
                               elevation_property=None, terrain=[], default_terrain=None,
                               hexside_property=None, hexside=hexsides)
        try:
            self.written, _ = import_map(args)
        except UmpireError as e:
            QMessageBox.critical(self, "Cannot import the map", e.one_line())
            return
        self.accept()


def import_club_map(window) -> Path | None:
    """The dialog, then -- for a picture or a board -- the calibration; the scenario written."""
    dialog = ImportMapDialog(window)
    if dialog.exec() != QDialog.Accepted or dialog.written is None:
        return None
    window.statusBar().showMessage(f"Wrote {dialog.written}: open it as a game, or go on with it in the editor", 10000)
    if dialog.kind in ("image", "vmod"):
        from .calibrate import open_calibration
        open_calibration(window, dialog.written, reload=False)
    return dialog.written
