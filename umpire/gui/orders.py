"""The orders panel: each company's command for the turn (RuleSystem.commands), for the side being viewed.

A side's view shows only that side's companies and commands, so orders typed in at the table
are never shown to the other side; the umpire's view picks the side.  Giving orders runs
the same engine action as an orders file.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from ..core.knowledge import UMPIRE
from ..rules import rule_system

NO_COMMAND = "—"
COMPANY, COMMAND = range(2)                # the table's columns; the ambush hex goes under its command
COMMAND_LEAST = 118                        # px; widened to the longest command's label when filled


def _read_only(text: str, tip: str = "") -> QTableWidgetItem:
    """A cell to read, not to type over: a company's name is the scenario's."""
    item = QTableWidgetItem(text)
    item.setFlags(Qt.ItemIsSelectable | Qt.ItemIsEnabled)
    if tip:
        item.setToolTip(tip)
    return item


class OrdersPanel(QWidget):
    def __init__(self, window) -> None:
        super().__init__()
        self.w = window
        # the umpire picks whose orders, as in the Fire Plots panel: both sides' companies in one
        # list, with a side column, left the command column cut off in a narrow dock
        self.side_box = QComboBox()
        self.side_box.setToolTip("Whose orders (the umpire sees every side's)")
        self.side_box.currentIndexChanged.connect(lambda _i: self._fill())
        # two columns: a column of its own for the ambush hex (turn 1, one command) left the
        # commands cut short in a 290 px dock ("Overwatch (OC", "Bounding Over"); the hex's line
        # shows under the command that asks for one
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels(["Company", "Command"])
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(COMPANY, QHeaderView.Stretch)       # the name wraps in what is left
        header.setSectionResizeMode(COMMAND, QHeaderView.Interactive)
        header.setStretchLastSection(False)
        self.table.setColumnWidth(COMMAND, COMMAND_LEAST)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(False)
        self.title = QLabel()
        self.button = QPushButton("Give Orders")
        self.button.clicked.connect(self.give)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.button)
        box = QVBoxLayout(self)
        box.setContentsMargins(2, 2, 2, 2)
        box.addLayout(top)
        box.addWidget(self.side_box)
        box.addWidget(self.table)
        self._rows: list[tuple[str, str, QComboBox, QLineEdit]] = []     # side, company, command, hex

    def refresh(self) -> None:
        """Show the game's sides to choose from (the umpire's view) and the chosen side's orders."""
        game, viewer = self.w.game, self.w.viewer
        sides = [] if game is None else [s for s in game.sides if viewer == UMPIRE or s.id == viewer]
        chosen = self.side_box.currentData()
        self.side_box.blockSignals(True)
        self.side_box.clear()
        for s in sides:
            self.side_box.addItem(s.name, s.id)
        self.side_box.setCurrentIndex(max(0, self.side_box.findData(chosen)))
        self.side_box.blockSignals(False)
        self.side_box.setVisible(viewer == UMPIRE and len(sides) > 1)
        self._fill()

    def _fill(self) -> None:
        game = self.w.game
        self.table.setRowCount(0)
        self._rows.clear()
        side = self.side_box.currentData()
        if game is None or side is None:
            self.title.setText("")
            self.button.setEnabled(False)
            return
        codes = rule_system(game.rules).commands()
        self.title.setText(f"Commands for turn {game.turn}")
        of_side = {b.id: b.side for b in game.battalions}
        for comp in game.companies:
            if of_side[comp.battalion] != side:
                continue                      # another side's orders are not shown
            if not any(u.company == comp.id and u.status in ("on_map", "off_map") for u in game.units.values()):
                continue
            row = self.table.rowCount()
            self.table.insertRow(row)
            self.table.setItem(row, COMPANY, _read_only(comp.name, f"{comp.id} ({game.side(side).name})"))
            combo = QComboBox()
            combo.addItem(NO_COMMAND, None)
            for code, spec in codes.items():
                combo.addItem(spec["label"], code)
            combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(6)
            current, ambush = game.commands.get((game.turn, comp.id), (None, None))
            combo.setCurrentIndex(max(0, combo.findData(current)))
            hex_edit = QLineEdit(game.map.number(ambush) if ambush else "")
            hex_edit.setPlaceholderText("ambush hex, e.g. 1313")
            hex_edit.setToolTip("With Ambush (turn 1 only): the hex the company watches (MW4 6.9131)")
            cell = QWidget()
            column = QVBoxLayout(cell)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(1)
            column.addWidget(combo)
            column.addWidget(hex_edit)
            self.table.setCellWidget(row, COMMAND, cell)
            shown = lambda _i=0, c=combo, e=hex_edit: self._show_hex(codes, c, e)      # noqa: E731
            combo.currentIndexChanged.connect(shown)
            shown()
            self._rows.append((side, comp.id, combo, hex_edit))
        if self._rows:              # every command's whole label: "Overwatch (OC" and "Bounding Over" were cut
            combo = self._rows[0][2]
            combo.setSizeAdjustPolicy(QComboBox.AdjustToContents)
            command = max(COMMAND_LEAST, combo.sizeHint().width() + 4)
            combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
            self.table.setColumnWidth(COMMAND, command)
        self.table.resizeRowsToContents()
        self.button.setEnabled(bool(self._rows))

    def _show_hex(self, codes: dict, combo: QComboBox, hex_edit: QLineEdit) -> None:
        """The ambush hex's line under a command that watches a hex's zone (MW4 6.9131), or one
        already filled in; the row grows or shrinks to it."""
        spec = codes.get(combo.currentData()) or {}
        hex_edit.setVisible(spec.get("watches") == "zone" or bool(hex_edit.text().strip()))
        self.table.resizeRowsToContents()

    def give(self) -> None:
        game = self.w.game
        if game is None:
            return
        by_side: dict[str, dict] = {}
        for side, cid, combo, hex_edit in self._rows:
            code = combo.currentData()
            if code is None:
                continue
            params = by_side.setdefault(side, {"side": side, "turn": game.turn, "commands": {}, "ambush": {}})
            params["commands"][cid] = code
            if hex_edit.text().strip():
                params["ambush"][cid] = hex_edit.text().strip()
        for params in by_side.values():
            if not self.w.play.run("orders", params):
                break
        self._fill()
