"""Small hand-drawn maps for rule tests."""

from __future__ import annotations

from umpire.core.errors import ScenarioError
from umpire.core.ruleset import load_ruleset
from umpire.core.scenario_map import read_map
from umpire.core.terrain import GameMap, Overlay

MW4 = load_ruleset("mechwar4")


def _fail(problem, place=None, needle=None, after=None):
    raise ScenarioError(problem, place=place)


def make_map(terrain: list[str], elevation: list[str] | None = None, hexsides: dict | None = None,
             smoke: list[str] = (), slopes: str = "listed") -> GameMap:
    rows, cols = len(terrain), len(terrain[0])
    elevation = elevation or ["0" * cols] * rows
    data = {"columns": cols, "rows": rows, "slopes": slopes, "terrain": "\n".join(terrain),
            "elevation": "\n".join(elevation), "hexsides": hexsides or {}}
    m = read_map(data, MW4, _fail)
    for n in smoke:
        m.overlays.append(Overlay(m.grid.parse(n), "smoke"))
    return m


def compiled_walk_only():
    """A module fixture's body (`yield from`): every batch of MechWar 4 sight lines goes through
    the compiled walk, not the exact lines a process judges first (los.EXACT_LINES_FIRST), so
    that tests comparing the batch with the exact path compare two different paths."""
    from umpire.rules.mechwar4 import los

    budget = los._exact_budget[0]
    los._exact_budget[0] = 0
    yield
    los._exact_budget[0] = budget
