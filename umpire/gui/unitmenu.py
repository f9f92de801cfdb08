"""The Unit menu: what a selected unit or its company may do besides a plain move --
activate its company as a formation (MW4 4.1), form or leave column (8.11), mount and
dismount (9.12), double time or charge (8.16), leave the map (8.27); attack a hex together
(War Blog 11.0).  Only what the game's rule system offers is shown (RuleSystem.offers).

Each entry ends in the same engine action the CLI and orders files use; the engine refuses
what the rules forbid and the reason is shown.  The pace and column choices apply to the next
move dragged with the move tool (and to its preview).
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox

from ..core.errors import UmpireError
from ..core.knowledge import UMPIRE
from ..rules import rule_system
from .attackdialog import AttackDialog
from .ruleactiondialog import RuleActionDialog
from .mechwar4 import OWN_ENTRIES, active_company, mark, takes_h_fire_by_choice
from .mechwar4.firedialog import FireDialog
from .mechwar4.splitdialog import SplitFireDialog


class UnitMenu(QObject):
    def __init__(self, window, play) -> None:
        super().__init__(window)
        self.w, self.play = window, play
        self.menu = QMenu("U&nit", window)

        def add(text: str, key: str, tip: str, slot) -> QAction:
            a = QAction(text, window)
            if key:
                a.setShortcut(key)
            a.setStatusTip(tip)
            a.triggered.connect(slot)
            self.menu.addAction(a)
            return a

        def toggle(text: str, tip: str) -> QAction:
            """A one-off choice for the next move, ticked in the menu."""
            a = QAction(text, window)
            a.setCheckable(True)
            a.setStatusTip(tip)
            self.menu.addAction(a)
            return a

        self.act_activate = add("&Activate Company", "A", "The selected unit's company acts as a formation: each "
                                "unit in formation may move or fire before the other side acts (MW4 4.1)",
                                self.activate)
        self.act_end_activation = add("&End Company Activation", "E", "The activated company's remaining units "
                                      "wait; the other side acts (MW4 4.1)", self.end_activation)
        self.menu.addSeparator()
        self.act_attack = add("A&ttack Hex…", "T", "Units of the selected unit's side attack an enemy-held hex "
                              "together; the worksheet and odds show before the roll (War Blog 11.0)", self.attack)
        self.act_fire = add("&Fire…", "F", "The selected unit (and others of its side) fire at an observed enemy "
                            "unit; the worksheet and odds show before the roll (MW4 6.0)", self.fire)
        self.act_split = add("&Split Fire…", "Shift+F", "The selected vehicular platoon fires as elements, each "
                             "at its own target: a D1 and a D2, or three D2s (MW4 6.93)", self.split_fire)
        self.menu.addSeparator()
        self.act_column = add("Form &Column", "K", "The selected unit forms column by staying put this "
                              "activation; in column it moves along roads and trails at their cost (MW4 8.1, 8.11)",
                              self.form_column)
        self.act_defilade = add("Enter De&filade…", "Shift+D", "The selected unit takes up a defilade position "
                                "facing a next hex; it stays put this activation (MW4 10.5)", self.defilade)
        self.act_leave_column = toggle("&Leave Column When Moving",
                                       "The next move starts by leaving column, at no cost (MW4 8.11)")
        self.act_unbuttoned = add("Take H Fire &Unbuttoned", "", "The selected hard or protected unit takes "
                                  "indirect fire unbuttoned, on the D2 CRT, instead of buttoning up; its side's "
                                  "standing choice until unticked (MW4 7.31, 7.32)", self.h_fire_stance)
        self.act_unbuttoned.setCheckable(True)
        self.menu.addSeparator()
        self.act_mount = add("&Mount…", "U", "The selected infantry boards a carrier in its hex, at the cost "
                             "the rule system sets (MechWar 4: 3 MP for the carrier, 1 for the infantry, 9.12)",
                             self.mount)
        self.act_dismount = add("&Dismount Here", "D", "The selected carrier's passengers get out in its hex, at "
                                "the cost the rule system sets (MechWar 4: 2 MP for the carrier, 9.12)", self.dismount)
        self.act_stack = toggle("Move the &Whole Stack", "The next move takes every unit of the side in the "
                                "mover's hex along, as one stack (Lock 'n Load 6.0)")
        self.menu.addSeparator()
        self.pace_menu = self.menu.addMenu("&Pace of Infantry")
        self.pace_group = QActionGroup(self)
        self.pace_actions: dict[str, QAction] = {}
        self._fill_paces((("normal", "&Normal", ""),))
        self.menu.addSeparator()
        self.act_exit = add("E&xit the Map", "X", "The selected unit leaves the map from an exit hex the scenario "
                            "allows, paying for one more hex like it (MW4 8.27, 20.5)", self.exit_map)
        self.actions = [self.act_activate, self.act_end_activation, self.act_fire, self.act_split, self.act_column,
                        self.act_defilade,
                        self.act_mount,
                        self.act_dismount, self.act_exit]

    def _fill_paces(self, paces) -> None:
        """The Pace menu: the rule system's paces (RuleSystem.paces), the first ticked."""
        for a in self.pace_actions.values():
            self.pace_group.removeAction(a)
            self.pace_menu.removeAction(a)
        self.pace_actions = {}
        self.pace_classes = {}
        for key, text, tip, *classes in paces:
            self.pace_classes[key] = tuple(classes[0]) if classes else ("foot", "leg")     # MW4, LnLT legs
            a = QAction(text, self.w)
            a.setCheckable(True)
            a.setStatusTip(tip)
            self.pace_group.addAction(a)
            self.pace_menu.addAction(a)
            self.pace_actions[key] = a
        if self.pace_actions:
            next(iter(self.pace_actions.values())).setChecked(True)

    # ------------------------------------------------------------------ state
    def configure(self, system) -> None:
        """Show only what the game's rule system offers (RuleSystem.offers), and an entry for
        each of its own actions (RuleSystem.rule_actions: Lock 'n Load's spotting attempt)."""
        for a in getattr(self, "rule_entries", []):
            self.menu.removeAction(a)
        self.rule_entries = []
        for name, label in system.rule_actions().items():
            a = QAction(label.split(" (")[0] + "…", self.w)
            a.setStatusTip(f"{label}: the selected unit, at a hex you name")
            a.setData(name)
            a.triggered.connect(lambda _=False, k=name, t=label: self.rule_action(k, t))
            self.menu.addAction(a)
            self.rule_entries.append(a)
        # a unit's action the rule system describes (RuleSystem.actions) and no window of its
        # own offers: an entry, and a form built from the fields it asks for
        for spec in system.actions().values():
            if spec.who != "unit" or spec.name in OWN_ENTRIES:
                continue
            a = QAction(spec.label + "…", self.w)
            a.setStatusTip(" ".join(spec.help.split()[:30]) + (f" ({spec.rule})" if spec.rule else ""))
            a.setData(spec.name)
            a.triggered.connect(lambda _=False, s=spec: self.described_action(s))
            self.menu.addAction(a)
            self.rule_entries.append(a)
        self._fill_paces(system.paces() or (("normal", "&Normal", ""),))
        offers = system.offers()
        for name, action in (("attack", self.act_attack), ("activate", self.act_activate),
                             ("activate", self.act_end_activation), ("fire", self.act_fire),
                             ("split_fire", self.act_split), ("column", self.act_column),
                             ("column", self.act_leave_column), ("defilade", self.act_defilade),
                             ("h_fire_stance", self.act_unbuttoned), ("mount", self.act_mount),
                             ("mount", self.act_dismount), ("stack_move", self.act_stack),
                             ("pace", self.pace_menu.menuAction()),
                             ("exit", self.act_exit)):
            action.setVisible(name in offers)

    def how(self, uid: str) -> dict:
        """Extras for the next move of `uid` chosen in this menu (the move tool adds them)."""
        game = self.w.game
        how: dict = {}
        u = game.units.get(uid) if game else None
        if u is None:
            return how
        pace = next((k for k, a in self.pace_actions.items() if a.isChecked()), "normal")
        if pace != "normal" and game.unit_type(u)["move_class"] in self.pace_classes.get(pace, ()):
            how["pace"] = pace
        if self.act_leave_column.isChecked() and mark(u, "in_column"):
            how["column"] = False
        if self.act_stack.isChecked() and self.act_stack.isVisible() and u.on_map:
            mates = sorted(v.id for v in game.units.values() if v.side == u.side and v.on_map and v.hex == u.hex
                           and v.id != u.id and not v.carried_by)
            if mates:
                how["with"] = mates
        return how

    def move_done(self) -> None:
        """After a move the one-off choices go back to their defaults."""
        self.act_leave_column.setChecked(False)
        self.act_stack.setChecked(False)
        if self.pace_actions:
            next(iter(self.pace_actions.values())).setChecked(True)

    def refresh(self) -> None:
        game = self.w.game
        u = self._selected()
        in_play = game is not None and game.active_side is not None
        activated = active_company(game) if game is not None else None
        self.act_activate.setEnabled(in_play and u is not None and u.company is not None and not activated)
        self.act_end_activation.setEnabled(in_play and bool(activated))
        self.act_column.setEnabled(in_play and u is not None and u.on_map and not mark(u, "in_column"))
        self.act_defilade.setEnabled(in_play and u is not None and u.on_map and not mark(u, "in_column")
                                     and mark(u, "defilade") is None)
        self.act_attack.setEnabled(in_play and u is not None and u.on_map and bool(rule_system(game.rules).attack_kinds()))
        system = rule_system(game.rules) if game is not None else None
        free = system.free_actions(game) if system and game.active_side is None \
            else frozenset()                             # taken while no side has the turn (LnLT 3.0)
        for a in getattr(self, "rule_entries", []):     # off the map too: War Blog's air pool (9.0)
            a.setEnabled((in_play or a.data() in free) and u is not None and u.status in ("on_map", "off_map")
                         and system.rule_action_open(game, a.data()))
        self.act_fire.setEnabled(in_play and u is not None and u.on_map and not u.fired and not u.moved
                                 and game.unit_type(u).get("attack", 0) > 0)
        self.act_split.setEnabled(self.act_fire.isEnabled() and game.unit_type(u)["move_class"] in ("vehicle", "truck")
                                  and game.unit_type(u)["steps"] - u.steps_lost >= 2)
        riders = [v for v in game.units.values() if v.carried_by == u.id] if u is not None else []
        self.act_dismount.setEnabled(in_play and bool(riders))
        self.act_mount.setEnabled(in_play and u is not None and u.on_map and not u.carried_by
                                  and game.unit_type(u)["move_class"] in ("foot", "leg"))   # MW4, LnLT
        exits = set().union(*(v.exit_hexes for v in game.victory if u is not None and v.side == u.side)) \
            if game is not None and game.victory else set()
        self.act_exit.setEnabled(in_play and u is not None and u.on_map and u.hex in exits)
        armoured = u is not None and takes_h_fire_by_choice(game, u.id)
        self.act_unbuttoned.setEnabled(armoured)          # a standing choice: any phase
        self.act_unbuttoned.setChecked(bool(armoured and mark(u, "unbuttoned")))

    def _selected(self):
        """The selected unit, if the current viewer commands it."""
        game, key = self.w.game, self.w.selected
        if game is None or not key or key not in game.units:
            return None
        u = game.units[key]
        return u if self.w.viewer in (UMPIRE, u.side) else None

    # ------------------------------------------------------------------ actions
    def activate(self) -> None:
        u = self._selected()
        if u is not None and u.company:
            self.play.run("activate", {"company": u.company})

    def h_fire_stance(self) -> None:
        u = self._selected()
        if u is not None:
            self.play.run("h_fire_stance", {"unit": u.id, "unbuttoned": self.act_unbuttoned.isChecked(),
                                            "side": u.side})

    def end_activation(self) -> None:
        if self.w.game is not None and active_company(self.w.game):
            self.play.run("end_activation", {})

    def fire(self) -> None:
        u = self._selected()
        if u is None:
            return
        dialog = FireDialog(self.w, u.id)
        if dialog.exec() == FireDialog.Accepted:
            self.play.run("fire", dialog.params())

    def rule_action(self, name: str, label: str) -> None:
        """One of the rule system's own actions by the selected unit at a hex (LnLT 10.1)."""
        u = self._selected()
        if u is None:
            self.w.statusBar().showMessage("Select one of your units first", 6000)
            return
        fields = rule_system(self.w.game.rules).rule_action_fields(self.w.game, name, u.side, u.id)
        dialog = RuleActionDialog(self.w, label, u.id, fields)
        if dialog.exec() == RuleActionDialog.Accepted:
            self.play.run("rule_action", {"name": name, "side": u.side, "unit": u.id, **dialog.params()})

    def described_action(self, spec) -> None:
        """One of the rule system's unit actions by the selected unit: a form for what else it
        asks for (none: it runs at once); the engine checks everything and says why not."""
        u = self._selected()
        if u is None:
            self.w.statusBar().showMessage("Select one of your units first", 6000)
            return
        fields = [f for f in spec.fields if f.key != "unit"]
        params = {"unit": u.id}
        if fields:
            dialog = RuleActionDialog(self.w, spec.label, u.id, fields)
            if dialog.exec() != RuleActionDialog.Accepted:
                return
            try:
                params |= {f.key: f.parse(text) for f in fields if (text := dialog.params().get(f.key))}
            except UmpireError as e:
                QMessageBox.warning(self.w, "Not allowed", e.one_line())
                return
        self.play.run(spec.name, params)

    def attack(self) -> None:
        u = self._selected()
        if u is None:
            return
        dialog = AttackDialog(self.w, u.id)
        if dialog.exec() == AttackDialog.Accepted:
            self.play.run("assault", dialog.params())

    def split_fire(self) -> None:
        u = self._selected()
        if u is None:
            return
        dialog = SplitFireDialog(self.w, u.id)
        if dialog.exec() == SplitFireDialog.Accepted:
            self.play.run("split_fire", dialog.params())

    def defilade(self) -> None:
        """Ask which next hex the marker faces (infantry: all round, MW4 10.52)."""
        u = self._selected()
        if u is None:
            return
        game = self.w.game
        if game.unit_type(u)["move_class"] == "foot":
            self.play.run("defilade", {"unit": u.id})
            return
        from ..core.hexgrid import DIRECTION_NAMES
        from ..core.hexgrid import DIRECTIONS
        names = DIRECTION_NAMES.get(game.map.grid.orientation, ("",) * 6)
        choices = [f"{game.map.number(u.hex + d)} ({names[i]})" for i, d in enumerate(DIRECTIONS)
                   if game.map.contains(u.hex + d)]
        choice, ok = QInputDialog.getItem(self.w, "Enter Defilade (MW4 10.5)",
                                          f"{u.id}'s defilade marker faces:", choices, 0, False)
        if ok:
            self.play.run("defilade", {"unit": u.id, "facing": choice.split()[0]})

    def form_column(self) -> None:
        u = self._selected()
        if u is not None:
            self.play.run("form_column", {"unit": u.id})

    def dismount(self) -> None:
        u = self._selected()
        if u is None:
            return
        riders = [v.id for v in self.w.game.units.values() if v.carried_by == u.id]
        n = self.w.game.map.number
        if riders:
            self.play.run("move", {"unit": u.id, "path": [n(u.hex)], "dismount": riders})

    def mount(self) -> None:
        """Board a carrier with room in the same hex; ask which one if there are several."""
        u = self._selected()
        if u is None:
            return
        game = self.w.game
        system = rule_system(game.rules)           # the carriers the rule system would let it board
        carriers = [v for v in game.units.values() if v.on_map and v.hex == u.hex and v.side == u.side
                    and not v.carried_by and game.unit_type(v)["carries"] > 0
                    and system.check_move(game, v.id, [v.hex], {"mount": [u.id]}).legal]
        if not carriers:
            self.w.statusBar().showMessage(f"No carrier in {game.map.number(u.hex)} with room for {u.id} now", 8000)
            return
        choice = carriers[0].id
        if len(carriers) > 1:
            choice, ok = QInputDialog.getItem(self.w, "Mount", f"{u.id} boards:", [c.id for c in carriers], 0, False)
            if not ok:
                return
        carrier = game.units[choice]
        self.play.run("move", {"unit": choice, "path": [game.map.number(carrier.hex)], "mount": [u.id]})

    def exit_map(self) -> None:
        u = self._selected()
        if u is not None:
            self.play.run("move", {"unit": u.id, "path": [self.w.game.map.number(u.hex)], "exit": True,
                                   **self.how(u.id)})
