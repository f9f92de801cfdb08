"""The window's umpire seat (core.umpires): whom an assistant umpire may view the game as, and
the Game's "Umpire Name…" he acts under.  Seats are a club's way of sharing the work, not a
lock: who may open the game at all is the database server's business (a user per umpire)."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QMessageBox

from ..core import umpires
from ..core.errors import UmpireError

SETTING = "umpire/name"


def seat_for_window(window, game) -> umpires.Seat:
    """The seat of the umpire at this window; a name the game does not list was refused when the
    game was opened (refused_seat), so here it only falls back to the one-umpire seat."""
    try:
        return umpires.seat_in(game.location)
    except UmpireError:
        return umpires.Seat(umpires.name_now())


def refused_seat(location: str) -> str | None:
    """Why the acting umpire may not open this game (its seats do not list him), or None."""
    try:
        umpires.seat_in(location)
    except UmpireError as e:
        return e.one_line()
    return None


def restore_name(settings) -> None:
    """The name chosen in an earlier session, unless the command line named one (--as)."""
    saved = settings.value(SETTING, "", type=str)
    if saved and not umpires.chosen():
        try:
            umpires.set_name(saved)
        except UmpireError:
            settings.remove(SETTING)


def ask_name(window) -> None:
    """Game → Umpire Name…: the name this window's actions are journaled under."""
    name, ok = QInputDialog.getText(window, "Umpire name",
                                    "The name your actions are recorded under (a game shared by several "
                                    "umpires lists its umpires by name):", text=umpires.name_now())
    if not ok:
        return
    try:
        umpires.set_name(name.strip())
    except UmpireError as e:
        QMessageBox.warning(window, "Umpire name", e.one_line())
        return
    window.settings.setValue(SETTING, name.strip())
    if window.game is not None:
        problem = refused_seat(window.game.location)
        if problem:                 # not one of the game's umpires under this name: it closes
            QMessageBox.warning(window, "Umpire name", problem + " -- the game is closed")
            window.close_game()
        else:
            window.load_game(window.game, window.viewer)
    window.statusBar().showMessage(f"Acting as {umpires.name_now()}", 8000)
