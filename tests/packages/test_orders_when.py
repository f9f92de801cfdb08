"""The orders editor says which phase of the umpire's game applies the side's orders (issue 23):
the words the umpire's inbox shows for a held file ("waiting for the declaration phase"), taken
from the package (its manifest's orders_applied, made from RuleSystem.orders_wait when the package
was made) -- a line above the editor and a note at the top of its first text.  Wardogs p. 7 step
6 (the declaration phase), MW4 19.1 (commands applied as taken), HCM 2.1.1 (a change waits for
the side's turn to act), WB 7.0 (the side's player turn)."""

from __future__ import annotations

from pathlib import Path

import pytest

from packagekit import package_of, self_signed
from playerkit import player_signs, umpire_takes
from umpire.actions import new_game, system_for
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.gui.player.window import PlayerWindow
from umpire.packages.inbox import orders_in
from umpire.packages.orders_template import game_template, package_template
from umpire.packages.package import read_package

ROOT = Path(__file__).resolve().parents[2]


def started(tmp_path, scenario: str) -> str:
    return new_game(load_scenario(ROOT / "scenarios" / f"{scenario}.toml"), tmp_path / f"{scenario}.umpire", seed="4")


def window(qtbot, location: str, side: str) -> PlayerWindow:
    w = PlayerWindow(read_package(package_of(location, side)))
    qtbot.addWidget(w)
    return w


def test_a_wardogs_declaration_says_it_waits_for_the_declaration_phase(qtbot, qapp, tmp_path, capsys):
    location = started(tmp_path, "tolliver-ridge")
    assert open_game(location).phase != "declare"
    w = window(qtbot, location, "pacifica")
    said = w.orders_when.text()
    assert said == w.package.manifest["orders_applied"]
    assert said == "Orders for turn 1: kept by the umpire until the declaration phase, then applied."
    assert "# Orders for turn 1: kept by the umpire until the" in w.orders.toPlainText()    # the editor's note
    w.close()
    # what the umpire's inbox then shows for the file says the same phase (Wardogs p. 7 step 6)
    signed = player_signs(qtbot, location, "pacifica", tmp_path, lambda text, package: text)
    assert "kept until the declaration phase" in umpire_takes(location, signed, capsys)
    held = orders_in(location, 1)["pacifica"]
    assert held.waiting == "the declaration phase" and held.waiting in said


def test_mechwar4_commands_are_applied_as_taken(qtbot, qapp, tmp_path):
    w = window(qtbot, started(tmp_path, "kaltenbach-gap"), "nato")
    assert w.orders_when.text() == "Orders for turn 1: applied as the umpire takes them."      # MW4 19.1
    w.close()


def test_a_hex_command_change_waits_for_the_sides_turn_to_act(qtbot, qapp, tmp_path):
    location = started(tmp_path, "brannock-crossing")
    w = window(qtbot, location, "blue")
    name = open_game(location).side("blue").name
    # HCM 2.1.1: written orders as taken; a change when the side next has the turn to act
    assert w.orders_when.text() == (f"Orders for turn 1: applied as the umpire takes them; [changes] kept by "
                                    f"the umpire until {name}'s turn to act, then applied.")
    w.close()


def test_war_blog_orders_wait_for_the_sides_player_turn(qtbot, qapp, tmp_path):
    location = started(tmp_path, "osterby-bridges")
    game = open_game(location)
    first, second = game.active_side, next(s for s in game.side_ids() if s != game.active_side)
    texts = {side: window(qtbot, location, side).orders_when.text() for side in (first, second)}
    assert texts[first] == "Orders for turn 1: applied as the umpire takes them."           # WB 7.0: its turn now
    assert texts[second] == (f"Orders for turn 1: kept by the umpire until {game.side(second).name}'s player "
                             "turn, then applied.")


def test_the_side_page_gives_the_same_note(qapp, tmp_path):
    """The side's web page (umpire serve) starts its orders box with the same text, note included."""
    location = started(tmp_path, "tolliver-ridge")
    system = system_for(location)
    package = read_package(package_of(location, "militia"))
    page = game_template(open_game(location), "militia", system)
    assert page == package_template(package, system)
    assert "# Orders for turn 1: kept by the umpire until the\n# declaration phase, then applied." in page


@pytest.mark.parametrize("scenario,side", [("kaltenbach-gap", "nato")])
def test_an_older_package_without_the_words_still_opens(qtbot, qapp, tmp_path, scenario, side):
    """A package made before orders_applied was added (format 1 still) opens, and the line above
    the editor says only the turn -- nothing the package does not hold."""
    data = self_signed(package_of(started(tmp_path, scenario), side), lambda m: m.pop("orders_applied"))
    w = PlayerWindow(read_package(data))
    qtbot.addWidget(w)
    assert w.orders_when.text() == "Orders for turn 1."
    assert "applied" not in w.orders.toPlainText().split("side =")[0]
    w.close()
