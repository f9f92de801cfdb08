"""A VASSAL module (.vmod): a zip whose `buildFile` (`buildFile.xml` in newer modules) describes
the game -- among it the boards, `VASSAL.build.module.map.boardPicker.Board` elements whose `image`
names a picture under the zip's `images/`.  Umpire lists the boards and takes one board's picture
as a scenario's backdrop; where the board carries a VASSAL hex grid its spacing and offset are a
first guess at the calibration, to check in the window's calibration dialog."""

from __future__ import annotations

import math
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET

from ..core.errors import UmpireError
from .skeleton import place_picture

BOARD = "VASSAL.build.module.map.boardPicker.Board"
BUILD_FILES = ("buildFile.xml", "buildFile")
# A small zip may unpack to gigabytes (a zip bomb): what is read of a module is bounded.  A large
# module's buildFile runs to a few MB; a board scan of 64 MB is already past what Pillow will draw.
BUILD_LIMIT = 16 * 1024 * 1024
BIGGEST = 64 * 1024 * 1024


@dataclass(frozen=True)
class Board:
    name: str
    image: str                      # its name in the module (under images/), "" if none
    grid: dict[str, str] | None     # the board's HexGrid attributes (dx, dy, x0, y0, sideways), if any

    def calibration_guess(self) -> tuple[float, tuple[float, float], str, float] | None:
        """(hex size, origin, orientation, stretch) from the board's VASSAL hex grid, or None.
        VASSAL's `dy` is the hex's height across its flats and `dx` the distance between
        columns; `sideways` turns the hexes a quarter (rows instead of columns: pointy-topped)."""
        if not self.grid:
            return None
        try:
            dx, dy = float(self.grid.get("dx", "")), float(self.grid.get("dy", ""))
            x0, y0 = float(self.grid.get("x0", "0")), float(self.grid.get("y0", "0"))
        except ValueError:
            return None
        if not (dx > 0 and dy > 0 and all(map(math.isfinite, (dx, dy, x0, y0)))):
            return None
        if self.grid.get("sideways") == "true":
            # turned: rows are `dx` apart, hexes `dy` wide across their flats
            size = dy / math.sqrt(3)
            return size, (y0 % dy, x0 % dx), "pointy", dx / (1.5 * size)
        size = dx / 1.5
        return size, (x0 % dx, y0 % dy), "flat", dy / (math.sqrt(3) * size)


def _fail(path: Path, problem: str) -> UmpireError:
    return UmpireError(problem, file=str(path))


def _open(path: Path) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(path)
    except FileNotFoundError:
        raise _fail(path, "no such file") from None
    except zipfile.BadZipFile:
        raise _fail(path, "not a VASSAL module: not a zip file, or a damaged one") from None
    except OSError as e:
        raise _fail(path, f"cannot read: {e.strerror}") from None


def _read(z: zipfile.ZipFile, path: Path, member: str, limit: int, what: str) -> bytes:
    """A member of the zip, refused in one line if it unpacks to more than `limit` bytes -- by
    its declared size first, then by what it really gives (a declared size may lie)."""
    too_big = f"{what} unpacks to more than {limit // 2**20} MB: too large (a damaged or hostile module)"
    try:
        if z.getinfo(member).file_size > limit:
            raise _fail(path, too_big)
        with z.open(member) as f:
            data = f.read(limit + 1)
    except (zipfile.BadZipFile, OSError, RuntimeError, ValueError, EOFError) as e:
        raise _fail(path, f"cannot read {member}: {e}") from None
    if len(data) > limit:
        raise _fail(path, too_big)
    return data


def plain_name(name: str) -> bool:
    """A file name alone: not a path, not "." or "..", nothing a folder could be made of."""
    return (bool(name) and name not in (".", "..") and not any(c in name for c in "/\\:\0")
            and name == name.strip())


def boards(path: str | Path) -> list[Board]:
    """The module's boards, in the order its buildFile names them."""
    path = Path(path)
    with _open(path) as z:
        names = set(z.namelist())
        build = next((b for b in BUILD_FILES if b in names), None)
        if build is None:
            raise _fail(path, "not a VASSAL module: it holds no buildFile")
        text = _read(z, path, build, BUILD_LIMIT, f"its {build}")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise _fail(path, f"its {build} is broken XML (line {e.position[0]})") from None
    out = []
    for el in root.iter(BOARD):
        grid = next((dict(g.attrib) for g in el.iter() if g.tag.endswith("HexGrid")), None)
        out.append(Board(el.get("name", "").strip() or el.get("image", "?"), el.get("image", ""), grid))
    if not out:
        raise _fail(path, "the module names no board (no VASSAL.build.module.map.boardPicker.Board in its buildFile)")
    return out


def find_board(path: str | Path, name: str) -> Board:
    found = boards(path)
    for b in found:
        if b.name == name:
            return b
    matches = [b for b in found if b.name.lower() == name.lower()]
    if len(matches) == 1:
        return matches[0]
    raise _fail(Path(path), f"no board {name!r} (its boards: {', '.join(repr(b.name) for b in found)})")


def extract_image(path: str | Path, board: Board, folder: Path, force: bool = False) -> tuple[Path, bool]:
    """The board's picture written into `folder` under its own file name (never a path from the
    zip: a module cannot write outside the folder).  (the file, whether it was written now);
    a file of that name with other bytes is kept unless `force`."""
    path = Path(path)
    if not board.image:
        raise _fail(path, f"board {board.name!r} has no image (a board of one colour): nothing to take as a backdrop")
    if not plain_name(board.image):
        # VASSAL keeps a board's picture directly under images/; anything else ("..", "a/b.png")
        # would be written somewhere other than beside the scenario
        raise _fail(path, f"board {board.name!r} names image {board.image!r}, which is not a plain file name: refused")
    member = f"images/{board.image}"
    with _open(path) as z:
        if member not in z.namelist():
            raise _fail(path, f"board {board.name!r} names image {board.image!r}, which is not in the module "
                              f"({member})")
        data = _read(z, path, member, BIGGEST, f"board {board.name!r}: its image")
    target = folder / board.image
    return target, place_picture(data, target, force)
