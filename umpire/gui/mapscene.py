"""The window's map: the painter's scene (umpire/render) with the mouse added.

The painter draws what a viewer knows and nothing more; here a click on a stack selects its top
counter (clicking it again brings the next one up), a stack names its counters in a tooltip, and
the map view asks which hex lies under the cursor.  The picture is the painter's, unchanged.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath

from ..core.hexgrid import Hex
from ..render.counters import paint_counter
from ..render.scene import MapScene
from ..render.stacks import StackItem, StacksOverview
from .marktext import counter_line


class ClickableStack(StackItem):
    """A stack the umpire can click: it names its counters on hover and reports the one on top.
    Under the mouse a stack of several spreads out in a row beside its hex, every counter whole,
    so the one wanted is clicked at once; it gathers again when the mouse leaves."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.spread = False
        self.setAcceptHoverEvents(len(self.marks) > 1)
        number = self.map_scene.view.map.number
        self.setToolTip("\n".join(counter_line(m, number) for m in self.marks))   # a ghost: when and where seen

    # ------------------------------------------------------------------ spreading out
    def spread_rects(self) -> list[QRectF]:
        """Where each counter lies while spread: in a row from the hex, top counter first."""
        gap = self.side * 1.08
        return [self._rect.translated(i * gap, 0) for i in range(len(self.marks))]

    def spread_out(self) -> None:
        if self.spread or len(self.marks) < 2:
            return
        self.prepareGeometryChange()
        self.spread = True
        rects = self.spread_rects()
        self._gathered = self._bounds
        self._bounds = rects[0].united(rects[-1]).adjusted(-3, -3, 3, 3)
        self.setZValue(30)                  # over the neighbouring stacks it covers for a moment

    def gather(self) -> None:
        if not self.spread:
            return
        self.prepareGeometryChange()
        self.spread = False
        self._bounds = self._gathered
        self.setZValue(10)

    def hoverEnterEvent(self, event) -> None:
        self.spread_out()

    def hoverLeaveEvent(self, event) -> None:
        self.gather()

    def paint(self, p, option, widget=None) -> None:
        if not self.spread:
            return super().paint(p, option, widget)
        view = self.map_scene.view
        p.setBrush(QColor(255, 255, 255, 200))
        p.setPen(Qt.NoPen)
        p.drawRoundedRect(self._bounds, 4, 4)
        n = len(self.marks)
        for i, rect in enumerate(self.spread_rects()):
            mark = self.marks[(self.top + i) % n]
            paint_counter(p, rect, mark, view.counter_colour(mark), selected=mark.key == self.selected_key)

    def mark_at(self, pos: QPointF):
        """The counter under `pos` (item coordinates) while spread, else the top one."""
        if self.spread:
            n = len(self.marks)
            for i, rect in enumerate(self.spread_rects()):
                if rect.contains(pos):
                    return (self.top + i) % n
        return self.top

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.LeftButton:
            return super().mousePressEvent(event)
        picked = self.mark_at(event.pos())
        if self.spread and self.marks[picked].key != self.selected_key:
            self.top = picked               # the counter clicked in the row comes to the top
            self.map_scene.unit_clicked.emit(self.marks[self.top].key)
        else:
            self.click()                    # the selected one clicked again: the next comes up
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
