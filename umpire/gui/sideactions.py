"""Turn → Side Actions: a rule system's actions that a side takes rather than one of its units
(ActionSpec `who` "side": Hex Command Mechanized's written orders, changing an order, acting
without orders, numbering its groups) -- each an entry with a form built from its fields, as
the Unit menu does for unit actions, so the window reaches what `umpire act` reaches.

Which side acts: the viewer's own in a side's view; the umpire picks one.  A side field is
never in the form (the acting side fills it); a company field is a choice of that side's
companies.  Actions the rule system's own GUI package offers in a window of its own (its
`OWN_ENTRIES`: MechWar 4's orders dock and fire plots) get no second entry.  Entries are greyed
out when the action does not belong to this point of the turn (ActionSpec.open); the engine
still checks everything and refuses with its reason.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMenu

from ..core.knowledge import UMPIRE
from ..rules import rule_system
from . import system_gui
from .ruleactiondialog import RuleActionDialog, fill_in_and_run


def side_specs(system) -> list:
    """The rule system's side actions the window offers in this menu."""
    own = getattr(system_gui(system.name), "OWN_ENTRIES", frozenset())
    return [spec for spec in system.actions().values()
            if spec.who == "side" and not spec.by_unit and spec.name not in own]


def form_fields(game, spec, side: str) -> list:
    """What the form asks when `side` takes `spec`: its fields without the side, a company
    field as a choice of the side's own companies."""
    companies = tuple(c.id for c in game.companies
                      if next((b.side for b in game.battalions if b.id == c.battalion), None) == side)
    fields = []
    for f in spec.fields_for(game, side, None):
        if f.key == "side" or f.kind == "side":
            continue
        if f.kind == "company" and not f.choices and companies:
            f = replace(f, choices=companies if f.required else ("", *companies))
        fields.append(f)
    return fields


class SideActions(QObject):
    def __init__(self, window, play) -> None:
        super().__init__(window)
        self.w, self.play = window, play
        self.menu = QMenu("Side &Actions", window)
        self.menu.setToolTipsVisible(True)
        self.entries: list[QAction] = []
        self.specs: dict = {}
        self.menu.menuAction().setVisible(False)

    def configure(self, system) -> None:
        """The entries of the game's rule system, the last game's taken away."""
        for a in self.entries:
            self.menu.removeAction(a)
        self.entries, self.specs = [], {}
        for spec in side_specs(system):
            a = QAction(spec.label + "…", self.w)
            a.setStatusTip(" ".join(spec.help.split()[:30]) + (f" ({spec.rule})" if spec.rule else ""))
            a.setToolTip(a.statusTip())
            a.setData(spec.name)
            a.triggered.connect(lambda _=False, s=spec: self.take(s))
            self.menu.addAction(a)
            self.entries.append(a)
            self.specs[spec.name] = spec
        self.menu.menuAction().setVisible(bool(self.entries))
        self.refresh()

    def refresh(self) -> None:
        """Each entry open or not at this point of the turn; a closed one says when it opens
        ("only before play"), so a greyed entry is never a riddle."""
        game = self.w.game
        for a in self.entries:
            spec = self.specs[a.data()]
            open_now = game is not None and game.phase != "ended" and spec.is_open(game)
            a.setEnabled(open_now)
            a.setText(spec.label + "…" + (f" ({spec.when})" if not open_now and spec.when and game is not None else ""))

    def acting_side(self) -> str | None:
        """The viewer's side; the umpire is asked (the side to act first in the list)."""
        game = self.w.game
        if self.w.viewer != UMPIRE:
            return self.w.viewer
        ids = game.side_ids()
        names = [game.side(s).name for s in ids]
        first = ids.index(game.active_side) if game.active_side in ids else 0
        name, ok = QInputDialog.getItem(self.w, "Which side", "The side that acts:", names, first, False)
        return ids[names.index(name)] if ok else None

    def take(self, spec) -> None:
        if self.w.game is None:
            return
        side = self.acting_side()
        if side is None:
            return
        self.run_for(spec, side)

    def run_for(self, spec, side: str, dialog_class=RuleActionDialog) -> None:
        """The form for `side` taking `spec`, then the engine's action.  A rule system's GUI
        package may open a form of its own for one (its `SIDE_FORMS`: name -> (window, spec,
        side) -> None), where fields typed in would not do (Wardogs' declaration of fire)."""
        game = self.w.game
        own_form = getattr(system_gui(rule_system(game.rules).name), "SIDE_FORMS", {}).get(spec.name)
        if own_form is not None:
            own_form(self.w, spec, side)
            return
        fill_in_and_run(self.w, spec, game.side(side).name, form_fields(game, spec, side), {"side": side},
                        dialog_class)
