"""The orders panel: each company's command for the turn (RuleSystem.commands), for the side being viewed.

A side's view shows only that side's companies and commands, so orders typed in at the table
are never shown to the other side; the umpire's view shows every side's.  Giving orders runs
the same engine action as an orders file.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from ..core.knowledge import UMPIRE
from ..rules import rule_system

NO_COMMAND = "—"
SIDE, COMPANY, COMMAND, AMBUSH = range(4)        # the table's columns; Side in the umpire's view only


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
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Side", "Company", "Command", "Ambush hex"])
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setColumnWidth(SIDE, 90)
        self.table.setColumnWidth(COMPANY, 120)
        self.table.setColumnWidth(COMMAND, 140)
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
        box.addWidget(self.table)
        self._rows: list[tuple[str, str, QComboBox, QLineEdit]] = []     # side, company, command, hex

    def refresh(self) -> None:
        game, viewer = self.w.game, self.w.viewer
        self.table.setRowCount(0)
        self._rows.clear()
        if game is None:
            self.title.setText("")
            return
        codes = rule_system(game.rules).commands()
        self.title.setText(f"Commands for turn {game.turn}")
        self.table.setColumnHidden(SIDE, viewer != UMPIRE)
        sides = {b.id: b.side for b in game.battalions}
        for comp in game.companies:
            side = sides[comp.battalion]
            if viewer != UMPIRE and side != viewer:
                continue                      # the other side's orders are not shown
            if not any(u.company == comp.id and u.status in ("on_map", "off_map") for u in game.units.values()):
                continue
            row = self.table.rowCount()
            self.table.insertRow(row)
            self.table.setItem(row, SIDE, _read_only(game.side(side).name))
            self.table.setItem(row, COMPANY, _read_only(comp.name, f"{comp.id} ({game.side(side).name})"))
            combo = QComboBox()
            combo.addItem(NO_COMMAND, None)
            for code, spec in codes.items():
                combo.addItem(spec["label"], code)
            current, ambush = game.commands.get((game.turn, comp.id), (None, None))
            combo.setCurrentIndex(max(0, combo.findData(current)))
            self.table.setCellWidget(row, COMMAND, combo)
            hex_edit = QLineEdit(game.map.number(ambush) if ambush else "")
            hex_edit.setPlaceholderText("turn 1, with Ambush")
            self.table.setCellWidget(row, AMBUSH, hex_edit)
            self._rows.append((side, comp.id, combo, hex_edit))
        self.button.setEnabled(bool(self._rows))

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
        self.refresh()
