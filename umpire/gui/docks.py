"""Docks: the order-of-battle tree and the unit inspector."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QTextBrowser, QTreeWidget, QTreeWidgetItem

from ..core.game import Game
from ..core.hexgrid import Hex, Hexside, neighbour
from ..core.ruleset import Ruleset
from ..core.terrain import GameMap
from ..core.knowledge import UMPIRE, SideView, UnitMark
from ..core.symbols import ROLE_LABELS
from ..rules import rule_system
from ..rules.mechwar4.traits import entry_formation, qualities, quality_of

KEY = Qt.UserRole


class OrderOfBattleTree(QTreeWidget):
    """Side -> battalion -> company -> unit.  For a side's view, only that side's forces."""

    unit_selected = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setHeaderLabels(["Unit", "Hex", "Strength"])
        self.setColumnWidth(0, 230)
        self.setColumnWidth(1, 50)
        self.setUniformRowHeights(True)
        self._items: dict[str, QTreeWidgetItem] = {}
        self.itemSelectionChanged.connect(self._changed)
        self._quiet = False

    def populate(self, game: Game, viewer: str, view: SideView | None = None) -> None:
        self._quiet = True
        self.clear()
        self._items.clear()
        for side in game.sides:
            if viewer != UMPIRE and side.id != viewer:
                continue
            s_item = QTreeWidgetItem(self, [side.name])
            for bat in (b for b in game.battalions if b.side == side.id):
                broken = game.rule_state.get("battalions", {}).get(bat.id)
                b_item = QTreeWidgetItem(s_item, [bat.name + (" — broken" if broken and broken.broken else "")])
                b_item.setToolTip(0, b_item.text(0))
                self._add_units(game, b_item, [u for u in game.units.values()
                                               if u.battalion == bat.id and u.company is None])
                for comp in game.companies_of(bat.id):
                    rise = getattr(game.rule_state.get("companies", {}).get(comp.id), "panic_rise", 0)
                    c_item = QTreeWidgetItem(b_item, [comp.name + (f" (panic +{rise})" if rise else "")])
                    c_item.setToolTip(0, c_item.text(0))
                    self._add_units(game, c_item, [u for u in game.units.values() if u.company == comp.id])
            if viewer != UMPIRE and view is not None:
                self._add_contacts(s_item, game, view)
        self.expandAll()
        self._quiet = False

    def _add_contacts(self, parent: QTreeWidgetItem, game: Game, view: SideView) -> None:
        """The side's contacts, from its view only: label, what it was seen to be, where, when."""
        marks = sorted((m for m in view.units if m.key.startswith("contact:")), key=lambda m: int(m.label[1:]))
        c_item = QTreeWidgetItem(parent, [f"Contacts ({len(marks)})" if marks else "Contacts: none seen"])
        for m in marks:
            when = "" if m.knowledge == "seen" else f" (turn {m.turn_seen})"
            item = QTreeWidgetItem(c_item, [f"{m.label} — {m.type_label}{when}", game.map.number(m.hex), m.strength])
            item.setData(0, KEY, m.key)
            self._items[m.key] = item

    def _add_units(self, game: Game, parent: QTreeWidgetItem, units) -> None:
        for u in units:
            t = game.unit_type(u)
            item = QTreeWidgetItem(parent, [f"{u.id} — {t['label']}", game.whereabouts(u),
                                            rule_system(game.rules).strength_text(game, u)])
            item.setData(0, KEY, u.id)
            item.setToolTip(0, f"{u.id}: {t['label']}")
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
        t = game.unit_type(u)
        sample = " <i style='color:#a60'>(sample values)</i>" if game.rules.tables["units"].sample else ""
        own = rule_system(game.rules).unit_details(game, u, umpire)
        if own is not None:          # the rule system describes its own units (War Blog, LnLT)
            self.setHtml(f"<h3 style='margin:2px 0'>{escape(u.id)}</h3>{sample}{_table(own)}")
            return
        # the inspector's own rows are MechWar 4's data sheet: its troop quality (13.0)
        q = qualities(game.rules)[quality_of(game, u)]
        bat = next(b for b in game.battalions if b.id == u.battalion)
        comp = next((c.name for c in game.companies if c.id == u.company), "battalion troops")
        if u.on_map:
            where = game.map.describe_hex(u.hex, game.rules.terrain_types)
        else:
            arriving = [r for r in game.reinforcements if u.id in r.units]
            where = (f"off map — arrives turn {arriving[0].turn} at "
                     f"{', '.join(game.map.number(h) for h in arriving[0].entry)} ({entry_formation(arriving[0])})"
                     if arriving else u.status)
        passengers = [p.id for p in game.units.values() if p.carried_by == u.id]
        rows = [
            ("Type", t["label"]), ("Role", ROLE_LABELS.get(t["role"], t["role"])),
            ("Side", game.side(u.side).name), ("Battalion", bat.name + (" (HQ)" if _hq_of(game, bat) == u.id else "")),
            ("Company", comp), ("Position", where), ("Strength", f"{game.strength(u)} steps"),
            ("Troop quality", f"{q['label']} (panic level {q['panic_level']}%)"),
            ("Weapons class", t["weapons_class"]),
            ("Attack / range", f"{t['attack']} / {t['range']} hexes"),
            ("Defense", f"{t['defense']} ({t['target']} target)"),
            ("Movement", f"{t['movement']} MP ({t['move_class']})"),
        ]
        if umpire and u.on_map:     # whether the enemy has seen it is the enemy's knowledge, not its owner's
            rows.append(("Spotting", "face-down (unseen by the enemy)" if u.face_down else "face-up (spotted)"))
        if u.carried_by:
            rows.append(("Carried by", u.carried_by))
        if passengers:
            rows.append(("Carrying", ", ".join(passengers)))
        if t["carries"] and not passengers:
            rows.append(("Carrying", f"nobody (room for {t['carries']})"))
        state = [x for x, on in (("in column (MW4 8.1)", u.marks.in_column), ("moved", u.moved), ("fired", u.fired),
                                 ("formed column this turn", u.acted), ("paused mid-move", u.paused)) if on]
        if u.on_map:
            rows.append(("This turn", ", ".join(state) or "has not acted"))
        formation = game.rule_state.companies.get(u.company) if u.company else None
        if formation is not None and (formation.formation_penalty or formation.grace_until is not None):
            rows.append(("Formation", "out of formation: panic level +1 level until it closes up (MW4 4.1)"
                         if formation.formation_penalty else f"out of formation after losses: close up by turn "
                                                             f"{formation.grace_until} (MW4 4.1)"))
        if formation is not None:
            losses, rise = formation.losses, formation.panic_rise
            rows.append(("Company morale", f"{losses} unit{'s' if losses != 1 else ''} lost; panic level "
                                           f"+{rise} level{'s' if rise != 1 else ''} (MW4 19.812)"))
        if game.option("ammunition") not in (None, "none") and t.get("depletion"):
            rows.append(("Ammunition", {3: "full", 2: "level 2 of 3", 1: "Low Ammo (level 1)", 0: "OUT — may not fire"}
                         .get(u.marks.ammo_level, str(u.marks.ammo_level)) + f" (depletion {t['depletion']}, MW4 6.87)"))
        morale = game.rule_state.battalion(bat.id)
        if morale is not None:
            rows.append(("Battalion morale", _battalion_morale(morale)))
        if u.marks.defilade is not None:
            from ..rules.mechwar4.state import ALL_ROUND
            from ..core.hexgrid import DIRECTIONS
            rows.append(("Defilade", "all round (infantry, MW4 10.52)" if u.marks.defilade == ALL_ROUND else
                         f"marker facing {game.map.number(u.hex + DIRECTIONS[u.marks.defilade])}: fire through that "
                         "hexside or the two beside it (MW4 10.5)"))
        if u.marks.suppression:
            rows.append(("Suppressed", f"S{u.marks.suppression} (MW4 7.4-7.6; removed in the next removal phase)"))
        if u.marks.panicked:
            rows.append(("Panicked", "neither moves nor fires until the marker comes off (MW4 13.1)"))
        if u.status == "destroyed":
            rows.append(("Status", f"destroyed ({game.strength(u)} steps)"))
        if u.marks.fatigue:
            rows.append(("Fatigue", f"level {u.marks.fatigue} (MW4 8.16)" + (": may not move until rested"
                                                                        if u.marks.fatigue >= 2 else "")))
        self.setHtml(f"<h3 style='margin:2px 0'>{escape(u.id)}</h3>{sample}{_table(rows)}")


def _hq_of(game, bat) -> str | None:
    """The unit carrying the battalion's HQ: a replacement's (MW4 19.814), else the scenario's."""
    state = game.rule_state.get("battalions", {}).get(bat.id)
    return state.hq_unit if state is not None and state.hq_unit else bat.hq


def _battalion_morale(state) -> str:
    value = (f"HQ value {state.hq_value} (column {state.hq_column}, MW4 19.821)" if state.hq_value is not None
             else "HQ value: none (replaced off the table, MW4 19.814)")
    if state.no_rally:
        value += "; its companies can no longer rally (MW4 19.814)"
    if state.broken:
        value += "; BROKEN — its companies may not rally (MW4 19.822)"
    return value
