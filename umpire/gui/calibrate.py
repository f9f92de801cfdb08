"""The backdrop calibration dialog (View → Backdrop → Edit Backdrop Calibration…): lay the
scenario's hex grid on its backdrop image and write the calibration into the scenario file.

Two ways, as MapTool's grid tool offers: type the hex size and hex 0101's centre (and the
stretch of a scan out of shape), or click the centres of three hexes on the image and let Umpire
fit them (core/backdrop.fit_calibration: it says how far the worst pick lies from the grid).
Either way the grid is drawn over the image as it changes.  Saving writes hex_size, origin and
stretch into the file's [map.backdrop] and keeps the rest of the file as it was
(core/backdrop_file.py); nothing is written until Save, and Save names the file.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog, QFormLayout, QGraphicsScene,
                               QGraphicsView, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QMessageBox, QPushButton,
                               QRadioButton, QVBoxLayout, QWidget)

from ..core.backdrop import Backdrop, fit_calibration, image_size, misfit
from ..core.backdrop_file import scenario_backdrop, write_calibration
from ..core.errors import UmpireError
from .calibrate_view import GridOverlay, PickView

PICKS = 3


class CalibrationDialog(QDialog):
    """Calibrate the backdrop of the scenario at `path`: UmpireError if it names none or its
    image cannot be read."""

    def __init__(self, path: str | Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.grid, self.backdrop = scenario_backdrop(self.path)
        try:
            self.size_px = image_size(self.backdrop.path)
        except ValueError as e:
            raise UmpireError(f"image {self.backdrop.image!r}: {e}", file=str(self.path), place="[map.backdrop]") from None
        image = QImage(str(self.backdrop.path))
        if image.isNull():
            raise UmpireError(f"image {self.backdrop.image!r}: Qt cannot read it", file=str(self.path))
        self.setWindowTitle(f"Backdrop Calibration — {self.path.name}")
        self.scene = QGraphicsScene(self)
        self.scene.addPixmap(QPixmap.fromImage(image))
        self.overlay = GridOverlay(self.grid, QRectF(0, 0, image.width(), image.height()))
        self.scene.addItem(self.overlay)
        self.view = PickView(self.scene)
        self.view.setRenderHint(QPainter.Antialiasing, True)
        self.view.setDragMode(QGraphicsView.NoDrag)
        self.view.picked.connect(self.pick)
        self.view.setMinimumSize(520, 420)
        self.pick_marks: list = [None] * PICKS

        self.hex_size = self._spin(2, 5000, self.backdrop.hex_size, 2)
        self.origin_x = self._spin(-1e6, 1e6, self.backdrop.origin[0], 1)
        self.origin_y = self._spin(-1e6, 1e6, self.backdrop.origin[1], 1)
        self.stretch = self._spin(0.5, 2.0, self.backdrop.stretch, 4, step=0.005)
        typed = QGroupBox("Type the calibration (image pixels)")
        form = QFormLayout(typed)
        form.addRow("Hex size (centre to corner):", self.hex_size)
        form.addRow(f"Hex {self.grid.number(self.grid.from_offset(1, 1))}'s centre, x:", self.origin_x)
        form.addRow("y:", self.origin_y)
        form.addRow("Stretch (hex height):", self.stretch)
        form.addRow(QLabel(f"{self.grid.columns} x {self.grid.rows} hexes, {self.grid.orientation}-topped, "
                           f"{self.grid.stagger} {'columns' if self.grid.orientation == 'flat' else 'rows'} "
                           "shifted ([map])"))

        picks = QGroupBox("Or pick hex centres on the image")
        box = QVBoxLayout(picks)
        box.addWidget(QLabel("Choose a row, type the hex's number, click its centre on the image.\n"
                             "Three hexes far apart, not in one line, fit best."))
        last_col, last_row = self.grid.columns, self.grid.rows
        defaults = [(1, 1), (last_col, 1), (1, last_row)]
        self.pick_rows: list[tuple[QRadioButton, QLineEdit, QLabel]] = []
        self.picks: list[tuple[float, float] | None] = [None] * PICKS
        for i, (c, r) in enumerate(defaults):
            row = QHBoxLayout()
            radio = QRadioButton(f"&{i + 1}")
            number = QLineEdit(self.grid.number(self.grid.from_offset(c, r)))
            number.setMaximumWidth(80)
            where = QLabel("not picked")
            row.addWidget(radio)
            row.addWidget(number)
            row.addWidget(where, 1)
            box.addLayout(row)
            self.pick_rows.append((radio, number, where))
        self.pick_rows[0][0].setChecked(True)
        self.fit_button = QPushButton("&Fit Grid to Picks")
        self.fit_button.clicked.connect(self.fit)
        box.addWidget(self.fit_button)

        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Save | QDialogButtonBox.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.Save)
        self.save_button.setText(f"&Save to {self.path.name}")
        self.save_button.setToolTip(f"Write hex_size, origin and stretch into {self.path}'s [map.backdrop]; "
                                    "the rest of the file is kept as it is")
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)

        side = QVBoxLayout()
        side.addWidget(typed)
        side.addWidget(picks)
        side.addWidget(self.verdict)
        side.addStretch(1)
        side.addWidget(self.buttons)
        layout = QHBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(side)
        for spin in (self.hex_size, self.origin_x, self.origin_y, self.stretch):
            spin.valueChanged.connect(self.relay)
        self.relay()
        self.resize(1000, 640)
        self.view.fitInView(self.scene.itemsBoundingRect(), Qt.KeepAspectRatio)

    def _spin(self, low: float, high: float, value: float, decimals: int, step: float = 0.5) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(low, high)
        spin.setDecimals(decimals)
        spin.setSingleStep(step)
        spin.setValue(value)
        spin.setKeyboardTracking(False)      # the grid moves when a number is typed whole
        return spin

    def calibration(self) -> Backdrop:
        return Backdrop(self.backdrop.image, self.backdrop.path, self.backdrop.opacity, self.hex_size.value(),
                        (self.origin_x.value(), self.origin_y.value()), self.stretch.value())

    def problem(self) -> str | None:
        return misfit(self.calibration(), self.grid, self.size_px)

    def relay(self) -> None:
        """The grid drawn again where the numbers now put it, and whether it fits the image."""
        self.overlay.lay(self.calibration())
        problem = self.problem()
        self.save_button.setEnabled(problem is None)
        if problem:
            self.verdict.setText(f"<span style='color:#b00020'>{problem}</span>")
        elif not self.verdict.text().startswith("Fitted"):
            self.verdict.setText("The grid fits the image: every hex's centre lies on it.")

    def pick(self, x: float, y: float) -> None:
        """A click on the image: the centre of the chosen row's hex; the next row is chosen."""
        i = next(k for k, (radio, _, _) in enumerate(self.pick_rows) if radio.isChecked())
        self.picks[i] = (x, y)
        self.pick_rows[i][2].setText(f"at ({x:.0f}, {y:.0f})")
        if self.pick_marks[i] is not None:
            self.scene.removeItem(self.pick_marks[i])
        r = max(3.0, self.hex_size.value() * 0.15)
        mark = self.scene.addEllipse(x - r, y - r, 2 * r, 2 * r, QPen(QColor(0, 160, 255), 0), QBrush(QColor(0, 160, 255, 120)))
        mark.setZValue(2)
        self.pick_marks[i] = mark
        self.pick_rows[(i + 1) % PICKS][0].setChecked(True)

    def fit(self) -> None:
        picks = []
        for (radio, number, _), at in zip(self.pick_rows, self.picks):
            if at is None:
                continue
            try:
                picks.append((self.grid.parse(number.text()), at))
            except ValueError as e:
                self.verdict.setText(f"<span style='color:#b00020'>Pick {radio.text().strip('&')}: {e}</span>")
                return
        try:
            size, origin, stretch, miss = fit_calibration(self.grid, picks)
        except ValueError as e:
            self.verdict.setText(f"<span style='color:#b00020'>{e}</span>")
            return
        if not (0.5 <= stretch <= 2.0 and 2 <= size <= 5000):
            self.verdict.setText("<span style='color:#b00020'>These picks give no grid of hexes: check the hex "
                                 "numbers against the centres clicked.</span>")
            return
        self.verdict.setText(f"Fitted to {len(picks)} picks: the worst lies {miss:.1f} pixels from its hex's centre.")
        for spin, value in ((self.hex_size, size), (self.origin_x, origin[0]), (self.origin_y, origin[1]),
                            (self.stretch, stretch)):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        self.relay()

    def save(self) -> None:
        if self.problem() is not None:
            return
        cal = self.calibration()
        try:
            write_calibration(self.path, cal.hex_size, cal.origin, cal.stretch)
        except UmpireError as e:
            QMessageBox.critical(self, "Cannot save the calibration", e.one_line())
            return
        self.accept()


