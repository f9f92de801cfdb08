"""The backdrop calibration dialog (View → Backdrop → Edit Backdrop Calibration…): three hex
centres clicked on the image fit the grid to it, typed numbers move the grid live, a grid that
does not fit cannot be saved, and Save writes the calibration into [map.backdrop] keeping the
rest of the scenario file -- after which the window draws the map on it."""

import pytest
from PySide6.QtCore import QPointF, Qt

from umpire.core.backdrop import Backdrop
from umpire.core.scenario import load_scenario
from umpire.core.store.db import create_game
from umpire.gui.calibrate import CalibrationDialog

from mapimport import backdropkit as kit
from windowkit import window_on

TRUTH = Backdrop("board.png", None, 0.6, kit.HEX, kit.ORIGIN)      # how the image's hexes really lie


def _off_calibration(tmp_path):
    """The toy skirmish on the board with a calibration a little off: a smaller size, a shifted origin."""
    return kit.scenario(tmp_path, table=kit.backdrop_table(hex_size=18.5, origin=(31.0, 22.0)) +
                        "# the club's scan, calibrated by eye\n")


def _click(qtbot, dialog, x, y):
    at = dialog.view.mapFromScene(QPointF(x, y))
    qtbot.mouseClick(dialog.view.viewport(), Qt.LeftButton, pos=at)


def test_three_picked_centres_fit_the_grid_and_save_keeps_the_file(qtbot, tmp_path):
    path = _off_calibration(tmp_path)
    before = path.read_text()
    dialog = CalibrationDialog(path)
    qtbot.addWidget(dialog)
    dialog.show()
    assert [n.text() for _, n, _ in dialog.pick_rows] == ["0101", "1201", "0110"]
    for number in ("0101", "1201", "0110"):
        x, y = TRUTH.image_point(dialog.grid, dialog.grid.parse(number))
        _click(qtbot, dialog, x, y)
    assert all(p is not None for p in dialog.picks)
    dialog.fit_button.click()
    assert dialog.hex_size.value() == pytest.approx(kit.HEX, abs=0.1)
    assert (dialog.origin_x.value(), dialog.origin_y.value()) == pytest.approx(kit.ORIGIN, abs=0.6)
    assert "Fitted to 3 picks" in dialog.verdict.text()
    # the grid drawn over the image is where the fitted calibration puts hex 0101
    assert (dialog.overlay.first.x(), dialog.overlay.first.y()) == pytest.approx(kit.ORIGIN, abs=0.6)
    dialog.grab().save(str(tmp_path / "calibration.png"))
    dialog.save_button.click()
    after = path.read_text()
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert len(before.splitlines()) == len(after.splitlines())
    assert [a.split(" =")[0] for a, _ in changed] == ["hex_size", "origin"]   # nothing else of the file moved
    sc = load_scenario(path)
    assert sc.map.backdrop.hex_size == pytest.approx(kit.HEX, abs=0.1)
    assert "# the club's scan, calibrated by eye" in after


def test_typed_numbers_move_the_grid_and_a_misfit_cannot_be_saved(qtbot, tmp_path):
    dialog = CalibrationDialog(_off_calibration(tmp_path))
    qtbot.addWidget(dialog)
    dialog.origin_x.setValue(kit.ORIGIN[0])
    assert dialog.overlay.first.x() == pytest.approx(kit.ORIGIN[0])
    dialog.hex_size.setValue(40)
    assert not dialog.save_button.isEnabled() and "does not fit the image" in dialog.verdict.text()
    dialog.hex_size.setValue(kit.HEX)
    assert dialog.save_button.isEnabled()


def test_picks_that_name_no_hex_are_told(qtbot, tmp_path):
    dialog = CalibrationDialog(_off_calibration(tmp_path))
    qtbot.addWidget(dialog)
    dialog.pick_rows[0][1].setText("9999")
    _click(qtbot, dialog, 30, 30)
    _click(qtbot, dialog, 200, 30)
    dialog.fit_button.click()
    assert "9999" in dialog.verdict.text() and "off the map" in dialog.verdict.text()


def test_from_the_window_the_saved_calibration_redraws_the_map(qtbot, tmp_path):
    path = _off_calibration(tmp_path)
    w = window_on(qtbot, tmp_path, create_game(load_scenario(path), tmp_path / "g.umpire"))
    assert w.scene.terrain.backdrop.backdrop.hex_size == 18.5
    assert w.backdrop_menu.act_calibrate.isEnabled()
    dialog = w.backdrop_menu.calibrate()
    assert dialog is not None and dialog.isVisible()
    dialog.hex_size.setValue(kit.HEX)
    dialog.origin_x.setValue(kit.ORIGIN[0])
    dialog.origin_y.setValue(kit.ORIGIN[1])
    dialog.save_button.click()
    assert w.scene.terrain.backdrop.backdrop.hex_size == kit.HEX
    assert w.scene.terrain.backdrop.backdrop.origin == kit.ORIGIN
