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


def test_two_turns_of_lnlt_by_packages(qtbot, qapp, tmp_path, capsys):
    """LnLT 3.0 step 5, 1.6: support weapons change hands in the Rally phase.  Turn 1, in the Rally
    phase, each side drops a squad's weapon (applied as taken); turn 2's file, handed in during
    turn 1's Operations phase, is kept and applied when turn 2's Rally phase begins."""
    location = game_of("xom-lang-ambush", tmp_path, "6")
    game = open_game(location)
    carried = {s: sorted((w.carried_by, w.id) for w in game.units.values() if w.side == s and w.carried_by)
               for s in game.side_ids()}
    assert all(carried.values())

    def weapons(n):
        def edit(text, package):
            carrier, weapon = carried[package.side][n % len(carried[package.side])]
            return (text.split("# Medic")[0] + f'[[weapons]]\nunit = "{carrier}"\ndo = "drop"\n'
                    f'weapon = "{weapon}"\n')
        return edit

    assert game.phase == "rally"
    for side in game.side_ids():
        assert "kept until" not in umpire_takes(location, player_signs(qtbot, location, side, tmp_path, weapons(0)),
                                                capsys)
    dropped = {w for s in carried for _, w in carried[s][:1]}
    assert all(not open_game(location).units[w].carried_by for w in dropped)
    bots_until(location, "6", lambda g: g.phase == "operations")
    for side in game.side_ids():            # in the Operations phase: turn 2's Rally-phase orders
        out = umpire_takes(location, player_signs(qtbot, location, side, tmp_path, weapons(1)), capsys)
        assert "for turn 2 received, kept until the Rally phase of turn 2" in out
    assert all(x.waiting for x in orders_in(location, 2).values())
    bots_until(location, "6", lambda g: g.turn == 2)
    inbox = orders_in(location, 2)
    assert all(x.waiting is None for x in inbox.values()), inbox
    applied = [r for r in journal(location) if r.kind in ("orders", "orders_not_applied") and r.turn == 2]
    assert sorted(r.side_id for r in applied) == sorted(game.side_ids())
    assert all(r.kind == "orders" and r.summary.endswith("1 carried out") for r in applied), applied
    second = {carried[s][1 % len(carried[s])][1] for s in carried}    # each side's weapon of turn 2, dropped
    assert all(not open_game(location).units[w].carried_by for w in second)
    bots_until(location, "6", lambda g: g.turn == 3)
    assert replays_identically(location)


def air_orders(text: str, package) -> str:
    """War Blog 9.2, 9.3: each air unit the package's orders form shows goes up to the air
    superiority box from the air pool, or comes back from the box."""
    table = next(t for t in package.orders_form if t.header[0] == "Air unit")
    lines = [text.split("# Fighters up")[0]]
    for row in table.rows:
        key = "air_recall" if "box" in str(row[1]) else "air_patrol"
        lines.append(f'[[{key}]]\nunit = "{row[0]}"\n')
    return "\n".join(lines)


def test_two_turns_of_warblog_by_packages(qtbot, qapp, tmp_path, capsys):
    """WB 7.0, 9.2, 9.3: at each turn's start both sides hand in their air orders; the first
    player's are carried out as taken (its player turn is running), the second player's are kept
    until its player turn begins."""
    location = game_of("osterby-bridges", tmp_path, "6")
    sides = open_game(location).side_ids()
    for turn in (1, 2):
        game = open_game(location)
        assert game.turn == turn and game.phase == "first_player"
        first = game.active_side
        for side in sides:
            out = umpire_takes(location, player_signs(qtbot, location, side, tmp_path, air_orders), capsys)
            assert ("kept until" in out) == (side != first), out
        inbox = orders_in(location, turn)
        assert sorted(inbox) == sorted(sides)
        assert [s for s, x in inbox.items() if x.waiting] == [s for s in sides if s != first]
        bots_until(location, "6", lambda g: g.turn == turn + 1)
        inbox = orders_in(location, turn)
        assert all(x.waiting is None and x.refused is None for x in inbox.values()), inbox
        applied = [r for r in journal(location) if r.kind == "orders" and r.turn == turn]
        assert sorted(r.side_id for r in applied) == sorted(sides)
        assert all("carried out" in r.summary for r in applied)
    assert replays_identically(location)
