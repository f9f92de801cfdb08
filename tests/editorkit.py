"""The scenario editor on a copy of Kaltenbach Gap, and a click on a line of its Places dock: what
the editor's window tests share."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from umpire.core.scenario_doc.document import ScenarioDocument
from umpire.gui.editor.window import EditorWindow

KALTENBACH = Path(__file__).resolve().parents[1] / "scenarios" / "kaltenbach-gap.toml"


def kaltenbach_editor(qtbot, tmp_path, monkeypatch) -> EditorWindow:
    """The editor shown on kg.toml, a copy of Kaltenbach Gap in `tmp_path`; leaving it discards."""
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    path = tmp_path / "kg.toml"
    path.write_bytes(KALTENBACH.read_bytes())
    e = EditorWindow(ScenarioDocument.open(path))
    qtbot.addWidget(e)
    e.show()
    return e


def click_line(editor, starts: str):
    """Click the Places line that starts with `starts`; the form it shows."""
    places = editor.places
    item = next(places.list.item(i) for i in range(places.list.count())
                if places.list.item(i).text().startswith(starts))
    places.list.setCurrentItem(item)
    places.list.itemClicked.emit(item)
    return places.entry
