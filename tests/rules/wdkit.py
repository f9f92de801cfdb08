"""Small Wardogs games for tests: a table of the terrain and levels asked for, the units asked
for (with their traits), then play through the engine's actions with typed dice."""

from __future__ import annotations

from pathlib import Path

from umpire.actions import new_game, system_for
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game

from .hcmkit import act, game, towards, units_text  # noqa: F401  (the tests import them from here)


def wardogs_game(tmp_path: Path, blue: list[dict], red: list[dict], terrain: str | None = None,
                 elevation: str | None = None, cols: int = 10, rows: int = 8, hexsides: str = "",
                 turns: int = 4) -> str:
    """blue, red: a dict per unit (id, type, hex and any traits); clear and level unless given."""
    red = red or [{"id": "R", "type": "squad", "hex": f"{cols:02d}{rows:02d}"}]     # a side needs units
    grid = terrain or "\n".join("." * cols for _ in range(rows))
    levels = elevation or "\n".join("0" * cols for _ in range(rows))
    text = f'''[scenario]
title = "Wardogs test"
rules = "wardogs"
turns = {turns}
first_player = "blue"

[map]
columns = {cols}
rows = {rows}
orientation = "flat"
stagger = "even"
slopes = "listed"
terrain = """
{grid}
"""
elevation = """
{levels}
"""
{hexsides}

[[side]]
id = "blue"
name = "Blue"

[[side]]
id = "red"
name = "Red"

[[battalion]]
id = "Blue Bn"
side = "blue"
units = [
{units_text(blue)}
]

[[battalion]]
id = "Red Bn"
side = "red"
units = [
{units_text(red)}
]
'''
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "wardogs.toml"
    path.write_text(text, encoding="utf-8")
    return new_game(load_scenario(path), tmp_path / "wardogs.umpire", seed="t")


def checked(location: str, uid: str, path: list[str], phase: str = "movement", **how):
    """check_move on the game as read, put in `phase` (a pure question: nothing is written)."""
    g = open_game(location)
    g.phase = phase
    return system_for(location).check_move(g, uid, [g.map.grid.parse(n) for n in path], how)


def system(location: str):
    return system_for(location)


def grid_with(cols: int, rows: int, marks: dict[str, str], fill: str = ".") -> str:
    """A map grid (terrain or levels) of `fill`, with the hexes numbered CCRR given their symbol."""
    lines = [[fill] * cols for _ in range(rows)]
    for number, ch in marks.items():
        lines[int(number[2:]) - 1][int(number[:2]) - 1] = ch
    return "\n".join("".join(x) for x in lines)


def blue_moves(location: str, phase: str = "movement") -> None:
    """Go on to `phase` and let Blue act there: Red, if it rolled lower, passes (it is done)."""
    to_phase(location, phase)
    if open_game(location).active_side == "red":
        act(location, "pass", side="red")


def no_fire_yet(location: str) -> None:
    """In the declaration phase, every side that has not declared declares no fire -- what the
    umpire does before the reveal (p. 7 steps 6-7: the reveal waits for every side)."""
    g = open_game(location)
    if g.phase == "declare":
        for side in g.side_ids():
            if side not in g.rule_state.declarations:
                act(location, "declare_fire", side=side)


def to_phase(location: str, key: str, *faces) -> None:
    """Go on with next_phase until the phase `key` (faces: dice typed for the first step); leaving
    a declaration phase, the sides that did not declare declare no fire."""
    for _ in range(40):
        if open_game(location).phase == key:
            return
        no_fire_yet(location)
        act(location, "next_phase", *faces)
        faces = ()
    raise AssertionError(f"never reached {key}")
