"""The editor's tool bar: the tool (Pan, Brush, Line, Fill, Hexside, Rectangle, Polygon), what the brush paints
(a terrain type of the rule system's terrain chart, with its colour and symbol, a level 0-9,
or the hexes of a deployment zone), the brush's size (1, 7 or 19 hexes) and the hexside feature (the rule system's hexside
chart) the Hexside tool adds or removes."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QIcon, QPixmap
from PySide6.QtWidgets import QComboBox, QLabel, QToolBar

TOOL_LABELS = {"pan": ("Pan", "P", "Drag the map; wheel to zoom"),
               "brush": ("Brush", "B", "Paint the hexes under the brush as you drag"),
               "line": ("Line", "L", "Paint a straight line of hexes: press, drag, release"),
               "fill": ("Fill", "F", "Paint the area joined to the hex clicked that looks like it"),
               "hexside": ("Hexside", "H", "Click near a hexside to add the feature (again to take it off)"),
               "rectangle": ("Rectangle", "R", "Paint a rectangle of columns and rows: press at one corner, drag "
                                              "to the other (a zone without an area takes it as its area)"),
               "polygon": ("Polygon", "G", "Click the corners of an area in turn; double-click or Enter closes it "
                                          "and paints the hexes inside, Esc drops it")}


def swatch(colour: str) -> QIcon:
    pixmap = QPixmap(14, 14)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class Palette(QObject):
    tool_changed = Signal(str)

    def __init__(self, window, rules) -> None:
        super().__init__(window)
        self.bar = QToolBar("Tools", window)
        self.bar.setObjectName("Editor tools")
        self.group = QActionGroup(self)
        self.actions: dict[str, QAction] = {}
        for tool, (label, key, tip) in TOOL_LABELS.items():
            act = QAction(label, self, checkable=True)
            act.setShortcut(key)
            act.setToolTip(f"{tip} ({key})")
            act.triggered.connect(lambda _=False, t=tool: self.tool_changed.emit(t))
            self.group.addAction(act)
            self.bar.addAction(act)
            self.actions[tool] = act
        self.actions["pan"].setChecked(True)
        self.bar.addSeparator()
        self.bar.addWidget(QLabel(" Paint "))
        self.paint = QComboBox()
        self.paint.setToolTip("What the brush, line and fill paint: a terrain type or a level")
        self.bar.addWidget(self.paint)
        self.bar.addWidget(QLabel(" Size "))
        self.size = QComboBox()
        for n in (1, 7, 19):
            self.size.addItem(f"{n} hex{'es' if n > 1 else ''}", n)
        self.size.setToolTip("Hexes under the brush: one, a hex and its ring, two rings")
        self.bar.addWidget(self.size)
        self.bar.addWidget(QLabel(" Hexside "))
        self.feature = QComboBox()
        self.feature.setToolTip("The feature the Hexside tool draws: from the rule system's hexside chart")
        self.bar.addWidget(self.feature)
        self.set_rules(rules)

    def set_rules(self, rules) -> None:
        self.paint.clear()
        for name, t in rules.terrain_types.items():
            self.paint.addItem(swatch(t.get("fill", "#ffffff")), f"{t['symbol']}  {t.get('label', name)}",
                               ("terrain", t["symbol"], t.get("label", name)))
        for level in range(10):
            grey = 235 - level * 18
            self.paint.addItem(swatch(QColor(grey, grey, grey).name()), f"level {level}",
                               ("elevation", str(level), f"level {level}"))
        self.feature.clear()
        for name, f in rules.hexside_features.items():
            self.feature.addItem(swatch(f.get("colour", "#000000")), f.get("label", name), name)

    def set_zones(self, zones: list[tuple[str, str]]) -> None:
        """The scenario's deployment zones, (id, side colour) each, as more things the brush
        lays down: a stroke adds its hexes to the zone."""
        current = self.paint.currentData()
        for i in reversed(range(self.paint.count())):
            if self.paint.itemData(i)[0] == "zone":
                self.paint.removeItem(i)
        for zid, colour in zones:
            self.paint.addItem(swatch(colour), f"zone {zid}", ("zone", zid, f"zone {zid}"))
        # (findData cannot compare a tuple: the list is searched by hand)
        found = [i for i in range(self.paint.count()) if self.paint.itemData(i) == current]
        self.paint.setCurrentIndex(found[0] if found else 0)

    def choose_tool(self, tool: str) -> None:
        self.actions[tool].setChecked(True)
        self.tool_changed.emit(tool)

    def choose_paint(self, layer: str, char: str) -> None:
        for i in range(self.paint.count()):
            if self.paint.itemData(i)[:2] == (layer, char):
                self.paint.setCurrentIndex(i)
                return
        raise ValueError(f"no {layer} {char!r} in the palette")

    def painting(self) -> tuple[str, str, str]:
        """(layer, character, name) the brush paints."""
        return self.paint.currentData()

    def brush_size(self) -> int:
        return self.size.currentData()
