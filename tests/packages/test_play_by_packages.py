"""Two turns played by packages (issue 23): at each turn's start the umpire packages both sides;
each player's Umpire reads its package (signature checked, the game's key trusted on first use)
and opens it in player mode, where the player writes his side's orders in the editor, from what
the package shows, and signs them (File → Sign and Save Orders…); the umpire takes the signed
files (`umpire orders --require-signature`); the bots play the turn out on those orders; and the
game replays identically from its journal, the files kept in it.

MechWar 4: company commands (MW4 19.1) for every company the package shows as the side's own."""

from __future__ import annotations

from pathlib import Path

from playerkit import bots_until, player_signs, umpire_takes
from storekit import replays_identically
from umpire.actions import new_game, system_for
from umpire.cli import main
from umpire.core.engine import journal
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.packages.inbox import orders_in

ROOT = Path(__file__).resolve().parents[2]


def mw4_orders(text: str, package) -> str:
    """A MechWar 4 player's orders, written in player mode's editor: overwatch for each of his
    companies, on the [commands] lines its first text gives (MW4 19.1, 19.14)."""
    companies = sorted({u.company for u in package.view.units if u.knowledge == "own" and u.company})
    assert companies, "the package shows the side's own companies"
    for c in companies:
        assert f'# "{c}" = ""' in text
        text = text.replace(f'# "{c}" = ""', f'"{c}" = "overwatch"', 1)
    return text


def test_two_turns_of_mechwar4_by_packages(qtbot, qapp, tmp_path, capsys):
    location = new_game(load_scenario(ROOT / "scenarios" / "kaltenbach-gap.toml"), tmp_path / "kg.umpire", seed="5")
    assert main(["require-signatures", location, "on"]) == 0
    for turn in (1, 2):
        game = open_game(location)
        assert game.turn == turn
        # before play, turn 1's own orders (MW4 6.9131, the ambush's time); later, the next turn's
        wanted = 1 if turn == 1 else turn + 1
        for side in game.side_ids():
            # the umpire sends the package; the player signs his orders in player mode
            signed = player_signs(qtbot, location, side, tmp_path, mw4_orders)
            assert f"turn = {wanted}" in signed.read_text(encoding="utf-8")
            assert main(["orders", location, str(signed)]) == 0, capsys.readouterr().err
        inbox = orders_in(location, wanted)
        assert sorted(inbox) == sorted(game.side_ids()) and all(x.signed and not x.waiting for x in inbox.values())
        given = {(t, c): code for (t, c), (code, _) in open_game(location).commands.items() if t == wanted}
        ordered = {u.company for u in open_game(location).units.values() if u.company and u.on_map}
        assert given == {(wanted, c): "overwatch" for c in ordered}     # the players' orders, every company's
        bots_until(location, "5", lambda g: g.turn == turn + 1)
    assert open_game(location).turn == 3
    assert replays_identically(location)
    kept = [x for t in (1, 3) for x in orders_in(location, t).values()]
    assert len(kept) == 4 and all("[signature]" in x.text for x in kept)


def test_two_turns_of_wardogs_by_packages(qtbot, qapp, tmp_path, capsys):
    """Wardogs: each side's secret declaration of fire (Wardogs p. 7 step 6) handed in as a signed
    file -- turn 1's in the declaration phase (applied as taken), turn 2's as the turn begins (kept,
    "waiting for the declaration phase", and applied when it comes).  A declaration of no fire:
    the editor's first text as it is."""
    location = new_game(load_scenario(ROOT / "scenarios" / "tolliver-ridge.toml"), tmp_path / "tr.umpire", seed="4")
    sides = open_game(location).side_ids()
    bots_until(location, "4", lambda g: g.phase == "declare")
    for turn in (1, 2):
        for side in sides:
            signed = player_signs(qtbot, location, side, tmp_path, lambda text, package: text)
            assert f"turn = {turn}" in signed.read_text(encoding="utf-8")      # this turn's declaration
            out = umpire_takes(location, signed, capsys)
            assert ("kept until the declaration phase" in out) == (turn == 2), out
        inbox = orders_in(location, turn)
        assert sorted(inbox) == sorted(sides)
        assert all(bool(x.waiting) == (turn == 2) for x in inbox.values())
        keys = [p.key for p in system_for(location).phases()]
        bots_until(location, "4", lambda g: keys.index(g.phase) > keys.index("declare"))   # declared, both
        assert set(open_game(location).rule_state.declarations or ()) <= set(sides)
        assert all(not x.waiting and not x.refused for x in orders_in(location, turn).values())
        assert sorted(r.side_id for r in journal(location) if r.kind == "orders" and r.turn == turn) == sorted(sides)
        bots_until(location, "4", lambda g: g.turn == turn + 1)
    assert replays_identically(location)
