"""A side package holds nothing the side never saw -- checked on the package's bytes (issue 23).

For every bundled scenario the bots play a game; for each side, a copy of the game file has every
enemy the side never saw moved and renamed (and its plots aimed elsewhere, its secret markers
moved: test_side_leaks.hide_the_unseen), and the side's package must come out byte for byte the
same -- the signature included, Ed25519 being deterministic."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_side_leaks import hide_the_unseen
from umpire.actions import system_for
from umpire.autoplay import autoplay
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.packages.package import build_package

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("kaltenbach-gap", 5, "7"), ("osterby-bridges", 6, "3"), ("xom-lang-ambush", 6, "1"),
         ("brannock-crossing", 5, "4"), ("tolliver-ridge", 6, "4")]


def test_every_bundled_scenario_is_checked():
    assert {name for name, _, _ in GAMES} == {p.stem for p in (ROOT / "scenarios").glob("*.toml")}


@pytest.mark.parametrize("name,turns,seed", GAMES)
def test_a_package_is_the_same_whatever_the_side_never_saw(qapp, tmp_path, name, turns, seed):
    path = autoplay(load_scenario(ROOT / "scenarios" / f"{name}.toml"), tmp_path / f"{name}.umpire", turns, seed)
    hidden = 0
    for side in open_game(path).side_ids():
        before = build_package(path, side, system_for(path))       # makes the keys: the copy has them too
        assert before == build_package(path, side, system_for(path)), "the same view must give the same bytes"
        copy = tmp_path / f"{side}.umpire"
        shutil.copy(path, copy)
        changed = hide_the_unseen(str(copy), side)
        after = build_package(str(copy), side, system_for(str(copy)))
        assert before == after, f"{name}: {side}'s package changed when only what it never saw changed ({changed})"
        hidden += changed["units"] + changed["plots"] + changed["markers"]
        if changed["units"]:       # control: the other side's package does change -- the copy really differs
            other = next(s for s in open_game(path).side_ids() if s != side)
            assert build_package(path, other, system_for(path)) != build_package(str(copy), other, system_for(str(copy)))
    assert hidden, f"{name}: every side saw everything -- the game proves nothing"
