"""The window's layout: how wide the docks start, and the layout the umpire left, remembered.

The docks used to take two thirds of a 1400-pixel window (the order of battle was held at 330
pixels or more, and its panels' tabs widened it further), leaving the map a strip.  Now each side
starts at SIDE_DOCK_WIDTH and the map gets the rest; whatever the umpire then drags, closes or
tabs is saved with QMainWindow.saveState when the window closes and restored at the next start.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

# saveState's version: a layout an earlier Umpire saved (its docks at 330 px and more) is not
# restored, so that the first start of this one shows the map its room.
LAYOUT_VERSION = 2
SIDE_DOCK_WIDTH = 290        # px: two of them leave a 1400 px window's map about 800
GEOMETRY_KEY, STATE_KEY = "geometry", "window_state"


def add_dock(window: QMainWindow, title: str, widget, area) -> QDockWidget:
    """A dock named by its title (the name its place is saved under), holding `widget`, in `area`:
    the game window's and the scenario editor's docks alike."""
    dock = QDockWidget(title, window)
    dock.setObjectName(title)
    dock.setWidget(widget)
    window.addDockWidget(area, dock)
    return dock


def side_docks(window: QMainWindow, area) -> list[QDockWidget]:
    """The docks shown in one side area (tabified ones count once: resizing one sizes its tabs)."""
    docks = [d for d in window.findChildren(QDockWidget)
             if window.dockWidgetArea(d) == area and not d.isHidden() and not d.isFloating()]
    firsts = []
    for d in docks:
        if not any(d in window.tabifiedDockWidgets(f) for f in firsts):
            firsts.append(d)
    return firsts


def first_layout(window: QMainWindow) -> None:
    """The docks at their starting widths (the map takes what is left)."""
    for area in (Qt.LeftDockWidgetArea, Qt.RightDockWidgetArea):
        docks = side_docks(window, area)
        if docks:
            window.resizeDocks(docks, [SIDE_DOCK_WIDTH] * len(docks), Qt.Horizontal)


def restore_layout(window: QMainWindow, settings: QSettings) -> bool:
    """The size, place and dock layout the window had when last closed; False when none was
    saved (or an earlier Umpire's), and the starting layout is used."""
    geometry, state = settings.value(GEOMETRY_KEY), settings.value(STATE_KEY)
    if geometry is not None:
        window.restoreGeometry(geometry)
    return state is not None and window.restoreState(state, LAYOUT_VERSION)


def save_layout(window: QMainWindow, settings: QSettings) -> None:
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.setValue(STATE_KEY, window.saveState(LAYOUT_VERSION))
    settings.sync()
