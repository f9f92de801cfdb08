"""Wardogs' windows: the declaration of fire as a form of pick lists, and the orders file
handed in through a file picker (declareform.py).  Turn → Side Actions opens these instead of
the general form built from the actions' fields (SIDE_FORMS).  Pass, Next Phase and End Turn
ask the umpire first (before_leaving, through gui/leaving.py) while a side has not declared its
fire before the reveal, while a flyer would stall for not having flown far enough, or (End Turn)
while declared fire would be discarded unresolved."""

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
    return flyers_asked(window, kind) and declarations_asked(window, kind) and discard_asked(window, kind)


def discard_asked(window, kind: str) -> bool:
    """End Turn in the declaration or lock-on phase ends the turn before the damage phase: the fire
    declared (p. 7 step 6) is never resolved and the declarations are gone with the turn.  The
    umpire is asked first, naming the sides whose shots would go; Cancel is the default, and
    Escape cancels.  In a side's view only that side's declaration is counted (whether the enemy
    declared is not its to know)."""
    game = window.game
    if kind != "end_turn" or game.phase not in ("declare", "lock_on"):
        return True
    shots = {s: len(d) for s, d in game.rule_state.declarations.items() if d and window.viewer in (UMPIRE, s)}
    if not shots:
        return True
    lines = "\n".join(f"{game.side(s).name}: {n} shot{'s' if n != 1 else ''}" for s, n in sorted(shots.items()))
    box = QMessageBox(QMessageBox.Warning, "Discard the declared fire?",
                      f"Ending turn {game.turn} now skips the lock-on and damage steps: the fire declared this turn "
                      f"is never resolved and the declarations are discarded (Wardogs p. 7 steps 6-8).\n\n{lines}",
                      QMessageBox.NoButton, window)
    go = box.addButton("End the turn and discard them", QMessageBox.DestructiveRole)
    cancel = box.addButton(QMessageBox.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    box.exec()
    return box.clickedButton() is go


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
