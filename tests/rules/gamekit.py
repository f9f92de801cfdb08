"""Small games for tests (War Blog by default, or another rule system): an open map, the units
asked for, then play through the engine's actions with typed dice."""

from __future__ import annotations

from pathlib import Path

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game

from dicekit import dice


def make_game(tmp_path: Path, blue: list[tuple], red: list[tuple], terrain: str | None = None,
              hexsides: str = "", overlays: str = "", objectives: str = "", turns: int = 4,
              cols: int = 8, rows: int = 6, extra: str = "", rules: str = "warblog", night: bool = False,
              elevation: str | None = None) -> str:
    """blue, red: (id, type, hex or None[, carried by]) per unit; a None hex makes a
    reinforcement entering on turn 2 at 0101 (blue) or the last column's first hex (red)."""
    grid = terrain or "\n".join("." * cols for _ in range(rows))
    flat = elevation or "\n".join("0" * cols for _ in range(rows))      # `elevation`: a grid of levels

    def units(side):
        out = []
        for uid, utype, h, *carrier in side:      # a fourth item: the unit carrying it
            out.append(f'  {{ id = "{uid}", type = "{utype}"' + (f', hex = "{h}"' if h else "")
                       + (f', carried_by = "{carrier[0]}"' if carrier else "") + " },")
        return "\n".join(out)

    late = "".join(f'[[reinforcement]]\nside = "{s}"\nturn = 2\nentry = ["{e}"]\nunits = ["{uid}"]\n\n'
                   for s, side, e in (("blue", blue, "0101"), ("red", red, f"{cols:02d}01"))
                   for uid, _t, h, *_c in side if h is None)
    text = f'''[scenario]
title = "Test"
rules = "{rules}"
turns = {turns}
first_player = "blue"
night = {"true" if night else "false"}

[map]
columns = {cols}
rows = {rows}
slopes = "listed"
terrain = """
{grid}
"""
elevation = """
{flat}
"""
{hexsides}
{overlays}

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
{units(blue)}
]

[[battalion]]
id = "Red Bn"
side = "red"
units = [
{units(red)}
]

{late}
{objectives}
{extra}
'''
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "wb.toml"
    path.write_text(text, encoding="utf-8")
    return new_game(load_scenario(path), tmp_path / "wb.umpire", seed="t")


def act(location: str, action: str, *faces, side: str | None = None, **params):
    """Perform an action with these dice faces typed in (then the program rolls); `side` is
    both the journal's acting side and the action's own `side` parameter."""
    if side is not None:
        params = {**params, "side": side}
    return perform(location, action, params, system_for(location), typed=dice(*faces), side=side)


def game(location: str):
    return open_game(location)


def marks(location: str, uid: str):
    return open_game(location).units[uid].marks
