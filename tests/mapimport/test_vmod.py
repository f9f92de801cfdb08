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


def _module(path, build: bytes | str, images: dict | None = None):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("buildFile.xml", build)
        for name, data in (images or {}).items():
            z.writestr(f"images/{name}", data)
    return path


def test_a_build_file_that_unpacks_too_large_is_refused_unread(tmp_path, capsys, monkeypatch):
    """A few hundred KB of zip may unpack to hundreds of MB: refused by its size, before reading.
    The limit is lowered here so that the test needs no 16 MB; the real one is checked too."""
    from umpire.mapimport import vmod as vm
    assert 2**20 <= vm.BUILD_LIMIT <= 64 * 2**20 and vm.BIGGEST <= 256 * 2**20
    board = '<m><VASSAL.build.module.map.boardPicker.Board image="a.png" name="A"/>'
    bomb = _module(tmp_path / "bomb.vmod", board + " " * (3 * 2**20) + "</m>")
    assert bomb.stat().st_size < 64 * 1024
    monkeypatch.setattr(vm, "BUILD_LIMIT", 2**20)
    err = _refused(capsys, bomb, "--list")
    assert "bomb.vmod: its buildFile.xml unpacks to more than 1 MB: too large" in err
    monkeypatch.setattr(vm, "BUILD_LIMIT", 4 * 2**20)
    assert [b.name for b in boards(bomb)] == ["A"]          # under the limit it is read


def test_a_zip_that_lies_about_a_size_is_refused_in_one_line(tmp_path, monkeypatch):
    """A declared size under the limit over data that unpacks to more: zipfile reads no further
    than the declared size and then finds the checksum wrong -- one line, nothing more read."""
    from umpire.core.errors import UmpireError
    from umpire.mapimport import vmod as vm
    bomb = _module(tmp_path / "bomb.vmod", "<m>" + " " * (2 * 2**20) + "</m>")
    monkeypatch.setattr(vm, "BUILD_LIMIT", 2**20)
    real = zipfile.ZipFile.getinfo

    def lying(self, name):
        info = real(self, name)
        info.file_size = 10          # claims 10 bytes
        return info
    monkeypatch.setattr(zipfile.ZipFile, "getinfo", lying)
    with pytest.raises(UmpireError) as caught:
        boards(bomb)
    assert caught.value.one_line() == f"{bomb}: cannot read buildFile.xml: Bad CRC-32 for file 'buildFile.xml'"


def test_a_board_picture_too_large_is_refused_and_nothing_written(tmp_path, capsys, monkeypatch):
    from umpire.mapimport import vmod as vm
    build = '<m><VASSAL.build.module.map.boardPicker.Board image="big.png" name="Big"/></m>'
    module = _module(tmp_path / "big.vmod", build, {"big.png": b"\0" * (2 * 2**20)})
    monkeypatch.setattr(vm, "BIGGEST", 2**20)
    (tmp_path / "out").mkdir()
    err = _refused(capsys, module, "--board", "Big", "--rules", "toy", "--out", tmp_path / "out" / "big.toml")
    assert "big.vmod: board 'Big': its image unpacks to more than 1 MB: too large" in err
    assert list((tmp_path / "out").iterdir()) == []


@pytest.mark.parametrize("image", ["..", ".", "../escape.png", "sub/a.png", "a\\b.png", "C:x.png", ""])
def test_a_board_image_that_is_not_a_plain_file_name_is_refused(tmp_path, capsys, image):
    """A picture name is written into the scenario's folder: ".." or a path would land elsewhere
    (or on the folder itself)."""
    build = f'<m><VASSAL.build.module.map.boardPicker.Board image="{image}" name="B"/></m>'
    module = _module(tmp_path / "dots.vmod", build)
    with zipfile.ZipFile(module, "a") as z:
        z.writestr(f"images/{image}", b"x")
    (tmp_path / "out").mkdir()
    err = _refused(capsys, module, "--board", "B", "--rules", "toy", "--out", tmp_path / "out" / "b.toml")
    if image:
        assert f"dots.vmod: board 'B' names image {image!r}, which is not a plain file name: refused" in err
    else:
        assert "board 'B' has no image" in err
    assert list((tmp_path / "out").iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dots.vmod", "out"]


def test_several_boards_and_no_board_named_lists_them_to_pick_from(vmod, tmp_path, capsys):
    out = tmp_path / "out" / "any.toml"
    err = _refused(capsys, vmod, "--rules", "toy", "--out", out)
    assert "stonebridge.vmod: the module has 3 boards: give --board NAME, one of 'North', 'South', 'Lost'" in err
    assert not out.exists() and not (tmp_path / "out" / "north.png").exists()


def test_a_module_of_one_board_needs_no_board_named(tmp_path):
    build = '<m><VASSAL.build.module.map.boardPicker.Board image="only.png" name="Only"/></m>'
    kit.board(tmp_path / "only.png")
    module = _module(tmp_path / "one.vmod", build, {"only.png": (tmp_path / "only.png").read_bytes()})
    (tmp_path / "out").mkdir()
    assert main(["import-map", "vmod", str(module), "--rules", "toy", "--out", str(tmp_path / "out" / "o.toml")]) == 0
    assert load_scenario(tmp_path / "out" / "o.toml").map.backdrop.image == "only.png"
