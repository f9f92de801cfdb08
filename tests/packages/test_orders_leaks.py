"""The orders parts hold nothing the side never saw (issue 23) -- on their bytes: for every bundled
scenario, after the bots played a few turns, for each side the orders editor's first text (from
the side's package, player mode's Orders tab, its pixels included -- the line above the editor saying
when the orders are applied too) and the side page's text (from
the game) are byte for byte the same when every enemy the side never saw is moved and renamed
(test_side_leaks.hide_the_unseen) -- the example blocks of every rule system's entries name only
the side's own forces and units."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QIODevice

from test_side_leaks import hide_the_unseen
from umpire.actions import system_for
from umpire.autoplay import autoplay
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.gui.player.window import PlayerWindow
from umpire.packages.orders_template import game_template
from umpire.packages.package import build_package, read_package

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("kaltenbach-gap", 2, "7"), ("osterby-bridges", 2, "3"), ("xom-lang-ambush", 2, "1"),
         ("brannock-crossing", 2, "4"), ("tolliver-ridge", 2, "4")]


def test_every_bundled_scenario_is_checked():
    assert {name for name, _, _ in GAMES} == {p.stem for p in (ROOT / "scenarios").glob("*.toml")}


def orders_parts(qtbot, path: str, side: str) -> tuple[bytes, bytes, bytes]:
    """The side page's orders text, player mode's orders text and the Orders tab's pixels."""
    w = PlayerWindow(read_package(build_package(path, side, system_for(path))))
    qtbot.addWidget(w)
    w.resize(900, 700)
    w.tabs.setCurrentIndex(w.tabs.indexOf(w.orders.parentWidget()))
    w.show()
    buf = QBuffer()
    buf.open(QIODevice.WriteOnly)
    w.orders.parentWidget().grab().save(buf, "PNG")      # the tab: the editor and the line saying when they apply
    out = (game_template(open_game(path), side, system_for(path)).encode(), w.orders.toPlainText().encode(),
           bytes(buf.data()))
    w.close()
    return out


@pytest.mark.parametrize("name,turns,seed", GAMES)
def test_the_orders_texts_are_the_same_whatever_the_side_never_saw(qtbot, qapp, tmp_path, name, turns, seed):
    path = autoplay(load_scenario(ROOT / "scenarios" / f"{name}.toml"), tmp_path / f"{name}.umpire", turns, seed)
    hidden = 0
    for side in open_game(path).side_ids():
        before = orders_parts(qtbot, path, side)
        assert before[0] == before[1], "the side page and player mode start from the same text"
        copy = tmp_path / f"{side}.umpire"
        shutil.copy(path, copy)
        changed = hide_the_unseen(str(copy), side)
        hidden += changed["units"]
        after = orders_parts(qtbot, str(copy), side)
        assert before == after, f"{name}: {side}'s orders text changed when only what it never saw changed"
    assert hidden, f"{name}: every side saw everything -- the game proves nothing"
