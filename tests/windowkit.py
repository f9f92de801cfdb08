"""The window on a game, for GUI tests: settings of the test's own (the umpire's real ones are
never read or written), shown, the game loaded."""

from PySide6.QtCore import QSettings

from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow


def settings_in(folder) -> QSettings:
    return QSettings(str(folder / "settings.ini"), QSettings.IniFormat)


def window_on(qtbot, folder, path, show_first: bool = True) -> MainWindow:
    """A window on the game file at `path`; `show_first` False loads before showing, as
    `umpire GAME` does."""
    w = MainWindow(settings_in(folder))
    qtbot.addWidget(w)
    if show_first:
        w.show()
        w.load_game(open_game(str(path)))
    else:
        w.load_game(open_game(str(path)))
        w.show()
    return w
