"""The player's window: everything in it comes from one side package (umpire/packages), which
holds the side's view and nothing else -- so nothing of the umpire's can be reached from here.

Map (the painter's scene over the package's view: own units, contacts, last-known ghosts, its
plots and objectives), and tabs: Units, Contacts and the report's other tables, the turn's
Events, Line of Sight over the map as the side knows it, Orders (an editor whose File → Sign and
Save Orders… writes the orders file signed with the side's key), and the rule system's Tables as
the umpire's Umpire has them.
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QFontDatabase, QKeySequence, QPainter
from PySide6.QtWidgets import (QApplication, QDockWidget, QFileDialog, QGraphicsView, QHBoxLayout, QLabel, QLineEdit,
                               QMainWindow, QMessageBox, QPlainTextEdit, QPushButton, QTabWidget, QTextBrowser,
                               QVBoxLayout, QWidget)

from ...core.errors import UmpireError
from ...core.ruleset import load_ruleset
from ...packages.orders_template import check_before_signing
from ...packages.package import Package, read_package
from ...packages.signing import sign_orders
from ...packages.trust import check_trust
from ...render.scene import MapScene
from .orders_text import orders_template


def _table_html(t) -> str:
    if not t.rows:
        return f"<h3>{escape(t.title)}</h3><p>{escape(t.empty)}</p>"
    head = "".join(f"<th align='left'>{escape(h)}</th>" for h in t.header)
    rows = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in r) + "</tr>" for r in t.rows)
    return f"<h3>{escape(t.title)}</h3><table cellspacing='0' cellpadding='3' border='1'><tr>{head}</tr>{rows}</table>"


class PlayerWindow(QMainWindow):
    def __init__(self, package: Package, source: str = "") -> None:
        super().__init__()
        self.package, self.source = package, source
        m = package.manifest
        self.setWindowTitle(f"Umpire — player: {m['side_name']} — {m['title']} — turn {m['turn']} of {m['turns']}")
        self.rules = load_ruleset(m["rules"])
        self.scene = MapScene(package.view, self.rules)
        self.map_view = QGraphicsView(self.scene)
        self.map_view.setRenderHint(QPainter.Antialiasing)
        self.map_view.setDragMode(QGraphicsView.ScrollHandDrag)
        self.setCentralWidget(self.map_view)
        self.tabs = QTabWidget()
        self.tabs.setUsesScrollButtons(False)      # every tab in sight at the window's size: no hidden Orders
        self.tabs.setDocumentMode(True)
        self._add_tables()
        self._add_los()
        self._add_orders()
        dock = QDockWidget("Side package", self)
        dock.setObjectName("package")
        dock.setWidget(self.tabs)
        dock.setMinimumWidth(480)
        dock.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        self._menus()
        self.statusBar().showMessage(f"{m['side_name']}'s package of turn {m['turn']} ({m['phase_label']}), "
                                     f"signed by the game — orders for turn {m['orders_turn']}")
        self.resize(1280, 800)

    # ---------------------------------------------------------------- what the package shows
    def _browser(self, html: str) -> QTextBrowser:
        b = QTextBrowser()
        b.setHtml(html)
        return b

    def _add_tables(self) -> None:
        p = self.package
        by_title = {t.title: t for t in p.tables}
        own = [u for u in p.view.units if u.knowledge == "own"]
        carrying: dict[str, list[str]] = {}
        for carrier, rider, _type, _strength in p.riders:
            carrying.setdefault(carrier, []).append(rider)
        # a column the rule system never fills (LnLT's companies, a state no unit has) is left out
        cols = [("Unit", lambda u: u.label), ("Type", lambda u: u.type_label),
                ("Hex", lambda u: p.view.map.number(u.hex)), ("Strength", lambda u: u.strength),
                ("State", lambda u: u.state), ("Company", lambda u: u.company or ""),
                ("Carrying", lambda u: ", ".join(carrying.get(u.key, [])))]
        cols = [(h, f) for h, f in cols if h in ("Unit", "Type", "Hex") or any(f(u) for u in own)]
        head = "".join(f"<th>{h}</th>" for h, _ in cols)
        units = "".join("<tr>" + "".join(f"<td{' nowrap' if h == 'Hex' else ''}>{escape(str(f(u)))}</td>"
                                         for h, f in cols) + "</tr>" for u in sorted(own, key=lambda u: u.label))
        hexes = {u.key: p.view.map.number(u.hex) for u in own}
        riding = "".join(f"<tr><td>{escape(rider)}</td><td>{escape(kind)}</td><td>{escape(strength)}</td>"
                         f"<td>{escape(carrier)}</td><td nowrap>{escape(hexes.get(carrier, ''))}</td></tr>"
                         for carrier, rider, kind, strength in sorted(p.riders, key=lambda r: r[1]))
        # who rides in what (LnLT 16.1, HCM 2.3.6): the map shows the carrier's counter only
        riders = ("<h3>Riding or carried</h3><table cellspacing='0' cellpadding='3' border='1'><tr><th>Unit</th>"
                  f"<th>Type</th><th>Strength</th><th>In / with</th><th>Hex</th></tr>{riding}</table>" if riding else "")
        self.tabs.addTab(self._browser("<h3>Our units on the map</h3><table cellspacing='0' cellpadding='3' border='1'>"
                                       f"<tr>{head}</tr>{units}</table>{riders}"), "Units")
        if "Contacts" in by_title:
            self.tabs.addTab(self._browser(_table_html(by_title["Contacts"])), "Contacts")
        self.tabs.addTab(self._browser("".join(_table_html(t) for t in p.tables if t.title != "Contacts")), "Report")
        events = "".join(f"<p>{escape(e)}</p>" for e in p.events) or f"<p>{escape(p.events_empty)}</p>"
        self.tabs.addTab(self._browser(events), "Events")
        rules = "".join(f"<h3>{escape(name)}</h3><pre>{escape(text)}</pre>" for name, text in p.rule_tables.items())
        self.tabs.addTab(self._browser(rules or "<p>The package holds no tables.</p>"), "Tables")

    def _add_los(self) -> None:
        box = QWidget()
        lay = QVBoxLayout(box)
        row = QHBoxLayout()
        self.los_from, self.los_to = QLineEdit(), QLineEdit()
        self.los_from.setPlaceholderText("from hex (e.g. 0612)")
        self.los_to.setPlaceholderText("to hex")
        go = QPushButton("Check")
        go.clicked.connect(self.check_los)
        self.los_to.returnPressed.connect(self.check_los)
        for w in (self.los_from, self.los_to, go):
            row.addWidget(w)
        lay.addLayout(row)
        self.los_out = QPlainTextEdit()
        self.los_out.setReadOnly(True)
        lay.addWidget(self.los_out)
        self.tabs.addTab(box, "Sight")
        self.tabs.setTabToolTip(self.tabs.count() - 1, "Line of sight over the map as your side knows it")

    def check_los(self) -> None:
        """Line of sight over the terrain the side knows (the package's map; units do not block)."""
        from ...core.los import Eye
        from ...rules import rule_system
        gm = self.package.view.map
        try:
            a, b = gm.grid.parse(self.los_from.text()), gm.grid.parse(self.los_to.text())
            result = rule_system(self.rules).sight(gm).line_of_sight(Eye(a), Eye(b))
            self.los_out.setPlainText(result.describe(gm))
        except (ValueError, UmpireError) as e:
            self.los_out.setPlainText(f"cannot check: {e}")

    def _add_orders(self) -> None:
        self.orders = QPlainTextEdit()
        self.orders.setPlainText(orders_template(self.package))
        self.orders.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))     # TOML lines up as written
        self.orders.setLineWrapMode(QPlainTextEdit.NoWrap)
        box = QWidget()
        lay = QVBoxLayout(box)
        # which phase of the umpire's game applies them, as the package says (issue 23)
        self.orders_when = QLabel(self.package.manifest.get("orders_applied")
                                  or f"Orders for turn {self.package.manifest['orders_turn']}.")
        self.orders_when.setWordWrap(True)
        lay.addWidget(self.orders_when)
        lay.addWidget(self.orders)
        sign = QPushButton("Sign and Save Orders…")
        sign.clicked.connect(lambda: self.save_orders())
        lay.addWidget(sign)
        self.tabs.addTab(box, "Orders")

    # ---------------------------------------------------------------- menus and files
    def _menus(self) -> None:
        file = self.menuBar().addMenu("&File")
        for label, key, slot in (("Open Package…", QKeySequence.Open, self.open_other),
                                 ("Sign and Save Orders…", QKeySequence.Save, lambda: self.save_orders()),
                                 ("Save Report PDF…", "Ctrl+P", lambda: self.save_report()),
                                 ("Quit", QKeySequence.Quit, self.close)):
            a = QAction(label, self)
            a.setShortcut(key)
            a.triggered.connect(slot)
            file.addAction(a)
        view = self.menuBar().addMenu("&View")
        fit = QAction("Fit Map", self)
        fit.setShortcut("Ctrl+0")
        fit.triggered.connect(self.fit_map)
        view.addAction(fit)
        help_ = self.menuBar().addMenu("&Help")
        about = QAction("About Player Mode", self)
        about.triggered.connect(lambda: QMessageBox.information(self, "Player mode", (
            "This window shows one side's package: what the umpire sent your side, signed by the game. "
            "Write your orders in the Orders tab and sign them (File → Sign and Save Orders…); "
            "send the signed file to your umpire. Nothing else of the game is here.")))
        help_.addAction(about)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not getattr(self, "fitted", False):     # the whole board on open, once laid out (Ctrl+0 again)
            self.fitted = True
            QTimer.singleShot(0, self.fit_map)

    def fit_map(self) -> None:
        self.map_view.fitInView(self.scene.sceneRect(), Qt.KeepAspectRatio)

    def signed_orders(self) -> str:
        """The orders signed -- after the rule system's reader took them as the umpire's will
        (a refusal here is one the umpire would give: nothing is signed)."""
        from ...rules import rule_system
        text = self.orders.toPlainText()
        check_before_signing(text, rule_system(self.rules), self.package.view.units,
                             orders_form=self.package.orders_form)
        return sign_orders(self.package, text, "the orders")

    def save_orders(self, path: str | None = None) -> Path | None:
        try:
            text = self.signed_orders()
        except UmpireError as e:
            QMessageBox.warning(self, "Orders not signed", e.one_line())
            return None
        if path is None:
            m = self.package.manifest
            path, _ = QFileDialog.getSaveFileName(self, "Save signed orders",
                                                  f"orders-{m['side']}-turn{m['orders_turn']:02d}.toml",
                                                  "Orders files (*.toml)")
            if not path:
                return None
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as e:
            QMessageBox.warning(self, "Orders not saved", f"{path}: {e.strerror or e}")
            return None
        self.statusBar().showMessage(f"signed orders saved to {path}: send them to your umpire")
        return Path(path)

    def save_report(self, path: str | None = None) -> None:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Save report", "report.pdf", "PDF (*.pdf)")
            if not path:
                return
        try:
            Path(path).write_bytes(self.package.report_pdf)
        except OSError as e:
            QMessageBox.warning(self, "Report not saved", f"{path}: {e.strerror or e}")

    def open_other(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a side package", "", "Side packages (*.umpkg)")
        if path:
            try:
                other = open_package(path)
            except UmpireError as e:
                QMessageBox.warning(self, "Package refused", e.one_line())
                return
            other.show()
            self.close()


def checked_package(path: str) -> Package:
    """A package read (its shape and signature checked), its rule system one this Umpire has --
    before its game's key is trusted, so that a package no window can show is not remembered --
    and its game's key trusted."""
    package = read_package(path)
    try:
        load_ruleset(package.manifest["rules"])
    except UmpireError as e:
        raise UmpireError(f"a package of a rule system this Umpire lacks: {e.problem}", file=str(path)) from None
    check_trust(package, str(path))
    return package


def open_package(path: str) -> PlayerWindow:
    """A package read, its signature checked and its game's key trusted, in a new player window."""
    package = checked_package(path)
    window = PlayerWindow(package, str(path))
    open_package.windows = [*getattr(open_package, "windows", []), window]      # kept alive while shown
    return window


def run_player(path: str, screenshot: str | None = None) -> int:
    """`umpire open-package FILE`: refused in one line before any window opens."""
    import os
    if screenshot:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    package = checked_package(path)
    if not screenshot:
        from ...platformcheck import window_problem
        if (sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM")
                and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")):
            raise UmpireError("no display to open a window on (for a picture, use --screenshot)")
        if problem := window_problem():       # Qt would abort the process: say what to install instead
            raise UmpireError(problem)
    app = QApplication.instance() or QApplication(["umpire"])
    window = PlayerWindow(package, str(path))
    window.show()
    if screenshot:
        app.processEvents()
        window.fit_map()
        app.processEvents()
        if not window.grab().save(screenshot):
            raise UmpireError("cannot write the image", file=screenshot)
        print(f"wrote {screenshot}")
        return 0
    return app.exec() if sys.flags.interactive == 0 else 0
