"""A scenario being edited: the file's TOML held by tomlkit, which keeps every comment, blank
line and key order it is not asked to change, so that a scenario goes back and forth between the
editor and a text editor.  A load and a save with no edit in between writes the same bytes.
The file is held as runs, one per top-level header (chunks.py says why); `table` and `entries`
find what an operation edits across them.

Every change is one operation with a name ("Paint 7 hexes woods"), done through `change`, which
keeps the text before it: Undo and Redo put back the text as it was, so they undo exactly what
the operation did, whatever it was.  The document checks nothing of the rules: the scenario
loader does (`problems`), the same checks as `umpire validate`.
"""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.exceptions import TOMLKitError

from ..errors import ScenarioError, UmpireError
from ..hexgrid import Grid
from .chunks import split_runs

UNDO_LIMIT = 200        # operations kept for Undo: a long session's paint strokes, not a whole day's


class ScenarioDocument:
    """The scenario's text as a tomlkit document, its file, and the operations done on it."""

    def __init__(self, text: str, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.runs = _parse(text, self.path)
        self.saved_text = text if path is not None else None   # a new scenario is unsaved
        self._undo: list[tuple[str, str]] = []      # (operation name, text before it)
        self._redo: list[tuple[str, str]] = []
        self.listeners: list[Callable[[], None]] = []      # told after every change, undo and redo

    @classmethod
    def open(cls, path: str | Path) -> ScenarioDocument:
        path = Path(path)
        try:
            raw = path.read_bytes()
        except OSError as e:
            raise ScenarioError(f"cannot read: {e.strerror}", file=str(path)) from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ScenarioError("not a text file (it is not UTF-8)", file=str(path)) from None
        return cls(text, path)

    # ------------------------------------------------------------------ text and file
    def text(self) -> str:
        return "".join(tomlkit.dumps(r) for r in self.runs)

    @property
    def modified(self) -> bool:
        return self.text() != self.saved_text

    def save(self, path: str | Path | None = None) -> Path:
        """Write the scenario (to `path`, which becomes its file, or to its own).  The file is
        written whole or not at all: a temporary file beside it, then renamed over it."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise UmpireError("the scenario has no file yet: save it as a new file")
        text = self.text()
        try:
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            os.replace(tmp, target)
        except OSError as e:
            raise UmpireError(f"cannot write: {e.strerror}", file=str(target)) from None
        self.path, self.saved_text = target, text
        self._tell()
        return target

    # ------------------------------------------------------------------ undo and redo
    @contextmanager
    def change(self, name: str) -> Iterator[Any]:
        """One operation: yields the document to change; if the body raises, nothing changed."""
        before = self.text()
        try:
            yield self
        except BaseException:
            self.runs = _parse(before, self.path)
            raise
        if self.text() == before:       # nothing changed: nothing to undo
            return
        self._undo.append((name, before))
        del self._undo[:-UNDO_LIMIT]
        self._redo.clear()
        self._tell()

    def undo_name(self) -> str | None:
        return self._undo[-1][0] if self._undo else None

    def redo_name(self) -> str | None:
        return self._redo[-1][0] if self._redo else None

    def undo(self) -> str | None:
        """Undo the last operation; its name, or None if there was none."""
        return self._swap(self._undo, self._redo)

    def redo(self) -> str | None:
        return self._swap(self._redo, self._undo)

    def _swap(self, source: list, target: list) -> str | None:
        if not source:
            return None
        name, text = source.pop()
        target.append((name, self.text()))
        self.runs = _parse(text, self.path)
        self._tell()
        return name

    def _tell(self) -> None:
        for listener in list(self.listeners):
            listener()

    # ------------------------------------------------------------------ reading and finding
    def data(self) -> dict:
        """The scenario as plain values (what the loader reads)."""
        return tomllib.loads(self.text())

    def table(self, path: str) -> Any:
        """The table [path] ("map", "map.hexsides", "options"), or an empty dict if the file has
        none: the run whose header it is, else a table nested in another run."""
        keys = path.split(".")
        found = None
        for run in self.runs:
            item = _walk(run, keys)
            if item is not None and not isinstance(item, list):
                if _header(run) == path:
                    return item
                found = found if found is not None else item
        return found if found is not None else {}

    def ensure_table(self, path: str) -> Any:
        """The table [path], written as a new run if missing: before the first of its own
        sub-tables' runs (a new [rules] above the file's [[rules.places]] -- not
        into the table those imply, which tomlkit would write in their run), else after its
        parent's run (a new [map.hexsides] after [map]), else at the end of the file."""
        if path in (_header(r) for r in self.runs):
            return self.table(path)
        below = [i for i, r in enumerate(self.runs) if (_header(r) or "").startswith(path + ".")]
        if not below and self.table(path) != {}:
            return self.table(path)         # an inline or dotted table of another run
        parent = path.rsplit(".", 1)[0] if "." in path else None
        at = min(below, default=max((i + 1 for i, r in enumerate(self.runs) if parent and _header(r) == parent),
                                    default=len(self.runs)))
        # a blank line between it and the sub-table's run, unless that run opens with one
        gap = bool(below) and not tomlkit.dumps(self.runs[at]).startswith("\n")
        self._insert_run(at, f"[{path}]\n" + ("\n" if gap else ""))
        return self.table(path)

    def entries(self, kind: str) -> list:
        """The [[kind]] tables (sides, zones, "map.overlay"...), in the file's order."""
        out = []
        for run in self.runs:
            value = _walk(run, kind.split("."))
            if isinstance(value, list):
                out.extend(value)
        return out

    def append_entry(self, kind: str, table: Any) -> None:
        """A new [[kind]] table, after the file's last one (or, for a nested kind such as
        map.overlay, after its parent's runs; else at the end of the file)."""
        keys = kind.split(".")
        ours = [i + 1 for i, r in enumerate(self.runs) if isinstance(_walk(r, keys), list)]
        parent = ".".join(keys[:-1])
        near = [i + 1 for i, r in enumerate(self.runs) if parent and (_header(r) or "").startswith(parent)]
        at = max(ours or near, default=len(self.runs))
        self._insert_run(at, f"[[{kind}]]\n")
        aot = _walk(self.runs[at], keys)
        for k, v in table.items():
            aot[0][k] = v

    def remove_entries(self, kind: str, gone: Callable[[Any], bool]) -> None:
        """Remove the [[kind]] tables for which gone(table)."""
        keys = kind.split(".")
        for run in list(self.runs):
            value = _walk(run, keys)
            if not isinstance(value, list):
                continue
            for i in reversed(range(len(value))):
                if gone(value[i]):
                    del value[i]
            if not len(value) and _header(run) == kind:
                # the run held only this entry: it goes with its own comments
                self.runs.remove(run)
            elif not len(value):
                del _walk(run, keys[:-1])[keys[-1]]

    def _insert_run(self, at: int, text: str) -> None:
        before = self.runs[at - 1] if at > 0 else None
        if before is not None and not tomlkit.dumps(before).endswith("\n\n"):
            text = ("\n" if tomlkit.dumps(before).endswith("\n") else "\n\n") + text
        self.runs.insert(at, tomlkit.parse(text))

    def suggested_file_name(self) -> str:
        """Its file's name, or for a new scenario one made from its title ("Paddy Edge: Hill 55"
        -> paddy-edge-hill-55.toml) for Save As to offer and the problems to name."""
        if self.path is not None:
            return self.path.name
        title = unicodedata.normalize("NFKD", str(self.table("scenario").get("title") or ""))
        words = re.findall(r"[a-z0-9]+", title.encode("ascii", "ignore").decode().lower())
        return f"{'-'.join(words)[:60].strip('-') or 'new-scenario'}.toml"

    @property
    def rules_name(self) -> str:
        return str(self.table("scenario").get("rules", ""))

    def grid(self) -> Grid:
        """The map's grid as [map] gives it; ValueError if its size or shape is unreadable."""
        m = self.table("map")
        try:
            return Grid(int(m["columns"]), int(m["rows"]), str(m.get("orientation", "flat")),
                        str(m.get("stagger", "even")))
        except (KeyError, TypeError) as e:
            raise ValueError(f"[map] needs columns and rows ({e})") from None


def _walk(run: Any, keys: list[str]) -> Any:
    item = run
    for k in keys:
        if not hasattr(item, "get") or k not in item:
            return None
        item = item[k]
    return item


def _header(run: Any) -> str | None:
    """The header a run opens with ("map.hexsides", "side"), None for the file's head."""
    for line in tomlkit.dumps(run).split("\n"):
        s = line.strip()
        if s.startswith("["):
            return s.split("#")[0].strip().strip("[]").strip()
        if s and not s.startswith("#"):
            return None
    return None


def _parse(text: str, path: Path | None) -> list:
    try:
        tomlkit.parse(text)             # the whole first: a key defined twice across runs
        return [tomlkit.parse(run) for run in split_runs(text)]
    except TOMLKitError as e:
        line = getattr(e, "line", None)
        raise ScenarioError(f"syntax error: {e}", file=str(path or "new scenario"), line=line) from None
