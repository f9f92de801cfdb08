"""Map markers -- smoke, wrecks, minefields, villages... -- as the viewer knows them: the SideView
holds only the overlays its side may see; the Ruleset says how each kind is drawn."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem

from ..core.knowledge import UMPIRE, SideView
from ..core.layout import Layout
from ..core.ruleset import Ruleset


class OverlayItem(QGraphicsItem):
    """Markers for smoke, wrecks, minefields... as the viewer knows them."""

    def __init__(self, view: SideView, rules: Ruleset, layout: Layout) -> None:
        super().__init__()
        self._marks = []
        shown = [o for o in view.map.overlays if o.kind in rules.overlays]
        for o in shown:
            x, y = layout.center(o.hex)
            here = [v for v in shown if v.hex == o.hex]
            # several markers in one hex (a village and a minefield...) share its foot side by side
            self._marks.append((x, y, rules.overlays[o.kind], o, here.index(o), len(here)))
        # a marker whose kind says `fill` also paints its whole hex, read at a glance across the
        # map: "flames" a blaze of its colour fading to smoke at the edges, "hatch" lines across
        self._fills = [(QPolygonF([QPointF(*c) for c in layout.corners(o.hex)]), rules.overlays[o.kind])
                       for o in shown if rules.overlays[o.kind].get("fill")]
        self._s = layout.size
        self._viewer = view.viewer                     # whose words a marker's tooltip is in
        self._names = {s.id: s.name for s in view.sides}
        w, h = layout.bounds(view.map.grid)
        self._rect = QRectF(0, 0, w, h)
        self.setZValue(12)          # above the counters (10): its marker sits at the hex's foot
        self.setAcceptedMouseButtons(Qt.NoButton)      # a click goes through to the stack or the hex
        self.setAcceptHoverEvents(True)      # a marker under the mouse says what it is (tooltip)

    def boundingRect(self) -> QRectF:
        return self._rect

    def _box(self, x: float, y: float, i: int, n: int) -> QRectF:
        """Marker i of n in the hex centred at (x, y): at its foot, above any counter, so a
        marker under a stack still shows; several share the foot side by side."""
        s = self._s
        width = s * 0.84 / n
        # its lower edge (with the pen) at 0.78 of the hex's half-height of 0.87: clear of the
        # number at the top of the hex below, which it touched at 0.82
        return QRectF(x - s * 0.42 + i * width, y + s * 0.47, width, s * 0.28)

    def shape(self) -> QPainterPath:
        """The marker boxes alone: the layer lies over the whole map, but the mouse over a stack
        is the stack's (its tooltip, its spreading out), not the layer's."""
        path = QPainterPath()
        for x, y, _spec, _o, i, n in self._marks:
            path.addRect(self._box(x, y, i, n))
        return path

    def tip_at(self, point) -> str:
        """What the marker at `point` (item coordinates) is, in words; "" off every marker."""
        for x, y, spec, o, i, n in self._marks:
            if self._box(x, y, i, n).contains(point):
                return self.words(spec["label"], o)
        return ""

    def words(self, label: str, o) -> str:
        """A marker as this viewer knows it: what it is and what its record says ("shelled, 8H,
        turn 2"), then who knows of it -- the umpire is told whose secret it is; a side is told
        the marker is its own record (its enemy is not shown it), never of a secret it does not
        hold (its view has none)."""
        text = label + (f" — {o.detail}" if o.detail else "")
        if not o.secret:
            return text
        if self._viewer == UMPIRE:
            knowers = [self._names.get(k, k) for k in (o.side, *o.known_to) if k]
            return text + (f" (secret: known only to {', '.join(knowers)})" if knowers else " (secret)")
        if o.side == self._viewer:
            return text + " (your side's own marker: the enemy is not shown it)"
        return text + " (your units saw it)"

    def hoverMoveEvent(self, event) -> None:
        self.setToolTip(self.tip_at(event.pos()))

    def _paint_fills(self, p: QPainter) -> None:
        for poly, spec in self._fills:
            colour = QColor(spec["colour"])
            if spec["fill"] == "flames":
                c = poly.boundingRect().center()
                glow = QRadialGradient(c, self._s)
                hot, smoke = QColor(colour), QColor(90, 90, 90, 150)
                hot.setAlpha(170)
                glow.setColorAt(0.0, QColor(255, 220, 60, 150))       # the heart of the fire (its number still reads)
                glow.setColorAt(0.45, hot)
                glow.setColorAt(1.0, smoke)                          # smoke at the edges
                p.setPen(Qt.NoPen)
                p.setBrush(QBrush(glow))
            else:                                                    # "hatch"
                p.setPen(QPen(colour.darker(120), self._s * 0.05))
                p.setBrush(QBrush(colour.darker(140), Qt.BDiagPattern))
            p.drawPolygon(poly)

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = self._s
        self._paint_fills(p)
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(5, int(s * 0.22)))
        font.setBold(True)
        p.setFont(font)
        for x, y, spec, o, i, n in self._marks:
            r = self._box(x, y, i, n)
            p.setBrush(QColor(255, 255, 255, 220))
            pen = QPen(QColor(spec["colour"]), s * 0.06)
            if o.secret:
                pen.setStyle(Qt.DashLine)
            p.setPen(pen)
            p.drawRect(r)
            p.setPen(QColor(spec["colour"]).darker(130))
            p.drawText(r, Qt.AlignCenter, spec["marker"])
