"""View → Backdrop: how much of the club's map image shows through the terrain shading,.

The opacity chosen here is the umpire's, for this window: the scenario's own `opacity` is where
it starts, and the reports print at the scenario's.  It changes no game and no file, so it needs
no undo.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

STEPS = (0.0, 0.25, 0.5, 0.75, 1.0)
STEP = 0.1          # Ctrl+] / Ctrl+[ show a tenth more or less of the image


class BackdropMenu:
    """The View menu's Backdrop entries, enabled while the game's map has a backdrop drawn."""

    def __init__(self, window) -> None:
        self.window = window
        self.menu = QMenu("&Backdrop", window)
        self.menu.setToolTipsVisible(True)
        self.group = QActionGroup(window)
        self.presets: list[tuple[float, QAction]] = []
        for value in STEPS:
            text = {0.0: "&Hidden (terrain shading only)", 1.0: "&Image only (no terrain shading)"}.get(
                value, f"&{int(value * 100)}% image")
            act = QAction(text, window, checkable=True)
            act.triggered.connect(lambda _=False, v=value: self.set_opacity(v))
            self.group.addAction(act)
            self.menu.addAction(act)
            self.presets.append((value, act))
        self.menu.addSeparator()
        self.act_more = QAction("&More Image", window, shortcut=QKeySequence("Ctrl+]"))
        self.act_more.triggered.connect(lambda: self.set_opacity(self.opacity + STEP))
        self.act_less = QAction("&Less Image", window, shortcut=QKeySequence("Ctrl+["))
        self.act_less.triggered.connect(lambda: self.set_opacity(self.opacity - STEP))
        self.act_scenario = QAction("&Scenario's Own Opacity", window)
        self.act_scenario.triggered.connect(self.use_scenarios)
        for a in (self.act_more, self.act_less, self.act_scenario):
            self.menu.addAction(a)
        self.menu.addSeparator()
        self.act_calibrate = QAction("Edit Backdrop &Calibration…", window)
        self.act_calibrate.setStatusTip("Lay the scenario's hex grid on its backdrop image: type the hex size and "
                                        "origin or pick hex centres, see the grid over the image, save it")
        self.act_calibrate.triggered.connect(self.calibrate)
        self.act_calibrate_file = QAction("Calibrate a Scenario's Backdrop…", window)
        self.act_calibrate_file.setStatusTip("Open the calibration for any scenario file (one whose grid does not fit "
                                             "its image yet cannot be opened as a game)")
        self.act_calibrate_file.triggered.connect(self.calibrate_file)
        self.menu.addAction(self.act_calibrate)
        self.menu.addAction(self.act_calibrate_file)
        self.opacity = 0.0
        self._game_key = None
        self.game_loaded()

    def terrain(self):
        scene = getattr(self.window, "scene", None)
        return scene.terrain if scene is not None else None

    def game_loaded(self) -> None:
        """A new scene: the backdrop of its map, at the opacity chosen for this game (or its scenario's)."""
        terrain = self.terrain()
        has = terrain is not None and terrain.backdrop is not None
        for a in self.group.actions() + [self.act_more, self.act_less, self.act_scenario]:
            a.setEnabled(has)
        game = getattr(self.window, "game", None)
        self.act_calibrate.setEnabled(game is not None and has_backdrop_table(game))
        if terrain is not None and terrain.backdrop_problem:
            self.window.statusBar().showMessage(f"Backdrop not drawn: {terrain.backdrop_problem}", 10000)
        if not has:
            self._tell_legend(None)
            return
        key = (game.location, terrain.backdrop.backdrop.image) if game is not None else None
        if key != self._game_key:           # another game: its scenario's opacity again
            self._game_key = key
            self.opacity = terrain.backdrop.backdrop.opacity
        self.set_opacity(self.opacity)

    def use_scenarios(self) -> None:
        terrain = self.terrain()
        if terrain is not None and terrain.backdrop is not None:
            self.set_opacity(terrain.backdrop.backdrop.opacity)

    def set_opacity(self, value: float) -> None:
        terrain = self.terrain()
        if terrain is None or terrain.backdrop is None:
            return
        self.opacity = round(min(1.0, max(0.0, value)), 2)
        terrain.set_backdrop_opacity(self.opacity)
        for v, act in self.presets:
            act.setChecked(abs(v - self.opacity) < 1e-6)
        self.window.statusBar().showMessage(f"Backdrop: {int(self.opacity * 100)}% image", 3000)
        self._tell_legend(self.opacity)

    def _tell_legend(self, opacity: float | None) -> None:
        """The window's map key names the backdrop at the opacity drawn (None: none drawn)."""
        legend = getattr(self.window, "legend", None)
        if legend is not None:
            legend.set_backdrop_opacity(opacity)

    def calibrate(self):
        from .calibrate import calibrate_game_backdrop
        return calibrate_game_backdrop(self.window)

    def calibrate_file(self):
        from .calibrate import calibrate_scenario_file
        return calibrate_scenario_file(self.window)


def has_backdrop_table(game) -> bool:
    """Whether the game's scenario file names a backdrop (drawn or not: a calibration that does
    not fit any more is what the dialog is for)."""
    import tomllib
    from pathlib import Path
    try:
        data = tomllib.loads(Path(game.scenario_path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    return isinstance(data.get("map", {}), dict) and isinstance(data.get("map", {}).get("backdrop"), dict)
