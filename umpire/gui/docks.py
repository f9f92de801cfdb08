"""Docks: the order-of-battle tree and the unit inspector."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QTextBrowser, QTreeWidget, QTreeWidgetItem

from ..core.game import Game
from ..core.hexgrid import Hex, Hexside, neighbour
from ..core.ruleset import Ruleset
from ..core.terrain import GameMap
from ..core.knowledge import UMPIRE, SideView, UnitMark
from ..core.symbols import ROLE_LABELS
from ..rules import rule_system
from .marktext import counter_line, when_seen

KEY = Qt.UserRole


class OrderOfBattleTree(QTreeWidget):
    """Side -> battalion -> company -> unit.  For a side's view, only that side's forces.

    A unit's name has a column sized to the longest name, so no name is cut off however narrow
    the dock; its type comes last and is what gives way (its tooltip holds it whole).  The rows
    of sides and formations span the whole width."""

    unit_selected = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setHeaderLabels(["Unit", "Hex", "Str", "Type"])
        self.header().setStretchLastSection(False)     # it will not shrink below 100 px: _fit_type does it
        self.header().setMinimumSectionSize(24)
        self.setTextElideMode(Qt.ElideRight)
        # the type gives way with an ellipsis rather than hide behind a scroll bar
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setUniformRowHeights(True)
        # side, formation, company, unit: four steps of Qt's 20 px took a third of a 290 px dock
        self.setIndentation(12)
        self._items: dict[str, QTreeWidgetItem] = {}
        self.itemSelectionChanged.connect(self._changed)
        self._quiet = False

    def populate(self, game: Game, viewer: str, view: SideView | None = None) -> None:
        self._quiet = True
        self.clear()
        self._items.clear()
        system = rule_system(game.rules)
        for side in game.sides:
            if viewer != UMPIRE and side.id != viewer:
                continue
            s_item = self._heading(self, side.name)
            for bat in (b for b in game.battalions if b.side == side.id):
                b_item = self._heading(s_item, bat.name + system.formation_status(game, "battalion", bat.id))
                self._add_units(game, b_item, [u for u in game.units.values()
                                               if u.battalion == bat.id and u.company is None])
                for comp in game.companies_of(bat.id):
                    c_item = self._heading(b_item, comp.name + system.formation_status(game, "company", comp.id))
                    self._add_units(game, c_item, [u for u in game.units.values() if u.company == comp.id])
            if viewer != UMPIRE and view is not None:
                self._add_contacts(s_item, game, view)
        self.expandAll()
        self._fit_columns()
        self._quiet = False

    @staticmethod
    def _heading(parent, text: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem(parent, [text])
        item.setToolTip(0, text)
        item.setFirstColumnSpanned(True)
        return item

    def _fit_columns(self) -> None:
        """Each column as wide as its longest entry (the strength within a share of the dock) and
        the type the rest, when that is room enough to read it (`_fit_type`).  The name column
        is sized by the units' names alone: sized by the formation headings that span the row,
        it left the type "Battali…".  What is cut short shows whole in its tooltip."""
        self.resizeColumnToContents(1)
        self.resizeColumnToContents(2)
        metrics, indent = self.fontMetrics(), self.indentation()
        widest = 0
        for item in self._items.values():
            depth, up = 0, item.parent()
            while up is not None:
                depth, up = depth + 1, up.parent()
            widest = max(widest, (depth + 1) * indent + metrics.horizontalAdvance(item.text(0)) + 12)
        self._wants = (max(60, widest), self.columnWidth(1), self.columnWidth(2))
        self._fit_type()

    TYPE_LEAST = 90       # px: narrower, a type reads "Battali…" -- the column steps aside
    STRENGTH_SHARE = 0.28     # of the dock at most: "commander" (HCM) whole in a 290 px dock

    def _fit_type(self) -> None:
        port = self.viewport().width()
        name, hexes, strength = getattr(self, "_wants", (self.columnWidth(0), self.columnWidth(1),
                                                          self.columnWidth(2)))
        strength = min(strength, int(port * self.STRENGTH_SHARE))
        rest = port - name - hexes - strength
        # the type is in each row's tooltip and the Unit panel: in a narrow dock its column
        # gives way to whole names, and comes back when the dock is widened
        self.setColumnHidden(3, rest < self.TYPE_LEAST)
        if rest < self.TYPE_LEAST:
            name = max(24, port - hexes - strength)      # the names take the room
        for column, width in ((0, name), (1, hexes), (2, strength)):
            if self.columnWidth(column) != width:
                self.setColumnWidth(column, width)
        if rest >= self.TYPE_LEAST and rest != self.columnWidth(3):
            self.setColumnWidth(3, rest)

    def viewportEvent(self, event) -> bool:
        """The viewport's width changes with the dock's and with the vertical scroll bar."""
        if event.type() == QEvent.Resize:
            self._fit_type()
        return super().viewportEvent(event)

    def sizeHint(self):
        hint = super().sizeHint()
        hint.setWidth(min(hint.width(), 300))       # the dock starts narrow: the map wants the room
        return hint

    def _add_contacts(self, parent: QTreeWidgetItem, game: Game, view: SideView) -> None:
        """The side's contacts, from its view only: label, what it was seen to be, where, when."""
        marks = sorted((m for m in view.units if m.key.startswith("contact:")), key=lambda m: int(m.label[1:]))
        c_item = self._heading(parent, f"Contacts ({len(marks)})" if marks else "Contacts: none seen")
        for m in marks:
            # a ghost's row: when and where it was last seen; a strength never counted is "?"
            when = when_seen(m, game.map.number)
            item = QTreeWidgetItem(c_item, [m.label, game.map.number(m.hex), m.strength or "?",
                                            f"{m.type_label or 'not identified'}, {when}"])
            item.setToolTip(0, counter_line(m, game.map.number))
            item.setToolTip(2, m.strength or "strength not seen")
            item.setToolTip(3, item.text(3))
            item.setData(0, KEY, m.key)
            self._items[m.key] = item

    def _add_units(self, game: Game, parent: QTreeWidgetItem, units) -> None:
        for u in units:
            t = game.unit_type(u)
            system = rule_system(game.rules)
            item = QTreeWidgetItem(parent, [u.id, system.roster_place(game, u), system.roster_strength(game, u),
                                            t["label"]])
            item.setData(0, KEY, u.id)
            item.setToolTip(0, f"{u.id}: {t['label']}")
            item.setToolTip(2, item.text(2))
            item.setToolTip(3, t["label"])
            self._items[u.id] = item

    def select_key(self, key: str | None) -> None:
        self._quiet = True
        self.clearSelection()
        item = self._items.get(key) if key else None
        if item is not None:
            item.setSelected(True)
            self.scrollToItem(item)
        self._quiet = False

    def _changed(self) -> None:
        if self._quiet:
            return
        items = self.selectedItems()
        if items and items[0].data(0, KEY):
            self.unit_selected.emit(items[0].data(0, KEY))


