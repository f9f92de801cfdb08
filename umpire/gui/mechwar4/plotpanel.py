"""The fire plot panel (MW4 7.0, 7.7, 7.81, 14.0, 14.33): a side's fire missions for a turn; and
its advanced air passes (15.3-15.8) and radio silence (19.99), the side's other fire support orders.

In a side's view it lists and edits only that side's plots, so a plot typed in at the table is
never shown to the other side; the umpire's view picks the side, and may set where a plotted
fire lands instead of its scatter roll (with a reason, for the journal).  Every change runs the
engine's plot action on the side's whole list for the turn, as an orders file does.

The turn box goes back to turn 1: a past turn's plots are shown as they were, read-only (what
fired, and where, as this viewer knows it); it follows the game's turn when that changes (End
Turn, or an undo back into an earlier turn) unless the umpire had turned it elsewhere.
"""

from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QGridLayout, QHBoxLayout, QHeaderView, QInputDialog, QLabel, QLineEdit, QPushButton, QSpinBox,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from ...core.hexgrid import Hex
from ...core.knowledge import UMPIRE
from ...rules.mechwar4.supports import all_supports, concentrations
from ...rules import rule_system
from ...rules.mechwar4.traits import AirTraits, support_traits       # multiples: MechWar 4's plots (14.32)
from ...rules.mechwar4.electronic import silent

PATTERNS = ("tight", "loose", "smoke", "fascam", "counterbattery")
SEP = "\x1f"


def support_key(support: str, concentration: int) -> str:
    """A support and concentration as a combo box's item data (Qt keeps strings as they are)."""
    return f"{support}{SEP}{concentration}"


