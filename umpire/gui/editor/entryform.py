"""The keys of the zone, minefield (zoneform.py), victory conditions (victoryform.py), off-board
artillery, air or reinforcement selected in the Places dock: for the last three those
every hex game reads (a battery's concentrations and strength, a reinforcement's turn, entry
hexes and units) and those its rule system declares on that kind of record (MechWar 4's FASCAM
fires, sections, a reinforcement arriving in column...: core.traits), each a widget of its kind.
An edit is one operation of the document; the Problems dock judges the values."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel

from ...core.limits import COUNT, STRENGTH, TURNS
from ...core.scenario_doc import places_edit
from ...core.scenario_fields import ScenarioField as F
from .fields import field_widget, trait_choices, trait_fields
from .ruletable import value_widget
from .victoryform import victory_rows
from .zoneform import minefield_keys, zone_rows

EDITED = ("zone", "minefield", "victory", "artillery", "air", "reinforcement")
_SIDE = F("side", "Side", "side", "the side it belongs to", required=True)
_FROM = F("from_turn", "From turn", "number", "the first turn it may be called on", default=1,
          low=TURNS[0], high=TURNS[1])
CORE_KEYS: dict[str, tuple[F, ...]] = {
    "artillery": (_SIDE, F("label", "Label", "text", "what the orders and reports call it (default: its id)"),
                  F("kind", "Kind", "choice", "what fires: its patterns and rules follow", default="artillery",
                    choices=("artillery", "rocket", "mortar")),
                  F("concentrations", "Concentrations", "number", "the fire missions it has in the game",
                    low=COUNT[0], high=COUNT[1], required=True),
                  F("strength", "Strength", "number", "the points of each", low=STRENGTH[0], high=STRENGTH[1],
                    required=True), _FROM),
    "air": (_SIDE, F("label", "Label", "text", "what the orders and reports call it (default: its id)"),
            F("strikes", "Strikes", "number", "the strikes it has in the game", low=COUNT[0], high=COUNT[1],
              required=True),
            F("strength", "Strength", "number", "the points of each", low=STRENGTH[0], high=STRENGTH[1],
              required=True), _FROM),
    "reinforcement": (_SIDE, F("turn", "Turn", "number", "the turn it arrives", low=TURNS[0], high=TURNS[1],
                               required=True),
                      F("entry", "Entry hexes", "hexes", "map-edge hexes it enters through", required=True),
                      F("units", "Units", "list", "company or unit ids arriving (set up off the map)",
                        required=True)),
}


class EntryForm(QGroupBox):
    def __init__(self, editor) -> None:
        super().__init__("Selected")
        self.editor = editor
        self.kind, self.index = "", -1
        self.widgets: dict[str, Any] = {}
        QFormLayout(self)
        self.show_entry("", -1)

    def show_entry(self, kind: str, index: int) -> None:
        """The form for the index-th [[kind]] (nothing for another kind of line)."""
        self.kind, self.index = kind, index
        form: QFormLayout = self.layout()
        while form.rowCount():
            form.removeRow(0)
        self.widgets.clear()
        entries = self.editor.doc.entries(kind) if kind in EDITED else []
        if not 0 <= index < len(entries):
            self.kind, self.index = "", -1
            self.setTitle("Selected")
            hint = QLabel("Click a zone, minefield, victory, artillery, air or reinforcement line to edit its keys here.")
            hint.setWordWrap(True)
            form.addRow(hint)
            return
        entry = entries[index]
        self.setTitle(f"{kind.capitalize()} {entry.get('id', f'#{index + 1}')}")

        def add_row(f: F) -> None:
            w = value_widget(self.editor, f, entry.get(f.key), lambda v, k=f.key: self.set(k, v))
            self.widgets[f.key] = w
            label = QLabel(f.label)
            label.setToolTip(f.help)
            form.addRow(label, w)
        if kind == "zone":
            zone_rows(self, form, entry, add_row)
        if kind == "victory":
            victory_rows(self, form, entry, index, add_row)
        for f in minefield_keys(self.editor.rules) if kind == "minefield" else CORE_KEYS.get(kind, ()):
            add_row(f)
        rules = self.editor.rules
        for key, field in (trait_fields(rules, kind) if kind in CORE_KEYS else {}).items():    # the rule system's own keys
            w = field_widget(field, entry.get(key), lambda v, k=key: self.set(k, v), trait_choices(rules, kind, key))
            self.widgets[key] = w
            form.addRow(key.replace("_", " "), w)

    def set(self, key: str, value: Any) -> None:
        entry = self.editor.doc.entries(self.kind)[self.index]
        current = entry.get(key)
        if current == value or (value is None and key not in entry):
            return          # focus leaving a field unchanged is no change to undo
        self.editor.run(places_edit.set_entry_value, self.kind, self.index, key, value)
