"""File → Import Club Map…: the window's import-map -- the kind of map told by its file, a VASSAL
module's boards offered, a refusal shown in one line with the dialog left open, and a picture's
import going on to the calibration dialog."""

import zipfile

from PySide6.QtWidgets import QDialog, QMessageBox

from umpire.core.scenario import load_scenario
from umpire.gui import importmap
from umpire.gui.importmap import ImportMapDialog, import_club_map

from mapimport import backdropkit as kit
from mapimport.test_vmod import BUILD
from umpire.gui.mainwindow import MainWindow
from windowkit import settings_in


def _said(monkeypatch) -> list[str]:
    said = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda parent, title, text: said.append(text)))
    return said


def test_a_picture_becomes_a_scenario_on_its_backdrop(qtbot, tmp_path):
    kit.board(tmp_path / "board.png")
    d = ImportMapDialog()
    qtbot.addWidget(d)
    d.source.setText(str(tmp_path / "board.png"))
    d.source_changed()
    assert d.kind == "image" and d.out.text() == str(tmp_path / "board.toml") and not d.board.isEnabled()
    d.rules.setCurrentIndex(d.rules.findData("toy"))
    d.run()
    assert d.result() == QDialog.Accepted and d.written == tmp_path / "board.toml"
    sc = load_scenario(d.written)
    assert sc.map.backdrop.image == "board.png" and sc.rules.name == "toy"


def test_a_modules_boards_are_offered_and_a_missing_picture_refused(qtbot, tmp_path, monkeypatch):
    said = _said(monkeypatch)
    module = tmp_path / "stonebridge.vmod"
    with zipfile.ZipFile(module, "w") as z:
        z.writestr("buildFile.xml", BUILD)
        z.writestr("images/north.png", (kit.board(tmp_path / "n.png")).read_bytes())
    d = ImportMapDialog()
    qtbot.addWidget(d)
    d.source.setText(str(module))
    d.source_changed()
    # each board by its name, its picture and whether the module gives it a hex grid; the rule
    # systems by their titles
    assert [d.board.itemText(i) for i in range(d.board.count())] == [
        "North (north.png, hex grid)", "South (south.png)", "Lost (gone.png)"]
    assert [d.board.itemData(i) for i in range(d.board.count())] == ["North", "South", "Lost"]
    titles = [d.rules.itemText(i) for i in range(d.rules.count())]
    assert "MechWar 4 (mechwar4)" in titles and "War Blog (warblog)" in titles and "mechwar4" not in titles
    d.rules.setCurrentIndex(d.rules.findData("toy"))
    d.board.setCurrentIndex(d.board.findData("Lost"))
    d.run()
    assert d.result() != QDialog.Accepted and len(said) == 1 and "'gone.png', which is not in the module" in said[0]
    d.board.setCurrentIndex(d.board.findData("North"))
    d.run()
    assert d.result() == QDialog.Accepted and (tmp_path / "north.png").is_file()


def test_a_broken_tiled_map_is_refused_in_one_line(qtbot, tmp_path, monkeypatch):
    said = _said(monkeypatch)
    (tmp_path / "m.tmx").write_text("<map orientation='orthogonal'")
    d = ImportMapDialog()
    qtbot.addWidget(d)
    d.source.setText(str(tmp_path / "m.tmx"))
    d.source_changed()
    d.rules.setCurrentIndex(d.rules.findData("toy"))
    d.run()
    assert said and "m.tmx: not a Tiled map: broken XML" in said[0] and "\n" not in said[0]
    assert not (tmp_path / "m.toml").exists()


def test_from_the_file_menu_a_picture_goes_on_to_its_calibration(qtbot, tmp_path, monkeypatch):
    kit.board(tmp_path / "board.png")

    def filled(dialog):
        dialog.source.setText(str(tmp_path / "board.png"))
        dialog.source_changed()
        dialog.rules.setCurrentIndex(dialog.rules.findData("toy"))
        dialog.run()
        return dialog.result()
    monkeypatch.setattr(importmap.ImportMapDialog, "exec", filled)
    w = MainWindow(settings_in(tmp_path))
    qtbot.addWidget(w)
    assert any(a.text() == "Import Club &Map…" for a in w.menuBar().actions()[0].menu().actions())
    written = import_club_map(w)
    assert written == tmp_path / "board.toml"
    calibration = w.findChild(QDialog, "backdrop calibration")
    assert calibration is not None and calibration.isVisible() and calibration.path == written
