"""The Unit menu: what a selected unit or its company may do besides a plain move -- attack a
hex together, mount and dismount, move a whole stack, a pace, leave the map; the rule system's
unit actions (a spotting attempt, an air strike), each with a form built from its fields; and the entries
of the rule system's own GUI module, when it has some (gui/<system>/: `UnitEntries`, such as
MechWar 4's company activations, fire, split fire, column, defilade).  Only what the game's rule
system offers is shown (RuleSystem.offers).

Each entry ends in the same engine action the CLI and orders files use; the engine refuses
what the rules forbid and the reason is shown.  The pace and column choices apply to the next
move dragged with the move tool (and to its preview).
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QInputDialog, QMenu

from ..core.knowledge import UMPIRE
from ..rules import rule_system
from .attackdialog import AttackDialog
from .ruleactiondialog import RuleActionDialog, fill_in_and_run
from . import system_gui
from .keyreasons import WHY_NOT

# a described action under the key another rule system's own entry for it has (MechWar 4's Fire… is
# F): the umpire's fingers need not learn a key per rule system
USUAL_KEYS = {"fire": "F"}


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

        self.act_attack = add("A&ttack Hex…", "T", "Units of the selected unit's side attack an enemy-held hex "
                              "together; the worksheet and odds show before the roll", self.attack)
        self.menu.addSeparator()
        self.act_mount = add("&Board a Carrier…", "U", "The selected infantry boards a carrier in its hex, at the cost "
                             "the rule system sets",
                             self.mount)
        self.act_dismount = add("Passengers &Dismount Here", "D", "The selected carrier's passengers get out in its "
                                "hex, at "
                                "the cost the rule system sets", self.dismount)
        self.act_stack = toggle("Move the &Whole Stack", "The next move takes every unit of the side in the "
                                "mover's hex along, as one stack")
        self.menu.addSeparator()
        # "Pace", not "Pace of Infantry": a rule system's paces may be a vehicle's (HCM's reverse)
        self.pace_menu = self.menu.addMenu("&Pace")
        self.pace_group = QActionGroup(self)
        self.pace_actions: dict[str, QAction] = {}
        self._fill_paces((("normal", "&Normal", ""),))
        self.menu.addSeparator()
        self.act_exit = add("E&xit the Map", "X", "The selected unit leaves the map from an exit hex the scenario "
                            "allows, paying what the rule system asks", self.exit_map)
        self.system_entries = None        # the rule system's own entries (its GUI module's UnitEntries)

    def _fill_paces(self, paces) -> None:
        """The Pace menu: the rule system's paces (RuleSystem.paces), the first ticked."""
        for a in self.pace_actions.values():
            self.pace_group.removeAction(a)
            self.pace_menu.removeAction(a)
        self.pace_actions = {}
        self.pace_classes = {}
        for key, text, tip, *classes in paces:
            self.pace_classes[key] = tuple(classes[0]) if classes else ("foot", "leg")     # units on foot
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
        """Show only what the game's rule system offers (RuleSystem.offers): its own entries
        when its GUI module has some (`UnitEntries`), and an entry for each of its unit actions
        that no entry of its own offers."""
        for a in getattr(self, "rule_entries", []):
            self.menu.removeAction(a)
            a.setShortcuts([])           # its key free at once for the next rule system's entry
            a.deleteLater()
        self.rule_entries = []
        if self.system_entries is not None:
            self.system_entries.remove()
        module = system_gui(system.name)
        entries = getattr(module, "UnitEntries", None)
        self.system_entries = entries(self, self.act_attack) if entries is not None else None
        own = getattr(module, "OWN_ENTRIES", frozenset())
        # a unit's action the rule system describes (RuleSystem.actions: it asks for the acting
        # unit first) and no window of its own offers: an entry, and a form built from the rest
        self.rule_specs = {}
        for spec in system.actions().values():
            if not spec.by_unit or spec.name in own:
                continue
            a = QAction(spec.label + "…", self.w)
            a.setStatusTip(" ".join(spec.help.split()[:30]) + (f" ({spec.rule})" if spec.rule else ""))
            a.setData(spec.name)
            a.triggered.connect(lambda _=False, s=spec: self.described_action(s))
            self.menu.addAction(a)
            self.rule_entries.append(a)
            self.rule_specs[spec.name] = spec
        self._fill_paces(system.paces() or (("normal", "&Normal", ""),))
        self.offered = system.offers()
        for name, action in (("attack", self.act_attack), ("mount", self.act_mount),
                             ("mount", self.act_dismount), ("stack_move", self.act_stack),
                             ("pace", self.pace_menu.menuAction()),
                             ("exit", self.act_exit)):
            action.setVisible(name in self.offered)
        self._usual_keys(system)

    def _usual_keys(self, system) -> None:
        """The same key fires in every rule system: a described action named as another system's
        own entry is (USUAL_KEYS, "fire" under F) takes that key, when no other entry holds it;
        where fire is the usual kind of Attack Hex (Lock 'n Load) and F is still free, F opens
        Attack Hex as T does."""
        self.act_attack.setShortcuts([QKeySequence("T")])
        held = {k.toString() for a in self.w.findChildren(QAction) if a not in self.rule_entries
                and a is not self.act_attack and a.associatedObjects() for k in a.shortcuts()}
        for a in self.rule_entries:
            key = USUAL_KEYS.get(a.data())
            if key and key not in held:
                a.setShortcut(key)
                held.add(key)
        if "F" not in held and "attack" in self.offered and system.attack_kinds()[:1] == ("fire",):
            self.act_attack.setShortcuts([QKeySequence("T"), QKeySequence("F")])

    def how(self, uid: str, path=None) -> dict:
        """Extras for the next move of `uid` (along `path`, when known) chosen in this menu or
        implied by the rule system's own entries (the move tool adds them)."""
        game = self.w.game
        how: dict = {}
        u = game.units.get(uid) if game else None
        if u is None:
            return how
        pace = next((k for k, a in self.pace_actions.items() if a.isChecked()), "normal")
        if pace != "normal" and game.unit_type(u)["move_class"] in self.pace_classes.get(pace, ()):
            how["pace"] = pace
        if self.system_entries is not None:
            how |= self.system_entries.how(u, path)
        if self.act_stack.isChecked() and self.act_stack.isVisible() and u.on_map:
            mates = sorted(v.id for v in game.units.values() if v.side == u.side and v.on_map and v.hex == u.hex
                           and v.id != u.id and not v.carried_by)
            if mates:
                how["with"] = mates
        return how

    def after_move(self, kind: str, params: dict) -> None:
        """What the rule system's own entries ask once a move is made (MechWar 4: fight on or
        leave an overrun)."""
        if self.system_entries is not None:
            self.system_entries.after_move(kind, params)

    def move_done(self) -> None:
        """After a move the one-off choices go back to their defaults."""
        if self.system_entries is not None:
            self.system_entries.move_done()
        self.act_stack.setChecked(False)
        if self.pace_actions:
            next(iter(self.pace_actions.values())).setChecked(True)

    def refresh(self) -> None:
        game = self.w.game
        u = self.selected_unit()
        in_play = game is not None and game.active_side is not None
        if self.system_entries is not None:
            self.system_entries.refresh(game, u, in_play)
        self._show_what_fits(game, u)
        self.act_attack.setEnabled(in_play and u is not None and u.on_map and rule_system(game.rules).attacks_now(game))
        for a in getattr(self, "rule_entries", []):     # off the map too: War Blog's air pool (9.0)
            spec = self.rule_specs[a.data()]
            # a free action is taken while no side has the turn (LnLT 3.0); any other only by a
            # unit of the side whose turn it is (the engine refuses the rest: check_turn_to_act)
            free = game is not None and game.active_side is None and spec.is_free(game)
            its_turn = in_play and u is not None and u.side == game.active_side
            why = ("select one of your units first" if u is None
                   else (f"it is {game.side(game.active_side).name}'s turn to act" if game.active_side
                         else "no side is acting in this phase") if not (its_turn or free)
                   else f"{u.id} is not in play" if u.status not in ("on_map", "off_map")
                   else f"{spec.label.lower()}: {spec.when or 'not open in this phase'}" if not spec.is_open(game)
                   else f"{u.id} cannot {spec.label.lower()}" if not spec.fits_unit(game, u) else None)
            a.setEnabled(why is None)
            a.setProperty(WHY_NOT, why or "")      # what its key says when pressed greyed (keyreasons.py)
        riders = [v for v in game.units.values() if v.carried_by == u.id] if u is not None else []
        self.act_dismount.setEnabled(in_play and bool(riders))
        self.act_mount.setEnabled(in_play and u is not None and u.on_map and not u.carried_by
                                  and rule_system(game.rules).may_ride(game, u))   # units on foot, by default
        exits = set().union(*(v.exit_hexes for v in game.victory if u is not None and v.side == u.side)) \
            if game is not None and game.victory else set()
        self.act_exit.setEnabled(in_play and u is not None and u.on_map and u.hex in exits)

    def _show_what_fits(self, game, u) -> None:
        """With a unit selected, only the entries that could ever fit it are shown: a tank is
        offered no pace it cannot take, no boarding of a carrier, no cavalry's mounting
        (ActionSpec.fits); with none selected, everything the rule system offers."""
        offered = getattr(self, "offered", frozenset())
        move_class = game.unit_type(u)["move_class"] if u is not None else None
        for a in getattr(self, "rule_entries", []):
            a.setVisible(u is None or self.rule_specs[a.data()].fits_unit(game, u))
        first = next(iter(self.pace_actions), None)
        for key, a in self.pace_actions.items():
            a.setVisible(u is None or key == first or move_class in self.pace_classes.get(key, ()))
        own_paces = u is None or any(a.isVisible() for k, a in self.pace_actions.items() if k != first)
        self.pace_menu.menuAction().setVisible("pace" in offered and own_paces)
        self.act_mount.setVisible("mount" in offered and (u is None or rule_system(game.rules).may_ride(game, u)))
        self.act_dismount.setVisible("mount" in offered and (u is None or game.unit_type(u).get("carries", 0) > 0))

    def selected_unit(self):
        """The selected unit, if the current viewer commands it."""
        game, key = self.w.game, self.w.selected
        if game is None or not key or key not in game.units:
            return None
        u = game.units[key]
        return u if self.w.viewer in (UMPIRE, u.side) else None

    # ------------------------------------------------------------------ actions
    def described_action(self, spec) -> None:
        """One of the rule system's unit actions by the selected unit: a form for what else it
        asks for (none: it runs at once); the engine checks everything and says why not."""
        u = self.selected_unit()
        if u is None:
            self.w.statusBar().showMessage("Select one of your units first", 6000)
            return
        fields = [f for f in spec.fields_for(self.w.game, u.side, u.id) if f.key != "unit"]
        # the form's class looked up here, at the call: a test fills it in place of a person
        fill_in_and_run(self.w, spec, u.id, fields, {"unit": u.id}, RuleActionDialog)

    def attack(self) -> None:
        u = self.selected_unit()
        if u is None:
            return
        dialog = AttackDialog(self.w, u.id)
        if dialog.exec() == AttackDialog.Accepted:
            self.play.run("assault", dialog.params())

    def dismount(self) -> None:
        u = self.selected_unit()
        if u is None:
            return
        riders = [v.id for v in self.w.game.units.values() if v.carried_by == u.id]
        n = self.w.game.map.number
        if riders:
            self.play.run("move", {"unit": u.id, "path": [n(u.hex)], "dismount": riders})

    def mount(self) -> None:
        """Board a carrier with room in the same hex; ask which one if there are several."""
        u = self.selected_unit()
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
        u = self.selected_unit()
        if u is not None:
            self.play.run("move", {"unit": u.id, "path": [self.w.game.map.number(u.hex)], "exit": True,
                                   **self.how(u.id)})
