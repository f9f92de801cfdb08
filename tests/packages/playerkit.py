"""Playing by packages in tests: the umpire packages a side, the player's Umpire opens it in
player mode (the window, through pytest-qt), the player edits the orders editor's first text
and signs it with File → Sign and Save Orders…, and the umpire takes the file."""

from __future__ import annotations

import random
from pathlib import Path

from umpire.actions import system_for
from umpire.cli import main
from umpire.core.store.db import open_game
from umpire.gui.player.window import PlayerWindow
from umpire.packages.package import read_package, write_package
from umpire.packages.trust import check_trust


def uncomment(text: str, *starts: str) -> str:
    """The editor's text with the `# ` taken off the lines that start (after it) with one of `starts`."""
    return "\n".join(x[2:] if x.startswith("# ") and x[2:].startswith(starts) else x for x in text.splitlines()) + "\n"


def player_signs(qtbot, location: str, side: str, folder: Path, edit) -> Path:
    """The umpire sends `side` its package; the player opens it in player mode, writes the orders
    edit(editor text, package) gives and signs them from the window; the signed file's path."""
    sent = write_package(location, side, system_for(location), folder / f"{side}-{open_game(location).turn}.umpkg")
    package = read_package(sent)
    check_trust(package, str(sent), folder / "trusted.json")
    w = PlayerWindow(package, str(sent))
    qtbot.addWidget(w)
    w.orders.setPlainText(edit(w.orders.toPlainText(), package))
    out = folder / f"{side}-{package.manifest['orders_turn']}-{open_game(location).phase}.toml"
    assert w.save_orders(str(out)) == out, "the player's Umpire signed the orders"
    assert "[signature]" in out.read_text(encoding="utf-8")
    w.close()
    return out


def umpire_takes(location: str, path: Path, capsys) -> str:
    """`umpire orders GAME FILE --require-signature`; what it printed."""
    assert main(["orders", location, str(path), "--require-signature"]) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def bots_until(location: str, seed: str, done) -> None:
    """The bots play until done(game) (every action through the engine, as the window's)."""
    system, rng = system_for(location), random.Random(f"bot:{seed}")
    bot = system.bot()
    while not done(open_game(location)):
        assert open_game(location).phase != "ended"
        assert bot.act(location, open_game(location), rng, lambda s: None, 4, 99)
