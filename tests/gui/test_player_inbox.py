"""The umpire's window and playing by packages (issue 23): File → Send to Sides… writes each
side's package (a side's view: its own only), File → Take Orders File… checks, keeps and applies a
side's orders file (a refused one is shown and changes nothing), Turn → Orders In… says whose are in."""

from __future__ import annotations

from packagekit import package_of
from umpire.core.engine import journal
from umpire.gui import inbox
from umpire.packages.package import read_package
from umpire.packages.signing import sign_orders
from windowkit import window_on

ORDERS = 'side = "nato"\nturn = 2\n\n[commands]\n"A/2-32" = "overwatch"\n'


def test_send_to_sides_writes_each_sides_package(qtbot, qapp, tmp_path, game_path):
    w = window_on(qtbot, tmp_path, game_path)
    folder = tmp_path / "out"
    folder.mkdir()
    written = inbox.send_to_sides(w, str(folder), tell=False)
    assert sorted(read_package(p).side for p in written) == ["nato", "warpac"]
    assert written[0].read_bytes() == package_of(game_path, written[0].stem.split("-")[-1])
    w.viewer_box.setCurrentIndex(2)               # the Warsaw Pact's view at the table: its package only
    folder2 = tmp_path / "side"
    folder2.mkdir()
    assert [read_package(p).side for p in inbox.send_to_sides(w, str(folder2), tell=False)] == ["warpac"]


def test_take_orders_in_the_window_and_see_whose_are_in(qtbot, qapp, tmp_path, game_path, monkeypatch):
    w = window_on(qtbot, tmp_path, game_path)
    nato = read_package(package_of(game_path, "nato"))
    assert inbox.inbox_lines(w) == ["US Task Force 2-32: no orders in for this turn or the next",
                                    f"{w.game.side('warpac').name}: no orders in for this turn or the next"]
    warned = []
    monkeypatch.setattr("umpire.gui.inbox.QMessageBox.warning", lambda *a: warned.append(a[2]))
    bad = tmp_path / "bad.toml"
    bad.write_text(sign_orders(nato, ORDERS).replace("overwatch", "bound"), encoding="utf-8")
    rows = len(journal(str(game_path)))
    assert inbox.take_orders_file(w, str(bad)) is False
    assert "the signature does not match" in warned[0] and len(journal(str(game_path))) == rows
    good = tmp_path / "good.toml"
    good.write_text(sign_orders(nato, ORDERS), encoding="utf-8")
    assert inbox.take_orders_file(w, str(good)) is True
    assert len(journal(str(game_path))) == rows + 2
    assert inbox.inbox_lines(w)[0].startswith("US Task Force 2-32: orders for turn 2 in, applied (signed, journal #")
    w.viewer_box.setCurrentIndex(2)               # a side's view tells only of its own
    assert inbox.inbox_lines(w) == [f"{w.game.side('warpac').name}: no orders in for this turn or the next"]
    assert w.play.act_undo.isEnabled()            # the window came up to the file: the orders can be undone


def test_opening_a_package_in_the_umpires_window_starts_player_mode(qtbot, qapp, tmp_path, game_path, monkeypatch):
    from umpire.gui.player.window import PlayerWindow, open_package
    monkeypatch.setenv("UMPIRE_TRUST", str(tmp_path / "trust.json"))
    w = window_on(qtbot, tmp_path, game_path)
    path = tmp_path / "nato.umpkg"
    path.write_bytes(package_of(game_path, "nato"))
    assert w.open_path(str(path)) is True
    player = open_package.windows[-1]
    qtbot.addWidget(player)
    assert isinstance(player, PlayerWindow) and player.package.side == "nato" and player.isVisible()
    assert w.game.location == str(game_path)          # the umpire's window stays on its game
    errors = []
    monkeypatch.setattr("umpire.gui.inbox.QMessageBox.critical", lambda *a: errors.append(a[2]))
    broken = tmp_path / "broken.umpkg"
    broken.write_bytes(b"PK not really")
    assert w.open_path(str(broken)) is False and "not an Umpire side package" in errors[0]


