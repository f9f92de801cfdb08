"""Wardogs' windows: the declaration of fire as a form of pick lists, and the orders file
handed in through a file picker (declareform.py).  Turn → Side Actions opens these instead of
the general form built from the actions' fields (SIDE_FORMS).  Pass, Next Phase and End Turn
ask the umpire first (before_leaving, through gui/leaving.py) while a side has not declared its
fire before the reveal, or while a flyer would stall for not having flown far enough.  End Turn
needs no question of its own: it plays the phases left (the reveal, lock-on and damage among
them), so declared fire is resolved, never discarded, and a side still to declare holds it up
with the engine's one-line refusal."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from ...core.knowledge import UMPIRE
from ...rules.wardogs.movement import least_flight, stalling
from .declareform import declare_fire, declarations_asked, orders_file

# a side action's name -> what opens its form: (window, its ActionSpec, the acting side) -> None
SIDE_FORMS = {"declare_fire": declare_fire, "orders": orders_file}

WHAT = {"pass": "Pass anyway", "next_phase": "Go on anyway", "end_turn": "End the turn anyway"}


def before_leaving(window, kind: str) -> bool:
    """True to go on with Pass, Next Phase or End Turn (gui/leaving.py asks it first)."""
    return flyers_asked(window, kind) and declarations_asked(window, kind)


def flyers_asked(window, kind: str) -> bool:
    """p. 10: in the Movement phase, a flyer that has not flown a third of its air MP stalls and
    crashes as the phase ends -- which Pass (for the passing side's flyers), Next Phase and End
    Turn bring about.  The umpire is asked first, naming each; going back is the default.  In a
    side's view only that side's flyers are named."""
    game = window.game
    if game.phase != "movement" or kind not in WHAT:
        return True
    side = game.active_side if kind == "pass" else None
    flyers = [u for u in stalling(game, side) if window.viewer in (UMPIRE, u.side)]
    if not flyers:
        return True
    lines = "\n".join(f"{u.id}: {u.marks.hexes_moved} of the {least_flight(game, u)} hexes it must fly" for u in flyers)
    box = QMessageBox(QMessageBox.Warning, "A flyer would stall",
                      f"In full flight a unit must fly a third of its air MP each turn, or it stalls and crashes "
                      f"as the Movement phase ends (Wardogs p. 10):\n\n{lines}", QMessageBox.NoButton, window)
    go = box.addButton(WHAT[kind], QMessageBox.AcceptRole)
    back = box.addButton("Go back and fly it", QMessageBox.RejectRole)
    box.setDefaultButton(back)
    box.setEscapeButton(back)
    box.exec()
    return box.clickedButton() is go
