"""The editor's fields: the scenario's own keys ([scenario], the map's size and shape, the rule
system's [options]) when nothing is selected, and the selected record's keys otherwise -- a
side's name and colour, a unit's type and hex, and the keys the rule system reads on that kind
of record, as its traits declare them (core/traits.py: a bool is a tick box, a choice a list,
a number a spin box, text a line).  A field edited is one operation of the document."""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic_core import PydanticUndefined
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QSpinBox, QVBoxLayout, QWidget)

from ...core.limits import MAP_SIDE, TURNS
from ...core.ruleset import system_class
from ...core.scenario_doc import map_edit, oob_edit, places_edit
from ...core.scenario_doc.blank import clear_symbol
from .newdialog import SHAPES
from ...rules import rule_system


def trait_fields(rules, kind: str) -> dict[str, Any]:
    """The rule system's declared keys of a kind of record: name -> pydantic field."""
    return dict(system_class(rules).Traits.model(kind).model_fields)


def _shape(field) -> tuple[Any, bool, tuple[int, int]]:
    """A declared key's type without its `| None`, whether it may be none, and its bounds if
    it is a number (from `Field(ge=..., le=...)` on the key or inside its Annotated type)."""
    annotation, optional = field.annotation, False
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        kinds = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional, annotation = len(kinds) < len(typing.get_args(annotation)), kinds[0]
    marks = list(field.metadata)
    if typing.get_origin(annotation) is typing.Annotated:
        annotation, *extra = typing.get_args(annotation)
        for e in extra:
            marks += list(getattr(e, "metadata", [e]))
    low = next((m.ge for m in marks if hasattr(m, "ge")), 0)
    high = next((m.le for m in marks if hasattr(m, "le")), 999)
    return annotation, optional, (low, high)


def trait_choices(rules, kind: str, key: str) -> dict[str, str]:
    """The values the rule system's tables allow a text key (value -> label); {} for any text."""
    return system_class(rules).Traits.choices(rules, kind, key)


def choice_label(value: str, label: str) -> str:
    return f"{label} [{value}]" if label != value else value


def field_widget(field, value: Any, changed, named: dict[str, str] | None = None) -> QWidget:
    """A widget for one declared key; `changed(value)` when the organizer edits it (None: the
    key's default, written as no key at all).  `named`: the values the rule system's tables
    allow a text key (value -> label), offered as a list."""
    annotation, optional, (low, high) = _shape(field)
    if named and annotation is str:
        return _named_box(field, value, changed, named)
    default = field.default if field.default is not PydanticUndefined else None
    choices = typing.get_args(annotation) if typing.get_origin(annotation) is typing.Literal else ()
    if annotation is bool and not optional:
        w = QCheckBox()
        w.setChecked(bool(value if value is not None else default))
        w.toggled.connect(lambda on: changed(None if on == default else on))
        return w
    if annotation is bool:
        choices = (True, False)
    if choices:
        w = narrow(QComboBox())
        if optional or default is None:
            w.addItem("(none)", None)
        for c in choices:
            w.addItem(str(c).lower() if isinstance(c, bool) else str(c), c)
        w.setCurrentIndex(max(0, w.findData(value if value is not None else default)))
        w.activated.connect(lambda i: changed(None if w.itemData(i) == default else w.itemData(i)))
        return w
    if annotation is int:
        w = QSpinBox()
        # a key that may be none: one below its least value reads "(none)"
        w.setRange(low - 1 if optional else low, high)
        if optional:
            w.setSpecialValueText("(none)")
        w.setValue(int(value) if value is not None else (default if default is not None else w.minimum()))
        w.editingFinished.connect(lambda: changed(None if (optional and w.value() == w.minimum())
                                                  or w.value() == default else w.value()))
        return w
    w = QLineEdit("" if value is None else str(value))
    w.setPlaceholderText("(none)" if not field.is_required() else "required")
    w.editingFinished.connect(lambda: changed(w.text().strip() or None))
    return w


