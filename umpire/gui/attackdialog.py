"""The attack dialog (Unit → Attack Hex…, T): units of the selected unit's side attack one hex
where their side sees the enemy, together (War Blog 11.0: assault, attrition or ranged fire).
Before the roll it shows the rule system's worksheet -- each unit's part, the defence, the
odds; after the roll the journal keeps it with the dice.

Targets are hexes the side sees enemy units in now, named by its own contact labels in a
side's view; the umpire also sees which units they are.
"""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QLabel, QScrollArea, QTextBrowser,
                               QVBoxLayout, QWidget)

from ..core.errors import cited
from ..core.hexgrid import hex_distance
from ..core.knowledge import UMPIRE
from ..core.witness import in_side_words
from ..rules import rule_system
from .enterkey import EnterActs


class AttackDialog(EnterActs, QDialog):
    def __init__(self, window, unit_id: str) -> None:
        super().__init__(window)
        self.w = window
        game = window.game
        self.system = rule_system(game.rules)
        self.unit_id = unit_id
        self.side = game.units[unit_id].side
        self.setWindowTitle(f"Attack — {game.side(self.side).name}")
        self.resize(620, 560)
        box = QVBoxLayout(self)
        box.addWidget(QLabel("Hex attacked (enemy seen there now):"))
        self.target = QComboBox()
        seen: dict = {}
        for (s, _u), c in sorted(game.contacts.items(), key=lambda kv: int(kv[1].label[1:])):
            if s == self.side and c.status == "seen":
                seen.setdefault(c.hex, []).append(c)
        me = game.units[unit_id].hex
        for h, cs in sorted(seen.items(), key=lambda kv: (hex_distance(kv[0], me), game.map.number(kv[0]))):
            who = ", ".join(f"{c.label} {c.type_label}" + (f" ({c.unit})" if window.viewer == UMPIRE else "")
                            for c in cs)
            self.target.addItem(f"{game.map.number(h)}: {who}", game.map.number(h))
        box.addWidget(self.target)
        self.kind = QComboBox()
        for k in self.system.attack_kinds():
            self.kind.addItem(k.replace("_", " ").capitalize(), k)
        box.addWidget(self.kind)
        self.seen = seen
        self.aim = QComboBox()           # one unit singled out (LnLT 17.2: a vehicle), or the hex
        self.aim_label = QLabel("Aimed at:")
        box.addWidget(self.aim_label)
        box.addWidget(self.aim)
        box.addWidget(QLabel("Units of the side taking part:"))
        self.holder = QWidget()
        self.column = QVBoxLayout(self.holder)
        self.column.setContentsMargins(12, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidget(self.holder)
        scroll.setWidgetResizable(True)
        scroll.setMaximumHeight(150)
        box.addWidget(scroll)
        self.units: dict[str, QCheckBox] = {}
        self.sheet = QTextBrowser()
        box.addWidget(self.sheet, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Cancel)
        self.attack_button = self.buttons.addButton("Attack", QDialogButtonBox.AcceptRole)
        self.attack_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box.addWidget(self.buttons)
        self.target.currentIndexChanged.connect(self._list_aims)
        self.kind.currentIndexChanged.connect(self._list_units)
        self.aim.currentIndexChanged.connect(self._show)
        self._list_aims()
        self._prefer_a_legal_kind()

    def _prefer_a_legal_kind(self) -> None:
        """The first kind of attack the unit may make on the first target: F on a gun (LnLT's
        recoilless rifle team, 14.1) opened on small arms' "Fire" and was refused for its range,
        the umpire left to find "Ordnance" in the list."""
        number = self.target.currentData()
        if number is None or self.params()["units"] != [self.unit_id]:
            return
        game = self.w.game
        h = game.map.grid.parse(number)
        for i in range(self.kind.count()):
            if self.system.assault_sheet(game, [self.unit_id], h, self.kind.itemData(i)).legal:
                if i != self.kind.currentIndex():
                    self.kind.setCurrentIndex(i)
                return

    def action_button(self):
        return self.attack_button

    def _list_aims(self) -> None:
        """The whole hex, or one of the units the side sees there (by its contact label)."""
        self.aim.blockSignals(True)
        self.aim.clear()
        self.aim.addItem("Every unit the attack strikes in the hex", None)
        number = self.target.currentData()
        if number is not None:
            for c in self.seen.get(self.w.game.map.grid.parse(number), []):
                self.aim.addItem(f"{c.label} {c.type_label}" + (f" ({c.unit})" if self.w.viewer == UMPIRE else ""),
                                 c.unit)
        self.aim.blockSignals(False)
        self.aim.setVisible(self.aim.count() > 2)
        self.aim_label.setVisible(self.aim.count() > 2)
        self._list_units()

    def _list_units(self) -> None:
        """The side's units that could join: next to the hex, or able to attack it from where
        they stand (fire from range)."""
        for cb in self.units.values():
            cb.setParent(None)
        self.units = {}
        game, number = self.w.game, self.target.currentData()
        if number is None:
            self._show()
            return
        h = game.map.grid.parse(number)
        kind = self.kind.currentData()
        for u in sorted(game.units.values(), key=lambda u: u.id):
            if u.side != self.side or not u.on_map:
                continue
            legal = self.system.assault_sheet(game, [u.id], h, kind).legal
            if u.carried_by and not legal:
                continue                 # a carried weapon, a passenger inside: not an attacker
            if hex_distance(u.hex, h) == 1 or u.id == self.unit_id or legal:
                cb = QCheckBox(f"{u.id} — {game.unit_type(u)['label']} in {game.map.number(u.hex)}")
                cb.setChecked(u.id == self.unit_id)
                cb.toggled.connect(self._show)
                self.column.addWidget(cb)
                self.units[u.id] = cb
        self._show()

    def params(self) -> dict:
        out = {"units": [k for k, cb in self.units.items() if cb.isChecked()], "hex": self.target.currentData(),
               "kind": self.kind.currentData()}
        if self.aim.currentData():
            out["at"] = self.aim.currentData()
        return out

    def _show(self) -> None:
        p = self.params()
        game = self.w.game
        if not p["hex"]:
            self.sheet.setHtml("<p>Your side sees no enemy unit to attack.</p>")
            self.attack_button.setEnabled(False)
            return
        if not p["units"]:
            self.sheet.setHtml("<p>Tick the units taking part.</p>")
            self.attack_button.setEnabled(False)
            return
        sheet = self.system.assault_sheet(game, p["units"], game.map.grid.parse(p["hex"]), p["kind"], p.get("at"))
        if not sheet.legal:
            reason = cited(sheet.reason, sheet.rule)
            if self.w.viewer != UMPIRE:      # judged on the truth: in a side's words, or not at all
                said = in_side_words(game, self.w.viewer, [reason])
                reason = said[0] if said else ("not allowed, for a reason that names what your side has not seen "
                                                "(the umpire's view gives it)")
            self.sheet.setHtml(f"<p><b>Refused:</b> {escape(reason)}</p>")
            self.attack_button.setEnabled(False)
            return
        lines = list(sheet.lines)
        if self.w.viewer != UMPIRE:          # a side's window names the enemy by its contact labels
            kept = getattr(sheet, "kept", {})          # and shows none of the defenders' hidden state
            lines = in_side_words(game, self.w.viewer, [x for i, x in enumerate(lines) if i not in kept])
        self.sheet.setHtml("<pre style='white-space: pre-wrap'>" + escape("\n".join(lines)) + "</pre>")
        self.attack_button.setEnabled(True)
