"""A backdrop outside its scenario's folder, in the window and in what is drawn for a side: the
calibration dialog is not opened on it (a message box says why in one line, the picture never
read), and a side's map picture never shows it."""

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


def test_a_sides_map_never_shows_a_picture_outside_the_scenario_folder(qapp, tmp_path):
    """The produced bytes: the scenario edited after the game began to name ../secret.png -- Red's
    map picture is the same whatever secret.png shows; the control: repainting the scenario's own
    picture does change it (the backdrop is drawn, and its pixels count)."""
    from PIL import Image

    from umpire.core.knowledge import build_view
    from umpire.core.scenario import load_scenario
    from umpire.core.store.db import create_game, open_game
    from umpire.render.picture import render_view

    club = tmp_path / "club"
    club.mkdir()
    path = kit.scenario(club, table=kit.backdrop_table(opacity=1.0))
    game_file = create_game(load_scenario(path), club / "g.umpire")
    kit.board(tmp_path / "secret.png")
    path.write_text(path.read_text().replace('image = "board.png"', 'image = "../secret.png"'))

    def red_map(name):
        game = open_game(str(game_file))
        render_view(build_view(game, "red"), game.rules, str(tmp_path / name), 16)
        return (tmp_path / name).read_bytes()

    before = red_map("a.png")
    Image.new("RGB", kit.SIZE, (0, 200, 0)).save(tmp_path / "secret.png")
    assert red_map("b.png") == before
    Image.new("RGB", kit.SIZE, (0, 200, 0)).save(club / "board.png")
    assert red_map("c.png") != before
