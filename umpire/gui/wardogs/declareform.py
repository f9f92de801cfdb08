"""Wardogs' declaration of fire in the window (Turn → Side Actions → Declare fire, Wardogs p. 7
step 6): a form of shots, one row each -- the firer (the side's units, names with spaces and
all), the weapon it can use now (by its name on the record sheet) and the target, a contact
that firer itself may aim that weapon at (by the side's label, its hex and what the side knows
of it).  Several shots in one form; declaring none is "no fire".  A refused declaration is
shown in the form, which stays open with every row as it was.

The pick lists come from rules/wardogs/declare_choices.py: built from the side's knowledge only,
so the form never offers an enemy the side does not see nor names one by its own id.

The orders-file entry (Declaration of fire from an orders file) opens a file picker.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QGridLayout, QLabel,
                               QMessageBox, QPushButton, QScrollArea, QToolButton, QVBoxLayout, QWidget)

from ...core.errors import UmpireError
from ...core.knowledge import UMPIRE
from ...rules import rule_system
from ...rules.wardogs import declare
from ...rules.wardogs.declare_choices import choices, declared_now

NOTHING = "(nothing it can fire at)"


class ShotRow:
    """One shot: firer, weapon, target pick lists, each following the one before."""

    def __init__(self, form: DeclareForm, row: int) -> None:
        self.form = form
        self.firer, self.weapon, self.target = QComboBox(), QComboBox(), QComboBox()
        self.remove = QToolButton()
        self.remove.setText("✕")
        self.remove.setToolTip("Take this shot out of the declaration")
        for box in (self.firer, self.weapon, self.target):
            box.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        for f in form.firers:
            if f.weapons:
                self.firer.addItem(f.text, f.unit)
        self.firer.currentIndexChanged.connect(self.fill_weapons)
        self.weapon.currentIndexChanged.connect(self.fill_targets)
        self.target.currentIndexChanged.connect(form.changed)
        self.widgets = (self.firer, self.weapon, self.target, self.remove)
        for col, w in enumerate(self.widgets):
            form.grid.addWidget(w, row, col)
        self.fill_weapons()

    def fill_weapons(self) -> None:
        firer = self.form.firer(self.firer.currentData())
        self.weapon.blockSignals(True)
        self.weapon.clear()
        for w in firer.weapons if firer else ():
            self.weapon.addItem(w.text, w.key)
        self.weapon.blockSignals(False)
        self.fill_targets()

    def fill_targets(self) -> None:
        firer = self.form.firer(self.firer.currentData())
        weapon = next((w for w in firer.weapons if w.key == self.weapon.currentData()), None) if firer else None
        self.target.clear()
        for t in weapon.targets if weapon else ():
            self.target.addItem(t.text, t.label)
        if not self.target.count():
            self.target.addItem(NOTHING, None)          # this weapon reaches no contact: the row cannot go
        self.form.changed()

    def set(self, shot: dict) -> None:
        for box, value in ((self.firer, shot["firer"]), (self.weapon, shot["weapon"]), (self.target, shot["target"])):
            i = box.findData(value)
            if i >= 0:
                box.setCurrentIndex(i)

    def shot(self) -> dict | None:
        values = (self.firer.currentData(), self.weapon.currentData(), self.target.currentData())
        return dict(zip(("firer", "weapon", "target"), values)) if all(values) else None


class DeclareForm(QDialog):
    def __init__(self, window, spec, side: str) -> None:
        super().__init__(window)
        self.w, self.spec, self.side = window, spec, side
        game = window.game
        self.firers = choices(game, side)
        self.setWindowTitle(f"{spec.label} — {game.side(side).name}")
        # room for a firer, a weapon and a target read whole side by side, and five shots
        self.setMinimumWidth(130 * self.fontMetrics().averageCharWidth())
        outer = QVBoxLayout(self)
        help_text = QLabel(" ".join(spec.help.split()) + f" Each firer locks on to one target; name every weapon "
                           f"it fires at it. ({spec.rule})")
        help_text.setWordWrap(True)
        help_text.setTextFormat(Qt.PlainText)
        outer.addWidget(help_text)
        idle = [f.why_not for f in self.firers if f.why_not] + [
            f"{f.unit} sees no enemy it can fire at" for f in self.firers if f.weapons and not any(w.targets for w in f.weapons)]
        self.idle = QLabel("Not firing: " + "; ".join(idle)) if idle else QLabel("")
        self.idle.setWordWrap(True)
        self.idle.setTextFormat(Qt.PlainText)
        self.idle.setStyleSheet("QLabel { color: gray; }")
        self.idle.setVisible(bool(idle))
        outer.addWidget(self.idle)
        self.area = area = QScrollArea()
        area.setWidgetResizable(True)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)     # the form grows instead: read whole
        self.holder = holder = QWidget()
        self.grid = QGridLayout(holder)
        for col, head in enumerate(("Firer", "Weapon", "Target (your label)")):
            self.grid.addWidget(QLabel(f"<b>{head}</b>"), 0, col)
        self.grid.setColumnStretch(2, 1)
        self.grid.setRowStretch(100, 1)
        area.setWidget(holder)
        area.setMinimumHeight(6 * (QComboBox().sizeHint().height() + 8) + 12)     # a heading and five shots
        outer.addWidget(area, 1)
        self.add = QPushButton("&Add shot")
        self.add.setShortcut(QKeySequence("Ctrl+N"))
        self.add.setToolTip("Another weapon, of this firer or another unit (Ctrl+N)")
        self.add.clicked.connect(lambda: self.add_row())
        self.add.setEnabled(any(f.weapons for f in self.firers))
        outer.addWidget(self.add, 0, Qt.AlignLeft)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setTextFormat(Qt.PlainText)
        self.refusal.setStyleSheet("QLabel { color: #a00000; font-weight: bold; }")
        self.refusal.setVisible(False)
        outer.addWidget(self.refusal)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self.declare)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        self.rows: list[ShotRow] = []
        for shot in declared_now(game, side):        # declaring again replaces: start from the last
            self.add_row().set(shot)
        if not self.rows and any(w.targets for f in self.firers for w in f.weapons):
            self.add_row()
        self.changed()

    def firer(self, uid):
        return next((f for f in self.firers if f.unit == uid), None)

    def add_row(self) -> ShotRow:
        """A new shot: the last row's firer and target with a weapon of it not yet named (one
        target a firer a turn, p. 7 step 7), else the first firer."""
        last = self.rows[-1].shot() if self.rows else None
        row = ShotRow(self, len(self.rows) + 1)
        row.remove.clicked.connect(lambda: self.remove_row(row))
        if last is not None:
            named = {(s["firer"], s["weapon"]) for s in self.shots()}
            firer = self.firer(last["firer"])
            free = [w.key for w in firer.weapons if (firer.unit, w.key) not in named] if firer else []
            row.set({**last, "weapon": free[0] if free else last["weapon"]})
        self.rows.append(row)
        self.changed()
        return row

    def remove_row(self, row: ShotRow) -> None:
        for w in row.widgets:
            self.grid.removeWidget(w)
            w.deleteLater()
        self.rows.remove(row)
        self.changed()

    def shots(self) -> list[dict]:
        return [s for r in self.rows if (s := r.shot()) is not None]

    def changed(self) -> None:
        """The OK button says what it will declare; a row that cannot go keeps it off."""
        ok = self.buttons.button(QDialogButtonBox.Ok)
        complete = all(r.shot() is not None for r in getattr(self, "rows", []))
        n = len(getattr(self, "rows", []))
        ok.setText(f"&Declare {n} shot{'s' if n != 1 else ''}" if n else "&Declare no fire")
        ok.setEnabled(complete)
        ok.setToolTip("" if complete else "A row has nothing to fire at: change it or take it out")
        if hasattr(self, "area"):
            self.area.setMinimumWidth(self.holder.sizeHint().width() + self.area.verticalScrollBar().sizeHint().width() + 4)
            # tall enough for its wrapped words at the width it has (the plain minimum counts
            # them at another width, and the rows ran under the Add shot button)
            hint = self.minimumSizeHint()
            width = max(self.width(), hint.width())
            height = max(hint.height(), self.layout().totalHeightForWidth(width))
            if self.width() < width or self.height() < height:
                self.resize(width, max(self.height(), height))

    def declare(self) -> None:
        """Checked as the engine will check it; a refusal is shown here and the form stays."""
        game, shots = self.w.game, self.shots()
        try:
            declare.check(game, self.side, declare.by_label(game, self.side, shots))
        except UmpireError as e:
            self.refuse(e.one_line())
            return
        if self.w.play.run(self.spec.name, {"side": self.side, "shots": shots}) is None:
            self.refuse("The engine refused the declaration (see the message); nothing was kept.")
            return
        self.accept()

    def refuse(self, why: str) -> None:
        self.refusal.setText(why)
        self.refusal.setVisible(True)


def declare_fire(window, spec, side: str) -> None:
    DeclareForm(window, spec, side).exec()


def orders_file(window, spec, side: str) -> None:
    """A side's declaration handed in as an orders file (`umpire orders`): a file picker, the file
    read and checked, then the same engine action."""
    game = window.game
    path, _ = QFileDialog.getOpenFileName(window, f"Orders file of {game.side(side).name}", "",
                                          "Orders files (*.toml);;All files (*)")
    if not path:
        return
    try:
        named, params = rule_system(game.rules).read_orders(path)
        if named != side:
            raise UmpireError(f"this orders file is for side {named!r}, not {game.side(side).name} ({side!r})",
                              file=path)
    except UmpireError as e:
        QMessageBox.warning(window, "Orders file refused", e.one_line())
        return
    window.play.run(spec.name, params)


def declarations_asked(window, kind: str) -> bool:
    """Pass or Next Phase in the declaration phase while a side has not declared: the reveal
    waits for every side (p. 7 steps 6-7), so the umpire is asked -- declare no fire for it and
    go on, or wait (the default).  True: go on."""
    game = window.game
    if game.phase != "declare" or kind not in ("pass", "next_phase"):
        return True
    waiting = [s for s in declare.waiting_for(game)
               if (kind == "next_phase" or s == game.active_side) and window.viewer in (UMPIRE, s)]
    if not waiting:
        return True                       # nothing to ask; the engine still refuses what it must
    names = " and ".join(game.side(s).name for s in waiting)
    box = QMessageBox(QMessageBox.Question, "Not declared yet",
                      f"{names} {'have' if len(waiting) > 1 else 'has'} not declared {'their' if len(waiting) > 1 else 'its'} "
                      f"fire. The declarations are revealed, and the dice rolled, only once every side has declared "
                      f"(Wardogs p. 7 steps 6-7).", QMessageBox.NoButton, window)
    go = box.addButton(f"Declare no fire for {names}", QMessageBox.AcceptRole)
    wait = box.addButton("Wait", QMessageBox.RejectRole)
    box.setDefaultButton(wait)
    box.setEscapeButton(wait)
    box.exec()
    if box.clickedButton() is not go:
        return False
    return all(window.play.run("declare_fire", {"side": s, "shots": []}) is not None for s in waiting)
