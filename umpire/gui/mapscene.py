"""The window's map: the painter's scene (umpire/render) with the mouse added.

The painter draws what a viewer knows and nothing more; here a click on a stack selects its top
counter (clicking it again brings the next one up), a stack names its counters in a tooltip, and
the map view asks which hex lies under the cursor.  The picture is the painter's, unchanged.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QPainterPath

from ..core.hexgrid import Hex
from ..render.scene import MapScene
from ..render.stacks import StackItem, StacksOverview


class ClickableStack(StackItem):
    """A stack the umpire can click: it names its counters on hover and reports the one on top."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.setAcceptHoverEvents(False)
        self.setToolTip("\n".join(f"{m.label} — {m.type_label} ({m.strength})" for m in self.marks))

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.LeftButton:
            return super().mousePressEvent(event)
        self.click()
        event.accept()

    def click(self) -> None:
        current = self.marks[self.top].key
        # clicking a selected stack again brings the next counter to the top
        if self.selected_key == current and len(self.marks) > 1:
            self.top = (self.top + 1) % len(self.marks)
        self.map_scene.unit_clicked.emit(self.marks[self.top].key)


class ClickableStacksOverview(StacksOverview):
    """Far out, a click on a stack's square clicks the stack; elsewhere the click is the map's."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.setAcceptedMouseButtons(Qt.LeftButton)
        self._shape: QPainterPath | None = None

    def shape(self) -> QPainterPath:
        if self._shape is None:           # the stacks are fixed until the next view makes a new overview
            self._shape = QPainterPath()
            for stack in self.map_scene.stacks.values():
                self._shape.addRect(stack.counter_rect)
        return self._shape

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            for stack in self.map_scene.stacks.values():
                if stack.counter_rect.contains(event.pos()):
                    stack.click()
                    event.accept()
                    return
        event.ignore()


class ClickableMapScene(MapScene):
    """The map in the window: the painter's scene, whose stacks report clicks."""

    unit_clicked = Signal(str)      # the key of the unit now on top of the clicked stack
    stack_item = ClickableStack
    stacks_overview = ClickableStacksOverview

    def hex_at(self, pos: QPointF) -> Hex | None:
        """The hex under the cursor, or None off the map."""
        h = self.layout.hex_at(pos.x(), pos.y())
        return h if self.view.map.contains(h) else None