def calibrate_game_backdrop(window) -> CalibrationDialog | None:
    """The dialog on the open game's scenario file; saved, the window draws the new calibration."""
    game = window.game
    if game is None:
        return None
    return open_calibration(window, game.scenario_path, reload=True)


def calibrate_scenario_file(window) -> CalibrationDialog | None:
    """The dialog on a scenario file the umpire chooses (one whose calibration does not fit yet
    cannot be opened as a game: here it can be put right)."""
    chosen, _ = QFileDialog.getOpenFileName(window, "Calibrate a Scenario's Backdrop", "", "Scenarios (*.toml)")
    if not chosen:
        return None
    same = window.game is not None and Path(window.game.scenario_path).resolve() == Path(chosen).resolve()
    return open_calibration(window, chosen, reload=same)


def open_calibration(window, path, reload: bool) -> CalibrationDialog | None:
    try:
        dialog = CalibrationDialog(path, window)
    except UmpireError as e:
        QMessageBox.critical(window, "Cannot calibrate the backdrop", e.one_line())
        return None
    dialog.setAttribute(Qt.WA_DeleteOnClose, True)
    dialog.setObjectName("backdrop calibration")
    if reload:
        dialog.accepted.connect(lambda: _redraw(window))
    dialog.open()
    return dialog


def _redraw(window) -> None:
    """The game read again, so that its map is drawn on the calibration just saved."""
    from ..core.store.db import open_game
    if window.game is None:
        return
    try:
        window.load_game(open_game(window.game.location), window.viewer)
    except UmpireError as e:
        QMessageBox.critical(window, "Cannot read the game again", e.one_line())
        return
    window.statusBar().showMessage("Backdrop calibration saved; the map is drawn on it", 6000)