def test_orders_in_shows_the_files_as_received(qtbot, qapp, tmp_path, game_path):
    w = window_on(qtbot, tmp_path, game_path)
    nato = read_package(package_of(game_path, "nato"))
    good = tmp_path / "good.toml"
    good.write_text(sign_orders(nato, ORDERS), encoding="utf-8")
    assert inbox.take_orders_file(w, str(good))
    box = inbox.show_inbox(w)
    assert "orders for turn 2 in, applied (signed" in box.text() and good.read_text(encoding="utf-8") in box.detailedText()
    box.close()
    w.viewer_box.setCurrentIndex(2)               # the Warsaw Pact's view: NATO's file is not shown
    box = inbox.show_inbox(w)
    assert "A/2-32" not in box.detailedText() and "US Task Force" not in box.text()
    box.close()


def test_a_file_that_is_not_toml_is_refused_in_one_line_when_signatures_are_required(qtbot, qapp, tmp_path, game_path,
                                                                                   monkeypatch):
    """Review 6, finding 6: with signed orders required, a file that is not TOML is a warning
    naming it -- not a traceback -- and nothing is kept."""
    from umpire.packages.keys import set_require_signature
    w = window_on(qtbot, tmp_path, game_path)
    package_of(game_path, "nato")                                  # the game's keys
    set_require_signature(str(game_path), ["nato", "warpac"], True)
    warned = []
    monkeypatch.setattr("umpire.gui.inbox.QMessageBox.warning", lambda *a: warned.append(a[2]))
    bad = tmp_path / "bad.toml"
    bad.write_text('side = "nato"\nturn = = 2\n', encoding="utf-8")
    rows = len(journal(str(game_path)))
    assert inbox.take_orders_file(w, str(bad)) is False
    assert warned == [warned[0]] and warned[0].startswith(f"{bad}: refused: not valid TOML")
    assert len(journal(str(game_path))) == rows


def test_orders_taken_before_their_phase_show_as_waiting_then_applied(qtbot, qapp, tmp_path):
    """Wardogs p. 7 step 6: a declaration taken in the window before the declaration phase is in,
    waiting for it (issue 23, held orders), and applied when the window's Next Phase brings it."""
    from pathlib import Path

    from umpire.actions import new_game, system_for
    from umpire.core.scenario import load_scenario
    from umpire.core.store.db import open_game
    from umpire.packages.package import write_package
    root = Path(__file__).resolve().parents[2]
    location = new_game(load_scenario(root / "scenarios" / "tolliver-ridge.toml"), tmp_path / "tr.umpire", seed="4")
    side = open_game(location).side_ids()[0]
    package = read_package(write_package(location, side, system_for(location), tmp_path / "p.umpkg"))
    early = tmp_path / "early.toml"
    early.write_text(sign_orders(package, f'side = "{side}"\nturn = 1\n'), encoding="utf-8")
    w = window_on(qtbot, tmp_path, location)
    assert inbox.take_orders_file(w, str(early)) is True
    name = w.game.side(side).name
    assert inbox.inbox_lines(w)[0].startswith(f"{name}: orders for turn 1 in, waiting for the declaration phase (signed")
    phases = [p.key for p in system_for(location).phases()]
    while w.game.phase != "declare":
        assert w.game.phase in phases[:phases.index("declare")]
        w.play.run("next_phase", {})                # the umpire moves the game on in the window
    assert inbox.inbox_lines(w)[0].startswith(f"{name}: orders for turn 1 in, applied (signed")
    assert side in w.game.rule_state.declarations
    # the orders' own journal row is on the undo stack: the window goes on, not "the game moved on"
    assert not w.outside.differs()
    assert w.play.stack.command(w.play.stack.index() - 1).text().startswith("Orders")