class PlotPanel(QWidget):
    def __init__(self, window) -> None:
        super().__init__()
        self.w = window
        self.side_box = QComboBox()
        self.side_box.setToolTip("Whose plots (the umpire sees every side's)")
        self.turn_box = QSpinBox()
        self.turn_box.setPrefix("turn ")
        self.turn_box.setToolTip("The turn the missions fire in (air strikes: a turn ahead, MW4 7.7); an "
                                 "earlier turn's plots are shown read-only")
        self.side_box.currentIndexChanged.connect(lambda _i: self.refresh())
        self.turn_box.valueChanged.connect(lambda _v: self.refresh())
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(["Support", "Target", "Pattern", "Turn", "Result"])
        # every column whole in a dock 290 px wide: the support's label takes what the short
        # ones leave, the result (after the phase) the rest
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.Stretch)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QTableWidget.SelectRows)
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        self.support = QComboBox()
        self.support.setToolTip("An off-board concentration, an air strike, or an on-map H class unit")
        self.target = QLineEdit()
        self.target.setPlaceholderText("hex, e.g. 2215")
        self.target.setToolTip("Type a hex, or click one on the map")
        self.pattern = QComboBox()
        self.pattern.addItems(PATTERNS)
        self.add_button = QPushButton("Add")
        self.add_button.setToolTip("Add this mission to the side's plots for the turn (checked with the others)")
        self.add_button.clicked.connect(self.add)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove)
        self.multiply_button = QPushButton("Multiply…")
        self.multiply_button.setToolTip("Roll to multiply an off-board support for next turn (MW4 14.33)")
        self.multiply_button.clicked.connect(self.multiply)
        self.displace_button = QPushButton("Displace…")
        self.displace_button.setToolTip("An off-board concentration moves instead of firing, shaking off enemy "
                                        "counterbattery: out of action for three turns (MW4 19.22)")
        self.displace_button.clicked.connect(self.displace)
        self.impact_button = QPushButton("Place Impact…")
        self.impact_button.setToolTip("Umpire: where the selected plot lands instead of its scatter roll")
        self.impact_button.clicked.connect(self.place_impact)
        self.air_button = QPushButton("Air Pass…")
        self.air_button.setToolTip("In the Indirect Fire phase an advanced air support flies over the map: its "
                                   "path, the hexes flown low, its strikes (MW4 15.3-15.8)")
        self.air_button.clicked.connect(self.air_pass)
        self.silence_button = QPushButton("Radio Silence")
        self.silence_button.setToolTip("For the rest of the turn no HQ or gun of the side can be located; it acts as "
                                       "if jammed (MW4 19.99)")
        self.silence_button.clicked.connect(self.radio_silence)
        self.title = QLabel()
        top = QHBoxLayout()
        top.addWidget(self.side_box, 1)
        top.addWidget(self.turn_box)
        new = QGridLayout()          # a new mission: what fires (its whole name) / at which hex, its pattern, Add
        new.addWidget(self.support, 0, 0, 1, 3)
        for column, widget in enumerate((self.target, self.pattern, self.add_button)):
            new.addWidget(widget, 1, column)
        new.setColumnStretch(0, 1)
        buttons = QGridLayout()      # two by two: in a row they held the dock 370 px wide
        for i, b in enumerate((self.remove_button, self.multiply_button, self.displace_button, self.impact_button,
                               self.air_button, self.silence_button)):
            buttons.addWidget(b, i // 2, i % 2)
        for combo in (self.support, self.pattern):     # sized by a few letters, not their longest entry
            combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(6)
        box = QVBoxLayout(self)
        box.setContentsMargins(2, 2, 2, 2)
        box.addWidget(self.title)
        box.addLayout(top)
        box.addWidget(self.table)
        box.addLayout(new)
        box.addLayout(buttons)
        self._plots: list = []
        self._game_turn = 0             # the game's turn when last shown: the box follows it

    # ------------------------------------------------------------------ showing
    def side(self) -> str | None:
        viewer = self.w.viewer
        return viewer if viewer != UMPIRE else self.side_box.currentData()

    def refresh(self) -> None:
        game, viewer = self.w.game, self.w.viewer
        self.table.setRowCount(0)
        self._plots = []
        for b in (self.add_button, self.remove_button, self.multiply_button, self.displace_button,
                  self.impact_button, self.air_button, self.silence_button):
            b.setEnabled(game is not None)
        if game is None:
            self.title.setText("")
            return
        self._fill_sides(game, viewer)
        self.turn_box.blockSignals(True)
        self.turn_box.setRange(1, max(game.turn, game.turns))
        if game.location != getattr(self, "_shown_game", None):   # another game: nothing of the last one's
            self.turn_box.setValue(game.turn)
            self.target.clear()
            self.pattern.setCurrentIndex(0)
            self._shown_game = game.location
        elif game.turn != self._game_turn and self.turn_box.value() == self._game_turn:
            self.turn_box.setValue(game.turn)      # the box showed the game's turn: it follows it
        self._game_turn = game.turn
        self.turn_box.blockSignals(False)
        side, turn = self.side(), self.turn_box.value()
        past = turn < game.turn         # what was plotted then is history: shown, not changed
        if side != getattr(self, "_shown_side", None):      # what one side typed is not the next one's
            self.target.clear()
            self.pattern.setCurrentIndex(0)
            self._shown_side = side
        self.title.setText("" if not side else f"Fire plots of {game.side(side).name} — secret to it"
                           + (f" (turn {turn}: past, read-only)" if past else ""))
        self._fill_supports(game, side)
        n = game.map.number
        for p in sorted((p for p in game.plots if p.side == side and p.turn == turn),
                        key=lambda p: (p.support, p.concentration)):
            result = ""
            if p.outcome:
                result = f"landed in {n(Hex(p.outcome['q'], p.outcome['r']))}" \
                    if p.outcome.get("ffe") else "no fire for effect"
                if viewer != UMPIRE and p.outcome.get("ffe"):
                    result = "fired"          # where it fell: the side's impact markers, if it saw it
            elif p.impact and viewer == UMPIRE:
                result = f"umpire: lands in {n(Hex(p.impact['q'], p.impact['r']))}"
            label = p.support if p.support in game.units else f"{p.support} #{p.concentration}"
            cells = (label, "—" if p.pattern == "counterbattery" else n(p.target), p.pattern, str(p.turn), result)
            row = self.table.rowCount()
            self.table.insertRow(row)
            for col, text in enumerate(cells):
                self.table.setItem(row, col, QTableWidgetItem(text))
            self._plots.append(p)
        self.impact_button.setVisible(viewer == UMPIRE)
        self.multiply_button.setEnabled(any(a.side == side and support_traits(a).multiples for a in game.artillery))
        self.displace_button.setEnabled(bool(self._batteries(game, side))
                                        and game.option("offboard_counterbattery") == "on")
        self.air_button.setEnabled(game.phase == "indirect_fire" and any(
            a.side == side and AirTraits.model_construct(**a.traits).aircraft for a in game.air))
        self.silence_button.setEnabled(side is not None and game.phase != "ended" and not silent(game, side))
        for widget in (self.add_button, self.remove_button, self.impact_button, self.multiply_button,
                       self.displace_button, self.air_button, self.silence_button,
                       self.support, self.target, self.pattern):
            if past:
                widget.setEnabled(False)
            elif widget in (self.support, self.target, self.pattern):
                widget.setEnabled(True)

    @staticmethod
    def _batteries(game, side) -> list[tuple[str, int]]:
        """The side's off-board concentrations (whether the enemy spotted one is not shown: 19.2)."""
        return [(a.id, k) for a in game.artillery if a.side == side for k in range(1, a.concentrations + 1)]

    def _fill_sides(self, game, viewer) -> None:
        wanted = self.side_box.currentData()
        self.side_box.blockSignals(True)
        self.side_box.clear()
        for s in game.sides:
            if viewer in (UMPIRE, s.id):
                self.side_box.addItem(s.name, s.id)
        self.side_box.setCurrentIndex(max(0, self.side_box.findData(wanted)))
        self.side_box.setEnabled(viewer == UMPIRE)
        self.side_box.blockSignals(False)

    def _fill_supports(self, game, side) -> None:
        wanted = self.support.currentData()
        self.support.clear()
        system = rule_system(game.rules)
        turn = self.turn_box.value()
        for a in all_supports(game).values():
            if a.side == side:
                what = "strike" if a.kind == "air" else "concentration"
                for k in range(1, concentrations(game, a, turn) + 1):
                    self.support.addItem(f"{a.id} {what} {k} ({a.strength}H)", support_key(a.id, k))
        for u in game.units.values():
            if u.side == side and u.on_map and system.indirect_support(game, u.id):
                self.support.addItem(f"{u.id} (on-map, {game.unit_type(u)['attack']}H)", support_key(u.id, 1))
        self.support.setCurrentIndex(max(0, self.support.findData(wanted)))

    def hex_clicked(self, h) -> None:
        """A hex clicked on the map fills in the target."""
        if self.w.game is not None and h is not None:
            self.target.setText(self.w.game.map.number(h))

    # ------------------------------------------------------------------ changing
    def _missions(self) -> list[dict]:
        return [{"support": p.support, "concentration": p.concentration,
                 "target": self.w.game.map.number(p.target), "pattern": p.pattern} for p in self._plots]

    def _send(self, missions: list[dict]) -> bool:
        side = self.side()
        ok = self.w.play.run("plot", {"side": side, "turn": self.turn_box.value(), "missions": missions})
        self.refresh()
        return ok is not None

    def add(self) -> None:
        if self.w.game is None or self.support.currentData() is None:
            return
        support, _, k = self.support.currentData().rpartition(SEP)
        mission = {"support": support, "concentration": int(k), "pattern": self.pattern.currentText()}
        if mission["pattern"] != "counterbattery":
            mission["target"] = self.target.text().strip()
        self._send(self._missions() + [mission])

    def remove(self) -> None:
        rows = {i.row() for i in self.table.selectedIndexes()}
        if rows:
            self._send([m for i, m in enumerate(self._missions()) if i not in rows])

    def multiply(self) -> None:
        game, side = self.w.game, self.side()
        names = [a.id for a in game.artillery if a.side == side and support_traits(a).multiples]
        if not names:
            return
        name, ok = QInputDialog.getItem(self, "Multiply Artillery", "Off-board support to multiply for next turn "
                                        "(MW4 14.33; the die is hidden from the enemy):", names, 0, False)
        if ok:
            self.w.play.run("multiply", {"side": side, "support": name})
            self.refresh()

    def displace(self) -> None:
        game, side = self.w.game, self.side()
        batteries = self._batteries(game, side)
        if not batteries:
            return
        names = [f"{sid} #{k}" for sid, k in batteries]
        name, ok = QInputDialog.getItem(self, "Displace", "Concentration to move instead of firing, shaking off "
                                        "enemy counterbattery (out of action for three turns; MW4 19.22):",
                                        names, 0, False)
        if ok:
            sid, k = batteries[names.index(name)]
            self.w.play.run("displace", {"side": side, "support": sid, "concentration": k})
            self.refresh()

    def place_impact(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()})
        if not rows or self.w.viewer != UMPIRE:
            return
        p = self._plots[rows[0]]
        where, ok = QInputDialog.getText(self, "Place Impact", f"Where {p.support} #{p.concentration} lands "
                                         "(its scatter is not rolled):")
        if not ok or not where.strip():
            return
        reason, ok = QInputDialog.getText(self, "Place Impact", "Why (for the journal):")
        if ok:
            self.w.play.run("place_impact", {"side": p.side, "support": p.support, "concentration": p.concentration,
                                             "turn": p.turn, "hex": where.strip(), "reason": reason})
            self.refresh()

    def air_pass(self) -> None:
        """The side's air pass, on the form its fields describe (MW4 15.3-15.8)."""
        from ...rules.mechwar4.actions import ACTIONS
        from ..ruleactiondialog import RuleActionDialog, fill_in_and_run
        from ..sideactions import form_fields
        game, side = self.w.game, self.side()
        if game is not None and side is not None:
            spec = ACTIONS["air_pass"]
            fill_in_and_run(self.w, spec, game.side(side).name, form_fields(game, spec, side), {"side": side},
                            RuleActionDialog)
            self.refresh()

    def radio_silence(self) -> None:
        if self.w.game is not None and self.side() is not None:
            self.w.play.run("radio_silence", {"side": self.side()})
            self.refresh()
