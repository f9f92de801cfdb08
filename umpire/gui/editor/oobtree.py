"""The editor's order of battle: sides, their battalions, companies and units as a tree, with
the rule system's counters.  Add, rename (F2) and remove (Del, after asking) through the dock's
buttons; drag a unit onto the map to set it up there.  Every change is an operation of the
scenario document (umpire/core/scenario_doc/oob_edit.py), so it undoes."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QKeySequence, QPixmap, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QGridLayout, QInputDialog, QMessageBox, QPushButton,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from ...core.scenario_doc import oob_edit
from ...core.scenario_doc.preview import PALETTE
from .counters import counter_icon
from .mapview import UNIT_MIME
from .unitpicker import UnitTypePicker

ROLE_KIND, ROLE_ID = Qt.UserRole, Qt.UserRole + 1


class UnitTree(QTreeWidget):
    """The tree itself: a unit's row drags as its id."""

    def mimeData(self, items) -> QMimeData:
        data = QMimeData()
        units = [i for i in items if i.data(0, ROLE_KIND) == "unit"]
        if units:
            data.setData(UNIT_MIME, units[0].data(0, ROLE_ID).encode("utf-8"))
        return data

    def mimeTypes(self) -> list[str]:
        return [UNIT_MIME]


class OrderOfBattle(QWidget):
    selected = Signal(str, str)         # kind, id ("", "" when nothing is)

    def __init__(self, editor) -> None:
        super().__init__()
        self.editor = editor
        self.tree = UnitTree()
        self.tree.setHeaderLabels(["Id", "Type", "Hex"])
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QAbstractItemView.DragOnly)
        self.tree.setIconSize(self.tree.iconSize().expandedTo(QPixmap(24, 24).size()))
        self.tree.currentItemChanged.connect(self._current)
        buttons = QGridLayout()        # two rows of three: the dock stays narrow beside the map
        self.buttons = {}
        for label, slot, tip in (("Side", self.add_side, "Add a side"),
                                 ("Battalion", self.add_battalion, "Add a battalion to the side selected"),
                                 ("Company", self.add_company, "Add a company to the battalion selected"),
                                 ("Unit", self.add_unit, "Add a unit of the rule system's catalogue to the "
                                                         "battalion or company selected"),
                                 ("Rename", self.rename, "Give the selected entry a new id (F2)"),
                                 ("Remove", self.remove, "Remove the selected entry and what belongs to it (Del)")):
            b = QPushButton(label if label in ("Rename", "Remove") else f"+ {label}")
            b.setToolTip(tip)
            b.clicked.connect(slot)
            buttons.addWidget(b, len(self.buttons) // 3, len(self.buttons) % 3)
            self.buttons[label] = b
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(buttons)
        layout.addWidget(self.tree)
        # each list's keys act only where the focus is: two window-wide Del shortcuts (this tree's
        # and the Places list's) would be ambiguous and neither would fire
        for key, slot in ((QKeySequence(Qt.Key_F2), self.rename), (QKeySequence(QKeySequence.Delete), self.remove)):
            QShortcut(key, self.tree, slot).setContext(Qt.WidgetWithChildrenShortcut)

    # ------------------------------------------------------------------ showing
    def refresh(self) -> None:
        doc, rules = self.editor.doc, self.editor.rules
        keep = self.current()
        self.tree.clear()
        colours = {}
        items = {}
        for i, s in enumerate(doc.entries("side")):
            sid = str(s.get("id"))
            colours[sid] = str(s.get("colour", PALETTE[i % len(PALETTE)]))
            items[("side", sid)] = self._item(self.tree, "side", sid, str(s.get("name", "")), "")
        for kind, parent_key, parent_kind in (("battalion", "side", "side"), ("company", "battalion", "battalion")):
            for e in doc.entries(kind):
                eid = str(e.get("id"))
                parent = items.get((parent_kind, str(e.get(parent_key))), self.tree)
                items[(kind, eid)] = self._item(parent, kind, eid, str(e.get("name", "")), "")
                colour = colours.get(str(e.get("side")) if kind == "battalion" else
                                     _side_of_battalion(doc, str(e.get("battalion"))), "#808080")
                for u in e.get("units", []):
                    t = rules.unit_types.get(str(u.get("type")), {})
                    row = self._item(items[(kind, eid)], "unit", str(u.get("id")),
                                     t.get("label", f"{u.get('type')} (unknown)"), str(u.get("hex", "off map")))
                    row.setIcon(0, counter_icon(t, colour))
                    items[("unit", str(u.get("id")))] = row
        self.tree.expandAll()
        for c in range(3):
            self.tree.resizeColumnToContents(c)
        if keep in items:
            self.tree.setCurrentItem(items[keep])

    def _item(self, parent, kind: str, ident: str, text: str, hex_text: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem(parent, [ident, text, hex_text])
        item.setData(0, ROLE_KIND, kind)
        item.setData(0, ROLE_ID, ident)
        flags = Qt.ItemIsEnabled | Qt.ItemIsSelectable | (Qt.ItemIsDragEnabled if kind == "unit" else Qt.NoItemFlags)
        item.setFlags(flags)
        item.setToolTip(0, f"{kind} {ident}" + ("  — drag it onto the map to set it up" if kind == "unit" else ""))
        return item

    def current(self) -> tuple[str, str] | None:
        item = self.tree.currentItem()
        return (item.data(0, ROLE_KIND), item.data(0, ROLE_ID)) if item else None

    def select(self, kind: str, ident: str) -> None:
        for item in self.tree.findItems(ident, Qt.MatchExactly | Qt.MatchRecursive, 0):
            if item.data(0, ROLE_KIND) == kind:
                self.tree.setCurrentItem(item)
                return

    def _colour(self, side: str) -> str:
        for i, s in enumerate(self.editor.doc.entries("side")):
            if s.get("id") == side:
                return str(s.get("colour", PALETTE[i % len(PALETTE)]))
        return "#808080"

    def _current(self, item, _previous=None) -> None:
        self.selected.emit(*(self.current() or ("", "")))

    def _owner(self, *kinds: str) -> tuple[str, str] | None:
        """The selected entry of one of `kinds`, or the nearest such above it in the tree."""
        item = self.tree.currentItem()
        while item is not None and item.data(0, ROLE_KIND) not in kinds:
            item = item.parent()
        return (item.data(0, ROLE_KIND), item.data(0, ROLE_ID)) if item else None

    # ------------------------------------------------------------------ changing
    def _ask(self, title: str, label: str, text: str = "") -> str | None:
        value, ok = QInputDialog.getText(self, title, label, text=text)
        return value.strip() if ok and value.strip() else None

    def add_side(self) -> None:
        ident = self._ask("Add Side", "Side id (short, used in the file: blue, nato...):")
        if ident:
            n = len(self.editor.doc.entries("side"))
            name = self._ask("Add Side", "Its name as the reports show it:", ident) or ident
            traits = self.editor.required_traits("side")
            self.editor.run(oob_edit.add_side, ident, name, PALETTE[n % len(PALETTE)], **traits)
            self.select("side", ident)

    def add_battalion(self) -> None:
        side = self._owner("side")
        if side is None:
            return self.editor.say("Select a side first: a battalion belongs to a side.")
        ident = self._ask("Add Battalion", f"Battalion id (of side {side[1]}):")
        if ident:
            self.editor.run(oob_edit.add_battalion, ident, side[1], ident)
            self.select("battalion", ident)

    def add_company(self) -> None:
        battalion = self._owner("battalion")
        if battalion is None:
            return self.editor.say("Select a battalion first: a company belongs to a battalion.")
        ident = self._ask("Add Company", f"Company id (of battalion {battalion[1]}):")
        if ident:
            self.editor.run(oob_edit.add_company, ident, battalion[1], ident)
            self.select("company", ident)

    def add_unit(self) -> None:
        owner = self._owner("company", "battalion")
        if owner is None:
            return self.editor.say("Select a battalion or a company first: a unit is listed in one.")
        side = owner[1] if owner[0] == "battalion" else _battalion_of(self.editor.doc, owner[1])
        colour = self._colour(_side_of_battalion(self.editor.doc, side))
        unit_type = UnitTypePicker.ask(self, self.editor.rules.unit_types, colour)
        if unit_type is None:
            return
        taken = set(oob_edit.ids(self.editor.doc, "unit"))
        n = 1
        while f"{owner[1]} {n}" in taken:
            n += 1
        ident = self._ask("Add Unit", "Unit id (unique in the scenario):", f"{owner[1]} {n}")
        if ident:
            self.editor.run(oob_edit.add_unit, owner[0], owner[1], ident, unit_type)
            self.select("unit", ident)

    def rename(self) -> None:
        current = self.current()
        if current is None:
            return
        kind, old = current
        new = self._ask(f"Rename {kind}", f"New id for {kind} {old} (every reference follows):", old)
        if new and new != old:
            self.editor.run(oob_edit.rename, kind, old, new)
            self.select(kind, new)

    def remove(self) -> None:
        current = self.current()
        if current is None:
            return
        kind, ident = current
        what = {"side": "its battalions, companies, units, zones, supports, minefields and victory conditions",
                "battalion": "its companies and units", "company": "its units", "unit": "its place in reinforcements"}
        if QMessageBox.question(self, f"Remove {kind}", f"Remove {kind} {ident} with {what[kind]}?\n"
                                "(Edit → Undo puts it back.)") != QMessageBox.Yes:
            return
        self.editor.run(oob_edit.remove, kind, ident)


def _battalion_of(doc, company: str) -> str:
    return next((str(c.get("battalion")) for c in doc.entries("company") if c.get("id") == company), "")


def _side_of_battalion(doc, battalion: str) -> str:
    return next((str(b.get("side")) for b in doc.entries("battalion") if b.get("id") == battalion), "")


