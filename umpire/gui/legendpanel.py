"""The Legend panel: what the marks on the map mean, in words -- the sides' counters, the state
letters on them (P, F1, S, BC...), the markers at the foot of hexes (War Blog's T/E/V/H/M,
MechWar 4's WRK/IMP...), contacts, plots, objectives, zones.  It is the reports' map key
(reports/legend.py), built from the same view the map is drawn from, so it lists only what the
viewer's map shows and tells nothing the map does not."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QTextBrowser

from ..reports.legend import SCENARIOS_OPACITY, map_key


class LegendPanel(QTextBrowser):
    def __init__(self) -> None:
        super().__init__()
        self.setPlaceholderText("Open a game: its map's key appears here.")

        self.shown = None                  # (view, rules, system) of the key shown
        self.backdrop_opacity = SCENARIOS_OPACITY    # the window's View → Backdrop choice, once made

    def show_view(self, view, rules, system) -> None:
        self.shown = (view, rules, system)
        self._fill()

    def set_backdrop_opacity(self, opacity: float | None) -> None:
        """How much of the backdrop the window shows now (None: none drawn): the key says so."""
        self.backdrop_opacity = opacity
        if self.shown is not None:
            self._fill()

    def clear(self) -> None:
        """No game: nothing to show again when the backdrop's opacity is told."""
        self.shown = None
        super().clear()

    def _fill(self) -> None:
        key = map_key(*self.shown, backdrop_opacity=self.backdrop_opacity)
        rows = "".join(f"<tr><td style='padding:2px 8px 2px 0'><b>{escape(a)}</b></td><td>{escape(b)}</td></tr>"
                       for a, b in key.rows)
        self.setHtml(f"<table>{rows}</table>" if rows else "<i>Nothing on the map yet.</i>")