def _named_box(field, value: Any, changed, named: dict[str, str]) -> QComboBox:
    """A list of the table's entries (a MechWar 4 troop quality): "(none)" where the key may be
    left out, "(choose…)" where it is required and not yet given, and a value the tables do not
    know kept visible (the Problems dock says what is wrong with it)."""
    w = narrow(QComboBox())
    if not field.is_required() or value is None:
        w.addItem("(none)" if not field.is_required() else "(choose…)", None)
    for v, label in named.items():
        w.addItem(choice_label(v, label), v)
    if value is not None and w.findData(value) < 0:
        w.addItem(f"{value} (unknown)", value)
    w.setCurrentIndex(max(0, w.findData(value)))
    w.activated.connect(lambda i: changed(w.itemData(i)) if w.itemData(i) is not None or not field.is_required()
                        else None)
    return w


def narrow(box: QComboBox) -> QComboBox:
    """A list as wide as the dock allows, not as its longest entry (a unit type's full name)."""
    box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(14)
    return box


class Fields(QWidget):
    def __init__(self, editor) -> None:
        super().__init__()
        self.editor = editor
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(4, 4, 4, 4)
        self.form_holder: QWidget | None = None
        self.kind, self.ident = "", ""

    def show_record(self, kind: str, ident: str) -> None:
        self.kind, self.ident = kind, ident
        self.refresh()

    def refresh(self) -> None:
        if self.form_holder is not None:        # gone now, not at the next turn of the event loop
            self.box.removeWidget(self.form_holder)
            self.form_holder.setParent(None)
            self.form_holder.deleteLater()
        self.form_holder = QWidget()
        layout = QVBoxLayout(self.form_holder)
        layout.setContentsMargins(0, 0, 0, 0)
        try:
            if self.kind:
                layout.addWidget(self._record_form())
            else:
                layout.addWidget(self._scenario_form())
                layout.addWidget(self._map_form())
                if self.editor.rules.options:
                    layout.addWidget(self._options_form())
        except ValueError:          # the record is gone (undone, renamed): the scenario's fields
            self.kind = ""
            return self.refresh()
        layout.addStretch(1)
        self.box.addWidget(self.form_holder)

    # ------------------------------------------------------------------ the scenario
    def _scenario_form(self) -> QGroupBox:
        group, form = _group("Scenario")
        head = self.editor.doc.table("scenario")
        title = QLineEdit(str(head.get("title", "")))
        title.editingFinished.connect(lambda: self._set("scenario", "title", title.text().strip() or None))
        form.addRow("Title", title)
        turns = QSpinBox()
        turns.setRange(*TURNS)
        turns.setValue(int(head.get("turns", 10)))
        turns.editingFinished.connect(lambda: self._set("scenario", "turns", turns.value()))
        form.addRow("Turns", turns)
        first = narrow(QComboBox())
        sides = oob_edit.ids(self.editor.doc, "side")
        first.addItem("(the first side)", None)
        for s in sides:
            first.addItem(s, s)
        first.setCurrentIndex(max(0, first.findData(head.get("first_player"))))
        first.activated.connect(lambda i: self._set("scenario", "first_player", first.itemData(i)))
        form.addRow("First player", first)
        night = QCheckBox()
        night.setChecked(bool(head.get("night", False)))
        night.toggled.connect(lambda on: self._set("scenario", "night", True if on else None))
        form.addRow("Night", night)
        description = QLineEdit(str(head.get("description", "")))
        description.editingFinished.connect(
            lambda: self._set("scenario", "description", description.text().strip() or None))
        form.addRow("Description", description)
        return group

    def _map_form(self) -> QGroupBox:
        group, form = _group("Map")
        grid = self.editor.doc.grid()
        self.columns, self.rows = QSpinBox(), QSpinBox()
        for box, value in ((self.columns, grid.columns), (self.rows, grid.rows)):
            box.setRange(*MAP_SIDE)
            box.setValue(value)
        size = QHBoxLayout()
        size.addWidget(self.columns)
        size.addWidget(QLabel("x"))
        size.addWidget(self.rows)
        apply = QPushButton("Resize")
        apply.setToolTip("Cut or widen the map; new hexes are clear, at level 0")
        apply.clicked.connect(self.resize_map)
        size.addWidget(apply)
        form.addRow("Columns x rows", size)
        self.shape = narrow(QComboBox())
        for orientation, stagger, label in SHAPES:
            self.shape.addItem(label, (orientation, stagger))
        self.shape.setCurrentIndex(max(0, self.shape.findData((grid.orientation, grid.stagger))))
        self.shape.activated.connect(lambda i: self.editor.run(map_edit.set_shape, *self.shape.itemData(i)))
        form.addRow("Shape", self.shape)
        return group

    def resize_map(self) -> None:
        self.editor.run(map_edit.resize, self.columns.value(), self.rows.value(), clear_symbol(self.editor.rules))

    def _options_form(self) -> QGroupBox:
        group, form = _group("Optional rules")
        chosen = self.editor.doc.table("options")
        for key, spec in self.editor.rules.options.items():
            box = narrow(QComboBox())
            box.addItem(f"(default: {spec.get('default', spec['values'][0])})", None)
            for v in spec["values"]:
                box.addItem(str(v), v)
            box.setCurrentIndex(max(0, box.findData(chosen.get(key))))
            box.setToolTip(f"{spec.get('label', key)} ({spec.get('rule', '')})")
            box.activated.connect(lambda i, k=key, b=box: self._set("options", k, b.itemData(i)))
            form.addRow(key.replace("_", " "), box)
        return group

    # ------------------------------------------------------------------ a record
    def _record_form(self) -> QGroupBox:
        doc, kind, ident = self.editor.doc, self.kind, self.ident
        record = oob_edit.unit(doc, ident) if kind == "unit" else oob_edit.record(doc, kind, ident)
        group, form = _group(f"{kind.capitalize()} {ident}")
        if kind == "unit":
            types = self.editor.rules.unit_types
            box = narrow(QComboBox())
            for name, t in types.items():
                box.addItem(f"{t.get('label', name)} [{name}]", name)
            box.setCurrentIndex(max(0, box.findData(str(record.get("type")))))
            box.activated.connect(lambda i: self._field("type", box.itemData(i)))
            form.addRow("Type", box)
            hex_box = QLineEdit(str(record.get("hex", "")))
            hex_box.setPlaceholderText("off the map")
            hex_box.editingFinished.connect(lambda: self.editor.run(oob_edit.place_unit, ident,
                                                                    hex_box.text().strip() or None))
            form.addRow("Hex", hex_box)
        else:
            name = QLineEdit(str(record.get("name", "")))
            name.editingFinished.connect(lambda: self._field("name", name.text().strip() or None))
            form.addRow("Name", name)
        if kind == "battalion":       # its HQ: one of its own units (the format's `hq`)
            own = [str(u.get("id")) for u in record.get("units", [])]
            form.addRow("HQ", self._choice(own, record.get("hq"), "(no HQ)", "hq"))
        if kind in ("side", "battalion", "company"):      # where its units must set up
            zones = [str(z.get("id")) for z in doc.entries("zone")]
            form.addRow("Deploy in", self._choice(zones, record.get("deploy"), "(anywhere)", "deploy"))
        if kind == "side":
            colour = QLineEdit(str(record.get("colour", "")))
            colour.setPlaceholderText("#rrggbb")
            colour.editingFinished.connect(lambda: self._field("colour", colour.text().strip() or None))
            form.addRow("Colour", colour)
        for key, field in trait_fields(self.editor.rules, kind).items():
            if kind == "unit" and not self._takes(record, key):
                continue
            form.addRow(key.replace("_", " "), field_widget(field, record.get(key),
                                                            lambda v, k=key: self._field(k, v),
                                                            trait_choices(self.editor.rules, kind, key)))
        return group

    def _takes(self, unit: Any, key: str) -> bool:
        """Whether the unit's type is of a kind the trait is for (RuleSystem.UNIT_TRAIT_KINDS: a
        commander's values), or the unit has the key already (the problems list says what is wrong)."""
        kinds = rule_system(self.editor.rules).UNIT_TRAIT_KINDS.get(key)
        if kinds is None or key in unit:
            return True
        return self.editor.rules.unit_types.get(str(unit.get("type")), {}).get("kind") in kinds

    def _choice(self, values: list[str], current: Any, nothing: str, key: str) -> QComboBox:
        box = narrow(QComboBox())
        box.addItem(nothing, None)
        for v in values:
            box.addItem(v, v)
        box.setCurrentIndex(max(0, box.findData(current)))
        box.activated.connect(lambda i: self._field(key, box.itemData(i)))
        return box

    def _field(self, key: str, value: Any) -> None:
        self.editor.run(oob_edit.set_field, self.kind, self.ident, key, value)

    def _set(self, table: str, key: str, value: Any) -> None:
        self.editor.run(places_edit.set_value, table, key, value)


def _group(title: str) -> tuple[QGroupBox, QFormLayout]:
    group = QGroupBox(title)
    return group, QFormLayout(group)
