"""Player mode (issue 23): the window opened on a side package shows the package and nothing else
-- checked through the window: its pixels and every text in it are the same whatever the side
never saw, no enemy it never saw is named anywhere, and none of the umpire's tools is offered."""

from __future__ import annotations

import re
import shutil

import pytest
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QTextBrowser

from packagekit import package_of
from reportkit import words
from test_side_leaks import hide_the_unseen
from umpire.actions import system_for
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.gui.player.window import PlayerWindow, open_package
from umpire.packages.inbox import take_orders
from umpire.packages.package import read_package

MENUS = {"Open Package…", "Sign and Save Orders…", "Save Report PDF…", "Quit", "Fit Map", "About Player Mode"}


def player(qtbot, data) -> PlayerWindow:
    w = PlayerWindow(read_package(data))
    qtbot.addWidget(w)
    w.show()
    w.fit_map()
    return w


def texts(w: PlayerWindow) -> str:
    """Every text the window holds: title, status, tab names, tables, editors, menus."""
    out = [w.windowTitle(), w.statusBar().currentMessage()]
    out += [w.tabs.tabText(i) for i in range(w.tabs.count())]
    out += [b.toPlainText() for b in w.findChildren(QTextBrowser)]
    out += [e.toPlainText() for e in w.findChildren(QPlainTextEdit)] + [e.text() for e in w.findChildren(QLineEdit)]
    out += [a.text() for m in w.menuBar().actions() for a in [m, *m.menu().actions()]]
    return "\n".join(out)


def test_the_window_shows_the_package_and_nothing_of_what_the_side_never_saw(qtbot, qapp, tmp_path, game_path):
    data = package_of(game_path, "nato")
    before = player(qtbot, data)
    game = open_game(game_path)
    own = [u for u in game.units.values() if u.side == "nato" and u.on_map and not u.carried_by]
    unseen = [u for u in game.units.values() if u.side == "warpac" and ("nato", u.id) not in game.contacts]
    assert own and unseen
    shown = texts(before)
    assert all(u.id in shown for u in own)
    # no enemy it never saw is named (ids such as "1/1" read as a strength: not names to look for)
    names = [x for u in unseen for x in (u.id, u.name) if x and not re.fullmatch(r"\d+/\d+", x)]
    assert names and not [x for x in names if words(shown, x)]
    copy = tmp_path / "changed.umpire"
    shutil.copy(game_path, copy)
    assert hide_the_unseen(str(copy), "nato")["units"]
    after = player(qtbot, package_of(copy, "nato"))
    assert texts(after) == shown
    assert before.map_view.grab().toImage() == after.map_view.grab().toImage()
    # none of the umpire's tools: only the player's menus (no View selector, dice, journal or undo)
    assert {a.text() for m in before.menuBar().actions() for a in m.menu().actions()} == MENUS


def test_orders_signed_in_the_window_are_taken_by_the_umpire(qtbot, qapp, tmp_path, game_path, monkeypatch):
    w = player(qtbot, package_of(game_path, "nato"))
    assert 'side = "nato"' in w.orders.toPlainText() and '# "A/2-32" = ""' in w.orders.toPlainText()
    w.orders.setPlainText(w.orders.toPlainText().replace('# "A/2-32" = ""', '"A/2-32" = "overwatch"'))
    saved = w.save_orders(str(tmp_path / "signed.toml"))
    kept, applied = take_orders(str(game_path), saved, system_for(str(game_path)), require=True)
    assert "A/2-32: Overwatch" in " ".join(applied.log)
    warned = []
    monkeypatch.setattr("umpire.gui.player.window.QMessageBox.warning", lambda *a: warned.append(a[2]))
    w.orders.setPlainText(w.orders.toPlainText().replace('side = "nato"', 'side = "warpac"'))
    assert w.save_orders(str(tmp_path / "other.toml")) is None and not (tmp_path / "other.toml").exists()
    assert "signs only for side 'nato'" in warned[0]


