"""File → Import Club Map…'s hexside table: the window's `--hexside VALUE=FEATURE` (issue 22
leftovers).  Rows of Tiled's value and one of the rule system's hexside features -- offered from
its own list, changed with the rule system -- give the very scenario the command line writes; a
row without a value or a value given twice is refused in one line naming the row, the dialog
left open and nothing written."""

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox

from umpire.cli import main
from umpire.core.errors import UmpireError
from umpire.gui.importmap import ImportMapDialog

from mapimport import tmxkit as kit
from mapimport.test_tmx_hexsides import GRASS, centre, objects_xml


def _said(monkeypatch) -> list[str]:
    said = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda parent, title, text: said.append(text)))
    return said


def tiled_map(folder):
    """A 4 x 3 grass map with a road through the top row's centres and a creek along two hex
    edges (the drawings of test_tmx_hexsides.py)."""
    road = [centre(0, 0), centre(1, 0), centre(2, 0), centre(3, 0)]
    creek = [(16, 56), (48, 56), (64, 84)]
    return kit.tmx(folder / "m.tmx", [kit.layer_xml("Ground", GRASS),
                                      objects_xml(("road", road, "polyline"), ("creek", creek, "polyline"))])


def dialog_for(qtbot, source, rules="toy") -> ImportMapDialog:
    d = ImportMapDialog()
    qtbot.addWidget(d)
    d.source.setText(str(source))
    d.source_changed()
    d.rules.setCurrentIndex(d.rules.findData(rules))
    return d


def test_the_table_gives_what_the_command_lines_hexside_gives(qtbot, tmp_path, monkeypatch):
    said = _said(monkeypatch)
    source = tiled_map(tmp_path)
    by_hand = tmp_path / "cli.toml"
    assert main(["import-map", "tmx", str(source), "--rules", "toy", "--terrain", "grass=clear",
                 "--hexside", "creek=stream", "--out", str(by_hand)]) == 0
    mapping = tmp_path / "tiles.toml"
    mapping.write_text('[terrain]\ngrass = "clear"\n', encoding="utf-8")
    d = dialog_for(qtbot, source)
    d.mapping.setText(str(mapping))
    assert d.hexsides.isEnabled()
    # without the row the import refuses the creek, naming the way to map it
    d.out.setText(str(tmp_path / "m.toml"))
    d.run()
    assert d.result() != QDialog.Accepted and "'creek'" in said[-1] and "--hexside creek=NAME" in said[-1]
    assert not (tmp_path / "m.toml").exists()
    d.hexsides.add_row("creek", "stream")
    assert d.hexsides.table.cellWidget(0, 1).currentText() == "Stream (stream)"
    d.run()
    assert d.result() == QDialog.Accepted and d.written == tmp_path / "m.toml"
    # the very scenario the command line wrote
    assert d.written.read_text(encoding="utf-8") == by_hand.read_text(encoding="utf-8")
    assert 'stream = ["0101/0102", "0102/0201"]' in d.written.read_text(encoding="utf-8")


def test_a_row_without_a_value_or_given_twice_is_refused_naming_it(qtbot, tmp_path, monkeypatch):
    said = _said(monkeypatch)
    d = dialog_for(qtbot, tiled_map(tmp_path))
    d.hexsides.add_row("creek", "stream")
    d.hexsides.add_row("", "road")
    d.run()
    assert said == ["hexside mapping, row 2: give Tiled's value (or remove the row)"]
    d.hexsides.table.cellWidget(1, 0).setText("creek")
    d.run()
    assert said[-1] == "hexside mapping, row 2: 'creek' is mapped already in row 1"
    assert d.result() != QDialog.Accepted and not (tmp_path / "m.toml").exists()
    d.hexsides.table.setCurrentCell(1, 0)
    d.hexsides.remove_row()
    assert d.hexsides.table.rowCount() == 1 and d.hexsides.pairs() == ["creek=stream"]


def test_the_features_are_the_rule_systems(qtbot, tmp_path):
    d = dialog_for(qtbot, tiled_map(tmp_path), rules="mechwar4")
    d.hexsides.add_row("creek", "stream")
    d.hexsides.add_row("lane", "trail")
    offered = [d.hexsides.table.cellWidget(0, 1).itemData(i) for i in range(d.hexsides.table.cellWidget(0, 1).count())]
    assert "trail" in offered and "stream_2" not in offered
    # Lock 'n Load Tactical grades its streams (10.5.1) and has no trail: a row's feature it lacks
    # is kept, marked, and refused at import rather than changed behind the organizer's back
    d.rules.setCurrentIndex(d.rules.findData("lnlt"))
    combo = d.hexsides.table.cellWidget(0, 1)
    offered = [combo.itemData(i) for i in range(combo.count())]
    assert "stream_2" in offered and "trail" not in offered
    assert combo.currentData() == "stream" and combo.currentText() == "stream (not in Lock 'n Load Tactical)"
    with pytest.raises(UmpireError) as refused:
        d.hexsides.pairs()
    assert refused.value.one_line() == ("hexside mapping, row 1: 'stream' is not a hexside feature of Lock 'n Load "
                                       "Tactical: choose one of road, stream_1, stream_2, stream_3, stream_4, stream_5")
    combo.setCurrentIndex(combo.findData("stream_2"))
    d.hexsides.table.cellWidget(1, 1).setCurrentIndex(0)
    assert d.hexsides.pairs() == ["creek=stream_2", "lane=road"]
    # a picture has no hexside properties: the table is off
    png = tmp_path / "board.png"
    png.write_bytes(b"")
    d.source.setText(str(png))
    d.source_changed()
    assert not d.hexsides.isEnabled()
