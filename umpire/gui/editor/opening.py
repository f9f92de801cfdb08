"""Opening the editor from the main window: File → New Scenario… (a blank scenario of the
rule system, title and map asked) and Edit Scenario… (a scenario file).  A file that cannot be
read as TOML, or of a rule system not installed, is refused in a dialog naming it."""

from __future__ import annotations

from os import PathLike

from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from ...core.errors import UmpireError
from ...core.ruleset import load_ruleset
from ...core.scenario_doc.blank import blank_scenario
from ...core.scenario_doc.document import ScenarioDocument
from .newdialog import NewScenarioDialog
from .window import EditorWindow


def open_editor(parent, doc: ScenarioDocument, play=None) -> EditorWindow | None:
    try:
        window = EditorWindow(doc, play)
    except UmpireError as e:
        QMessageBox.critical(parent, "Cannot edit the scenario", e.one_line())
        return None
    window.show()
    return window


def new_scenario(parent, play=None, choice: dict | None = None) -> EditorWindow | None:
    """`choice`: what the dialog asks (rules, title, columns, rows, orientation, stagger,
    turns), given by a test instead of asked."""
    if choice is None:
        dialog = NewScenarioDialog(parent)
        if dialog.exec() != QDialog.Accepted:
            return None
        choice = dialog.choice()
    try:
        rules = load_ruleset(choice["rules"])
        text = blank_scenario(rules, choice["title"], choice["columns"], choice["rows"], choice["orientation"],
                              choice["stagger"], choice.get("turns", 10))
    except (UmpireError, ValueError) as e:
        QMessageBox.critical(parent, "Cannot make the scenario", str(e))
        return None
    return open_editor(parent, ScenarioDocument(text), play)


def edit_scenario(parent, path: str | None = None, play=None, start_dir: str = "") -> EditorWindow | None:
    if not isinstance(path, (str, PathLike)):     # None, or a QAction's `checked` bool: ask
        path, _ = QFileDialog.getOpenFileName(parent, "Edit a scenario", start_dir, "Scenarios (*.toml)")
        if not path:
            return None
    try:
        doc = ScenarioDocument.open(path)
    except UmpireError as e:
        QMessageBox.critical(parent, "Cannot edit the scenario", e.one_line())
        return None
    return open_editor(parent, doc, play)