def _table(rows: list[tuple[str, str]]) -> str:
    return "<table>" + "".join(f"<tr><td style='color:#555;padding-right:8px'>{escape(k)}</td>"
                               f"<td>{escape(str(v))}</td></tr>" for k, v in rows) + "</table>"


class UnitInspector(QTextBrowser):
    """Everything known about the selected unit, in a wargamer's words."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.show_nothing()

    def show_nothing(self) -> None:
        self.setHtml("<p style='color:#666'>Select a unit on the map or in the order of battle. "
                     "Click a stack again to bring the next counter to the top.</p>")

    def show_contact(self, view: SideView, mark: UnitMark) -> None:
        """An enemy contact, from the side's knowledge only."""
        status = "in sight now" if mark.knowledge == "seen" else f"last seen on turn {mark.turn_seen}"
        rows = [("Seen as", mark.type_label), ("Role", ROLE_LABELS.get(mark.role, mark.role)),
                ("Where", view.map.number(mark.hex)), ("Status", status)]
        if mark.strength:
            rows.append(("Strength", f"{mark.strength} steps"))
        self.setHtml(f"<h3 style='margin:2px 0'>Contact {escape(mark.label)}</h3>{_table(rows)}")

    def show_hex(self, game_map: GameMap, rules: Ruleset, h: Hex) -> None:
        """A hex as the viewer's map shows it: terrain, level, hexside features, overlays."""
        rows = [("Terrain", rules.terrain_types[game_map.terrain[h]]["label"]),
                ("Level", str(game_map.elevation[h]))]
        for d in range(6):
            n = neighbour(h, d)
            kinds = game_map.features(Hexside.between(h, n)) if game_map.contains(n) else {}
            if kinds:
                words = []
                for kind, high in kinds.items():
                    label = rules.hexside_features[kind]["label"].lower()
                    if high is not None:
                        label += " (up)" if high == n else " (down)"
                    words.append(label)
                rows.append((f"{game_map.grid.direction_name(d)} side", ", ".join(words)))
        for o in game_map.overlays_at(h):
            text = rules.overlays[o.kind]["label"] + (f" ({o.detail})" if o.detail else "")
            if o.side:
                text += f", {o.side}" + (" — secret" if o.secret else "")
            rows.append(("On the hex", text))
        self.setHtml(f"<h3 style='margin:2px 0'>Hex {game_map.number(h)}</h3>{_table(rows)}")

    def show_unit(self, game: Game, key: str, umpire: bool = True) -> None:
        u = game.units[key]
        # the catalogue's values of its type are the samples; what the scenario gives the unit (a
        # commander's own values) is not: "(sample values)" above those read as if it were
        sample = (" <i style='color:#a60'>(its type's values from the sample unit catalogue)</i>"
                  if game.rules.tables["units"].sample else "")
        rows = rule_system(game.rules).unit_details(game, u, umpire)
        self.setHtml(f"<h3 style='margin:2px 0'>{escape(u.id)}</h3>{sample}{_table(rows)}")

