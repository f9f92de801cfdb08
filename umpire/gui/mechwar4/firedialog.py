"""The fire dialog (Unit → Fire…, F): the selected unit and any others of its side fire at one
observed enemy unit (MW4 6.0, 6.3).  Before the roll it shows each firer's worksheet -- every
step with its rule, the table and column, and the odds of each result; after the roll the
journal keeps the worksheet with the dice.

Targets are what the firing side observes now (its contacts seen this pass), named by its
own contact labels in a side's view; the umpire also sees which unit each contact is.
"""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QLabel, QScrollArea,
                               QTextBrowser, QVBoxLayout, QWidget)

from ...core.knowledge import UMPIRE
from ..enterkey import EnterActs
from ...rules import rule_system


class FireDialog(EnterActs, QDialog):
    def __init__(self, window, firer_id: str) -> None:
        super().__init__(window)
        self.w = window
        game = window.game
        self.system = rule_system(game.rules)
        self.side = game.units[firer_id].side
        self.setWindowTitle(f"Fire — {game.side(self.side).name}")
        self.resize(620, 560)
        box = QVBoxLayout(self)
        box.addWidget(QLabel("Target (observed now):"))
        self.target = QComboBox()
        seen = [c for (s, _u), c in game.contacts.items() if s == self.side and c.status == "seen"]
        # the targets the unit has a shot at first, the first of them chosen: the dialog opened
        # on a target out of range, with nothing to fire
        shot = {c.unit: self.system.fire_sheet(game, firer_id, c.unit, "main").legal for c in seen}
        self._target_text: dict[str, str] = {}      # each target's words, before "(no shot for ...)"
        for c in sorted(seen, key=lambda c: (not shot[c.unit], int(c.label[1:]))):
            who = f" — {c.unit}" if window.viewer == UMPIRE else ""
            self._target_text[c.unit] = f"{c.label}: {c.type_label} in {game.map.number(c.hex)}{who}"
            self.target.addItem(self._target_text[c.unit]
                                + ("" if shot[c.unit] else f" (no shot for {firer_id})"), c.unit)
        box.addWidget(self.target)
        self.weapon = QComboBox()
        for key, text in (("main", "Main armament"), ("mg", "Machine guns, 2R3 at soft targets (MW4 6.44)"),
                          ("infantry_h", "Infantry close-in attack on a vehicle, 6H (MW4 6.45)")):
            self.weapon.addItem(text, key)
        box.addWidget(self.weapon)
        box.addWidget(QLabel("Firing units: the one chosen, and the others with a shot at it "
                             "(6.3: several may fire at one target):"))
        self.firer_id = firer_id
        self.firers: dict[str, QCheckBox] = {}
        self.holder = QWidget()
        self.column = QVBoxLayout(self.holder)
        self.column.setContentsMargins(12, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidget(self.holder)
        scroll.setWidgetResizable(True)
        scroll.setMaximumHeight(150)
        box.addWidget(scroll)
        self.sheet = QTextBrowser()
        box.addWidget(self.sheet, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Cancel)
        self.fire_button = self.buttons.addButton("Fire", QDialogButtonBox.AcceptRole)
        self.fire_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box.addWidget(self.buttons)
        self.target.currentIndexChanged.connect(self.list_firers)
        self.weapon.currentIndexChanged.connect(self.list_firers)
        self.list_firers()

    def action_button(self):
        return self.fire_button

    def list_firers(self) -> None:
        """The selected unit and every other unit of its side with a shot at the target."""
        game, target = self.w.game, self.target.currentData()
        ticked = set(self.chosen()) or {self.firer_id}
        for cb in self.firers.values():
            cb.deleteLater()
        self.firers = {}
        for u in game.units.values():
            if u.side != self.side or not u.on_map or (u.carried_by and u.id != self.firer_id):
                continue                  # a passenger fires from its carrier only when picked (9.5)
            if u.id != self.firer_id and (target is None or not self.system.fire_sheet(
                    game, u.id, target, self.weapon.currentData()).legal):
                continue
            no_shot = u.id == self.firer_id and (target is None or not self.system.fire_sheet(
                game, u.id, target, self.weapon.currentData()).legal)
            cb = QCheckBox(f"{u.id} — {game.unit_type(u)['label']} in {game.map.number(u.hex)}"
                           + (" (no shot at it)" if no_shot else ""))
            cb.setChecked(u.id in ticked)
            cb.toggled.connect(self.refresh)
            self.column.addWidget(cb)
            self.firers[u.id] = cb
        self.refresh()

    def chosen(self) -> list[str]:
        return [uid for uid, cb in self.firers.items() if cb.isChecked()]

    def params(self) -> dict:
        params = {"firers": self.chosen(), "target": self.target.currentData()}
        if self.weapon.currentData() != "main":
            params["mode"] = self.weapon.currentData()
        return params

    def _name_the_shotless(self) -> None:
        """Each target says which of the ticked firers (none ticked: the chosen unit) have no shot
        at it with this weapon: it kept "(no shot for T1)" after T1 was unticked."""
        game, weapon = self.w.game, self.weapon.currentData()
        firing = self.chosen() or [self.firer_id]
        for i in range(self.target.count()):
            unit = self.target.itemData(i)
            lacking = [f for f in firing if not self.system.fire_sheet(game, f, unit, weapon).legal]
            self.target.setItemText(i, self._target_text[unit]
                                    + (f" (no shot for {', '.join(sorted(lacking))})" if lacking else ""))

    def refresh(self) -> None:
        """Each chosen firer's worksheet and odds; Fire only when every one has a shot."""
        game, target = self.w.game, self.target.currentData()
        if target is None:
            self.sheet.setHtml("<i>This side observes no enemy unit now: nothing to fire at (MW4 6.41).</i>")
            self.fire_button.setEnabled(False)
            return
        self._name_the_shotless()
        label = game.contacts[(self.side, target)].label
        shown = target if self.w.viewer == UMPIRE else None
        parts, ok = [], bool(self.chosen())
        for uid in self.chosen():
            s = self.system.fire_sheet(game, uid, target, self.weapon.currentData())
            ok &= s.legal
            lines = s.text(f"{target} ({label})" if shown else label)
            if s.legal:
                need, why = self.system.panic_number(game, game.units[uid])
                lines.insert(1, f"panic check first: 1d10, panics on {'a 1' if need == 1 else f'1-{need}'} ({why}; MW4 13.0)" if need
                             else f"panic check first: cannot panic ({why}; MW4 13.0)")
            colour = "#000" if s.legal else "#a00"
            parts.append(f"<div style='color:{colour}'><b>{escape(lines[0])}</b>"
                         + "".join(f"<div style='margin-left:14px'>{escape(x.strip())}</div>" for x in lines[1:])
                         + "</div><br>")
        self.sheet.setHtml("".join(parts) or "<i>Tick at least one firing unit.</i>")
        self.fire_button.setEnabled(ok)
