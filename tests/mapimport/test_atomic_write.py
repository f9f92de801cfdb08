"""core/files.py's atomic_write, which every file the map importers and the calibration write goes
through: the new contents whole, or the old file untouched and nothing left beside it."""

import os

import pytest

from umpire.core.errors import UmpireError
from umpire.core.files import atomic_write


def test_text_and_bytes_are_written_whole_their_line_endings_kept(tmp_path):
    atomic_write(tmp_path / "a.toml", "title = \"Stonebridge\"\r\n# é\n")
    assert (tmp_path / "a.toml").read_bytes() == "title = \"Stonebridge\"\r\n# é\n".encode()
    atomic_write(tmp_path / "a.toml", b"\x89PNG")
    assert (tmp_path / "a.toml").read_bytes() == b"\x89PNG"
    assert os.listdir(tmp_path) == ["a.toml"]


def test_a_failure_half_way_leaves_the_old_file_and_no_part(tmp_path, monkeypatch):
    path = tmp_path / "sc.toml"
    path.write_text("the organizer's")

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(UmpireError) as caught:
        atomic_write(path, "x" * 10000)
    assert caught.value.one_line() == f"{path}: cannot write: No space left on device"
    assert path.read_text() == "the organizer's" and os.listdir(tmp_path) == ["sc.toml"]


def test_a_folder_that_is_not_there_is_one_line(tmp_path):
    with pytest.raises(UmpireError, match="gone/sc.toml: cannot write: No such file or directory"):
        atomic_write(tmp_path / "gone" / "sc.toml", "x")
