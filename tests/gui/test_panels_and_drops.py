"""View → Panels brings back a closed panel; a game file or scenario dropped on the window opens."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QSettings, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu

from umpire.gui.mainwindow import MainWindow


def make(qtbot, tmp_path):
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    return w


def panels(w) -> QMenu:
    view = next(a.menu() for a in w.menuBar().actions() if a.text() == "&View")
    menu = next(a.menu() for a in view.actions() if a.menu() is not None and a.text() == "&Panels")
    menu.aboutToShow.emit()
    return menu


def test_a_closed_panel_comes_back_from_view_panels(qtbot, tmp_path, game_path):
    w = make(qtbot, tmp_path)
    w.open_path(str(game_path))
    journal = w.findChild(QDockWidget, "Journal")
    journal.close()
    assert not journal.isVisible()
    entry = next(a for a in panels(w).actions() if a.text() == "Journal")
    assert not entry.isChecked()
    entry.trigger()
    assert journal.isVisible() and entry.isChecked()
    titles = [a.text() for a in panels(w).actions()]
    assert "Unit" in titles and "Order of battle" in titles and titles == sorted(titles)


def _drop(w, target, paths):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    enter = QDragEnterEvent(QPoint(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(target, enter)
    accepted = enter.isAccepted()
    if accepted:
        QApplication.sendEvent(target, QDropEvent(QPoint(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))
    return accepted


def test_a_game_file_dropped_on_the_map_opens(qtbot, tmp_path, game_path):
    w = make(qtbot, tmp_path)
    assert w.game is None
    assert _drop(w, w.map_view.viewport(), [tmp_path / "notes.txt", game_path])
    assert w.game is not None and w.game.location == str(game_path)


def test_other_files_are_refused_at_the_door(qtbot, tmp_path):
    w = make(qtbot, tmp_path)
    (tmp_path / "notes.txt").write_text("x")
    assert not _drop(w, w, [tmp_path / "notes.txt"])
    assert w.game is None
