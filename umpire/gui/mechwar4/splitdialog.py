"""The split fire dialog (Unit → Split Fire…, Shift+F): a vehicular platoon fires as separate
elements -- one D1 and one D2, or up to three D2s -- each at its own observed target (MW4 6.93).
Each element's worksheet and odds show before the roll; targets are named as the firing side
knows them (its contact labels), the umpire also sees which unit each is."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QGridLayout, QLabel, QTextBrowser, QVBoxLayout

from ...core.knowledge import UMPIRE
from ...rules import rule_system
from ..enterkey import EnterActs

ROWS = 3


class SplitFireDialog(EnterActs, QDialog):
    def __init__(self, window, firer_id: str) -> None:
        super().__init__(window)
        self.w, self.firer_id = window, firer_id
        game = window.game
        self.system = rule_system(game.rules)
        self.side = game.units[firer_id].side
        self.setWindowTitle(f"Split Fire — {firer_id} (MW4 6.93)")
        self.resize(620, 560)
        box = QVBoxLayout(self)
        box.addWidget(QLabel("Each element of the platoon fires at its own target: one D1 and one D2, "
                             "or up to three D2s."))
        grid = QGridLayout()
        self.contacts = sorted((c for (s, _u), c in game.contacts.items() if s == self.side and c.status == "seen"),
                               key=lambda c: int(c.label[1:]))
        self.elements: list[QComboBox] = []
        self.targets: list[QComboBox] = []
        for i in range(ROWS):
            element, target = QComboBox(), QComboBox()
            element.addItem("—", None)
            element.addItem("D1 element", "d1")
            element.addItem("D2 element", "d2")
            element.setCurrentIndex({0: 1, 1: 2}.get(i, 0))
            for c in self.contacts:
                who = f" — {c.unit}" if window.viewer == UMPIRE else ""
                target.addItem(f"{c.label}: {c.type_label} in {game.map.number(c.hex)}{who}", c.unit)
            target.setCurrentIndex(min(i, max(0, len(self.contacts) - 1)))
            element.currentIndexChanged.connect(self.refresh)
            target.currentIndexChanged.connect(self.refresh)
            grid.addWidget(QLabel(f"Element {i + 1}:"), i, 0)
            grid.addWidget(element, i, 1)
            grid.addWidget(target, i, 2)
            self.elements.append(element)
            self.targets.append(target)
        box.addLayout(grid)
        self.sheet = QTextBrowser()
        box.addWidget(self.sheet, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Cancel)
        self.fire_button = self.buttons.addButton("Fire", QDialogButtonBox.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box.addWidget(self.buttons)
        self.refresh()

    def action_button(self):
        return self.fire_button

    def shots(self) -> list[dict]:
        return [{"element": e.currentData(), "target": t.currentData()}
                for e, t in zip(self.elements, self.targets) if e.currentData() and t.currentData()]

    def params(self) -> dict:
        return {"unit": self.firer_id, "shots": self.shots()}

    def refresh(self) -> None:
        game = self.w.game
        if not self.contacts:
            self.sheet.setHtml("<i>This side observes no enemy unit now: nothing to fire at (MW4 6.41).</i>")
            self.fire_button.setEnabled(False)
            return
        shots = self.shots()
        problem = self.system.split_problem(game, self.firer_id, [s["element"] for s in shots])
        if len(shots) < 2:
            problem = problem or "choose two or three elements"
        parts = [f"<p style='color:#a00'>{escape(problem)} (MW4 6.93)</p>"] if problem else []
        need, why = self.system.panic_number(game, game.units[self.firer_id])
        parts.append(f"<p>Each element checks panic first: 1d10, panics on {'a 1' if need == 1 else f'1-{need}'} ({escape(why)}); one "
                     "element panicking stops the platoon (MW4 6.93, 13.0).</p>" if need else
                     f"<p>No panic check: it cannot panic ({escape(why)}).</p>")
        ok = not problem
        for s in shots:
            label = game.contacts[(self.side, s["target"])].label
            shown = f"{s['target']} ({label})" if self.w.viewer == UMPIRE else label
            sheet = self.system.fire_sheet(game, self.firer_id, s["target"], "main", element=s["element"])
            ok &= sheet.legal
            lines = sheet.text(shown)
            colour = "#000" if sheet.legal else "#a00"
            parts.append(f"<div style='color:{colour}'><b>{s['element'].upper()} element — {escape(lines[0])}</b>"
                         + "".join(f"<div style='margin-left:14px'>{escape(x.strip())}</div>" for x in lines[1:])
                         + "</div><br>")
        self.sheet.setHtml("".join(parts))
        self.fire_button.setEnabled(ok)
