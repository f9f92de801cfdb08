"""The keys of a side's victory conditions selected in the Places dock ([[victory]], MW4 20.5):
its side, its text, whether destroyed enemy units score (MW4 20.51), each objective's hex, name
and points in a small table (+ Objective, Remove), and where its units may leave the map and
what each scores (MW4 8.27).  Each edit is one operation of core.scenario_doc.victory_edit,
which Undo takes back; one it refuses (a hex off the map, an exit hex not on the edge, an empty
text) is said in a dialog naming the objective and the problem, and the form shows the file's
values again."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QComboBox, QFormLayout, QGridLayout, QGroupBox, QInputDialog, QLabel, QLineEdit,
                               QPushButton, QSpinBox, QWidget)

from ...core.limits import POINTS
from ...core.scenario_doc import victory_edit
from ...core.scenario_fields import ScenarioField as F
from .ruletable import list_text, split_list

VICTORY_KEYS = (
    F("side", "Side", "side", "the side these conditions are for", required=True),
    F("points_for_units", "Destroyed units score", "flag", "the side scores each enemy unit it destroys (MechWar 4: MW4 20.51)",
      default=False),
)
NEW_POINTS = 5          # a new objective's points, changed in its row


def victory_rows(form_owner, form: QFormLayout, entry: Any, index: int, add_row) -> None:
    """The victory conditions' rows; `form_owner` is the Places dock's form (its editor, its
    widgets by name, show_entry to build it again)."""
    editor = form_owner.editor
    form_owner.setTitle(f"Victory of {entry.get('side', '?')}")

    def run(operation, *args) -> None:
        if not editor.run(operation, index, *args):
            form_owner.show_entry("victory", index)        # refused: the file's values again

    for f in VICTORY_KEYS:
        add_row(f)
    text = QLineEdit(str(entry.get("text", "")))
    text.setToolTip(f"What the side must do, in words; its turn reports print it.\n{entry.get('text', '')}")
    text.setCursorPosition(0)
    text.editingFinished.connect(lambda: text.text().strip() != str(entry.get("text", "")) and run(
        victory_edit.set_text, text.text()))
    form_owner.widgets["text"] = text
    form.insertRow(1, "Text", text)
    form.addRow(_objectives(form_owner, entry, index, run))
    form.addRow(_exit(form_owner, entry, run))


def _objectives(form_owner, entry: Any, index: int, run) -> QGroupBox:
    """A row per objective: hex, name, points, Remove; then + Objective."""
    group = QGroupBox("Objectives (hex, name, points)")
    group.setToolTip("The hexes the side scores for holding (MechWar 4: MW4 20.5; War Blog: its objectives, 8.1)")
    grid = QGridLayout(group)
    grid.setContentsMargins(4, 4, 4, 4)
    shown: list[dict[str, QWidget]] = []
    for n, o in enumerate(entry.get("objectives", []), start=1):
        where = QLineEdit(str(o.get("hex", "")))
        where.setMaximumWidth(64)
        where.setToolTip("its hex number")
        where.editingFinished.connect(lambda n=n, w=where, old=str(o.get("hex", "")): w.text().strip() != old and run(
            victory_edit.set_objective, n, "hex", w.text()))
        name = QLineEdit(str(o.get("label", "")))
        name.setPlaceholderText("(no name)")
        name.setToolTip("what the map and the reports call it")
        name.editingFinished.connect(lambda n=n, w=name, old=str(o.get("label", "")): w.text().strip() != old and run(
            victory_edit.set_objective, n, "label", w.text()))
        points = QSpinBox()
        points.setRange(*POINTS)
        points.setValue(o.get("points") if isinstance(o.get("points"), int) else 0)
        points.setToolTip("the victory points it is worth")
        points.editingFinished.connect(lambda n=n, w=points, old=o.get("points"): w.value() != old and run(
            victory_edit.set_objective, n, "points", w.value()))
        remove = QPushButton("Remove")
        remove.setToolTip("Take this objective out (Edit → Undo puts it back)")
        remove.clicked.connect(lambda _=False, n=n: run(victory_edit.remove_objective, n))
        for column, w in enumerate((where, name, points, remove)):
            grid.addWidget(w, n - 1, column)
        shown.append({"hex": where, "label": name, "points": points, "remove": remove})
    grid.setColumnStretch(1, 1)
    add = QPushButton("+ Objective")
    add.setToolTip("Add an objective: its hex is asked (the hex menu's Objective in HEX… adds one too)")
    add.clicked.connect(lambda: _add_objective(form_owner, index, run))
    grid.addWidget(add, len(shown), 0, 1, 2)
    form_owner.widgets["objectives"] = shown
    form_owner.widgets["add_objective"] = add
    return group


def _add_objective(form_owner, index: int, run) -> None:
    number, ok = QInputDialog.getText(form_owner, "New objective", "Its hex number:")
    if ok and number.strip():
        run(victory_edit.add_objective, number.strip(), "", NEW_POINTS)


def _exit(form_owner, entry: Any, run) -> QGroupBox:
    """Where the side's units may leave the map, and the points each scores (MW4 8.27)."""
    spec = entry.get("exit") if hasattr(entry.get("exit"), "get") else {}
    group = QGroupBox("Leaving the map")
    group.setToolTip("Units of the side may leave the map only here, each scoring the points (MechWar 4: MW4 "
                     "8.27); no edge and no hexes: they may not leave")
    form = QFormLayout(group)
    form.setRowWrapPolicy(QFormLayout.WrapLongRows)
    edge = QComboBox()
    edge.addItem("(no edge)", None)
    for name in victory_edit.EXIT_EDGES:
        edge.addItem(name, name)
    edge.setCurrentIndex(max(0, edge.findData(spec.get("edge"))))
    hexes = QLineEdit(list_text(spec.get("hexes")))
    hexes.setPlaceholderText("edge hexes: 0101, 0201")
    points = QSpinBox()
    points.setRange(*POINTS)
    points.setValue(spec.get("points") if isinstance(spec.get("points"), int) else 1)
    points.setToolTip("the victory points each unit leaving scores")

    def changed(chosen_edge: Any = ...) -> None:
        now = (edge.currentData() if chosen_edge is ... else chosen_edge, split_list(hexes.text()), points.value())
        if now != (spec.get("edge"), [str(h) for h in spec.get("hexes", [])], spec.get("points", points.value())):
            run(victory_edit.set_exit, *now)
    edge.activated.connect(lambda i: changed(edge.itemData(i)))
    hexes.editingFinished.connect(lambda: changed())
    points.editingFinished.connect(lambda: changed())
    form.addRow("Map edge", edge)
    form.addRow("Edge hexes", hexes)
    form.addRow("Points each", points)
    others = [k for k in spec if k not in ("edge", "hexes", "points")]
    if others:
        note = QLabel(f"Also its {', '.join(others)} as the file writes them (kept).")
        note.setWordWrap(True)
        form.addRow(note)
    form_owner.widgets.update(exit_edge=edge, exit_hexes=hexes, exit_points=points)
    return group
