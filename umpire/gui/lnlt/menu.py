"""Call Air Support… in the Unit menu (LnLT 19.1): enabled for a Good Order leader or scout yet to
act, of the side whose turn it is, while its side has a strike to call; otherwise greyed with
why in its tip and the status bar (as MechWar 4's Short Halt Fire…).  It opens the action's own
form (the hex, the support) and runs the same engine action as `umpire act GAME air_support`."""

from __future__ import annotations

from PySide6.QtGui import QAction

from ...rules.lnlt.actions import ACTIONS
from ...rules.lnlt.airsupport import cannot_call
from ..ruleactiondialog import RuleActionDialog, fill_in_and_run

OWN_ENTRIES = frozenset({"air_support"})

AIR_TIP = ("The selected leader or scout calls the side's air support on a hex he sees: the aircraft comes "
           "over it, the enemy's anti-aircraft may fire, then the strike falls with no roll to hit "
           "(LnLT 19.1, 19.1.1)")


def greyed(action: QAction, tip: str, why: str | None) -> None:
    """Enabled when nothing stands in the way; greyed with the reason in its tip otherwise."""
    action.setEnabled(why is None)
    action.setStatusTip(tip if why is None else f"Not now: {why}")
    action.setToolTip(action.statusTip())


def why_not(game, u, in_play: bool) -> str | None:
    if u is None:
        return "select a leader or scout"
    if not in_play or u.side != game.active_side:
        return "it is not its side's turn (4.0)"
    return cannot_call(game, u)


class UnitEntries:
    def __init__(self, unit_menu, before: QAction) -> None:
        self.m = unit_menu
        self.act_air = QAction("Call &Air Support…", unit_menu.w)
        self.act_air.setStatusTip(AIR_TIP)
        self.act_air.triggered.connect(self.call_air)
        # among the rule system's entries, where the plain one stood: after the others
        unit_menu.menu.addAction(self.act_air)
        unit_menu.menu.setToolTipsVisible(True)          # the greyed entry's reason on hover
        self.entries = [self.act_air]

    def remove(self) -> None:
        for a in self.entries:
            self.m.menu.removeAction(a)
            a.deleteLater()
        self.entries = []

    def refresh(self, game, u, in_play: bool) -> None:
        greyed(self.act_air, AIR_TIP, why_not(game, u, in_play))

    def how(self, u, path=None) -> dict:
        return {}

    def after_move(self, kind: str, params: dict) -> None:
        pass

    def move_done(self) -> None:
        pass

    def call_air(self) -> None:
        u = self.m.selected_unit()
        if u is None:
            self.m.w.statusBar().showMessage("Select one of your leaders or scouts first", 6000)
            return
        spec = ACTIONS["air_support"]
        fields = [f for f in spec.fields_for(self.m.w.game, u.side, u.id) if f.key != "unit"]
        fill_in_and_run(self.m.w, spec, u.id, fields, {"unit": u.id}, RuleActionDialog)
