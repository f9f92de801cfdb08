"""Pass, Next Phase and End Turn ask before leaving units that could still act (gui/leaving.py,
core/idle.py): how many and which; No keeps the turn; the question can be turned off."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import QSettings

from umpire.core.engine import perform
from umpire.core.store.db import open_game
from umpire.gui import leaving
from umpire.gui.mainwindow import MainWindow
from umpire.rules import rule_system


@pytest.fixture
def window(qtbot, tmp_path, game_path):
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.open_path(str(game_path))
    if not w.game.phase:                      # the bare test game: play begins with its first phase
        perform(w.game.location, "next_phase", {}, rule_system(w.game.rules))
        w.outside.reload()
    assert w.game.active_side                 # an alternating phase, a side to act
    return w


@pytest.fixture
def asked(monkeypatch):
    calls = []

    def answer(go, stop=False):
        def ask(window, text):
            calls.append(text)
            return go, stop
        monkeypatch.setattr(leaving, "ask", ask)
    return calls, answer


def test_end_turn_names_the_units_that_have_not_acted_and_no_keeps_the_turn(window, asked):
    calls, answer = asked
    answer(go=False)
    before = open_game(window.game.location)
    window.play.act_end_turn.trigger()
    assert len(calls) == 1
    idle = [u for u in before.units.values() if u.on_map and not u.carried_by]
    assert f"{len(idle)} units could still act:" in calls[0]
    assert idle[0].id in calls[0] and calls[0].rstrip().endswith("End the turn anyway?")
    after = open_game(window.game.location)
    assert (after.turn, after.phase) == (before.turn, before.phase)       # nothing happened


def test_yes_goes_on_and_do_not_ask_again_is_kept(window, asked):
    calls, answer = asked
    answer(go=True, stop=True)
    turn = window.game.turn
    window.play.act_end_turn.trigger()
    assert len(calls) == 1 and window.game.turn == turn + 1
    assert not window.play.act_ask_idle.isChecked() and not leaving.asking(window.settings)
    window.play.act_end_turn.trigger()                                     # not asked again
    assert len(calls) == 1 and window.game.turn == turn + 2
    window.play.act_ask_idle.setChecked(True)                              # Turn menu: ask again
    assert leaving.asking(window.settings)


def test_pass_asks_about_the_side_to_act_only(window, asked):
    calls, answer = asked
    answer(go=False)
    game = window.game
    window.play.act_pass.trigger()
    assert len(calls) == 1
    active = game.side(game.active_side).name
    others = [s.name for s in game.sides if s.id != game.active_side]
    assert f"{active}:" in calls[0] and not any(f"{o}:" in calls[0] for o in others)


def test_nobody_left_out_means_no_question(window, asked):
    calls, answer = asked
    answer(go=False)
    game = window.game
    location = game.location
    with sqlite3.connect(location) as db:         # every unit has acted: mark it so in the file
        db.execute("UPDATE unit SET acted = 1")
    db.close()
    window.reload_game()
    assert leaving.question(window, "end_turn") is None
    window.play.act_next_phase.trigger()
    assert calls == []


def test_a_sides_view_counts_its_own_units_only(window, asked):
    calls, answer = asked
    game = window.game
    enemy = next(s for s in game.side_ids() if s != game.active_side)
    window.viewer = enemy                        # what the viewer box sets
    text = leaving.question(window, "end_turn")
    mine = [u for u in game.units.values() if u.side == enemy and u.on_map and not u.carried_by]
    assert text is not None and f"{game.side(enemy).name}: {len(mine)} units" in text
    assert game.side(game.active_side).name + ":" not in text


def test_phases_the_rules_carry_out_leave_nobody_out(window):
    """The toy's End phase is carried out by its rules: nobody acts in it, nobody is left out."""
    system = rule_system(window.game.rules)
    ruled = next(p for p in system.phases() if not p.alternating and p.player is None)
    while window.game.phase != ruled.key:
        perform(window.game.location, "next_phase", {}, system)
        window.outside.reload()
    assert leaving.question(window, "next_phase") is None
    assert leaving.question(window, "end_turn") is None


def test_the_pass_that_ends_lnlts_operations_phase_is_asked_about(tmp_path):
    """In Lock 'n Load a pass hands the impulse over and is not asked about -- but the third
    pass in a row ends the phase for both sides (13 units unacted went without a word)."""
    import dataclasses
    from pathlib import Path

    from umpire.actions import new_game
    from umpire.core.scenario import load_scenario
    from umpire.core.store.db import open_game
    from umpire.gui import leaving
    from umpire.rules import rule_system

    xom = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"
    game = open_game(new_game(load_scenario(xom), tmp_path / "x.umpire", seed="leave"))
    phase = next(p for p in rule_system(game.rules).phases() if p.passes_to_end)
    a, b = game.side_ids()
    g = dataclasses.replace(game, phase=phase.key, active_side=a, passed=())
    assert leaving._passing_hands_over(g)
    g = dataclasses.replace(g, passed=(b, a)[:phase.passes_to_end - 1])
    assert not leaving._passing_hands_over(g)
