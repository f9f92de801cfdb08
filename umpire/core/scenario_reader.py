"""The scenario loader's reader: it points every problem at its line of the file, and keeps the
problems of a file together so that an organizer sees all of them in one go.

A problem of one entry (a unit of an unknown type, a zone off the map) is noted and the loader
goes on with the next entry (`going_on`); a problem that leaves nothing to go on with (no
[map], an unknown rule system) ends the reading.  Either way `refusal()` is what the loader
raises: the first problem, carrying them all.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from .errors import ScenarioError, ScenarioProblems
from .hexgrid import Hex
from .limits import out_of_range
from .terrain import GameMap
from .textpos import line_of
from .traits import TraitError, Traits, read_traits


def suggest(word: Any, known: Any) -> str:
    close = difflib.get_close_matches(str(word), [str(k) for k in known], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


# keys whose value names something else of the file or of the rule system (a side, a unit type):
# text, or the lookup of a list or a table would be no answer but a crash
_NAMES = {"id", "side", "type", "battalion", "hq", "parent", "deploy", "carried_by", "first_player", "rules"}


class LeftOut(Exception):
    """An entry that refers to one already refused: left out without a problem of its own."""


class ReadingStops(Exception):
    """The problems noted leave nothing to go on with (no side read, a broken map): the loader
    stops and reports them."""


class ScenarioReader:
    """Holds the file's text so that every problem can point at its line, and the problems so far."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.text = text
        self.rules: Any = None                  # the rule system's data, once [scenario] names it
        self.family: type[Traits] = Traits      # and the traits it reads on each kind of record
        self.problems: list[ScenarioError] = []
        # ids of the entries refused: a later reference to one is no second problem of the file
        self.refused: set[str] = set()
        self.nameless: set[str] = set()     # the kinds of entry (side, zone...) refused before their id was read

    def fail(self, problem: str, place: str | None = None, needle: str | None = None,
             after: str | None = None) -> NoReturn:
        line = None
        if after:
            line = line_of(self.text, after)
        if needle:
            line = line_of(self.text, needle, after=line) or line
        raise ScenarioError(problem, file=str(self.path), place=place, line=line)

    def note(self, problem: str, place: str | None = None, needle: str | None = None,
             after: str | None = None) -> None:
        """A problem that spoils nothing else (an unknown key): noted, and the reading goes on."""
        try:
            self.fail(problem, place, needle, after)
        except ScenarioError as e:
            self.problems.append(e)

    @contextmanager
    def going_on(self, entry: Any = None, kind: str | None = None) -> Iterator[None]:
        """Reads one entry: its problem is noted and the loader goes on with the next entry.
        `entry`: the TOML table read, whose id is then known as refused; `kind` (side, zone...):
        what it is, for an entry refused before its id could be read."""
        try:
            yield
        except (ScenarioError, LeftOut) as e:
            if isinstance(e, ScenarioError):
                self.problems.append(e)
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                self.refused.add(entry["id"])
            elif kind is not None:
                self.nameless.add(kind)

    def was_refused(self, ident: Any, *kinds: str) -> bool:
        """Whether an id that names nothing may name an entry refused already (of one of `kinds`,
        if one of those was refused before its id was read)."""
        return (isinstance(ident, str) and ident in self.refused) or any(k in self.nameless for k in kinds)

    def unless_refused(self, ident: Any, *kinds: str) -> None:
        """Leaves the entry being read out, without a word, if the id it names and that names
        nothing may be that of an entry refused: that problem was said, and a second line about
        the same mistake would mislead."""
        if self.was_refused(ident, *kinds):
            raise LeftOut(ident)

    def stop_if_any(self, since: int = 0) -> None:
        """Stops the reading if a problem was noted since the `since`-th: what follows is
        checked against what those problems spoil."""
        if len(self.problems) > since:
            raise ReadingStops()

    def refusal(self) -> ScenarioError:
        """The error to raise: the problems in the order of the file, as an editor shows it."""
        if len(self.problems) == 1:
            return self.problems[0]
        return ScenarioProblems(sorted(self.problems, key=lambda p: p.line or 0))

    def list_of_tables(self, data: dict, key: str) -> list:
        v = data.get(key, [])
        if not isinstance(v, list):
            self.fail(f"write [[{key}]] (an array of tables), not [{key}]", needle=f"[{key}]")
        return v

    def keys(self, entry: Any, allowed: set[str], required: set[str], place: str,
             anchor: str | None = None) -> dict:
        if entry is None:
            self.fail(f"missing {place} section", place=place)
        if not isinstance(entry, dict):
            self.fail("must be a table of keys", place=place, needle=anchor)
        for k in entry:
            if k not in allowed:
                self.note(f"unknown key {k!r}{suggest(k, allowed)}", place=place,
                          needle=f"{k} =" if anchor is None else k, after=anchor)
        for k in sorted(required):
            if k not in entry:
                self.fail(f"missing {k!r}", place=place, needle=anchor)
        for k in sorted(_NAMES & entry.keys()):
            if not isinstance(entry[k], str):
                self.fail(f"{k} must be text, got {entry[k]!r}", place=place, needle=f"{k} =", after=anchor)
        return entry

    def texts_of(self, entry: dict, key: str, place: str, anchor: str | None = None) -> list[str]:
        """A list of hex numbers or ids."""
        v = entry[key]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(f"{key} must be a list of text, like [\"0101\", \"0102\"], got {v!r}", place=place,
                      needle=f"{key} =", after=anchor)
        return v

    def text_of(self, entry: dict, key: str, place: str, default: str | None = None) -> str:
        v = entry.get(key, default)
        if not isinstance(v, str) or (key == "id" and not v.strip()):
            self.fail(f"{key} must be text, got {v!r}", place=place, needle=f"{key} =")
        return v

    def int_of(self, entry: dict, key: str, place: str, bounds: tuple[int, int], default: int | None = None,
               anchor: str | None = None) -> int:
        """A whole number within bounds (core/limits.py): beyond them no game means it."""
        v = entry.get(key, default)
        problem = out_of_range(v, bounds)
        if problem:
            self.fail(f"{key} {problem}", place=place, needle=f"{key} =", after=anchor)
        return v

    def declared(self, kind: str) -> set[str]:
        """The keys the rule system reads on a kind of record (core.traits), besides the core's."""
        return set(self.family.model(kind).model_fields)

    def traits(self, entry: dict, kind: str, place: str, anchor: str | None, needle: str | None = None) -> dict:
        """The keys of the record that its rule system reads, checked by its model."""
        model = self.family.model(kind)
        try:
            return read_traits(model, {k: v for k, v in entry.items() if k in model.model_fields})
        except TraitError as e:
            self.fail(e.problem, place=place, needle=needle or f"{e.key} =", after=anchor)

    def trait_problems(self, kind: str, record: Any, place: str, anchor: str | None, needle: str | None = None) -> None:
        """The rule system's checks of the record's traits against its own tables."""
        for key, problem in self.family.problems(self.rules, kind, record):
            self.note(problem, place=place, needle=needle or key, after=anchor)

    def hex_of(self, game_map: GameMap, number: Any, place: str, anchor: str | None = None) -> Hex:
        try:
            return game_map.grid.parse(number)
        except ValueError as e:
            self.fail(str(e), place=place, needle=f'"{number}"', after=anchor)
