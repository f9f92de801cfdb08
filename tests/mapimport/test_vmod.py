"""`umpire import-map vmod`: a VASSAL module made in the test (a zip with a buildFile naming its
boards and their pictures under images/) -- its boards listed, one board's picture taken as a
scenario's backdrop beside it; a broken zip, a zip without a buildFile and a board whose picture
is missing each refused in one line."""

import io
import zipfile

import pytest

from umpire.cli import main
from umpire.core.scenario import load_scenario
from umpire.mapimport.vmod import boards

from . import backdropkit as kit

BUILD = """<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule name="Stonebridge" version="1.0">
  <VASSAL.build.module.Map mapName="Main Map">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="north.png" name="North">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.HexGrid dx="30.0" dy="34.641" x0="25" y0="25" sideways="false"/>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board>
      <VASSAL.build.module.map.boardPicker.Board image="south.png" name="South"/>
      <VASSAL.build.module.map.boardPicker.Board image="gone.png" name="Lost"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>
"""


def _png(tmp_path) -> bytes:
    buf = io.BytesIO()
    kit.board(tmp_path / "b.png")
    buf.write((tmp_path / "b.png").read_bytes())
    return buf.getvalue()


@pytest.fixture()
def vmod(tmp_path):
    path = tmp_path / "stonebridge.vmod"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", BUILD)
        z.writestr("images/north.png", _png(tmp_path))
        z.writestr("images/south.png", _png(tmp_path))
    (tmp_path / "b.png").unlink()
    (tmp_path / "out").mkdir()
    return path


def test_the_boards_are_listed(vmod, capsys):
    assert [(b.name, b.image, b.grid is not None) for b in boards(vmod)] == [
        ("North", "north.png", True), ("South", "south.png", False), ("Lost", "gone.png", False)]
    assert main(["import-map", "vmod", str(vmod), "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("North  (image: north.png)  hex grid: hex size 20.0, flat-topped")
    assert out[1] == "South  (image: south.png)  no hex grid"


def test_a_board_with_a_hex_grid_becomes_a_calibrated_backdrop(vmod, tmp_path):
    out = tmp_path / "out" / "north.toml"
    assert main(["import-map", "vmod", str(vmod), "--board", "North", "--rules", "toy", "--out", str(out)]) == 0
    assert (tmp_path / "out" / "north.png").is_file()           # extracted beside the scenario
    sc = load_scenario(out)
    b = sc.map.backdrop
    assert b.image == "north.png" and b.hex_size == pytest.approx(20.0) and b.origin == pytest.approx((25, 25))
    assert b.stretch == pytest.approx(1.0, abs=1e-3)
    assert (sc.map.grid.columns, sc.map.grid.rows) == (12, 10)


def test_a_board_without_a_grid_gets_a_guess_that_validates(vmod, tmp_path, capsys):
    out = tmp_path / "out" / "south.toml"
    assert main(["import-map", "vmod", str(vmod), "--board", "south", "--rules", "toy", "--out", str(out)]) == 0
    assert "a first guess at the calibration" in capsys.readouterr().out
    assert load_scenario(out).map.backdrop.image == "south.png"
    assert main(["validate", str(out)]) == 0


def _refused(capsys, *argv):
    assert main(["import-map", "vmod", *map(str, argv)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    return err


def test_a_board_whose_picture_is_missing(vmod, tmp_path, capsys):
    out = tmp_path / "out" / "lost.toml"
    err = _refused(capsys, vmod, "--board", "Lost", "--rules", "toy", "--out", out)
    assert "stonebridge.vmod: board 'Lost' names image 'gone.png', which is not in the module (images/gone.png)" in err
    assert list((tmp_path / "out").iterdir()) == []
    assert "no board 'East' (its boards: 'North', 'South', 'Lost')" in _refused(
        capsys, vmod, "--board", "East", "--rules", "toy", "--out", out)


def test_a_broken_zip_and_a_zip_without_a_build_file(tmp_path, capsys):
    broken = tmp_path / "broken.vmod"
    broken.write_bytes(b"PK\x03\x04 this is not a whole zip")
    assert "broken.vmod: not a VASSAL module: not a zip file, or a damaged one" in _refused(capsys, broken, "--list")
    empty = tmp_path / "empty.vmod"
    with zipfile.ZipFile(empty, "w") as z:
        z.writestr("images/a.png", b"")
    assert "empty.vmod: not a VASSAL module: it holds no buildFile" in _refused(capsys, empty, "--list")


def test_a_failed_import_leaves_nothing_behind(vmod, tmp_path, capsys):
    """The picture is extracted before the scenario is written: a refusal takes it away again."""
    out = tmp_path / "out" / "north.toml"
    err = _refused(capsys, vmod, "--board", "North", "--rules", "toy", "--out", out, "--columns", "40", "--rows", "40")
    assert "the grid does not fit the image" in err
    assert list((tmp_path / "out").iterdir()) == []
