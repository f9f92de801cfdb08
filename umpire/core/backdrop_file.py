"""A scenario file's backdrop calibration read for the calibration dialog, and written back into
[map.backdrop] with everything else of the file kept as it was -- its comments, its order, its
layout -- by a style-preserving TOML library (tomlkit), so the organizer's file stays theirs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import tomlkit

from .backdrop import Backdrop, parse_backdrop
from .errors import UmpireError
from .files import atomic_write
from .hexgrid import Grid

PLACE = "[map.backdrop]"


def scenario_backdrop(path: str | Path) -> tuple[Grid, Backdrop]:
    """The map's grid and the backdrop a scenario file names -- read without checking the rest of
    the file, nor whether the calibration fits (what the dialog is for): UmpireError if there is
    none to calibrate."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise UmpireError(f"cannot read: {e.strerror}", file=str(path)) from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise UmpireError(f"not a scenario Umpire can read: {e}", file=str(path)) from None
    m = data.get("map")
    if not isinstance(m, dict) or not isinstance(m.get("backdrop"), dict):
        raise UmpireError("the scenario names no backdrop: add a [map.backdrop] table with its image "
                          "(or import the map: umpire import-map)", file=str(path), place=PLACE)
    try:
        grid = Grid(m.get("columns"), m.get("rows"), m.get("orientation", "flat"), m.get("stagger", "even"))
    except (TypeError, ValueError) as e:
        raise UmpireError(f"its map's size or orientation cannot be read: {e}", file=str(path), place="[map]") from None
    try:
        return grid, parse_backdrop(m["backdrop"], path.parent)
    except ValueError as e:
        raise UmpireError(str(e), file=str(path), place=PLACE) from None


_HEADER = re.compile(r"^\s*\[\s*map\s*\.\s*backdrop\s*\]\s*(#.*)?$")
_ANY_HEADER = re.compile(r"^\s*\[")


def write_calibration(path: str | Path, hex_size: float, origin: tuple[float, float], stretch: float = 1.0) -> None:
    """Set hex_size, origin (and stretch, when not 1 or already written) in the file's
    [map.backdrop]; the rest of the file byte for byte.  Only the table's own lines go through
    tomlkit (the whole document would come back with its [[battalion]] and [[company]] entries
    regrouped); the result is read back and must differ from the file in those keys alone.
    Written whole or not at all."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UmpireError(f"cannot read: {getattr(e, 'strerror', None) or e}", file=str(path)) from None
    lines = text.splitlines(keepends=True)
    start = next((i for i, ln in enumerate(lines) if _HEADER.match(ln)), None)
    if start is None:
        raise UmpireError("write the backdrop as a [map.backdrop] table of its own to calibrate it here",
                          file=str(path), place=PLACE)
    end = next((i for i in range(start + 1, len(lines)) if _ANY_HEADER.match(lines[i])), len(lines))
    try:
        doc = tomlkit.parse("".join(lines[start:end]))
        table = doc["map"]["backdrop"]
    except (KeyError, tomlkit.exceptions.TOMLKitError) as e:
        raise UmpireError(f"cannot read its backdrop table: {e}", file=str(path), place=PLACE) from None
    table["hex_size"] = round(float(hex_size), 2)
    table["origin"] = [round(float(origin[0]), 2), round(float(origin[1]), 2)]
    if "stretch" in table or abs(stretch - 1.0) > 1e-4:
        table["stretch"] = round(float(stretch), 4)
    new = "".join(lines[:start]) + tomlkit.dumps(doc) + "".join(lines[end:])
    before, after = tomllib.loads(text), tomllib.loads(new)
    wanted = dict(before["map"]["backdrop"], **{k: table[k].unwrap() if hasattr(table[k], "unwrap") else table[k]
                                                 for k in ("hex_size", "origin", "stretch") if k in table})
    before["map"]["backdrop"] = wanted
    if after != before:
        raise UmpireError("the calibration could not be written without changing more of the file",
                          file=str(path), place=PLACE)
    atomic_write(path, new)       # its line endings as they were
