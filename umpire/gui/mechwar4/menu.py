"""MechWar 4's entries in the Unit menu: activate a company and end its activation (4.1), fire and
split fire with their worksheets (6.0, 6.93), form column and leave it when moving (8.11), enter
defilade (10.5), take H fire unbuttoned (7.31, 7.32).  The Unit menu (gui/unitmenu.py) knows no
rule system: it asks the game's rule system's GUI module for a `UnitEntries` and shows it."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog

from ...core.actionspec import ActionField
from ...core.hexgrid import DIRECTION_NAMES, DIRECTIONS
from ...rules.mechwar4 import electronic, engineers
from ...rules.mechwar4 import regroup as regrouping
from ...rules.mechwar4.actions import ACTIONS
from ...rules.mechwar4.actions.short_halt import cannot_halt, targets
from ..ruleactiondialog import RuleActionDialog, fill_in_and_run
from . import active_company, mark, takes_h_fire_by_choice
from .firedialog import FireDialog
from .overrun import ask_overrun, enemy_known_at
from .splitdialog import SplitFireDialog

# MechWar 4's unit actions offered here (or by the overrun questions after a move), and its side
# actions offered by the Orders dock and the Fire Plots panel (air passes and radio silence too):
# the Unit menu and Turn → Side Actions add no plain form for them.
OWN_ENTRIES = frozenset({"split_fire", "overrun", "form_column", "defilade", "h_fire_stance",
                         "orders", "plot", "multiply", "displace", "place_impact",
                         "short_halt", "regroup", "engineer_work", "direction_find", "jam",
                         "air_pass", "radio_silence"})


FIRE_TIP = ("The selected unit (and others of its side) fire at an observed enemy unit; the worksheet and odds "
            "show before the roll (MW4 6.0)")
SPLIT_TIP = ("The selected vehicular platoon fires as elements, each at its own target: a D1 and a D2, or three "
             "D2s (MW4 6.93)")
SHORT_HALT_TIP = ("The selected stabilised tank, paused in its move, fires at an enemy its side observes "
                  "for 2 MP at -2 on the die, then goes on or halts (MW4 19.3, 19.31)")
WORK_TIP = ("The selected engineer spends its activation on a work in its hex: an abatis in woods over 12 "
            "turns, clearing an abatis, breaching a minefield (MW4 19.612, 16.17)")
RDF_TIP = ("In the Indirect Fire phase, the selected RDF-equipped HQ listens for the nearest enemy emitter of "
           "the kind chosen; located, its side is told a hex within one of it (MW4 19.91, 19.92)")
JAM_TIP = ("The selected jammer starts jamming the enemy's radios on the Jammer Table, or stops "
           "(MW4 19.914-19.917)")
REGROUP_TIP = ("The selected partial-strength platoon takes in others of its company and type in its hex, "
               "in the Regrouping phase (MW4 4.1 E, 19.14)")


def greyed(action: QAction, tip: str, why: str | None) -> None:
    """Enabled when nothing stands in the way; greyed with the reason in its tip otherwise."""
    action.setEnabled(why is None)
    action.setStatusTip(tip if why is None else f"Not now: {why}")
    action.setToolTip(action.statusTip())


class UnitEntries:
    def __init__(self, unit_menu, before: QAction) -> None:
        self.m = unit_menu
        w, menu = unit_menu.w, unit_menu.menu
        self.entries: list[QAction] = []

        def add(text: str, key: str, tip: str, slot=None, checkable: bool = False) -> QAction:
            a = QAction(text, w)
            if key:
                a.setShortcut(key)
            a.setStatusTip(tip)
            a.setCheckable(checkable)
            if slot is not None:
                a.triggered.connect(slot)
            menu.insertAction(before, a)
            self.entries.append(a)
            return a

        def separator() -> None:
            self.entries.append(menu.insertSeparator(before))

        self.act_activate = add("&Activate Company", "A", "The selected unit's company acts as a formation: each "
                                "unit in formation may move or fire before the other side acts (MW4 4.1)",
                                self.activate)
        self.act_end_activation = add("&End Company Activation", "E", "The activated company's remaining units "
                                      "wait; the other side acts (MW4 4.1)", self.end_activation)
        separator()
        self.act_fire = add("&Fire…", "F", FIRE_TIP, self.fire)
        self.act_split = add("&Split Fire…", "Shift+F", SPLIT_TIP, self.split_fire)
        separator()
        self.act_short_halt = add("S&hort Halt Fire…", "", SHORT_HALT_TIP, self.short_halt)
        separator()
        self.act_column = add("Form &Column", "K", "The selected unit forms column by staying put this "
                              "activation; in column it moves along roads and trails at their cost (MW4 8.1, 8.11)",
                              self.form_column)
        self.act_defilade = add("Enter De&filade…", "Shift+D", "The selected unit takes up a defilade position "
                                "facing a next hex; it stays put this activation (MW4 10.5)", self.defilade)
        self.act_leave_column = add("&Leave Column When Moving", "",
                                    "The next move starts by leaving column, at no cost (MW4 8.11)", checkable=True)
        self.act_unbuttoned = add("Take H Fire &Unbuttoned", "", "The selected hard or protected unit takes "
                                  "indirect fire unbuttoned, on the D2 CRT, instead of buttoning up; its side's "
                                  "standing choice until unticked (MW4 7.31, 7.32)", self.h_fire_stance,
                                  checkable=True)
        self.act_regroup = add("&Regroup…", "", REGROUP_TIP, self.regroup)
        self.act_work = add("Engineer &Work…", "", WORK_TIP, self.engineer_work)
        self.act_rdf = add("Radio &Direction Finding…", "", RDF_TIP, self.direction_find)
        self.act_jam = add("&Jam Enemy Radios", "", JAM_TIP, self.jam)
        separator()

    def remove(self) -> None:
        """Out of the menu, when another game's rule system takes over the window."""
        for a in self.entries:
            self.m.menu.removeAction(a)
            a.setShortcuts([])           # its key free at once for the next rule system's entry
            a.deleteLater()
        self.entries = []

    # ------------------------------------------------------------------ state
    def refresh(self, game, u, in_play: bool) -> None:
        activated = active_company(game) if game is not None else None
        self.act_activate.setEnabled(in_play and u is not None and u.company is not None and not activated)
        self.act_end_activation.setEnabled(in_play and bool(activated))
        self.act_column.setEnabled(in_play and u is not None and u.on_map and not mark(u, "in_column"))
        self.act_defilade.setEnabled(in_play and u is not None and u.on_map and not mark(u, "in_column")
                                     and mark(u, "defilade") is None)
        # greyed with the reason, which the key F (Shift+F) then says in the status bar (gui/keyreasons.py)
        why_fire = ("select a unit" if u is None else "no side is acting in this phase" if not in_play
                    else f"{u.id} is not on the map" if not u.on_map
                    else f"{u.id} has fired already (MW4 4.1)" if u.fired
                    else f"{u.id} has moved: a unit moves or fires, not both (MW4 4.1)" if u.moved
                    else f"{u.id} has no attack strength to fire with" if game.unit_type(u).get("attack", 0) <= 0
                    else None)
        greyed(self.act_fire, FIRE_TIP, why_fire)
        greyed(self.act_split, SPLIT_TIP, why_fire or (
            "only a vehicular platoon splits its fire (MW4 6.93)"
            if game.unit_type(u)["move_class"] not in ("vehicle", "truck")
            else "it needs two steps or more to split its fire (MW4 6.93)"
            if game.unit_type(u)["steps"] - u.steps_lost < 2 else None))
        # a stabilised tank only (19.3): the others are not offered it at all, as Fire a star shell
        stabilised = u is not None and bool(game.unit_type(u).get("short_halt"))
        self.act_short_halt.setVisible(u is None or stabilised)
        greyed(self.act_short_halt, SHORT_HALT_TIP,
               "select a unit" if u is None else "it is not its side's turn"
               if not in_play or u.side != game.active_side else cannot_halt(game, u))
        greyed(self.act_regroup, REGROUP_TIP,
               "select a unit" if u is None else regrouping.cannot_regroup(game, u))
        # engineers only (19.61): the others are not offered it at all
        self.act_work.setVisible(u is None or engineers.is_engineer(game, u))
        greyed(self.act_work, WORK_TIP,
               "select a unit" if u is None else "it is not its side's turn"
               if not in_play or u.side != game.active_side else engineers.cannot_work(game, u))
        # RDF HQs (19.91) and jammers (19.912) only; finding directions is free in its phase
        self.act_rdf.setVisible(u is None or electronic.has_rdf(u))
        greyed(self.act_rdf, RDF_TIP, "select a unit" if u is None else electronic.cannot_find(game, u))
        jammer = u is not None and bool(game.unit_type(u).get("jammer"))
        self.act_jam.setVisible(u is None or jammer)
        self.act_jam.setText("Stop &Jamming" if jammer and u.marks.jamming else "&Jam Enemy Radios")
        greyed(self.act_jam, JAM_TIP, "select a unit" if u is None else
               electronic.jam_problem(game, u, bool(u.marks.jamming)) or
               (None if u.marks.jamming or (in_play and u.side == game.active_side) else "it is not its side's turn"))
        armoured = u is not None and takes_h_fire_by_choice(game, u.id)
        self.act_unbuttoned.setEnabled(armoured)          # a standing choice: any phase
        self.act_unbuttoned.setChecked(bool(armoured and mark(u, "unbuttoned")))

    def how(self, u, path=None) -> dict:
        """What these entries add to the next move of `u` along `path`: leave column first
        (8.11); an overrun when the path ends on an enemy the viewer knows is there (12.0)."""
        how = {"column": False} if self.act_leave_column.isChecked() and mark(u, "in_column") else {}
        game, viewer = self.m.w.game, self.m.w.viewer
        if path is not None and len(path) > 1 and enemy_known_at(game, viewer, u.side, path[-1]):
            how["overrun"] = True
        return how

    def after_move(self, kind: str, params: dict) -> None:
        if kind in ("move", "overrun"):
            ask_overrun(self.m.play, params["unit"])      # both still in the hex: fight on or leave (12.0)

    def move_done(self) -> None:
        self.act_leave_column.setChecked(False)

    # ------------------------------------------------------------------ actions
    def activate(self) -> None:
        u = self.m.selected_unit()
        if u is not None and u.company:
            self.m.play.run("activate", {"company": u.company})

    def end_activation(self) -> None:
        if self.m.w.game is not None and active_company(self.m.w.game):
            self.m.play.run("end_activation", {})

    def h_fire_stance(self) -> None:
        u = self.m.selected_unit()
        if u is not None:
            self.m.play.run("h_fire_stance", {"unit": u.id, "unbuttoned": self.act_unbuttoned.isChecked(),
                                              "side": u.side})

    def fire(self) -> None:
        u = self.m.selected_unit()
        if u is None:
            return
        dialog = FireDialog(self.m.w, u.id)
        if dialog.exec() == FireDialog.Accepted:
            self.m.play.run("fire", dialog.params())

    def split_fire(self) -> None:
        u = self.m.selected_unit()
        if u is None:
            return
        dialog = SplitFireDialog(self.m.w, u.id)
        if dialog.exec() == SplitFireDialog.Accepted:
            self.m.play.run("split_fire", dialog.params())

    def form_column(self) -> None:
        u = self.m.selected_unit()
        if u is not None:
            self.m.play.run("form_column", {"unit": u.id})

    def defilade(self) -> None:
        """Ask which next hex the marker faces (infantry: all round, MW4 10.52)."""
        u = self.m.selected_unit()
        if u is None:
            return
        game = self.m.w.game
        if game.unit_type(u)["move_class"] == "foot" or engineers.is_motorcycle(game, u):     # all round (19.621)
            self.m.play.run("defilade", {"unit": u.id})
            return
        names = DIRECTION_NAMES.get(game.map.grid.orientation, ("",) * 6)
        choices = [f"{game.map.number(u.hex + d)} ({names[i]})" for i, d in enumerate(DIRECTIONS)
                   if game.map.contains(u.hex + d)]
        choice, ok = QInputDialog.getItem(self.m.w, "Enter Defilade (MW4 10.5)",
                                          f"{u.id}'s defilade marker faces:", choices, 0, False)
        if ok:
            self.m.play.run("defilade", {"unit": u.id, "facing": choice.split()[0]})

    def short_halt(self) -> None:
        """The target is a choice of the contacts its side observes, by label (MW4 19.31, 6.41)."""
        u = self.m.selected_unit()
        if u is None:
            return
        field = ActionField("target", "Target (an enemy unit its side observes)",
                            targets(self.m.w.game, u.side, u.id), kind="enemy")
        fill_in_and_run(self.m.w, ACTIONS["short_halt"], u.id, [field], {"unit": u.id}, RuleActionDialog)

    def regroup(self) -> None:
        """"With" is a choice of the units it may take in (MW4 4.1 E, 19.14)."""
        u = self.m.selected_unit()
        if u is None:
            return
        field = ActionField("with", "Units it takes in", regrouping.partners(self.m.w.game, u.id), kind="units")
        fill_in_and_run(self.m.w, ACTIONS["regroup"], u.id, [field], {"unit": u.id}, RuleActionDialog)

    def engineer_work(self) -> None:
        """The work is a choice of those open to the engineer now (MW4 19.612, 16.17)."""
        u = self.m.selected_unit()
        if u is None:
            return
        field = ActionField("work", "Work", engineers.open_works(self.m.w.game, u), kind="choice")
        fill_in_and_run(self.m.w, ACTIONS["engineer_work"], u.id, [field], {"unit": u.id}, RuleActionDialog)

    def direction_find(self) -> None:
        """The kind of emitter is a choice (MW4 19.92: the side names what it listens for)."""
        u = self.m.selected_unit()
        if u is None:
            return
        field = ActionField("kind", "Enemy emitter", tuple(electronic.KINDS), kind="choice")
        fill_in_and_run(self.m.w, ACTIONS["direction_find"], u.id, [field], {"unit": u.id}, RuleActionDialog)

    def jam(self) -> None:
        """Start the selected jammer, or stop it (MW4 19.914)."""
        u = self.m.selected_unit()
        if u is not None:
            self.m.play.run("jam", {"unit": u.id, **({"stop": True} if u.marks.jamming else {})})
