"""`umpire end-turn` plays what is left of the turn, phase by phase as `umpire next-phase` would
(core/play/sequence.py): MechWar 4's Panic and Suppression Removal and Indirect Fire phases
(MW4 4.1 C, D: suppression comes off, 7.4; a plotted barrage lands, 14.14), Wardogs' reveal,
lock-on and damage (p. 7 steps 6-9, with its guard that every side has declared) and HCM's melee,
rally and spotting phases in both halves of the turn (HCM 3.8, 3.9, 7.8).  A refusal is one
line naming the phase, exit 2, and nothing done."""

import json
import sqlite3
from pathlib import Path

import pytest

from umpire.cli import main
from umpire.core.engine import journal, state_digest
from umpire.core.store.db import open_game
from umpire.core.play import sequence
from umpire.rules import rule_system

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def new(tmp_path, scenario: str, capsys) -> str:
    game = str(tmp_path / "g.umpire")
    assert main(["new", str(SCENARIOS / scenario), "--out", game, "--seed", "7"]) == 0
    capsys.readouterr()
    return game


def refused(capsys, *argv) -> str:
    """The one line `umpire` says when it refuses (exit 2)."""
    assert main(list(argv)) == 2
    lines = [x for x in capsys.readouterr().err.splitlines() if x.strip()]
    assert len(lines) == 1 and "Traceback" not in lines[0]
    return lines[0]


# ------------------------------------------------------------------ MechWar 4
def test_mw4_the_barrage_lands_and_suppression_comes_off_4_1(tmp_path, capsys):
    game = new(tmp_path, "kaltenbach-gap.toml", capsys)
    assert main(["plot", game, "--side", "nato", "--mission", "US DS", "1", "2224", "tight"]) == 0
    with sqlite3.connect(game) as conn:       # Scout 1 suppressed by earlier fire (MW4 7.4)
        conn.execute("UPDATE unit SET marks = json_set(marks, '$.suppression', 1) WHERE id = 'Scout 1'")
    conn.close()
    capsys.readouterr()
    assert main(["end-turn", game]) == 0
    assert capsys.readouterr().out.startswith("Turn 2 of 12 begins: Direct Fire/Movement phase")
    g = open_game(game)
    assert g.units["Scout 1"].marks.suppression == 0                        # MW4 7.4, 4.1 C
    assert [p.outcome for p in g.plots if p.turn == 1] and all(p.outcome for p in g.plots if p.turn == 1)  # 14.14
    row = journal(game)[-1]
    assert row.kind == "end_turn"
    assert "Scout 1: suppression removed (MW4 7.4)" in "\n".join(row.log)
    assert "Turn 1: Panic and Suppression Removal phase (MW4 4.1 C)" in row.log
    assert "Turn 1: Indirect Fire phase (MW4 4.1 D)" in row.log
    assert any(line.startswith("US DS #1: ") for line in row.log)           # the barrage's fall
    assert any("fire for effect US DS #1" in r["purpose"] for r in row.rolls)


def test_mw4_an_overrun_in_progress_holds_the_end_turn(tmp_path, capsys, monkeypatch):
    """MW4 12.0, 12.5: nothing happens while an overrun is being fought (hold_problem)."""
    game = new(tmp_path, "kaltenbach-gap.toml", capsys)
    system = rule_system(open_game(game).rules)
    monkeypatch.setattr(type(system), "hold_problem",
                        lambda self, g, uid: "T1 is in an overrun in 2224: it fights on or leaves the hex first (MW4 12.0, 12.5)")
    before = state_digest(game)
    line = refused(capsys, "end-turn", game)
    assert line == ("umpire: error: End Turn refused -- Direct Fire/Movement phase (MW4 4.1 A/B): T1 is in an overrun "
                    "in 2224: it fights on or leaves the hex first (MW4 12.0, 12.5); nothing was done")
    assert state_digest(game) == before


# ------------------------------------------------------------------ Wardogs
def to_declaration(tmp_path, capsys) -> str:
    game = new(tmp_path, "tolliver-ridge.toml", capsys)
    while open_game(game).phase != "declare":
        assert main(["next-phase", game]) == 0
    capsys.readouterr()
    return game


def test_wardogs_the_declaration_guard_holds_and_nothing_is_done_p7_steps_6_7(tmp_path, capsys):
    game = to_declaration(tmp_path, capsys)
    assert main(["act", game, "declare_fire", "side=pacifica", "shots=Coyote 1, coyote_particle_cannon, C2"]) == 0
    before, rows = state_digest(game), len(journal(game))
    line = refused(capsys, "end-turn", game)
    assert line.startswith("umpire: error: End Turn refused -- Declarations revealed; lock-on rolls "
                           "(Wardogs p. 7 step 7, p. 12): the declarations cannot be revealed yet: Tolliver militia "
                           "has not declared its fire")
    assert line.endswith("; nothing was done")
    assert state_digest(game) == before and len(journal(game)) == rows
    g = open_game(game)
    assert (g.turn, g.phase) == (1, "declare") and "pacifica" in g.rule_state.declarations   # the declaration kept


def test_wardogs_from_movement_the_guard_holds_too(tmp_path, capsys):
    """Ending the turn from an earlier phase reaches the reveal with nothing declared: refused."""
    game = new(tmp_path, "tolliver-ridge.toml", capsys)
    assert main(["next-phase", game]) == 0
    before = state_digest(game)
    line = refused(capsys, "end-turn", game)
    assert "End Turn refused -- Declarations revealed; lock-on rolls" in line and "have not declared" in line
    assert state_digest(game) == before


