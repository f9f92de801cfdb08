"""Errors a user can read: one line naming the file, the place and the problem."""

from __future__ import annotations

import re


class UmpireError(Exception):
    """Base of every error Umpire reports to a user instead of a traceback."""

    def __init__(self, problem: str, *, file: str | None = None, place: str | None = None,
                 line: int | None = None) -> None:
        self.problem = problem
        self.file = file
        self.place = place
        self.line = line
        super().__init__(self.one_line())

    def one_line(self) -> str:
        where = ""
        if self.file:
            where = self.file + (f":{self.line}" if self.line else "")
        if self.place:
            where = f"{where}: {self.place}" if where else self.place
        return f"{where}: {self.problem}" if where else self.problem

    def lines(self) -> list[str]:
        """Every problem, one line each (most errors have one)."""
        return [self.one_line()]


class ScenarioError(UmpireError):
    """A scenario file that cannot be played as written."""


class ScenarioProblems(ScenarioError):
    """Every problem found in one scenario file.  It reads as the first (its one line, file,
    place, problem), so that whoever shows one line shows that; `lines()` gives them all."""

    def __init__(self, problems: list[ScenarioError]) -> None:
        first = problems[0]
        super().__init__(first.problem, file=first.file, place=first.place, line=first.line)
        self.problems = list(problems)

    def lines(self) -> list[str]:
        return [p.one_line() for p in self.problems]


class RulesetError(UmpireError):
    """A rule system's data file that is missing or malformed."""


class GameFileError(UmpireError):
    """A game file that cannot be opened or written."""


class GameBusyError(GameFileError):
    """A game file that another program is writing: waited for, and still locked."""


CITED = re.compile(r"\([^()]*\d[^()]*\)\s*$")      # a reason that ends with its own citation: "(3.5)", "(rule 3.7, 4.6)"


def cited(reason: str, rule: str | None) -> str:
    """`reason` with its rule in brackets after it -- unless the reason already ends with a
    citation of its own, which a second one would only repeat ("(3.5) (rule 3.1, 3.5)")."""
    if not rule or CITED.search(reason):
        return reason
    return f"{reason} ({rule})"
