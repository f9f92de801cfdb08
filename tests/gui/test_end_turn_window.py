"""The window's End Turn (Turn menu, Ctrl+T) plays what is left of the turn as Next Phase would
(core/play/sequence.py): MechWar 4's barrage lands and suppression comes off (MW4 4.1 C-D, 7.4,
14.14); Wardogs' reveal waits for every side's declaration, and the refusal is shown in one line
with nothing done (p. 7 steps 6-7); HCM's melee and rally phases run (HCM 3.8, 3.9).  One undo
takes the whole End Turn back."""

import sqlite3
from pathlib import Path

import pytest

from umpire.actions import new_game
from umpire.core.engine import journal, perform, state_digest
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system
from umpire.gui.leaving import ASK_SETTING
from windowkit import window_on

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.fixture
def warned(monkeypatch):
    shown = []
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda parent, title, text: shown.append(text))
    return shown


def made(tmp_path, scenario: str) -> str:
    return str(new_game(load_scenario(SCENARIOS / scenario), tmp_path / "g.umpire", seed="7"))


def test_mw4_end_turn_lands_the_barrage_and_removes_suppression_and_undoes_whole(qtbot, tmp_path, warned):
    game = made(tmp_path, "kaltenbach-gap.toml")
    system = rule_system(open_game(game).rules)
    perform(game, "plot", {"side": "nato", "turn": 1, "missions": [
        {"support": "US DS", "concentration": 1, "target": "2224", "pattern": "tight"}]}, system)
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE unit SET marks = json_set(marks, '$.suppression', 1) WHERE id = 'Scout 1'")
    conn.close()
    before = state_digest(game)
    w = window_on(qtbot, tmp_path, game)
    assert w.play.act_end_turn.shortcut().toString() == "Ctrl+T"
    w.play.act_end_turn.trigger()
    assert not warned
    g = w.game
    assert g.turn == 2 and g.phase == "fire_move"
    assert g.units["Scout 1"].marks.suppression == 0                              # MW4 7.4
    assert all(p.outcome for p in g.plots if p.turn == 1)                         # MW4 14.14: it landed
    assert "Turn 1: Indirect Fire phase (MW4 4.1 D)" in journal(game)[-1].log
    w.play.act_undo.trigger()                                                     # one action, undone whole
    assert (w.game.turn, w.game.phase) == (1, "fire_move") and state_digest(game) == before


def test_wardogs_end_turn_is_refused_until_every_side_has_declared(qtbot, tmp_path, warned):
    game = made(tmp_path, "tolliver-ridge.toml")
    system = rule_system(open_game(game).rules)
    while open_game(game).phase != "declare":
        perform(game, "next_phase", {}, system)
    perform(game, "declare_fire", {"side": "pacifica", "shots": "Coyote 1, coyote_particle_cannon, C2"}, system)
    w = window_on(qtbot, tmp_path, game)
    before = state_digest(game)
    w.play.act_end_turn.trigger()
    assert len(warned) == 1 and "\n" not in warned[0]
    assert warned[0].startswith("End Turn refused -- Declarations revealed; lock-on rolls (Wardogs p. 7 step 7, p. 12): "
                                "the declarations cannot be revealed yet: Tolliver militia has not declared")
    assert state_digest(game) == before and (w.game.turn, w.game.phase) == (1, "declare")
    perform(game, "declare_fire", {"side": "militia", "shots": ""}, system)
    w.outside.reload()
    w.play.act_end_turn.trigger()
    assert len(warned) == 1 and w.game.turn == 2
    assert "Lock-on of Pacifica Station lance (Wardogs p. 7 step 7):" in journal(game)[-1].log


def test_hcm_end_turn_runs_the_melee_and_rally_phases(qtbot, tmp_path, warned):
    game = made(tmp_path, "brannock-crossing.toml")
    w = window_on(qtbot, tmp_path, game)
    w.play.act_end_turn.trigger()
    assert not warned and w.game.turn == 2
    log = journal(game)[-1].log
    for line in ("Turn 1: First half: melee (phasing player) (HCM 3.8)",
                 "Turn 1: First half: rally and spotting (HCM 3.9, 7.8, 7.9)",
                 "Turn 1: Second half: melee (phasing player) (HCM 3.8)",
                 "Turn 1: Second half: rally and spotting (HCM 3.9, 7.8, 7.9)"):
        assert line in log


def test_wardogs_end_turn_applies_declarations_held_for_their_phase_and_undoes_whole(qtbot, tmp_path, warned):
    """Issue 23, Wardogs p. 7 step 6: declarations handed in before their phase are applied as End
    Turn (Ctrl+T) passes the declaration phase -- no refusal shown; Undo takes the End Turn back
    whole and the files are held again (the inbox says so)."""
    from umpire.packages.inbox import orders_in, take_orders
    game = made(tmp_path, "tolliver-ridge.toml")
    system = rule_system(open_game(game).rules)
    for side in ("pacifica", "militia"):
        path = tmp_path / f"{side}.toml"
        path.write_text(f'side = "{side}"\nturn = 1\n', encoding="utf-8")
        take_orders(game, path, system)
    before = state_digest(game)
    w = window_on(qtbot, tmp_path, game)
    w.settings.setValue(ASK_SETTING, False)                # only what End Turn itself says
    w.play.act_end_turn.trigger()
    assert not warned and w.game.turn == 2
    log = journal(game)[-1].log
    assert "Pacifica Station lance declares no fire (kept at journal #2 until now)" in log     # the umpire's journal
    assert {x.state() for x in orders_in(game, 1).values()} == {"in, applied"}
    w.play.act_undo.trigger()
    assert w.game.turn == 1 and state_digest(game) == before
    assert {x.state() for x in orders_in(game, 1).values()} == {"in, waiting for the declaration phase"}
