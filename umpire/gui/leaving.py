"""Before one key takes their chance away: Pass (P), Next Phase (Ctrl+Return) and End Turn
(Ctrl+T) ask first when units that could still act have not (core.idle), naming how many and
which.  The question can be turned off -- from its own "Do not ask again" box or Turn → Ask
Before Leaving Units Unacted -- and the choice is kept in the settings.

In a side's view only that side's own units are counted: how many enemy units are yet to act
is not the side's business.  A pass that only hands the impulse over (Phase.passes_to_end) is
routine and not questioned.
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QCheckBox, QMessageBox

from ..core.idle import idle_units, pass_ends_phase
from ..core.knowledge import UMPIRE
from ..rules import rule_system
from . import system_gui

ASK_SETTING = "play/ask_before_leaving_units"
NAMED = 12                 # units named in the question; the rest counted
WHAT = {"pass": "Pass", "next_phase": "Go on to the next phase", "end_turn": "End the turn"}


def asking(settings) -> bool:
    return str(settings.value(ASK_SETTING, True)).lower() not in ("false", "0")


def ask_action(window) -> QAction:
    """Turn → Ask Before Leaving Units Unacted, checked while the question is asked."""
    act = QAction("Ask Before Leaving Units &Unacted", window)
    act.setCheckable(True)
    act.setChecked(asking(window.settings))
    act.setStatusTip("Before Pass, Next Phase and End Turn, ask when units that could act have not")
    act.toggled.connect(lambda on: window.settings.setValue(ASK_SETTING, bool(on)))
    return act


def question(window, kind: str) -> str | None:
    """The question to ask before `kind` ("pass", "next_phase", "end_turn"), or None when no
    unit of the viewer's would lose its chance to act."""
    game = window.game
    system = rule_system(game.rules)
    played = tuple(p for p in system.phases() if system.plays_phase(game, p.key))
    idle = idle_units(game, played, kind, system.turn_opener(game), system.may_act_now)
    if window.viewer != UMPIRE:
        idle = [u for u in idle if u.side == window.viewer]
    if not idle:
        return None
    by_side: dict[str, list[str]] = {}
    for u in idle:
        by_side.setdefault(u.side, []).append(u.id)
    lines = []
    for side, ids in by_side.items():
        named = ", ".join(ids[:NAMED]) + (f" and {len(ids) - NAMED} more" if len(ids) > NAMED else "")
        lines.append(f"{game.side(side).name}: {len(ids)} unit{'s' if len(ids) > 1 else ''} — {named}")
    count = len(idle)
    # the rule system says who could still act (may_act_now): a unit that moved may still fire,
    # a light gun may fire twice, so "has not moved, fired or acted" would not always be true
    return (f"{count} unit{'s' if count > 1 else ''} could still act:\n\n" + "\n".join(lines)
            + f"\n\n{WHAT[kind]} anyway?")


def ask(window, text: str) -> tuple[bool, bool]:
    """Show the question: (go ahead, do not ask again).  No is the default: Enter keeps the turn."""
    box = QMessageBox(QMessageBox.Question, "Units have not acted", text, QMessageBox.Yes | QMessageBox.No, window)
    box.setDefaultButton(QMessageBox.No)
    again = QCheckBox("Do not ask again (Turn → Ask Before Leaving Units Unacted)")
    box.setCheckBox(again)
    return box.exec() == QMessageBox.Yes, again.isChecked()


def may_leave(window, kind: str, act_ask: QAction | None = None) -> bool:
    """True to go on with `kind`: nobody would be left out, the umpire is not asked, or said yes."""
    if window.game is None:
        return False
    # the rule system's own question first, whatever the setting (Wardogs: a side not declared)
    own = getattr(system_gui(rule_system(window.game.rules).name), "before_leaving", None)
    if own is not None and not own(window, kind):
        return False
    if not asking(window.settings):
        return True
    if kind == "pass" and _passing_hands_over(window.game):
        return True                    # a pass that only hands over the impulse leaves nobody out
    text = question(window, kind)
    if text is None:
        return True
    go, stop_asking = ask(window, text)
    if go and stop_asking:
        window.settings.setValue(ASK_SETTING, False)
        if act_ask is not None:
            act_ask.setChecked(False)
    if not go:                        # No is the default: Enter answered it, and nothing seemed to happen
        window.statusBar().showMessage(f"{WHAT[kind]}: not done -- units could still act (answered No)", 10000)
    return go


def _passing_hands_over(game) -> bool:
    """In a phase where passing only hands the turn to the other side (LnLT's impulses, three
    passes in a row ending it: Phase.passes_to_end), a pass is routine, and the side acts again
    next impulse -- but not the pass that ends the phase; where a pass means the side is done
    for the phase, it is worth the question."""
    phases = rule_system(game.rules).phases()
    phase = next((p for p in phases if p.key == game.phase), None)
    return phase is not None and phase.passes_to_end is not None and not pass_ends_phase(game, phases)
