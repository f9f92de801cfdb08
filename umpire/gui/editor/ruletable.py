"""The rule system's own scenario table ([warblog], [hcm]) as a form, in a dock of its own named
after the rule system: built from the fields the rule system describes (core.scenario_fields),
so a club's rule system that describes its table gets its form too.  A single key is a widget
of its kind; a list of rows (War Blog's hearts and minds) a table with + Row and Remove Row; a
list per side (HCM's activation groups) a line per side.  Every edit is one operation of the
document (Undo takes it back); a value left at its default is written as no key at all."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QFrame, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QScrollArea, QSpinBox, QVBoxLayout, QWidget)

from ...core.scenario_doc import oob_edit, rule_table
from ...core.scenario_fields import ScenarioField, new_row
from .fields import narrow

NO_VALUE = None


def split_list(text: str) -> list[str]:
    """"0503, 0604" or "0503 0604" -> ["0503", "0604"]; ids with spaces ("A Coy") need commas."""
    parts = text.split(",") if "," in text else text.split()
    return [p.strip() for p in parts if p.strip()]


def list_text(values: Any) -> str:
    return ", ".join(str(v) for v in values) if isinstance(values, list) else ("" if values is None else str(values))


def value_widget(editor, f: ScenarioField, value: Any, changed) -> QWidget:
    """A widget for one described value (core.scenario_fields); `changed(value)` as the
    organizer edits it (None: the default, left out of the file)."""
    doc = editor.doc
    named: dict[str, str] | None = None
    if f.kind == "side":
        named = {s: s for s in oob_edit.ids(doc, "side")}
    elif f.kind == "unit":          # of the kinds it names (War Blog's latent refugees: refugee units)
        types = editor.rules.unit_types
        named = {str(u.get("id")): str(u.get("id")) for _, _, u in oob_edit.units(doc)
                 if not f.of_kinds or types.get(str(u.get("type")), {}).get("kind") in f.of_kinds}
    elif f.kind == "unit_type":
        named = {k: f"{t.get('label', k)} [{k}]" for k, t in editor.rules.unit_types.items()}
    elif f.kind == "choice":
        named = {c: c for c in f.choices}
    if named is not None:
        w = narrow(QComboBox())
        if not f.required or value is None:
            w.addItem(_left_out(f), NO_VALUE)
        for v, label in named.items():
            w.addItem(label, v)
        if value is not None and w.findData(value) < 0:
            w.addItem(f"{value} (unknown)", value)      # the Problems dock says what is wrong
        w.setCurrentIndex(max(0, w.findData(value)))
        w.activated.connect(lambda i: changed(_not_default(f, w.itemData(i))))
    elif f.kind == "flag":
        w = QCheckBox()
        w.setChecked(bool(value if value is not None else f.default))
        w.toggled.connect(lambda on: changed(_not_default(f, on)))
    elif f.kind == "number":
        w = QSpinBox()
        if f.required:          # a row's key that must be there: no "default" to choose
            w.setRange(f.low, f.high)
            w.setValue(int(value) if isinstance(value, int) else (f.default if f.default is not None else f.low))
            w.editingFinished.connect(lambda: changed(w.value()))
        else:                   # one below the least value reads as the default: the key left out
            w.setRange(f.low - 1, f.high)
            w.setSpecialValueText(_left_out(f))
            w.setValue(int(value) if isinstance(value, int) else w.minimum())
            w.editingFinished.connect(lambda: changed(None if w.value() == w.minimum()
                                                      else _not_default(f, w.value())))
    else:       # text, a hex, a list of hexes
        w = QLineEdit(list_text(value))
        w.setPlaceholderText({"hex": "a hex number, 0503", "hexes": "hex numbers: 0503, 0604",
                              "list": "ids, with commas"}.get(f.kind, ""))
        w.editingFinished.connect(lambda: changed(_typed(f, w.text())))
    w.setToolTip(f.help)
    return w


def _form(parent: QWidget) -> QFormLayout:
    """A form that fits a narrow dock: a long label puts its field on the line below."""
    form = QFormLayout(parent)
    form.setRowWrapPolicy(QFormLayout.WrapLongRows)
    return form


def _left_out(f: ScenarioField) -> str:
    """What a list or a number shows for the key left out of the file."""
    return f"({f.unset})" if f.unset else f"(default: {f.default})" if f.default is not None else "(none)"


def _not_default(f: ScenarioField, value: Any) -> Any:
    return None if (value == f.default and not f.required) else value


def _typed(f: ScenarioField, text: str) -> Any:
    if f.kind in ("hexes", "list"):
        return split_list(text) or None
    return text.strip() or None


class RuleTable(QScrollArea):
    """The form; `editor` gives the document, the rules and `run`."""

    def __init__(self, editor, fields: tuple[ScenarioField, ...]) -> None:
        super().__init__()
        self.editor = editor
        self.fields = fields
        self.name = editor.rules.name
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)     # the form narrows with the dock
        self.rows_shown: dict[str, list[dict[str, QWidget]]] = {}   # a rows field's rows: key -> widget
        self.add_buttons: dict[str, QPushButton] = {}   # a rows field's + Row
        self.widgets: dict[str, QWidget] = {}           # a single key's widget, by key

    def refresh(self) -> None:
        holder = QWidget()
        box = QVBoxLayout(holder)
        box.setContentsMargins(4, 4, 4, 4)
        intro = QLabel(f"{self.editor.rules.title}'s own table, [{self.name}] in the file. Hover a field for "
                       "its rule; a field at its default is left out of the file.")
        intro.setWordWrap(True)
        box.addWidget(intro)
        self.rows_shown.clear()
        self.add_buttons.clear()
        self.widgets.clear()
        single = QGroupBox("Settings")
        form = _form(single)
        own = self.editor.doc.table(self.name)
        for f in self.fields:
            if f.kind == "rows":
                box.addWidget(self._rows_group(f))
            elif f.kind == "per_side":
                box.addWidget(self._per_side_group(f, own.get(f.key, {})))
            else:
                w = self.value_widget(f, own.get(f.key), lambda v, k=f.key: self.editor.run(
                    rule_table.set_key, self.name, k, v))
                self.widgets[f.key] = w
                label = QLabel(f.label)
                label.setToolTip(f.help)
                form.addRow(label, w)
        if form.rowCount():
            box.insertWidget(1, single)
        box.addStretch(1)
        self.setWidget(holder)

    def value_widget(self, f: ScenarioField, value: Any, changed) -> QWidget:
        return value_widget(self.editor, f, value, changed)

    # ------------------------------------------------------------------ a list of rows
    def _rows_group(self, f: ScenarioField) -> QGroupBox:
        """Each row a small form of its keys with its own Remove button (a dock is narrow: a
        table of five columns would scroll sideways), then + Row."""
        group = QGroupBox(f.label)
        group.setToolTip(f.help)
        layout = QVBoxLayout(group)
        found = rule_table.rows(self.editor.doc, self.name, f.key)
        self.rows_shown[f.key] = []
        for i, row in enumerate(found):
            frame = QFrame()
            frame.setFrameShape(QFrame.StyledPanel)
            form = _form(frame)
            form.setContentsMargins(4, 2, 4, 2)
            shown = {}
            for c in f.row:
                w = self.value_widget(c, row.get(c.key), lambda v, i=i, k=c.key: self.editor.run(
                    rule_table.set_row_value, self.name, f.key, i, k, v))
                shown[c.key] = w
                label = QLabel(c.label)
                label.setToolTip(c.help)
                form.addRow(label, w)
            remove = QPushButton(f"Remove #{i + 1}")
            remove.setToolTip("Remove this row (Edit → Undo puts it back)")
            remove.clicked.connect(lambda _=False, i=i: self.editor.run(rule_table.remove_row, self.name, f.key, i))
            form.addRow(QLabel(f"#{i + 1}"), remove)
            self.rows_shown[f.key].append(shown)
            layout.addWidget(frame)
        add = QPushButton("+ Row")
        add.setToolTip(f"Add a row to {f.label.lower()} ([[{self.name}.{f.key}]] in the file)")
        add.clicked.connect(lambda: self.add_row(f))
        self.add_buttons[f.key] = add
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        return group

    def add_row(self, f: ScenarioField) -> None:
        doc, types = self.editor.doc, self.editor.rules.unit_types
        kinds = next((c.of_kinds for c in f.row if c.kind == "unit"), ())
        units = [str(u.get("id")) for _, _, u in oob_edit.units(doc)
                 if not kinds or types.get(str(u.get("type")), {}).get("kind") in kinds]
        first = {"side": next(iter(oob_edit.ids(doc, "side")), ""), "unit": next(iter(units), ""),
                 "unit_type": next(iter(types), ""), "hex": doc.grid().number(doc.grid().from_offset(1, 1))}
        self.editor.run(rule_table.add_row, self.name, f.key, new_row(f, first))

    # ------------------------------------------------------------------ a list per side
    def _per_side_group(self, f: ScenarioField, value: Any) -> QGroupBox:
        group = QGroupBox(f.label)
        group.setToolTip(f.help)
        form = _form(group)
        value = value if hasattr(value, "get") else {}
        doc = self.editor.doc
        side_of = {str(b.get("id")): str(b.get("side")) for b in doc.entries("battalion")}
        for side in oob_edit.ids(doc, "side"):
            own = [str(c.get("id")) for c in doc.entries("company") if side_of.get(str(c.get("battalion"))) == side]
            w = QLineEdit(list_text(value.get(side)))
            w.setPlaceholderText("company ids in order, with commas")
            w.setToolTip(f"{f.help}\n{side}'s companies: {', '.join(own) or 'none yet'}")
            w.editingFinished.connect(lambda s=side, w=w: self.editor.run(
                rule_table.set_side_list, self.name, f.key, s, split_list(w.text())))
            self.widgets[f"{f.key}.{side}"] = w
            form.addRow(side, w)
        return group
