"""The umpire's main window: map, order of battle, inspector, View selector, File menu."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDockWidget, QFileDialog, QLabel, QMainWindow, QMessageBox,
                               QToolBar)

from ..core.errors import UmpireError
from ..core.game import Game
from ..core.hexgrid import Hex
from ..core.knowledge import UMPIRE, build_view, viewers
from ..core.scenario import load_scenario
from ..actions import new_game
from ..gamestart import game_for_scenario
from ..rules import rule_system
from ..core.store.db import GAME_SUFFIX, copy_game, default_game_path, is_url, open_game, shown
from ..core.umpires import Seat, seat_view, viewers_for
from ..render.picture import render_view
from .backdropmenu import BackdropMenu
from .importmap import import_club_map
from .contextmenus import ContextMenus
from .docks import OrderOfBattleTree, UnitInspector
from .filedrops import FileDrops
from .helpmenu import HelpMenu
from .keyreasons import KeyReasons, say_why
from .layout import add_dock, first_layout, restore_layout, save_layout
from .legendpanel import LegendPanel
from .panels import panels_menu
from .mapscene import ClickableMapScene
from .mapview import MapView
from . import inbox
from .orders import OrdersPanel
from .outside import OutsideChanges
from . import system_gui
from .reportexport import export_reports
from .unitmenu import UnitMenu
from .seats import ask_name, refused_seat, restore_name, seat_for_window
from .serving import Serving
from .sideactions import SideActions
from .play import Play
from .sighttools import SightTools
from .startgame import ask_carry_on

MAX_RECENT = 8
MAX_PROBLEMS_SHOWN = 12     # a dialog lists this many of a scenario's problems; `umpire validate` all


def problems_text(e: UmpireError) -> str:
    """An error for a dialog: a scenario's problems one a line, a long list cut short."""
    lines = e.lines()
    if len(lines) > MAX_PROBLEMS_SHOWN:
        more = len(lines) - MAX_PROBLEMS_SHOWN
        lines = lines[:MAX_PROBLEMS_SHOWN] + [f"... and {more} more (`umpire validate FILE` lists them all)"]
    return "\n".join(lines)


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings("Umpire", "Umpire")
        restore_name(self.settings)
        self.game: Game | None = None
        self.seat: Seat = Seat("")              # the umpire's seat in the game (core.umpires)
        self.viewer = UMPIRE
        self.scene: ClickableMapScene | None = None
        self.selected: str | None = None
        self.map_view = MapView(self)
        self.setCentralWidget(self.map_view)
        self.sight_tools = SightTools(self)
        self.file_drops = FileDrops(self)        # .umpire and .toml files dropped on the window open
        self.play = Play(self)
        self.unit_menu = UnitMenu(self, self.play)
        self.side_actions = SideActions(self, self.play)   # Turn → Side Actions: a side's own actions
        self.outside = OutsideChanges(self)      # actions typed at the command line meanwhile
        self.tree = OrderOfBattleTree()
        self.inspector = UnitInspector()
        self._dock("Order of battle", self.tree, Qt.LeftDockWidgetArea)
        unit_dock = self._dock("Unit", self.inspector, Qt.RightDockWidgetArea)
        self.tabifyDockWidget(unit_dock, self._dock("Line of Sight", self.sight_tools.panel, Qt.RightDockWidgetArea))
        self.legend = LegendPanel()
        self.tabifyDockWidget(unit_dock, self._dock("Legend", self.legend, Qt.RightDockWidgetArea))
        unit_dock.raise_()
        self._dock("Journal", self.play.journal_panel, Qt.RightDockWidgetArea)
        self.orders = OrdersPanel(self)
        self.context_menus = ContextMenus(self)   # right-click a counter or a row: the Unit menu
        oob = self.findChild(QDockWidget, "Order of battle")
        self.tabifyDockWidget(oob, self._dock("Orders", self.orders, Qt.LeftDockWidgetArea))
        self.system_panels: dict = {}      # the rule system's own docks, by title (its GUI package's DOCKS)
        oob.raise_()
        self.viewer_box = QComboBox()
        self.viewer_box.setToolTip("Show the map as the umpire knows it, or as one side knows it")
        self.viewer_box.setMinimumWidth(220)
        self.hex_label = QLabel()
        self.hovered_hex: Hex | None = None     # the hex under the pointer: its text is rebuilt per viewer
        self.sample_label = QLabel()
        self.statusBar().addWidget(self.hex_label, 1)
        self.statusBar().addPermanentWidget(self.sample_label)
        self._build_actions()
        self.tree.unit_selected.connect(self.select_unit)
        self.map_view.hex_hovered.connect(self._hovered)
        self.map_view.hex_clicked.connect(self._hex_clicked)
        self.viewer_box.currentIndexChanged.connect(self._viewer_changed)
        self.key_reasons = KeyReasons(self, self.map_view, self.tree)   # a greyed command's key says why
        self.resize(1400, 900)
        if not restore_layout(self, self.settings):
            first_layout(self)
        self._update_title()

    # ------------------------------------------------------------------ building
    def _dock(self, title: str, widget, area) -> QDockWidget:
        return add_dock(self, title, widget, area)

    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
        a.triggered.connect(slot)
        return a

    def _build_actions(self) -> None:
        file = self.menuBar().addMenu("&File")
        self.act_new = self._action("&New Game from Scenario…", self.new_game_dialog, QKeySequence.New,
                                    "Create a game file from a scenario")
        self.act_open = self._action("&Open…", self.open_dialog, QKeySequence.Open,
                                     "Open a game file or a scenario")
        self.act_save_as = self._action("Save &As…", self.save_as_dialog, QKeySequence.SaveAs,
                                        "Copy this game to a new file and continue in the copy")
        # every action is written to the game file as it is taken: Ctrl+S has nothing to do but
        # say so (a tester pressed it at the table and heard nothing)
        self.act_save = self._action("&Save", self.say_saved, QKeySequence.Save,
                                     "Nothing to do: every action is saved to the game file as it happens")
        self.act_export = self._action("&Export Map Image…", self.export_image_dialog, "Ctrl+E",
                                       "Write a PNG of the map as the current viewer knows it")
        self.act_reports = self._action("Export Turn &Reports…", lambda: export_reports(self), "Ctrl+Shift+E",
                                        "Write a turn's PDF reports (this one or an earlier one): the umpire's and each side's (a side's "
                                        "view: its own only)")
        self.act_close = self._action("&Close Game", self.close_game, QKeySequence.Close)
        # the scenario editor (issue 22): its own window, which plays a scenario here
        self.editors: list = []
        self.act_new_scenario = self._action("New &Scenario…", self.new_scenario, "Ctrl+Alt+N",
                                             "Make a new scenario in the scenario editor")
        self.act_edit_scenario = self._action("&Edit Scenario…", self.edit_scenario, "Ctrl+Alt+O",
                                              "Open a scenario file in the scenario editor")
        self.recent_menu = file.addMenu("Open &Recent")
        for a in (self.act_new, self.act_open):
            file.addAction(a)
        file.addMenu(self.recent_menu)
        file.addAction(self._action("Import Club &Map…", lambda: import_club_map(self), None,   # issue 22
                                    "A Tiled map, a map picture or a VASSAL board as a new scenario's map"))
        file.addSeparator()
        file.addAction(self.act_new_scenario)
        file.addAction(self.act_edit_scenario)
        file.addSeparator()
        for a in (self.act_save, self.act_save_as, self.act_export, self.act_reports, self.act_close):
            file.addAction(a)
        file.addSeparator()         # playing by packages (issue 23, gui/inbox.py)
        file.addAction(self._action("Send to &Sides…", lambda: inbox.send_to_sides(self), "Ctrl+Shift+P",
                                    "Write each side's package (its view, report and orders key, signed)"))
        file.addAction(self._action("&Take Orders File…", lambda: inbox.take_orders_file(self), "Ctrl+Shift+O",
                                    "Check a side's orders file (its signature), keep it in the journal, apply it"))
        file.addSeparator()
        file.addAction(self._action("Umpire &Name…", lambda: ask_name(self), None,
                                    "The name your actions are journaled under (several umpires may share a game)"))
        self.serving = Serving(self)
        self.act_serve = self._action("Serve to &Players…", lambda: None, None,
                                      "Serve each side's page (its map, forces, contacts, report and an orders "
                                      "form) to its players' phones, behind a secret link per side")
        self.act_serve.setCheckable(True)
        self.act_serve.toggled.connect(self.serving.toggle)
        file.addAction(self.act_serve)
        file.addSeparator()
        file.addAction(self._action("&Quit", self.close, QKeySequence.Quit))
        edit = self.menuBar().addMenu("&Edit")
        edit.addAction(self.play.act_undo)
        edit.addAction(self.play.act_redo)
        view = self.menuBar().addMenu("&View")
        self.act_zoom_in = self._action("Zoom &In", lambda: self.map_view.zoom_by(1.25), QKeySequence.ZoomIn)
        self.act_zoom_out = self._action("Zoom &Out", lambda: self.map_view.zoom_by(0.8), QKeySequence.ZoomOut)
        self.act_fit = self._action("&Fit Map", self.map_view.fit_map, "Ctrl+0")
        self.act_numbers = self._action("Hex &Numbers", self._toggle_numbers, "Ctrl+Shift+N")
        self.act_numbers.setCheckable(True)
        self.act_numbers.setChecked(True)
        self.act_zones = self._action("Deployment &Zones", self._toggle_zones, "Ctrl+Shift+D")
        self.act_zones.setCheckable(True)
        self.act_zones.setChecked(True)
        for a in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            view.addAction(a)
        view.addSeparator()
        view.addAction(self.act_numbers)
        view.addAction(self.act_zones)
        self.backdrop_menu = BackdropMenu(self)     # the club's map image under the terrain
        view.addMenu(self.backdrop_menu.menu)
        view.addSeparator()
        self.viewer_menu = view.addMenu("View &As")
        panels_menu(self, view)
        tools = self.menuBar().addMenu("&Tools")
        tools.addAction(self.sight_tools.act_los)
        tools.addAction(self.sight_tools.act_area)
        tools.addSeparator()
        self.act_spot = self._action("&Update Spotting", self.update_spotting, "F5",
                                     "Run a spotting pass: who sees whom now (face-up / face-down)")
        tools.addAction(self.act_spot)
        turn = self.menuBar().addMenu("T&urn")
        turn.addAction(self.play.act_move)
        turn.addAction(self.play.act_pass)
        turn.addAction(self.play.act_halt)
        turn.addAction(self.play.act_next_phase)
        turn.addAction(self.play.act_end_turn)
        turn.addSeparator()
        turn.addMenu(self.side_actions.menu)
        turn.addSeparator()
        turn.addAction(self.play.act_victory)
        turn.addAction(self.play.act_typed)
        turn.addAction(self.play.act_ask_idle)
        turn.addAction(self._action("Orders &In…", lambda: inbox.show_inbox(self), "Ctrl+Shift+I",
                                    "Which sides' orders files for this turn are in"))
        self.menuBar().addMenu(self.unit_menu.menu)
        self.help = HelpMenu(self)
        self.menuBar().addMenu(self.help.menu)
        bar = QToolBar("Main", self)
        bar.setObjectName("main toolbar")
        bar.addAction(self.act_open)
        bar.addSeparator()
        bar.addWidget(QLabel(" View as: "))
        bar.addWidget(self.viewer_box)
        bar.addSeparator()
        for a in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            bar.addAction(a)
        bar.addSeparator()
        for a in (self.sight_tools.act_los, self.sight_tools.act_area, self.act_spot):
            bar.addAction(a)
        bar.addSeparator()
        for a in (self.play.act_undo, self.play.act_redo):
            bar.addAction(a)
        self.addToolBar(bar)
        play = QToolBar("Turn", self)
        play.setObjectName("turn toolbar")
        for a in (self.play.act_move, self.play.act_pass, self.play.act_next_phase, self.play.act_end_turn):
            play.addAction(a)
        # the phase's name after the buttons: before them, every change of its length moved them
        # from under the umpire's pointer
        play.addSeparator()
        play.addWidget(self.play.phase_label)
        self.addToolBarBreak()
        self.addToolBar(play)
        self.turn_bar = play
        self._refresh_recent()
        self._enable_game_actions(False)

    def _enable_game_actions(self, on: bool) -> None:
        for a in (self.act_save, self.act_save_as, self.act_export, self.act_reports, self.act_close, self.act_zoom_in, self.act_zoom_out,
                  self.act_fit, self.act_numbers, self.act_zones, self.act_spot, self.sight_tools.act_los,
                  self.sight_tools.act_area, self.play.act_move, self.play.act_end_turn, self.play.act_typed,
                  self.play.act_pass, self.play.act_next_phase, self.play.act_victory):
            a.setEnabled(on)
        self.viewer_box.setEnabled(on)
        self.act_serve.setEnabled(on and not self.seat.limited)   # every side's page: the chief's to hand out
        for a in (self.act_spot, self.play.act_next_phase, self.play.act_end_turn):
            if on and self.seat.limited:      # the phase, the turn and spotting passes are the chief's
                a.setEnabled(False)
                a.setStatusTip("The chief umpire's to do (your seat is an assistant's)")

    # ------------------------------------------------------------------ files
    def open_path(self, path: str) -> bool:
        """Open a game file, or create a game from a scenario (.toml).  Errors go to a dialog."""
        if path.endswith(".umpkg"):          # a side package: player mode, in a window of its own (issue 23)
            return inbox.open_player(self, path)
        try:
            if path.endswith(".toml"):
                chosen = game_for_scenario(path, load_scenario(path), lambda old: ask_carry_on(old, self))
                if chosen is None:
                    return False
                path = str(chosen[0])
                self.statusBar().showMessage(f"{'New game file' if chosen[1] else 'Carrying on with'} {path}", 8000)
            game = open_game(path)
        except UmpireError as e:
            QMessageBox.critical(self, "Cannot open", problems_text(e))
            return False
        problem = refused_seat(game.location)        # a game shared by umpires that does not list this one
        if problem:
            QMessageBox.critical(self, "Cannot open", problem)
            return False
        self.load_game(game)
        self.remember(path)
        return True

    def load_game(self, game: Game, viewer: str = UMPIRE) -> None:
        if self.game is not None and self.game.location != game.location:
            self.act_serve.setChecked(False)    # the pages served were the other game's
        self.game = game
        self.seat = seat_for_window(self, game)
        allowed = [v for v, _ in self._viewers(game)]
        self.viewer = viewer if viewer in allowed else allowed[0]
        self.sight_tools.game_loaded(game)
        self.scene = ClickableMapScene(self._view(game), game.rules)
        self.scene.unit_clicked.connect(self.select_unit)
        self.map_view.setScene(self.scene)
        self.viewer_box.blockSignals(True)
        self.viewer_box.clear()
        self.viewer_menu.clear()
        group = QActionGroup(self)
        for i, (vid, name) in enumerate(self._viewers(game)):
            self.viewer_box.addItem(name, vid)
            act = self._action(name, lambda _=False, k=i: self.viewer_box.setCurrentIndex(k), f"Ctrl+{i + 1}")
            act.setCheckable(True)
            act.setChecked(vid == self.viewer)
            group.addAction(act)
            self.viewer_menu.addAction(act)
        self._viewer_actions = group
        self.viewer_box.setCurrentIndex([v for v, _ in self._viewers(game)].index(self.viewer))
        self.viewer_box.blockSignals(False)
        self.tree.populate(game, self.viewer, self.scene.view)
        self.legend.show_view(self.scene.view, game.rules, rule_system(game.rules))
        self.inspector.show_nothing()
        self.selected = None
        self.hovered_hex = None
        self.hex_label.clear()              # the last game's hex under the cursor is not this one's
        self.statusBar().clearMessage()
        self.backdrop_menu.game_loaded()    # after the clearing: it may say why a backdrop is not drawn
        samples = [t.title for t in game.rules.sample_tables()]
        # a count keeps the status bar readable; the names are in the tooltip and Help → Tables in Use
        self.sample_label.setText(f"{len(samples)} sample tables in use (Help → Tables in Use)" if samples else "")
        self.sample_label.setToolTip("Stand-ins for charts the rules text refers to but does not print:\n"
                                     + "\n".join(samples))
        self._enable_game_actions(True)
        self._offer(rule_system(game.rules))
        self._update_title()
        self.map_view.fit_map()
        self.play.game_loaded()
        self.outside.game_loaded()
        pass_button = self.turn_bar.widgetForAction(self.play.act_pass)
        if pass_button is not None:       # as wide as its longest "Pass (side)": the buttons after it stay put
            metrics = pass_button.fontMetrics()
            pass_button.setMinimumWidth(max(metrics.horizontalAdvance(f"Pass ({s.name})") for s in game.sides) + 16)
        self.orders.refresh()
        self._refresh_system_panels()

    def _viewers(self, game: Game) -> list[tuple[str, str]]:
        """Whom this umpire may view the game as (an assistant's seat may limit it: core.umpires)."""
        return viewers_for(self.seat, viewers(game), UMPIRE)

    def _view(self, game: Game):
        """What the current viewer knows, its own units described by the game's rule system (cut
        to an assistant umpire's sectors, if his seat has any)."""
        return seat_view(build_view(game, self.viewer, rule_system(game.rules)), self.seat)

    def _offer(self, system) -> None:
        """Show the docks and unit actions the rule system has (RuleSystem.offers): the Orders
        dock, and the docks of its own GUI package (`DOCKS`: title -> (what it offers, the
        panel's class)), made for its games and taken away for another's."""
        offers = system.offers()
        dock = self.findChild(QDockWidget, "Orders")
        dock.toggleViewAction().setVisible("orders" in offers)
        dock.setVisible("orders" in offers)
        docks = getattr(system_gui(system.name), "DOCKS", {})
        for title in [t for t in self.system_panels if t not in docks]:
            gone = self.findChild(QDockWidget, title)
            self.removeDockWidget(gone)
            gone.deleteLater()
            del self.system_panels[title]
        oob = self.findChild(QDockWidget, "Order of battle")
        for title, (offer, panel) in docks.items():
            if title not in self.system_panels:
                self.system_panels[title] = panel(self)
                self.tabifyDockWidget(oob, self._dock(title, self.system_panels[title], Qt.LeftDockWidgetArea))
                self.restoreDockWidget(self.findChild(QDockWidget, title))   # where the umpire last left it
                oob.raise_()
            dock = self.findChild(QDockWidget, title)
            dock.toggleViewAction().setVisible(offer in offers)
            dock.setVisible(offer in offers)
        self.unit_menu.configure(system)
        self.side_actions.configure(system)

    def _refresh_system_panels(self) -> None:
        for panel in self.system_panels.values():
            panel.refresh()

    def reload_game(self) -> None:
        """After an action: read the game again and redraw the viewer's knowledge (the terrain
        and the view stay as they are)."""
        game = open_game(self.game.location)
        selected = self.selected
        self.game = game
        self.sight_tools.game_reloaded(game)
        self.scene.set_view(self._view(game))
        self.tree.populate(game, self.viewer, self.scene.view)
        self.legend.show_view(self.scene.view, game.rules, rule_system(game.rules))
        self.select_unit(selected if selected and self.scene.view_has(selected) else None)
        if self.selected is None:
            self.inspector.show_nothing()
        self._hovered(self.hovered_hex)     # what stands there may have moved, or been seen
        self._update_title()
        self.play.refresh_phase()
        self.orders.refresh()
        self._refresh_system_panels()

    def close_game(self) -> None:
        self.act_serve.setChecked(False)        # the pages were the closed game's
        self.sight_tools.clear()
        self.play.clear_fire_mark()
        self.play.stack.clear()
        self.play.journal_view.clear()
        self.game = None
        self.scene = None
        self.backdrop_menu.game_loaded()    # no map: its entries greyed
        self.legend.clear()
        self.map_view.setScene(None)
        self.tree.clear()
        self.inspector.show_nothing()
        self.viewer_box.clear()
        self.viewer_menu.clear()
        self.sample_label.clear()
        self.hovered_hex = None
        self.hex_label.clear()
        self._enable_game_actions(False)
        self._update_title()

    def new_game_dialog(self) -> None:
        scenario, _ = QFileDialog.getOpenFileName(self, "Choose a scenario", str(self._scenario_dir()),
                                                  "Scenarios (*.toml)")
        if not scenario:
            return
        try:
            sc = load_scenario(scenario)
        except UmpireError as e:
            QMessageBox.critical(self, "Scenario refused", problems_text(e))
            return
        target, _ = QFileDialog.getSaveFileName(self, "Save the new game as", str(default_game_path(scenario)),
                                                f"Umpire games (*{GAME_SUFFIX})")
        if not target:
            return
        if not target.endswith(GAME_SUFFIX):
            target += GAME_SUFFIX
        try:
            new_game(sc, target, overwrite=Path(target).exists())
        except UmpireError as e:
            QMessageBox.critical(self, "Cannot create the game", e.one_line())
            return
        self.open_path(target)

    def new_scenario(self):
        from .editor.opening import new_scenario
        return self._keep_editor(new_scenario(self, self.play_scenario))

    def edit_scenario(self, path: str | None = None):
        from .editor.opening import edit_scenario
        if not isinstance(path, (str, Path)):      # the menu's triggered(checked) gives a bool: ask
            path = None
        return self._keep_editor(edit_scenario(self, path, self.play_scenario, str(self._scenario_dir())))

    def _keep_editor(self, editor):
        if editor is not None:
            self.editors.append(editor)
            editor.destroyed.connect(lambda *_: self.editors.remove(editor) if editor in self.editors else None)
        return editor

    def play_scenario(self, path: str) -> None:
        """The editor's Play: a game of the saved scenario, here."""
        if self.open_path(path):
            self.raise_()
            self.activateWindow()

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open", "", f"Umpire games (*{GAME_SUFFIX});;"
                                              "Scenarios (*.toml);;Side packages (*.umpkg);;All files (*)")
        if path:
            self.open_path(path)

    def save_as_dialog(self) -> None:
        if self.game is None:
            return
        target, _ = QFileDialog.getSaveFileName(self, "Save game as", self.game.location,
                                                f"Umpire games (*{GAME_SUFFIX})")
        if not target:
            return
        if not target.endswith(GAME_SUFFIX):
            target += GAME_SUFFIX
        self.save_as(target)

    def say_saved(self) -> None:
        if self.game is not None:
            self.statusBar().showMessage(f"Everything is saved as it happens: {shown(self.game.location)} is up to "
                                         "date (File → Save As makes a copy)", 10000)

    def save_as(self, target: str) -> bool:
        try:
            copy_game(self.game.location, target, overwrite=True)
        except UmpireError as e:
            QMessageBox.critical(self, "Cannot save", e.one_line())
            return False
        self.game.location = target
        self.remember(target)
        self._update_title()
        self.statusBar().showMessage(f"Saved as {target}; you are now working in this copy", 8000)
        return True

    def export_image_dialog(self) -> None:
        if self.game is None:
            return
        name = f"{Path(self.game.location).stem}-{self.viewer}-turn{self.game.turn}.png"
        target, _ = QFileDialog.getSaveFileName(self, "Export map image", name, "PNG images (*.png)")
        if target:
            try:
                render_view(self._view(self.game), self.game.rules, target)
                self.statusBar().showMessage(f"Wrote {target}", 8000)
            except OSError as e:
                QMessageBox.critical(self, "Cannot export", str(e))

    def _scenario_dir(self) -> Path:
        here = Path(__file__).resolve().parents[2] / "scenarios"
        return here if here.is_dir() else Path.cwd()

    def remember(self, path: str) -> None:
        """Put a game at the head of File → Open Recent, by its whole path (a path as typed in
        one folder is no file from another)."""
        path = path if is_url(path) else str(Path(path).resolve())
        recent = [p for p in self._recent() if p != path]
        recent.insert(0, path)
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self._refresh_recent()

    def _recent(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return list(value or [])

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        recent = self._recent()
        for path in recent:
            self.recent_menu.addAction(self._action(path, lambda _=False, p=path: self.open_path(p)))
        self.recent_menu.setEnabled(bool(recent))

    # ------------------------------------------------------------------ viewing
    def _viewer_changed(self, index: int) -> None:
        if self.game is None or index < 0:
            return
        self.viewer = self.viewer_box.itemData(index)
        self.play.clear_fire_mark()      # it was drawn for the previous viewer
        self.statusBar().clearMessage()  # and the last action's summary was written for it
        self.play.label_undo()
        self.play.refresh_phase()        # its phase line names units as the new viewer knows them
        actions = self._viewer_actions.actions()
        if index < len(actions):
            actions[index].setChecked(True)
        self.scene.set_view(self._view(self.game))
        self.tree.populate(self.game, self.viewer, self.scene.view)
        self.legend.show_view(self.scene.view, self.game.rules, rule_system(self.game.rules))
        if self.selected and not self.scene.view_has(self.selected):
            self.selected = None
            self.inspector.show_nothing()
        self.select_unit(self.selected)
        self.sight_tools.view_changed()
        self.orders.refresh()
        self._refresh_system_panels()
        self.play.refresh_journal()
        # the hex under the pointer described again, as this viewer knows it: the umpire's words
        # (an enemy's hidden tank) stayed on a side's screen until the pointer left the hex
        self._hovered(self.hovered_hex)
        self._update_title()

    def update_spotting(self) -> None:
        """Run a spotting pass, store it, and redraw what each viewer knows."""
        if self.game is None:
            return
        res = self.play.run("spot", {})       # one way through: the same path as every action
        if res is None:
            return
        if res.seq == 0:
            self.statusBar().showMessage("Spotting — nothing has changed since the last pass (not journaled)", 10000)
            return
        change, game = res.detail, self.game
        parts = []
        for side in game.side_ids():
            if self.viewer not in (UMPIRE, side):
                continue                      # what the enemy saw is not this viewer's business
            new, lost = change.new.get(side, []), change.lost.get(side, [])
            parts.append(f"{game.side(side).name}: {len(change.seen.get(side, []))} seen"
                         + (f", {len(new)} new" if new else "") + (f", {len(lost)} lost from sight" if lost else ""))
        self.statusBar().showMessage("Spotting — " + "; ".join(parts), 10000)

    def select_unit(self, key: str | None) -> None:
        if self.game is None or self.scene is None:
            return
        self.selected = key
        self.unit_menu.refresh()
        h = self.scene.select_unit(key)
        self.tree.select_key(key)
        self.sight_tools.unit_selected(key)
        if key and key.startswith("contact:"):
            mark = next(m for m in self.scene.view.units if m.key == key)
            self.inspector.show_contact(self.scene.view, mark)
        elif key:
            self.inspector.show_unit(self.game, key, umpire=self.viewer == UMPIRE)
            if h is not None:
                self.map_view.ensureVisible(self.scene.stacks[h].boundingRect(), 80, 80)

    def _hex_clicked(self, h: Hex | None) -> None:
        if h is None or self.scene is None:
            return
        for panel in self.system_panels.values():
            if hasattr(panel, "hex_clicked"):        # a panel that takes a hex (a plot's target)
                panel.hex_clicked(h)
        if not self.scene.view.marks_at(h):
            self.select_unit(None)
            self.scene.highlight_hex(h)
            self.inspector.show_hex(self.scene.view.map, self.game.rules, h)

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key_Escape and self.scene is not None:
            self.sight_tools.act_los.setChecked(False)
            self.play.act_move.setChecked(False)
            self.select_unit(None)
            self.scene.highlight_hex(None)
            self.inspector.show_nothing()
            return
        if say_why(self, event):
            return
        super().keyPressEvent(event)

    def _hovered(self, h: Hex | None) -> None:
        self.hovered_hex = h
        if self.game is None or h is None or self.scene is None:
            self.hex_label.clear()
            return
        text = self.game.map.describe_hex(h, self.game.rules.terrain_types)
        feats = sorted({k for side, kinds in self.game.map.hexsides.items() if h in (side.a, side.b)
                        for k in kinds})
        if feats:
            text += "  | hexsides: " + ", ".join(self.game.rules.hexside_features[k]["label"].lower()
                                                  for k in feats)
        marks = self.scene.view.marks_at(h)
        if marks:
            text += "  | " + ", ".join(m.label for m in marks)
        overlays = self.game.rules.overlays
        known = [overlays[o.kind]["label"] for o in self.scene.view.map.overlays if o.hex == h and o.kind in overlays]
        if known:                          # the markers as this viewer knows them (its view's overlays)
            text += "  | markers: " + ", ".join(known)
        self.hex_label.setText(text)

    def _toggle_numbers(self) -> None:
        if self.scene:
            self.scene.terrain.show_numbers = self.act_numbers.isChecked()

    def _toggle_zones(self) -> None:
        if self.scene:
            self.scene.show_zones = self.act_zones.isChecked()
            self.scene.set_view(self.scene.view)
            self.select_unit(self.selected)
            self.sight_tools.view_changed()

    def _update_title(self) -> None:
        if self.game is None:
            self.setWindowTitle("Umpire")
            return
        who = "Umpire" if self.viewer == UMPIRE else self.game.side(self.viewer).name
        # a server's URL without its password (core.store.db.shown): a title is seen by anyone near
        seat = f" — {self.seat.name}" if getattr(self, "seat", None) is not None and self.seat.limited else ""
        self.setWindowTitle(f"{self.game.title} — turn {self.game.turn}/{self.game.turns} — "
                            f"viewing as {who}{seat} — {shown(self.game.location)} — Umpire")

    def closeEvent(self, event) -> None:
        save_layout(self, self.settings)
        super().closeEvent(event)
