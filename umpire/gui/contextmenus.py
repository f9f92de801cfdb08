"""Right-click on a counter or on a row of the order of battle: the unit is selected and the Unit
menu opens where the mouse is, with the actions that unit can take now enabled (the menu is
the window's Unit menu itself, so the two never differ)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt

from .docks import KEY
from .mapscene import ClickableStack


class ContextMenus(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.w = window
        window.map_view.setContextMenuPolicy(Qt.CustomContextMenu)
        window.map_view.customContextMenuRequested.connect(self._on_map)
        window.tree.setContextMenuPolicy(Qt.CustomContextMenu)
        window.tree.customContextMenuRequested.connect(self._on_tree)

    def unit_on_map(self, pos) -> str | None:
        """The key of the counter under `pos` (the map view's coordinates), or None."""
        scene = self.w.scene
        if scene is None:
            return None
        at = self.w.map_view.mapToScene(pos)
        for item in scene.items(at):
            if isinstance(item, ClickableStack) and item.isVisible():
                return item.marks[item.mark_at(item.mapFromScene(at))].key
        return None

    def _on_map(self, pos) -> None:
        key = self.unit_on_map(pos)
        if key is not None:
            self.open_for(key, self.w.map_view.viewport().mapToGlobal(pos))

    def _on_tree(self, pos) -> None:
        item = self.w.tree.itemAt(pos)
        key = item.data(0, KEY) if item is not None else None
        if key:
            self.open_for(key, self.w.tree.viewport().mapToGlobal(pos))

    def open_for(self, key: str, where) -> None:
        self.w.select_unit(key)
        self.show_menu(self.w.unit_menu.menu, where)

    def show_menu(self, menu, where) -> None:
        """Open `menu` at `where` (screen coordinates) until a choice is made or it is closed."""
        menu.exec(where)
