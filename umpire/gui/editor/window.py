"""The scenario editor's window: the map drawn by the game window's painter, the tools to paint
it, the order of battle, the fields of what is selected and the live problems list, over one
scenario document (umpire/core/scenario_doc).  Every change is an operation of the document:
Undo and Redo (Ctrl+Z, Ctrl+Shift+Z) take it back and forth, Save (Ctrl+S) writes the file in
the organizer's own layout, Play (F5) opens a game of it in the main window."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QInputDialog, QLabel, QMainWindow, QMessageBox

from ..layout import add_dock
from ...core.errors import UmpireError
from ...core.ruleset import load_ruleset, system_class
from ...core.scenario_doc import map_edit, oob_edit, places_edit
from ...core.scenario_doc.checks import problems
from ...core.scenario_doc.document import ScenarioDocument
from ...core.scenario_doc.preview import editor_view
from ..mapscene import ClickableMapScene
from .fields import Fields, choice_label, trait_choices, trait_fields
from .hexmenu import HexMenu
from .mapview import EditorMapView
from .oobtree import OrderOfBattle
from .palette import Palette
from .places import Places
from .problems import ProblemsList
from .ruletable import RuleTable
from ...rules import rule_system

PLAY_PROBLEMS_SHOWN = 8      # Play's refusal lists this many problems; the dock lists them all


class EditorWindow(QMainWindow):
    def __init__(self, doc: ScenarioDocument, play: Callable[[str], object] | None = None, parent=None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WA_DeleteOnClose, True)
        self.doc = doc
        self.rules = load_ruleset(doc.rules_name)       # RulesetError: the caller says why
        system_class(self.rules)                        # its traits are read for the fields
        self.play_game = play
        self.scene: ClickableMapScene | None = None
        self.map_view = EditorMapView(self)
        self.setCentralWidget(self.map_view)
        self.palette = Palette(self, self.rules)
        self.addToolBar(self.palette.bar)
        self.palette.tool_changed.connect(self.map_view.set_tool)
        self.palette.size.currentIndexChanged.connect(lambda _: setattr(self.map_view, "brush_size",
                                                                        self.palette.brush_size()))
        self.oob = OrderOfBattle(self)
        self.fields = Fields(self)
        self.problems = ProblemsList()
        left = self._dock("Order of battle", self.oob, Qt.LeftDockWidgetArea)
        right = self._dock("Fields", self.fields, Qt.RightDockWidgetArea)
        bottom = self._dock("Problems", self.problems, Qt.BottomDockWidgetArea)
        self.places = Places(self)
        self.tabifyDockWidget(right, self._dock("Places", self.places, Qt.RightDockWidgetArea))
        # the rule system's own scenario table, where it describes one (core.scenario_fields)
        described = rule_system(self.rules).scenario_fields()
        self.rule_table = RuleTable(self, described) if described else None
        if self.rule_table is not None:
            self.tabifyDockWidget(right, self._dock("Rules table", self.rule_table,
                                                    Qt.RightDockWidgetArea))
        right.raise_()
        self.places.go_to.connect(lambda number: self.go_to(self.doc.grid().parse(number)))
        self._docks = (left, right, bottom)
        self.hex_menu = HexMenu(self)
        self.hex_label = QLabel()
        self.statusBar().addWidget(self.hex_label, 1)
        self._build_actions()
        self.oob.selected.connect(self.fields.show_record)
        self.oob.selected.connect(self._select_on_map)
        self.problems.go_to.connect(self.go_to)
        self.map_view.stroke_done.connect(self.paint_stroke)
        self.map_view.hexside_picked.connect(self.toggle_hexside)
        self.map_view.unit_dropped.connect(self.drop_unit)
        self.map_view.menu_asked.connect(lambda h, at: self.hex_menu.build(h).exec(at))
        self.map_view.hex_hovered.connect(self._hovered)
        doc.listeners.append(self.refresh)
        self.resize(1300, 850)
        self.refresh()
        self.map_view.fit_map()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        # the map is the work: the docks start no bigger than their lists need (once the
        # window has laid itself out)
        left, right, bottom = self._docks
        QTimer.singleShot(0, lambda: (self.resizeDocks([left, right], [340, 300], Qt.Horizontal),
                                      self.resizeDocks([bottom], [90], Qt.Vertical), self.map_view.fit_map()))

    def _dock(self, title: str, widget, area) -> QDockWidget:
        return add_dock(self, title, widget, area)

    def _build_actions(self) -> None:
        file = self.menuBar().addMenu("&File")
        self.act_save = self._action(file, "&Save", self.save, QKeySequence.Save)
        self.act_save_as = self._action(file, "Save &As…", self.save_as, QKeySequence.SaveAs)
        self.act_play = self._action(file, "&Play", self.play, "F5",
                                     "Open a game of the saved scenario in the main window")
        file.addSeparator()
        self._action(file, "&Close Editor", self.close, QKeySequence.Close)
        edit = self.menuBar().addMenu("&Edit")
        self.act_undo = self._action(edit, "&Undo", self.undo, QKeySequence.Undo)
        self.act_redo = self._action(edit, "&Redo", self.redo, "Ctrl+Shift+Z")
        view = self.menuBar().addMenu("&View")
        self._action(view, "Zoom &In", lambda: self.map_view.zoom_by(1.25), QKeySequence.ZoomIn)
        self._action(view, "Zoom &Out", lambda: self.map_view.zoom_by(0.8), QKeySequence.ZoomOut)
        self._action(view, "&Fit Map", self.map_view.fit_map, "Ctrl+0")
        tools = self.menuBar().addMenu("&Tools")
        for act in self.palette.actions.values():
            tools.addAction(act)
        self.palette.bar.addSeparator()
        for act in (self.act_undo, self.act_redo, self.act_save, self.act_play):
            self.palette.bar.addAction(act)

    def _action(self, menu, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        act.setToolTip(tip or text.replace("&", ""))
        act.triggered.connect(slot)
        menu.addAction(act)
        return act

    # ------------------------------------------------------------------ changes
    def run(self, operation, *args, **kwargs) -> bool:
        """Do one operation of the document; a refusal (a taken id, a bad hex) is said in a
        dialog and changes nothing."""
        try:
            operation(self.doc, *args, **kwargs)
        except (ValueError, IndexError, UmpireError) as e:
            self.say(str(e))
            return False
        return True

    def say(self, text: str) -> None:
        QMessageBox.warning(self, "Scenario editor", text)

    def refresh(self) -> None:
        """Everything shown, again from the document: after each change, undo and redo."""
        view = editor_view(self.doc, self.rules)
        if view is not None:
            transform = self.map_view.transform() if self.scene is not None else None
            self.scene = ClickableMapScene(view, self.rules)
            self.scene.unit_clicked.connect(lambda key: self.oob.select("unit", key))
            current = self.oob.current()
            if current and current[0] == "unit":
                self.scene.select_unit(current[1])
            self.map_view.setScene(self.scene)
            sides = {i.id: i.colour for i in view.sides}
            self.map_view.shade_zones([(z.hexes, sides.get(z.side, "#808080"), z.label) for z in view.zones])
            if transform is not None:
                self.map_view.setTransform(transform)
        self.oob.refresh()
        self.places.refresh()
        if self.rule_table is not None:
            self.rule_table.refresh()
        colours = {i.id: i.colour for i in view.sides} if view is not None else {}
        self.palette.set_zones([(str(z.get("id")), colours.get(str(z.get("side")), "#808080"))
                                for z in self.doc.entries("zone")])
        self.fields.refresh()
        self.problems.show_problems(problems(self.doc), str(self.doc.path or self.doc.suggested_file_name()))
        # the menu and the tooltip name the operation; the toolbar's button stays "Undo"/"Redo", so
        # a long name ("Undo Place 1st Sqd in 0102") does not push Save and Play into the » overflow
        for act, word, name in ((self.act_undo, "Undo", self.doc.undo_name()),
                                (self.act_redo, "Redo", self.doc.redo_name())):
            act.setEnabled(name is not None)
            act.setText(f"&{word} {name or ''}".strip())
            act.setIconText(word)
            act.setToolTip(f"{word} {name}" if name else f"Nothing to {word.lower()}")
        name = self.doc.path.name if self.doc.path else f"{self.doc.suggested_file_name()} (not saved)"
        self.setWindowTitle(f"{name}{' *' if self.doc.modified else ''} — Umpire scenario editor")

    def undo(self) -> None:
        self.doc.undo()

    def redo(self) -> None:
        self.doc.redo()

    def paint_stroke(self, hexes: set, tool: str) -> None:
        layer, char, name = self.palette.painting()
        if layer == "zone":            # a zone painted: the hexes join it (Fill is the one hex)
            grid = self.doc.grid()
            if tool == "rectangle":     # its area, if it has none yet (zones.py: one rectangle)
                a, b = self.map_view.corners
                self.run(places_edit.zone_rectangle, char, grid.number(a), grid.number(b))
                return
            self.run(places_edit.zone_hexes, char, add=sorted(grid.number(h) for h in hexes))
            return
        if tool == "fill":
            hexes = map_edit.fill_region(self.doc, layer, next(iter(hexes)))
        self.run(map_edit.paint, layer, hexes, char, name)

    def toggle_hexside(self, side) -> None:
        feature = self.palette.feature.currentData()
        if feature is None:
            return self.say(f"{self.rules.title} has no hexside features.")
        if feature in map_edit.features_at(self.doc, side):
            self.run(map_edit.remove_hexside, feature, side)
        else:
            self.run(map_edit.add_hexside, feature, side)

    def drop_unit(self, uid: str, h) -> None:
        self.run(oob_edit.place_unit, uid, self.doc.grid().number(h))

    def go_to(self, h) -> None:
        if self.scene is not None:
            x, y = self.scene.layout.center(h)
            self.map_view.centerOn(x, y)
            self.scene.highlight_hex(h)

    def required_traits(self, kind: str) -> dict:
        """Values for the keys the rule system requires of a new record (a MechWar-style troop
        quality of a side): asked of the organizer, from a list where the rule system's tables name them."""
        out = {}
        for key, field in trait_fields(self.rules, kind).items():
            if not field.is_required():
                continue
            question = f"{key.replace('_', ' ')} (required by {self.rules.title}):"
            named = trait_choices(self.rules, kind, key)
            if named:           # the rule system's table lists them (MW4 13.0's troop qualities)
                labels = {choice_label(v, label): v for v, label in named.items()}
                picked, ok = QInputDialog.getItem(self, f"New {kind}", question, list(labels), 0, False)
                if ok and picked in labels:
                    out[key] = labels[picked]
                continue
            value, ok = QInputDialog.getText(self, f"New {kind}", question)
            if ok and value.strip():
                out[key] = value.strip()
        return out

    def _select_on_map(self, kind: str, ident: str) -> None:
        if self.scene is not None:
            self.scene.select_unit(ident if kind == "unit" else None)

    def _hovered(self, h) -> None:
        if h is None or self.scene is None:
            self.hex_label.clear()
            return
        m = self.scene.view.map
        terrain = self.rules.terrain_types.get(m.terrain.get(h, ""), {}).get("label", m.terrain.get(h, "?"))
        self.hex_label.setText(f"{m.number(h)}  {terrain}, level {m.elevation.get(h, '?')}")

    # ------------------------------------------------------------------ the file
    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        try:
            self.doc.save()
        except UmpireError as e:
            QMessageBox.critical(self, "Cannot save", e.one_line())
            return False
        self.statusBar().showMessage(f"Saved {self.doc.path}", 5000)
        return True

    def save_as(self) -> bool:
        start = str(self.doc.path or Path.cwd() / self.doc.suggested_file_name())
        target, _ = QFileDialog.getSaveFileName(self, "Save the scenario as", start, "Scenarios (*.toml)")
        if not target:
            return False
        if not target.endswith(".toml"):
            target += ".toml"
        try:
            self.doc.save(target)
        except UmpireError as e:
            QMessageBox.critical(self, "Cannot save", e.one_line())
            return False
        return True

    def play(self) -> None:
        """A game of the scenario as saved: unsaved changes are saved first (asked), and a
        scenario with problems is not played (they are listed)."""
        # the problems first: a scenario that cannot play is not written over its file for nothing
        found = problems(self.doc)
        if found:
            shown = "\n".join(f"• {p.text}" for p in found[:PLAY_PROBLEMS_SHOWN])
            more = f"\n… and {len(found) - PLAY_PROBLEMS_SHOWN} more" if len(found) > PLAY_PROBLEMS_SHOWN else ""
            self.say(f"The scenario has {len(found)} problem(s) and plays once they are fixed "
                     f"(all are in the Problems dock):\n{shown}{more}")
            return
        if self.doc.modified or self.doc.path is None:
            answer = QMessageBox.question(self, "Play", "Save the scenario before playing it?",
                                          QMessageBox.Save | QMessageBox.Cancel)
            if answer != QMessageBox.Save or not self.save():
                return
        if self.play_game is not None:
            self.play_game(str(self.doc.path))

    def closeEvent(self, event) -> None:
        if self.doc.modified:
            answer = QMessageBox.question(
                self, "Unsaved changes", "Save the changes to the scenario before closing?",
                QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
            if answer == QMessageBox.Cancel or (answer == QMessageBox.Save and not self.save()):
                event.ignore()
                return
        self.doc.listeners.remove(self.refresh) if self.refresh in self.doc.listeners else None
        event.accept()