def test_line_of_sight_over_the_known_map(qtbot, qapp, game_path):
    w = player(qtbot, package_of(game_path, "nato"))
    w.los_from.setText("1206")
    w.los_to.setText("1209")
    w.check_los()
    assert w.los_out.toPlainText().startswith("LOS 1206 -> 1209: ")
    w.los_to.setText("9999")
    w.check_los()
    assert w.los_out.toPlainText().startswith("cannot check:")


def test_a_package_signed_by_another_key_is_refused_before_a_window(qtbot, qapp, tmp_path, game_path, monkeypatch):
    from umpire.core.errors import UmpireError
    monkeypatch.setenv("UMPIRE_TRUST", str(tmp_path / "trust.json"))
    good = tmp_path / "nato.umpkg"
    good.write_bytes(package_of(game_path, "nato"))
    qtbot.addWidget(open_package(str(good)))
    bad = tmp_path / "bad.umpkg"
    bad.write_bytes(good.read_bytes()[:-40] + bytes(40))
    with pytest.raises(UmpireError):
        open_package(str(bad))


def test_open_package_on_the_command_line(qtbot, qapp, tmp_path, game_path, monkeypatch, capsys):
    from umpire.cli import main
    monkeypatch.setenv("UMPIRE_TRUST", str(tmp_path / "trust.json"))
    path = tmp_path / "nato.umpkg"
    path.write_bytes(package_of(game_path, "nato"))
    assert main(["open-package", str(path), "--screenshot", str(tmp_path / "p.png")]) == 0
    assert (tmp_path / "p.png").stat().st_size > 10000
    path.write_bytes(path.read_bytes()[:100])
    assert main(["open-package", str(path), "--screenshot", str(tmp_path / "q.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not an Umpire side package" in err and not (tmp_path / "q.png").exists()


@pytest.mark.parametrize("change,why", [
    (lambda m: m.pop("side_name"), "manifest.json lacks side_name"),
    (lambda m: m.update(orders_turn="x"), "manifest.json's orders_turn is 'x', not a whole number"),
    (lambda m: m.update(rules="nosuch"), "a package of a rule system this Umpire lacks: unknown rule system 'nosuch'"),
])
def test_a_self_signed_package_no_window_can_show_is_refused_in_one_line(qapp, tmp_path, game_path, monkeypatch,
                                                                          capsys, change, why):
    """Review 6, finding 7: a stranger's package, signed by its own key (trusted on first use),
    missing a manifest key or giving one of the wrong type, or of a rule system this Umpire lacks,
    is refused before any window opens (it crashed open-package, or the window at save) -- and its
    key is not remembered."""
    from umpire.cli import main
    from packagekit import self_signed
    trust = tmp_path / "trust.json"
    monkeypatch.setenv("UMPIRE_TRUST", str(trust))
    path = tmp_path / "stranger.umpkg"
    path.write_bytes(self_signed(package_of(game_path, "nato"), change))
    capsys.readouterr()
    assert main(["open-package", str(path), "--screenshot", str(tmp_path / "s.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: " in err and re.search(why, err), err
    assert not (tmp_path / "s.png").exists() and not trust.exists()
    with pytest.raises(UmpireError, match=why):
        open_package(str(path))


def test_orders_in_the_forms_names_are_refused_in_the_window_and_nothing_signed(qtbot, qapp, tmp_path, game_path,
                                                                                 monkeypatch):
    """Tester's finding (issue 23/24): the form listed "Bounding Overwatch" and Sign and Save signed
    it, which the umpire refused.  The editor lists the codes (MW4 19.14); the rule system's reader
    and the codes are checked before signing; a refusal shows in the window and nothing is written."""
    w = player(qtbot, package_of(game_path, "nato"))
    text = w.orders.toPlainText()
    assert re.search(r"^#\s+bounding_overwatch\s+Bounding Overwatch", text, re.M)
    warned = []
    monkeypatch.setattr("umpire.gui.player.window.QMessageBox.warning", lambda *a: warned.append(a[1:]))
    w.orders.setPlainText(text.replace('# "A/2-32" = ""', '"A/2-32" = "Bounding Overwatch"'))
    assert w.save_orders(str(tmp_path / "named.toml")) is None and not (tmp_path / "named.toml").exists()
    assert warned[0][0] == "Orders not signed" and "'Bounding Overwatch' is not a command code" in warned[0][1]
    w.orders.setPlainText(text.replace('# "A/2-32" = ""', '"A/2-32" = "bounding_overwatch"'))
    saved = w.save_orders(str(tmp_path / "coded.toml"))
    kept, applied = take_orders(str(game_path), saved, system_for(str(game_path)), require=True)
    assert "A/2-32: Bounding Overwatch" in " ".join(applied.log)


def test_every_tab_in_sight_and_the_map_fitted_at_the_default_size(qtbot, qapp, game_path):
    """Tester's finding: at the window's default size the Orders tab hid behind scroll arrows and
    the map opened on the middle of the board."""
    w = PlayerWindow(read_package(package_of(game_path, "nato")))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: getattr(w, "fitted", False))
    qtbot.wait(50)
    bar = w.tabs.tabBar()
    assert "Orders" in [bar.tabText(i) for i in range(bar.count())]
    assert all(bar.rect().contains(bar.tabRect(i)) for i in range(bar.count()))
    board = w.scene.sceneRect()
    slack = board.width() / 50         # the window's last layout may take a few pixels after the fit
    seen = lambda: w.map_view.mapToScene(w.map_view.viewport().rect()).boundingRect()   # noqa: E731
    qtbot.waitUntil(lambda: seen().adjusted(-slack, -slack, slack, slack).contains(board), timeout=3000)


def test_the_units_tab_shows_who_rides_in_what_as_the_side_knows_it(qtbot, qapp, tmp_path):
    """Passengers (LnLT 16.1) and carried support weapons (LnLT 1.6) ride inside their carrier's
    counter on the map; the Units tab names them, with their carrier and its hex -- the side's own
    only: the enemy's riders are not in the package, and moving and renaming them changes nothing."""
    from pathlib import Path

    from umpire.actions import new_game
    from umpire.core.scenario import load_scenario
    root = Path(__file__).resolve().parents[2]
    text = (root / "scenarios" / "xom-lang-ambush.toml").read_text(encoding="utf-8")
    mounted = text.replace('{ id = "M60 Team", type = "us_mg_team", hex = "0205" }',
                           '{ id = "M60 Team", type = "us_mg_team", hex = "0206", carried_by = "Track 21" }')
    assert mounted != text
    scenario = tmp_path / "xom-lang-mounted.toml"
    scenario.write_text(mounted, encoding="utf-8")
    location = new_game(load_scenario(scenario), tmp_path / "x.umpire", seed="2")
    w = player(qtbot, package_of(location, "us"))
    assert sorted(r[:2] for r in w.package.riders) == [("1st Sqd", "1st Sqd LAW"), ("Track 21", "M60 Team")]
    units = w.tabs.widget(w.tabs.indexOf(next(w.tabs.widget(i) for i in range(w.tabs.count())
                                              if w.tabs.tabText(i) == "Units"))).toPlainText()
    assert "Riding or carried" in units and "Carrying" in units
    cells = [x.strip() for x in units.split("Riding or carried")[1].splitlines() if x.strip()]
    at = cells.index("M60 Team")
    assert cells[at + 3:at + 5] == ["Track 21", "0206"]           # in the track, at the track's hex
    assert "A Sqd RPD" not in units and "B Sqd RPG" not in units   # the enemy's: never in the package
    copy = tmp_path / "changed.umpire"
    shutil.copy(location, copy)
    hide_the_unseen(str(copy), "us")
    assert texts(player(qtbot, package_of(copy, "us"))) == texts(w)
