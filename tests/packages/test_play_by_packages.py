"""Two turns played by packages (issue 23): at each turn's start the umpire packages both sides;
each player's Umpire reads its package (signature checked, the game's key trusted on first use),
writes its side's orders from what the package shows and signs them; the umpire takes the signed
files (`umpire orders --require-signature`); the bots play the turn out on those orders; and the
game replays identically from its journal, the files kept in it.

MechWar 4: company commands (MW4 19.1) for every company the package shows as the side's own."""

from __future__ import annotations

import random
from pathlib import Path

from storekit import replays_identically
from umpire.actions import new_game, system_for
from umpire.cli import main
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.packages.inbox import orders_in
from umpire.packages.package import read_package, write_package
from umpire.packages.signing import sign_orders
from umpire.packages.trust import check_trust

ROOT = Path(__file__).resolve().parents[2]


def mw4_orders(package, turn: int) -> str:
    """A MechWar 4 player's orders: overwatch for each of his companies, from the package alone."""
    companies = sorted({u.company for u in package.view.units if u.knowledge == "own" and u.company})
    assert companies, "the package shows the side's own companies"
    lines = [f'"{c}" = "overwatch"' for c in companies]
    return f'side = "{package.side}"\nturn = {turn}\n\n[commands]\n' + "\n".join(lines) + "\n"


def play_turn_by_bots(location: str, seed: str) -> None:
    """The bots play until the next turn begins (they give no orders where a company has some)."""
    system, rng = system_for(location), random.Random(f"bot:{seed}")
    bot, turn = system.bot(), open_game(location).turn
    while open_game(location).turn == turn and open_game(location).phase != "ended":
        assert bot.act(location, open_game(location), rng, lambda s: None, 4, 99)


def test_two_turns_of_mechwar4_by_packages(qapp, tmp_path, capsys):
    location = new_game(load_scenario(ROOT / "scenarios" / "kaltenbach-gap.toml"), tmp_path / "kg.umpire", seed="5")
    assert main(["require-signatures", location, "on"]) == 0
    trust = tmp_path / "trusted.json"
    for turn in (1, 2):
        game = open_game(location)
        assert game.turn == turn
        for side in game.side_ids():
            # the umpire sends the package; the player's Umpire reads it
            sent = write_package(location, side, system_for(location), tmp_path / f"{side}-{turn}.umpkg")
            package = read_package(sent)
            check_trust(package, str(sent), trust)
            assert package.manifest["turn"] == turn
            orders = tmp_path / f"{side}-{turn}.toml"
            orders.write_text(sign_orders(package, mw4_orders(package, turn)), encoding="utf-8")
            assert main(["orders", location, str(orders)]) == 0, capsys.readouterr().err
        inbox = orders_in(location, turn)
        assert sorted(inbox) == sorted(game.side_ids()) and all(x.signed for x in inbox.values())
        given = {(t, c): code for (t, c), (code, _) in open_game(location).commands.items() if t == turn}
        ordered = {u.company for u in open_game(location).units.values() if u.company and u.on_map}
        assert given == {(turn, c): "overwatch" for c in ordered}     # the players' orders, every company's
        play_turn_by_bots(location, "5")
    assert open_game(location).turn == 3
    assert replays_identically(location)
    kept = [x for t in (1, 2) for x in orders_in(location, t).values()]
    assert len(kept) == 4 and all("[signature]" in x.text for x in kept)


def test_two_turns_of_wardogs_by_packages(qapp, tmp_path, capsys):
    """Wardogs: each side's secret declaration of fire (Wardogs p. 7 step 6) handed in as a signed
    file in the declaration phase (a declaration of no fire: the package names no weapons yet)."""
    location = new_game(load_scenario(ROOT / "scenarios" / "tolliver-ridge.toml"), tmp_path / "tr.umpire", seed="4")
    system, rng = system_for(location), random.Random("bot:4")
    bot, trust = system.bot(), tmp_path / "trusted.json"
    for turn in (1, 2):
        while open_game(location).phase != "declare":                 # the bots move
            assert bot.act(location, open_game(location), rng, lambda s: None, 4, 99)
        game = open_game(location)
        assert game.turn == turn
        for side in game.side_ids():
            sent = write_package(location, side, system, tmp_path / f"{side}-{turn}.umpkg")
            package = read_package(sent)
            check_trust(package, str(sent), trust)
            assert package.manifest["orders_turn"] == turn       # declared for the turn being played
            text = f'side = "{side}"\nturn = {turn}\n'       # no [[shot]]: a declaration of no fire
            orders = tmp_path / f"{side}-{turn}.toml"
            orders.write_text(sign_orders(package, text), encoding="utf-8")
            assert main(["orders", location, str(orders), "--require-signature"]) == 0, capsys.readouterr().err
        assert sorted(orders_in(location, turn)) == sorted(game.side_ids())
        assert set(open_game(location).rule_state.declarations) == set(game.side_ids())
        while open_game(location).turn == turn:                       # the bots play the turn out
            assert bot.act(location, open_game(location), rng, lambda s: None, 4, 99)
    assert replays_identically(location)
