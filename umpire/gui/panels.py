"""View → Panels: every dock of the window, ticked while shown, so a panel closed by its ✕ comes
back.  Built each time the menu opens, so a rule system's own panels (added when its game
opens) are listed, and panels the current game has no use for are left out."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QMenu


def panels_menu(window, parent: QMenu) -> QMenu:
    menu = parent.addMenu("&Panels")

    def fill() -> None:
        menu.clear()
        docks = sorted(window.findChildren(QDockWidget), key=lambda d: d.windowTitle())
        for dock in docks:
            act = dock.toggleViewAction()
            if act.isVisible():                # hidden: the game's rule system offers no such panel
                menu.addAction(act)
        if menu.isEmpty():
            menu.addAction("(no panels)").setEnabled(False)
    menu.aboutToShow.connect(fill)
    fill()
    return menu