def test_wardogs_the_declared_fire_resolves_p7_steps_7_9(tmp_path, capsys):
    """The dice typed at the table: the lock-on d10 1, less 1 for a target that moved 0-2 hexes,
    is 0 against Militia 2's signature 2: locked on (p. 12, Table 3); the Particle Cannon's
    d10 8 at long range hits the squad's armour 0 and wipes it out (p. 15-16, Tables 5-7)."""
    game = to_declaration(tmp_path, capsys)
    assert main(["act", game, "declare_fire", "side=pacifica", "shots=Coyote 1, coyote_particle_cannon, C2"]) == 0
    assert main(["act", game, "declare_fire", "side=militia"]) == 0           # no fire, declared as such
    capsys.readouterr()
    assert main(["end-turn", game, "--dice", "1,8"]) == 0
    row = journal(game)[-1]
    text = "\n".join(row.log)
    assert "Lock-on of Pacifica Station lance (Wardogs p. 7 step 7):" in text
    assert "Coyote 1 at Militia 2: lock-on d10 1 -1 target moved 0 to 2 hexes this turn = 0 against signature 2: " \
           "locked on (Wardogs p. 12, Table 3)" in text
    assert "Coyote 1 fires Particle Cannon at Militia 2, long range: 1d10 8 -- 1 hit" in text
    g = open_game(game)
    assert g.units["Militia 2"].status == "destroyed"
    assert (g.turn, g.phase) == (2, "initiative") and not g.rule_state.declarations


# ------------------------------------------------------------------ HCM
@pytest.fixture()
def entered(monkeypatch):
    """The phases begun and the spotting passes made, in order, by what runs next."""
    seen: list[str] = []
    real_begin, real_spot = sequence.begin_phase, sequence.spot_pass

    def begin(ctx, key):
        seen.append(key)
        return real_begin(ctx, key)

    def spot(ctx):
        seen.append(f"spotting in {ctx.game.phase}")
        return real_spot(ctx)
    monkeypatch.setattr(sequence, "begin_phase", begin)
    monkeypatch.setattr(sequence, "spot_pass", spot)
    return seen


def test_hcm_melee_rally_and_spotting_phases_run_in_both_halves(tmp_path, capsys, entered):
    game = new(tmp_path, "brannock-crossing.toml", capsys)
    g = open_game(game)
    system = rule_system(g.rules)
    played = [p.key for p in system.phases()[1:] if system.plays_phase(g, p.key)]
    entered.clear()                                         # the opening's
    assert main(["end-turn", game]) == 0
    began = [x for x in entered if not x.startswith("spotting")]
    assert began == played + ["initiative"]                 # every phase left, then turn 2's first
    for key in ("a_melee", "a_rally", "b_melee", "b_rally"):    # HCM 3.8, 3.9
        assert key in began
    spots = [p.key for p in system.phases() if p.spots and p.key in played]
    assert {"a_rally", "b_rally"} <= set(spots)              # HCM 7.8: spotting at the rally phases
    for key in spots:
        assert f"spotting in {key}" in entered
    row = journal(game)[-1]
    assert "Turn 1: First half: melee (phasing player) (HCM 3.8)" in row.log
    assert "Turn 1: Second half: rally and spotting (HCM 3.9, 7.8, 7.9)" in row.log
    assert json.dumps(row.params) == '{"phases_left": "played"}'


def test_wardogs_declarations_held_for_their_phase_end_turn_and_replay_p7_step_6(tmp_path, capsys):
    """Issue 23: both sides' declarations taken with `umpire orders` before the declaration phase
    are held; `umpire end-turn` applies them as that phase begins (Wardogs p. 7 step 6), so the
    reveal goes through, in one journal action; `umpire replay --verify` and `--verify --rerun`
    both find the game whole."""
    game = new(tmp_path, "tolliver-ridge.toml", capsys)
    for side in ("pacifica", "militia"):
        path = tmp_path / f"{side}.toml"
        path.write_text(f'side = "{side}"\nturn = 1\n', encoding="utf-8")
        assert main(["orders", game, str(path)]) == 0
        assert "kept until the declaration phase" in capsys.readouterr().out
    rows = len(journal(game))
    assert main(["end-turn", game]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Turn 2 of 6 begins: Initiative")
    assert out.splitlines()[1:] == ["  Pacifica Station lance's held orders (journal #2): applied",
                                    "  Tolliver militia's held orders (journal #3): applied"]
    assert len(journal(game)) == rows + 1 and journal(game)[-1].kind == "end_turn"
    assert not open_game(game).rule_state.declarations                 # revealed and resolved: a new turn
    assert main(["replay", game, "--verify"]) == 0
    assert "the journal chains to the stored state" in capsys.readouterr().out
    assert main(["replay", game, "--verify", "--rerun"]) == 0
    assert "replay matches the stored state" in capsys.readouterr().out


def test_wardogs_a_declaration_not_handed_in_still_refuses_in_one_line(tmp_path, capsys):
    game = new(tmp_path, "tolliver-ridge.toml", capsys)
    path = tmp_path / "p.toml"
    path.write_text('side = "pacifica"\nturn = 1\n', encoding="utf-8")
    assert main(["orders", game, str(path)]) == 0
    before = state_digest(game)
    line = refused(capsys, "end-turn", game)
    assert "Tolliver militia has not declared" in line and line.endswith("; nothing was done")
    assert state_digest(game) == before
