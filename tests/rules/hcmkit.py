"""Small Hex Command Mechanized games for tests: an open table, the units asked for (with their
traits), then play through the engine's actions with typed dice (gamekit's act)."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import hcm

from dicekit import dice


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return f'"{v}"'


def units_text(units: list[dict]) -> str:
    return "\n".join("  { " + ", ".join(f"{k} = {_value(v)}" for k, v in u.items()) + " }," for u in units)


def hcm_game(tmp_path: Path, blue: list[dict], red: list[dict], terrain: str | None = None, cols: int = 10,
             rows: int = 8, hexsides: str = "", hcm: str = "", extra: str = "", turns: int = 4) -> str:
    """blue, red: a dict per unit (id, type, hex and any traits); the map is clear unless given."""
    grid = terrain or "\n".join("." * cols for _ in range(rows))
    flat = "\n".join("0" * cols for _ in range(rows))
    text = f'''[scenario]
title = "HCM test"
rules = "hcm"
turns = {turns}
first_player = "blue"

{("[hcm]" + chr(10) + hcm) if hcm else ""}

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
{flat}
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

{extra}
'''
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "hcm.toml"
    path.write_text(text, encoding="utf-8")
    return new_game(load_scenario(path), tmp_path / "hcm.umpire", seed="t")


def act(location: str, action: str, *faces, side: str | None = None, **params):
    if side is not None:
        params = {**params, "side": side}
    return perform(location, action, params, system_for(location), typed=dice(*faces), side=side)


def game(location: str):
    return open_game(location)


def to_phase(location: str, key: str, *faces) -> None:
    """Go on with next_phase until the phase `key` (faces: dice typed for the first step)."""
    for _ in range(40):
        if open_game(location).phase == key:
            return
        act(location, "next_phase", *faces)
        faces = ()
    raise AssertionError(f"never reached {key}")


def checked(location: str, uid: str, path: list[str], phase: str = "a_movement", **how):
    """check_move on the game as read, put in `phase` (a pure question: nothing is written)."""
    g = open_game(location)
    g.phase = phase
    return system_for(location).check_move(g, uid, [g.map.grid.parse(n) for n in path], how)


def towards(g, number: str, *directions: str) -> list[str]:
    """The hex numbers met going from `number` in these directions (N, NE, SE, S, SW, NW), one
    hex each: a path, its first hex included."""
    from umpire.core.hexgrid import neighbour
    h = g.map.grid.parse(number)
    out = [number]
    for d in directions:
        h = neighbour(h, g.map.grid.direction_index(d))
        out.append(g.map.number(h))
    return out


@pytest.fixture
def sees_all(monkeypatch):
    """Every enemy unit on the map seen and identified by every side (spotting left out of a test
    about something else).  A test module takes it with `sees_all = hcmkit.sees_all`."""
    def spot(self, g, roll):
        return {s: {u.id: (tuple(o.id for o in g.units.values() if o.side == s and o.on_map), "test")
                    for u in g.units.values() if u.side != s and u.on_map} for s in g.side_ids()}
    monkeypatch.setattr(hcm.RuleSystem, "spot", spot)
