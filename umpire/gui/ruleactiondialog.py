"""The form of one of a rule system's own actions (Unit menu: Lock 'n Load's spotting attempt,
artillery fire mission, or any unit action a rule system describes): who acts and what, the
action's help wrapped under it with its rule, then one row per field it asks for
(ActionSpec.fields_for) -- typed text such as a hex number, or a choice; a yes/no field is a
choice of "no" or "yes".  An enemy unit chosen from a list is shown with its hex and what the
acting side knows of it (`known`: the side's own view, never the umpire's); an optional choice
left empty says what that means when its label tells ("Weapon (empty: the usual one)").  OK stays off until every required field is filled; the engine
still checks everything and refuses with its reason.

A fire whose rule system gives its worksheet before the roll (RuleSystem.preview, as `umpire
fire --odds` prints it: Hex Command Mechanized's) shows that worksheet and its odds under the
fields, rebuilt as the target or weapon changes -- as MechWar 4's own fire dialog does; in a
side's view without the lines the umpire alone reads."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QMessageBox,
                               QVBoxLayout, QWidget)

from ..core.errors import UmpireError
from ..core.knowledge import UMPIRE, build_view
from ..core.names import whole_names
from ..rules import rule_system

# the form's least width, in average characters (a width in pixels would be cramped with a large
# font): room for a hex number or a choice to be read whole, and help text wrapped in lines
# read at a glance
WIDTH_CHARS = 76


def enemies_known(game, side: str) -> dict[str, str]:
    """The enemy units `side` knows, by the label it knows each by: "C4 — 1409, Medium tank" --
    its hex and its type as far as the side has identified it (its own view: never the umpire's)."""
    view = build_view(game, side, rule_system(game.rules))
    n = view.map.number
    known = {}
    for m in view.units:
        if m.side != side and m.key.startswith("contact:"):
            label = m.key.removeprefix("contact:")
            known[label] = (f"{label} — {n(m.hex)}, {m.type_label or 'not identified'}"
                            + ("" if m.knowledge == "seen" else f" (last seen turn {m.turn_seen})"))
    return known


def fill_in_and_run(window, spec, who: str, fields: list, params: dict, dialog_class=None) -> None:
    """One of the rule system's actions from a menu (the Unit menu's for a unit, Turn → Side
    Actions for a side): the form for `fields` (none: no form, it runs at once), its answers
    parsed into `params`, then the engine's action through the window (play.run).  Cancelled:
    nothing; an answer that does not parse: its one-line reason, nothing run."""
    params = dict(params)
    if fields:
        dialog = (dialog_class or RuleActionDialog)(window, spec.label, who, fields, spec.help, spec.rule)
        sheet_of = fire_preview(window, spec, who)
        if sheet_of is not None and hasattr(dialog, "show_sheet"):
            dialog.show_sheet(sheet_of)
        if dialog.exec() != QDialog.Accepted:
            return
        try:
            params |= {f.key: f.parse(text) for f in fields if (text := dialog.params().get(f.key))}
        except UmpireError as e:
            QMessageBox.warning(window, "Not allowed", e.one_line())
            return
    window.play.run(spec.name, params)


def fire_preview(window, spec, unit_id: str):
    """For a fire action whose rule system gives the worksheet before the roll: a function from
    the form's answers to the worksheet's lines as the viewer may read them; else None."""
    game = getattr(window, "game", None)
    system = rule_system(game.rules) if game is not None else None
    if system is None or spec.name not in system.PREVIEWS or unit_id not in game.units:
        return None

    def lines(params: dict) -> list[str]:
        target = params.get("target")
        if not target:
            return ["Choose a target: the worksheet and the odds show here before the roll."]
        sheet = system.preview(game, spec.name, unit_id, params)
        if not sheet.legal:
            reason = sheet.reason
            if window.viewer != UMPIRE:     # a refusal may name the enemy unit behind a contact: never to a side
                enemy = whole_names(u.id for u in game.units.values() if u.side != game.units[unit_id].side)
                reason = enemy.sub("that unit", reason) if enemy else reason
            return [f"No shot: {reason} ({sheet.rule})"]
        kept = getattr(sheet, "kept", {})          # lines the umpire alone reads (a target's hidden damage)
        return [line for i, line in enumerate(sheet.text())
                if window.viewer == UMPIRE or kept.get(i) in (None, window.viewer)]
    return lines


class RuleActionDialog(QDialog):
    def __init__(self, window, title: str, unit_id: str, fields, help: str = "", rule: str = "",
                 known: dict[str, str] | None = None) -> None:
        super().__init__(window)
        self.setWindowTitle(title)
        self.fields = fields
        game = getattr(window, "game", None)
        if known is None and game is not None and unit_id in game.units \
                and any(f.kind == "enemy" for f in fields):      # what the acting unit's side knows
            known = enemies_known(game, game.units[unit_id].side)
        chars = self.fontMetrics().averageCharWidth()
        self.setMinimumWidth(WIDTH_CHARS * chars)
        outer = QVBoxLayout(self)
        outer.setSpacing(10)
        self.heading = QLabel(f"<b>{unit_id}</b>: {title}")
        outer.addWidget(self.heading)
        self.help = _wrapped(" ".join(help.split()) + (f" ({rule})" if rule else ""))
        self.help.setVisible(bool(help or rule))
        outer.addWidget(self.help)
        form = QFormLayout()
        # each label above its field, both the dialog's whole width: beside them the fields were
        # squeezed into what the longest label left ("Second hex (line, walking barrage)")
        form.setRowWrapPolicy(QFormLayout.WrapAllRows)
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        form.setVerticalSpacing(4)
        self.inputs: dict = {}
        self.labels: dict = {}
        for f in fields:
            box = _input(f, self._check, known or {})
            label = _field_label(f)
            label.setBuddy(box)
            self.inputs[f.key], self.labels[f.key] = box, label
            form.addRow(label, box)
        outer.addLayout(form)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        self._check()

    def _value(self, key: str) -> str:
        box = self.inputs[key]
        return (box.currentData() or "") if isinstance(box, QComboBox) else box.text().strip()

    def params(self) -> dict:
        return {f.key: self._value(f.key) for f in self.fields if self._value(f.key)}

    def _check(self) -> None:
        ok = all(self._value(f.key) for f in self.fields if f.required)
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(ok)
        if getattr(self, "sheet_of", None) is not None:
            self.sheet.setText("\n".join(self.sheet_of(self.params())))

    def show_sheet(self, sheet_of) -> None:
        """The worksheet under the fields, from `sheet_of(answers)`, rebuilt as they change."""
        self.sheet_of = sheet_of
        self.sheet = _wrapped("")
        self.sheet.setObjectName("worksheet")
        self.sheet.setStyleSheet("QLabel#worksheet { background: #f6f6f0; border: 1px solid #ccc; padding: 6px; }")
        self.sheet.setTextInteractionFlags(Qt.TextSelectableByMouse)
        layout = self.layout()
        layout.insertWidget(layout.indexOf(self.buttons), self.sheet)
        self._check()


def _wrapped(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.PlainText)         # rule text in parentheses, never markup
    return label


def _field_label(f) -> QLabel:
    """A field's label: its words, then "optional" set apart in grey -- appended in brackets it
    ran into the label's own ("(line, walking barrage) (optional)")."""
    text = f.label.replace("&", "&amp;").replace("<", "&lt;")
    label = QLabel(f"{text}:" + ("" if f.required else " <span style='color: gray'>— optional</span>"))
    label.setTextFormat(Qt.RichText)     # on a row of its own: the dialog's width, unwrapped
    return label


def empty_choice(f) -> str:
    """What a choice box shows for leaving a field empty: a flag's "no", what the label says
    empty means ("Weapon (empty: the usual one)" -> "(the usual one)"), else "(none)"."""
    if f.kind == "flag":
        return "no"
    said = re.search(r"\(empty: ([^)]*)\)", f.label)
    return f"({said.group(1).strip()})" if said else "(none)"


def choice_text(f, choice: str, known: dict[str, str]) -> str:
    """One choice as the box shows it: an enemy by its label, hex and what the side knows of it."""
    if not choice:
        return empty_choice(f)
    if f.kind == "enemy" and choice in known:
        return known[choice]
    return f.name_of(choice)


def _input(f, changed, known: dict[str, str]) -> QWidget:
    """A choice box for a field with choices (a flag: no or yes), else a line to type in."""
    choices = f.choices or (("", "yes") if f.kind == "flag" else ())
    if choices:
        box = QComboBox()
        for c in choices:
            box.addItem(choice_text(f, c, known), c)
        box.currentIndexChanged.connect(changed)
        return box
    box = QLineEdit()
    box.setPlaceholderText("e.g. 0603" if f.kind == "hex" else "e.g. A1, B2" if f.kind == "units" else "")
    box.textChanged.connect(changed)
    return box
