"""MechWar 4's ambush handed in by package (issue 23; MW4 6.9131: a company picks its ambush hex,
in its line of sight, before the start of the game, under the Ambush command).  A package made
before play asks for turn 1's orders, so its editor offers the [ambush] block; the side sets an
ambush in player mode, signs it, and the umpire's game has it.  Once play has begun, packages ask
for the next turn's orders and offer no ambush (our reading: 6.9131's "before the start of the
game" is turn 1 before any unit moved or fired -- mechwar4/orders_file.before_play)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from playerkit import bots_until, player_signs, umpire_takes
from test_side_leaks import hide_the_unseen
from umpire.actions import new_game, system_for
from umpire.core.engine import journal
from umpire.core.los import Eye
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.gui.player.window import PlayerWindow
from umpire.packages.inbox import orders_in
from umpire.packages.package import build_package, read_package

ROOT = Path(__file__).resolve().parents[2]
COMPANY = "A/2-32"


@pytest.fixture
def location(tmp_path):
    return new_game(load_scenario(ROOT / "scenarios" / "kaltenbach-gap.toml"), tmp_path / "kg.umpire", seed="5")


def hex_in_sight(location: str, company: str) -> str:
    """A hex two hexes or more from the company that one of its units sees (MW4 6.9131)."""
    game, system = open_game(location), system_for(location)
    sight = system.sight(game.map, game.night)
    members = [u for u in game.units.values() if u.company == company and u.on_map]
    for h in sorted(game.map.hexes(), key=lambda h: (h.q, h.r)):
        if all(m.hex != h for m in members) and any(
                sight.line_of_sight(Eye(m.hex), Eye(h)).clear for m in members):
            return game.map.number(h)
    raise AssertionError(f"{company} sees no hex")


def ambush_orders(number: str):
    def edit(text: str, package) -> str:
        assert package.manifest["orders_turn"] == 1, "before play, the package asks for turn 1's orders"
        assert "# [ambush]" in text, "the editor offers the ambush (MW4 6.913)"
        text = text.replace(f'# "{COMPANY}" = ""', f'"{COMPANY}" = "ambush"', 1)
        return text.replace("# [ambush]\n# \"company\" = \"1414\"", f'[ambush]\n"{COMPANY}" = "{number}"', 1)
    return edit


def test_a_side_sets_an_ambush_by_a_signed_file(qtbot, qapp, tmp_path, location, capsys):
    number = hex_in_sight(location, COMPANY)
    signed = player_signs(qtbot, location, "nato", tmp_path, ambush_orders(number))
    text = signed.read_text(encoding="utf-8")
    assert "turn = 1" in text and f'"{COMPANY}" = "{number}"' in text and "[signature]" in text
    out = umpire_takes(location, signed, capsys)
    assert "kept until" not in out, out                              # MW4 commands: applied as taken
    game = open_game(location)
    code, where = game.commands[(1, COMPANY)]
    assert code == "ambush" and game.map.number(where) == number      # the umpire's game has the ambush
    inbox = orders_in(location, 1)["nato"]
    assert inbox.signed and not inbox.waiting and inbox.text == text  # the file kept in the journal as sent
    applied = [r for r in journal(location) if r.kind == "orders"][-1]
    assert f"{COMPANY}: Ambush on {number}" in " ".join(applied.log)


def test_an_ambush_out_of_sight_is_refused_before_signing(qtbot, qapp, tmp_path, location):
    """The umpire's own check (MW4 6.9131: a hex in the company's line of sight) is the rule
    system's; the player's Umpire signs what its reader takes, and the umpire refuses the rest."""
    from umpire.cli import main
    game = open_game(location)
    sight = system_for(location).sight(game.map, game.night)
    members = [u for u in game.units.values() if u.company == COMPANY and u.on_map]
    blind = next(game.map.number(h) for h in sorted(game.map.hexes(), key=lambda h: (h.q, h.r))
                 if not any(sight.line_of_sight(Eye(m.hex), Eye(h)).clear for m in members))
    signed = player_signs(qtbot, location, "nato", tmp_path, ambush_orders(blind))
    assert main(["orders", location, str(signed)]) == 2
    assert (1, COMPANY) not in open_game(location).commands


def test_once_play_has_begun_the_package_asks_for_next_turn_without_ambush(qtbot, qapp, tmp_path, location):
    bots_until(location, "5", lambda g: any(u.moved or u.fired for u in g.units.values()))
    package = read_package(build_package(location, "nato", system_for(location)))
    assert package.manifest["turn"] == 1 and package.manifest["orders_turn"] == 2
    w = PlayerWindow(package)
    qtbot.addWidget(w)
    assert "turn = 2" in w.orders.toPlainText() and "[ambush]" not in w.orders.toPlainText()
    w.close()


def test_the_ambush_text_holds_nothing_the_side_never_saw(qtbot, qapp, tmp_path, location):
    """The start-of-game package and its orders text (the [ambush] block included) are the same
    bytes when every enemy nato never saw is moved and renamed (test_side_leaks.hide_the_unseen)."""
    def parts(path: str) -> tuple[bytes, bytes]:
        data = build_package(path, "nato", system_for(path))
        w = PlayerWindow(read_package(data))
        qtbot.addWidget(w)
        text = w.orders.toPlainText() + w.orders_when.text()
        w.close()
        return data, text.encode()
    before = parts(location)
    assert b"[ambush]" in before[1]
    copy = tmp_path / "copy.umpire"
    shutil.copy(location, copy)
    assert hide_the_unseen(str(copy), "nato")["units"], "nato saw every enemy: the test proves nothing"
    assert parts(str(copy)) == before
