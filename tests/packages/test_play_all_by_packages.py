"""Two turns of Hex Command Mechanized, Lock 'n Load Tactical and War Blog played by packages
(issue 23; MechWar 4 and Wardogs: test_play_by_packages.py): at each turn the umpire packages
both sides; each player opens his package in player mode (the window), writes his orders in its
editor from the first text it gives and signs them there; the umpire takes the signed files
(signatures required); a file taken before the phase that applies it is kept and applied when
that phase comes; the bots play the turns out; and the game replays identically from its
journal, every file kept in it."""

from __future__ import annotations

from pathlib import Path

from playerkit import bots_until, player_signs, uncomment, umpire_takes
from storekit import replays_identically
from umpire.actions import new_game
from umpire.core.engine import journal
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.packages.inbox import orders_in

ROOT = Path(__file__).resolve().parents[2]


def game_of(scenario: str, tmp_path, seed: str) -> str:
    return new_game(load_scenario(ROOT / "scenarios" / f"{scenario}.toml"), tmp_path / f"{scenario}.umpire", seed=seed)


def test_two_turns_of_hcm_by_packages(qtbot, qapp, tmp_path, capsys):
    """HCM 2.1.1: turn 1, before play, every force's written order; turn 2, a change of one force's
    order, handed in in the initiative phase and tried when its side first has the turn to act."""
    location = game_of("brannock-crossing", tmp_path, "6")

    def written(text, package):
        companies = sorted({u.company for u in package.view.units if u.knowledge == "own" and u.company})
        text = uncomment(text, "[orders]", *(f'"{c}"' for c in companies)).split("# Changes of orders")[0]
        return text.replace('= ""', f'= "Hold the crossing, {package.side}"')

    def change(text, package):
        first = min(u.company for u in package.view.units if u.knowledge == "own" and u.company)
        text = text.split("# Written orders")[0] + f'[changes]\n"{first}" = "Fall back to the woods"\n'
        return text

    sides = open_game(location).side_ids()
    for side in sides:
        umpire_takes(location, player_signs(qtbot, location, side, tmp_path, written), capsys)
    orders = open_game(location).rule_state.orders
    assert len(orders) >= 4 and all(text.startswith("Hold the crossing") for text in orders.values())
    bots_until(location, "6", lambda g: g.turn == 2)
    assert open_game(location).phase == "initiative"
    for side in sides:
        out = umpire_takes(location, player_signs(qtbot, location, side, tmp_path, change), capsys)
        assert "kept until" in out and "turn to act" in out          # held (issue 23), not refused
    inbox = orders_in(location, 2)
    assert all(x.waiting and x.waiting.endswith("turn to act") for x in inbox.values()), inbox
    bots_until(location, "6", lambda g: g.turn == 3)
    inbox = orders_in(location, 2)
    assert all(x.waiting is None and x.refused is None for x in inbox.values()), inbox
    tried = [r for r in journal(location) if r.kind == "orders" and r.turn == 2]
    assert sorted(r.side_id for r in tried) == sorted(sides)
    # each side's change was tried on its first turn to act: its Tactical roll (HCM 2.1.1)
    assert all("change 1 of" in "\n".join(r.log) for r in tried)
    assert replays_identically(location)
