"""The editor's Places dock: the scenario's zones, objectives, minefields, reinforcements and
off-board artillery and air, one line each, to remove one (Del) or go to its first hex.  New ones
come from the right-click menu on a hex (hexmenu.py); artillery and air, which have no hex, and a
zone drawn by its shape (an edge, a circle, a line: zonedialog.py) from the dock's buttons.  A click on a zone, minefield, victory, artillery, air or reinforcement line shows its keys under the
list to edit (entryform.py); a zone's or minefield's too (zoneform.py), a side's victory
conditions' (victoryform.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QHBoxLayout, QInputDialog, QListWidget, QListWidgetItem, QMessageBox, QPushButton, QScrollArea,
                               QVBoxLayout,
                               QWidget)

from ...core.scenario_doc import oob_edit, places_edit
from .entryform import EntryForm
from .zonedialog import new_zone

KIND_WORDS = {"zone": "Zone", "minefield": "Minefield", "reinforcement": "Reinforcement",
              "artillery": "Artillery", "air": "Air", "victory": "Victory"}


def describe(kind: str, entry) -> tuple[str, str | None]:
    """A line for an entry, and the hex number to go to (None if it has none)."""
    hexes = [str(h) for h in entry.get("hexes", entry.get("entry", []))]
    first = hexes[0] if hexes else None
    side = entry.get("side", "?")
    if kind == "zone":
        return f"Zone {entry.get('id')} ({side}): {zone_shapes(entry)}", first or _zone_anchor(entry)
    if kind == "minefield":
        return f"Minefield of {side}, {entry.get('type')}: {', '.join(hexes[:6])}", first
    if kind == "reinforcement":
        return (f"Reinforcement of {side}, turn {entry.get('turn')} at {', '.join(hexes)}: "
                f"{', '.join(str(u) for u in entry.get('units', []))}"), first
    if kind in ("artillery", "air"):
        count = entry.get("concentrations", entry.get("strikes"))
        return f"{KIND_WORDS[kind]} {entry.get('id')} ({side}): {count} x {entry.get('strength')}", None
    objectives = entry.get("objectives", [])
    where = ", ".join(f"{o.get('label') or o.get('hex')} {o.get('hex')} ({o.get('points')})" for o in objectives)
    way_out = entry.get("exit") if hasattr(entry.get("exit"), "get") else None
    if way_out:         # MW4 8.27: where its units may leave the map, for points
        shapes = zone_shapes({k: v for k, v in way_out.items() if k != "points"})
        where = "; ".join(w for w in (where, f"exit {shapes} ({way_out.get('points')} each)") if w)
    return f"Victory of {side}: {where or entry.get('text', '')}", str(objectives[0].get("hex")) if objectives else None


def zone_shapes(zone) -> str:
    """A zone's shapes in a few words: "0101-4013; south edge; within 3 of 1515"."""
    words = []
    if zone.get("hexes"):
        listed = [str(h) for h in zone["hexes"]]
        words.append(", ".join(listed[:6]) + (f" (+{len(listed) - 6})" if len(listed) > 6 else ""))
    if zone.get("area"):
        words.append("-".join(str(h) for h in zone["area"]))
    for key in ("south_of", "north_of"):
        if zone.get(key):
            words.append(f"{key.replace('_', ' ')} {'-'.join(str(h) for h in zone[key])}")
    if zone.get("edge"):
        words.append(f"{zone['edge']} edge")
    within = zone.get("within")
    if isinstance(within, dict):
        words.append(f"within {within.get('radius')} of {within.get('hex')}")
    return "; ".join(words) or "no hexes yet"


def _zone_anchor(zone) -> str | None:
    """A hex to go to for a zone with no listed hexes: a corner, a line's end, a circle's centre."""
    for key in ("area", "south_of", "north_of"):
        if isinstance(zone.get(key), list) and zone[key]:
            return str(zone[key][0])
    within = zone.get("within")
    return str(within.get("hex")) if isinstance(within, dict) and within.get("hex") else None


class Places(QWidget):
    go_to = Signal(str)          # a hex number

    def __init__(self, editor) -> None:
        super().__init__()
        self.editor = editor
        self.list = QListWidget()
        self.list.setToolTip("Click to go to the entry's first hex; Del removes it")
        self.list.itemClicked.connect(self._clicked)
        buttons = QHBoxLayout()
        self.buttons = {}
        for label, slot in (("+ Zone", lambda: new_zone(self.editor)),
                            ("+ Artillery", lambda: self.add_support("artillery")),
                            ("+ Air", lambda: self.add_support("air")), ("Remove", self.remove)):
            b = QPushButton(label)
            b.clicked.connect(slot)
            buttons.addWidget(b)
            self.buttons[label] = b
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(buttons)
        layout.addWidget(self.list, 2)
        self.entry = EntryForm(editor)          # the keys of the line clicked
        scroll = QScrollArea()                  # a zone's many rows scroll rather than squeeze the list
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.NoFrame)
        scroll.setWidget(self.entry)
        layout.addWidget(scroll, 2)
        # only while the list has the focus: the order of battle's tree has its own Del
        QShortcut(QKeySequence(QKeySequence.Delete), self.list, self.remove).setContext(Qt.WidgetWithChildrenShortcut)

    def refresh(self) -> None:
        self.list.clear()
        for kind in KIND_WORDS:
            for i, entry in enumerate(self.editor.doc.entries(kind)):
                text, number = describe(kind, entry)
                item = QListWidgetItem(text)
                item.setToolTip(text)           # a zone's shapes run past a narrow dock
                item.setData(Qt.UserRole, (kind, i, number))
                self.list.addItem(item)
                if (kind, i) == (self.entry.kind, self.entry.index):
                    self.list.setCurrentItem(item)
        self.entry.show_entry(self.entry.kind, self.entry.index)      # after a change, undo or redo

    def _clicked(self, item) -> None:
        kind, index, number = item.data(Qt.UserRole)
        self.entry.show_entry(kind, index)
        if number:
            self.go_to.emit(number)

    def remove(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            kind, index, _ = item.data(Qt.UserRole)
            if QMessageBox.question(self, f"Remove {kind}", f"Remove this line?\n{item.text()}\n"
                                    "(Edit → Undo puts it back.)") != QMessageBox.Yes:
                return
            self.editor.run(places_edit.remove_entry, kind, index)

    def add_support(self, kind: str) -> None:
        sides = oob_edit.ids(self.editor.doc, "side")
        if not sides:
            return self.editor.say("Add a side first (Order of battle → + Side).")
        side, ok = QInputDialog.getItem(self, KIND_WORDS[kind], "Side:", sides, 0, False)
        if not ok:
            return
        ident, ok = QInputDialog.getText(self, KIND_WORDS[kind], "Its id (as the orders name it):",
                                         text=f"{side} {kind}")
        if not ok or not ident.strip():
            return
        counted = "Concentrations" if kind == "artillery" else "Strikes"
        count, ok = QInputDialog.getInt(self, KIND_WORDS[kind], f"{counted}:", 2, 1, 99)
        if not ok:
            return
        strength, ok = QInputDialog.getInt(self, KIND_WORDS[kind], "Strength of each:", 10, 1, 999)
        if ok:
            self.editor.run(places_edit.add_support, kind, ident.strip(), side, count, strength)
