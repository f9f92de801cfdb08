"""The Legend panel: what the marks on the map mean, in words -- the sides' counters, the state
letters on them (P, F1, S, BC...), the markers at the foot of hexes (War Blog's T/E/V/H/M,
MechWar 4's WRK/IMP...), contacts, plots, objectives, zones.  It is the reports' map key
(reports/legend.py), built from the same view the map is drawn from, so it lists only what the
viewer's map shows and tells nothing the map does not."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QTextBrowser

from ..reports.legend import map_key


class LegendPanel(QTextBrowser):
    def __init__(self) -> None:
        super().__init__()
        self.setPlaceholderText("Open a game: its map's key appears here.")

    def show_view(self, view, rules, system) -> None:
        key = map_key(view, rules, system)
        rows = "".join(f"<tr><td style='padding:2px 8px 2px 0'><b>{escape(a)}</b></td><td>{escape(b)}</td></tr>"
                       for a, b in key.rows)
        self.setHtml(f"<table>{rows}</table>" if rows else "<i>Nothing on the map yet.</i>")
