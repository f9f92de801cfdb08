"""The window refuses a backdrop outside its scenario's folder as validate does: the calibration
dialog is not opened on it, a message box says why in one line -- the picture is never shown."""

from PySide6.QtWidgets import QMessageBox, QWidget

from umpire.gui import calibrate

from . import backdropkit as kit


def test_the_calibration_dialog_refuses_a_picture_outside_the_scenario_folder(qtbot, tmp_path, monkeypatch):
    said = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda parent, title, text: said.append((title, text))))
    shown = []
    monkeypatch.setattr(calibrate, "QImage", lambda *a: shown.append(a))       # the picture is never read
    (tmp_path / "club").mkdir()
    kit.board(tmp_path / "secret.png")
    path = kit.scenario(tmp_path / "club", table=kit.backdrop_table(image="../secret.png"), image=False)
    window = QWidget()
    qtbot.addWidget(window)
    assert calibrate.open_calibration(window, path, reload=False) is None
    assert said == [("Cannot calibrate the backdrop",
                     f"{path}: [map.backdrop]: image '../secret.png' lies outside the scenario's folder: "
                     "put the picture in that folder or one under it")]
    assert shown == []
