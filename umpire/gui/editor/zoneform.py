"""The keys of a deployment zone or a minefield selected in the Places dock (issue 22).

A zone is the union of the shapes docs/scenario-format.md gives it -- listed hexes, a rectangle
(`area`), the hex-row line it lies south or north of (MW4 20.41's set-up line), a map edge, a
circle (`within`) -- and each has its row here, so a zone made with the brush can become "the
south edge" or "within 3 of 1515" without the text editor.  The map shades the zone as it
stands after every change (the window's refresh reads it through core.zones).  A zone's id is
renamed everywhere it is named (a side's, battalion's or company's `deploy`).  A minefield has
its side, type (the rule system's minefield types), secrecy and hexes (MW4 16.0)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QSpinBox

from ...core.scenario_doc import oob_edit, places_edit
from ...core.scenario_doc.preview import game_map
from ...core.scenario_fields import ScenarioField as F
from ...core.zones import resolve_zone

ZONE_KEYS = (
    F("side", "Side", "side", "the side that sets up in it", required=True),
    F("label", "Label", "text", "what the map and the set-up orders call it (default: its id)"),
)
# the shapes a zone is the union of, as the scenario format writes them (core.zones)
ZONE_SHAPE_KEYS = (
    F("hexes", "Listed hexes", "hexes", "hexes named one by one (the brush and the hex menu add to them)"),
    F("area", "Rectangle corners", "hexes", "two opposite corners: the columns and rows between, corners "
      "inclusive (0101, 4013)"),
    F("edge", "Map edge", "choice", "the map-edge row or column on that side", choices=("north", "south", "east", "west")),
    F("south_of", "South of line", "hexes", "two hexes: every hex on or below the hex-row line between them "
      "(a set-up line, MW4 20.41)"),
    F("north_of", "North of line", "hexes", "two hexes: every hex on or above the hex-row line between them"),
)


def minefield_keys(rules) -> tuple[F, ...]:
    """A minefield's keys (MW4 16.0); its types are the rule system's."""
    return (F("side", "Side", "side", "the side that laid it", required=True),
            F("type", "Type", "choice", "the rule system's minefield type", choices=tuple(rules.mine_types),
              required=True),
            F("secret", "Secret", "flag", "known only to its owner and the umpire until a unit finds it",
              default=True, required=True),
            F("hexes", "Hexes", "hexes", "the hexes it lies in", required=True))


def zone_rows(form_owner, form: QFormLayout, entry: Any, add_row) -> None:
    """The zone's own rows: its id (renamed everywhere), side, label, each of its shapes, and
    the hexes it covers now.  `add_row(field)` builds a described key's row."""
    editor = form_owner.editor
    ident = QLineEdit(str(entry.get("id", "")))
    ident.setToolTip("the zone's id; a new one is changed wherever a side, battalion or company sets up in it")
    old = str(entry.get("id", ""))
    ident.editingFinished.connect(lambda: ident.text().strip() != old and editor.run(
        oob_edit.rename, "zone", old, ident.text().strip()))
    form_owner.widgets["id"] = ident
    form.addRow("Id", ident)
    for f in ZONE_KEYS:
        add_row(f)
    users = [f"{kind} {r.get('id')}" for kind in ("side", "battalion", "company")
             for r in editor.doc.entries(kind) if r.get("deploy") == entry.get("id")]
    purpose = QLabel("Sets up here: " + (", ".join(users) if users else "no one yet") +
                     " (a side's, battalion's or company's \"Deploy in\" field)")
    purpose.setWordWrap(True)
    form_owner.widgets["purpose"] = purpose
    form.addRow(purpose)
    heading = QLabel("<b>Its hexes</b>: all those of the shapes below together")
    heading.setWordWrap(True)
    form.addRow(heading)
    for f in ZONE_SHAPE_KEYS[:3]:
        add_row(f)
        if f.key == "area":
            form_owner.widgets["area"].setPlaceholderText("two corners: 0101, 4013")
    within = entry.get("within") if isinstance(entry.get("within"), dict) else {}
    centre = QLineEdit(str(within.get("hex", "")))
    centre.setPlaceholderText("a hex number, 1515")
    centre.setToolTip("a circle: the centre hex (empty: no circle)")
    radius = QSpinBox()
    grid = getattr(game_map(editor.doc, editor.rules), "grid", None)
    reach = (grid.columns + grid.rows) if grid is not None else 999
    radius.setRange(0, reach)
    radius.setValue(int(within.get("radius", 2)) if isinstance(within.get("radius", 2), int) else 2)
    radius.setToolTip("a circle: the hexes this many hexes or fewer from the centre")
    index = form_owner.index

    def set_circle() -> None:
        number = centre.text().strip() or None
        if (number, radius.value()) != ((str(within["hex"]) if within.get("hex") else None), within.get("radius", 2)):
            if number or within:
                editor.run(places_edit.set_zone_within, index, number, radius.value())
    centre.editingFinished.connect(set_circle)
    radius.editingFinished.connect(set_circle)
    form_owner.widgets["within_hex"], form_owner.widgets["within_radius"] = centre, radius
    form.addRow("Circle centre", centre)
    form.addRow("Circle radius", radius)
    for f in ZONE_SHAPE_KEYS[3:]:
        add_row(f)
        form_owner.widgets[f.key].setPlaceholderText("the line's two ends: 0121, 4025")
    try:
        words = f"Covers {len(resolve_zone(grid, entry.unwrap()))} hexes, shaded on the map." if grid else ""
    except (ValueError, TypeError, KeyError, AttributeError):
        words = "Its hexes cannot be read: the Problems dock says why."
    count = QLabel(words)
    form_owner.widgets["covers"] = count
    form.addRow(count)
