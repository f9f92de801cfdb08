"""'Our fire landed in 2024' tells what the side saw happen (issue 19): its own plot, where it
was aimed, how far off it came down, and the enemy it sees in the hexes struck -- an enemy it
does not see standing there changes nothing in its report."""

import sqlite3
from pathlib import Path

import pytest

from reportkit import report, text_of, words
from umpire.actions import system_for
from umpire.autoplay import autoplay
from umpire.core.knowledge import build_view
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shelled(tmp_path_factory):
    """The bots' Kaltenbach Gap to turn 3, seed 1: NATO's air strike lands where NATO sees it."""
    folder = tmp_path_factory.mktemp("fire")
    return autoplay(load_scenario(ROOT / "scenarios" / "kaltenbach-gap.toml"), folder / "k.umpire", 3, "1")


def test_our_fire_landed_says_what_the_side_saw(shelled, tmp_path):
    g = open_game(shelled)
    view = build_view(g, "nato", system_for(shelled))
    landed = [f for f in view.fire if f.side == "nato" and f.turn == g.turn and f.landed is not None]
    assert landed, "the game no longer lands a NATO plot in sight: pick another seed"
    f = landed[0]
    n = g.map.number
    text = text_of(report(shelled, "nato", tmp_path / "before"))
    assert f"Our fire landed in {n(f.landed)}: {f.label} ({f.pattern}), aimed at {n(f.target)}" in text
    seen = [m for m in view.units if m.knowledge == "seen" and m.hex in f.zone]
    if seen:
        assert "Enemy seen in the hexes it struck: " + "; ".join(
            f"{m.label} {m.type_label} in {n(m.hex)}" for m in sorted(seen, key=lambda m: m.label)) in text
    else:
        assert "We see no enemy in the hexes it struck" in text
    # an enemy unit NATO does not see, put where the fire landed: NATO's report is the same
    unseen = [u for u in g.units.values() if u.side == "warpac" and u.on_map and ("nato", u.id) not in g.contacts]
    assert unseen
    with sqlite3.connect(shelled) as conn:
        for u in unseen[:3]:
            conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (f.landed.q, f.landed.r, u.id))
    after = text_of(report(shelled, "nato", tmp_path / "after"))
    assert after == text
    assert not any(words(after, u.id) for u in unseen[:3])
