"""End Turn with held orders files (issue 23, core/play/sequence.py and core.play.inbox): at each
phase End Turn plays, the files waiting for that phase are applied as Next Phase and then the
engine's held-file application would apply them -- inside the End Turn's one journal row, undone
whole with it (the files then held again), refused ones settled with their reason -- for every
rule system that holds files: Wardogs' declaration of fire (p. 7 step 6), Hex Command's change of
orders (HCM 2.1.1: when the side next acts), Lock 'n Load's Rally-phase orders (LnLT 3.0) and War
Blog's air and engineers' orders (WB 7.0: the side's player turn).  MechWar 4 applies every file
as it is taken (MW4 19.1): nothing is held there.  Each game replays identically."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from storekit import replays_identically as rerun_identically
from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, redo, state_digest, undo
from umpire.core.errors import UmpireError
from umpire.core.play import inbox as core_inbox
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal
from umpire.packages.inbox import orders_in, take_orders

ROOT = Path(__file__).resolve().parents[2]


def started(tmp_path, scenario: str, seed: str = "4") -> str:
    return str(new_game(load_scenario(ROOT / "scenarios" / f"{scenario}.toml"), tmp_path / f"{scenario}.umpire",
                        seed=seed))


def handed_in(location: str, tmp_path, text: str, name: str) -> list:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return take_orders(location, path, system_for(location))


def end_turn(location: str):
    return perform(location, "end_turn", {}, system_for(location))


def kinds(location: str) -> list[str]:
    return [r.kind for r in journal(location) if not r.undone]


def replays_identically(location: str) -> bool:
    """`umpire replay GAME --verify` (the journal's changes chain to the stored state) and
    `--verify --rerun` (the rules re-run with the recorded dice reach it) both agree."""
    from umpire.core.chain import verify_chain
    chained = verify_chain(location, load_scenario)
    return chained.same and not chained.snapshots_differ and rerun_identically(location)


def states(location: str, turn: int) -> dict[str, str]:
    return {side: x.state() for side, x in orders_in(location, turn).items()}


# ------------------------------------------------------------------ Wardogs p. 7 step 6
def test_wardogs_declarations_held_for_their_phase_let_end_turn_through_the_reveal(tmp_path):
    """Both sides hand their declaration in before the declaration phase (Wardogs p. 7 step 6):
    End Turn from the initiative phase applies them as the declaration phase begins, so the
    reveal (step 7) finds every side declared and the turn ends -- once refused "has not
    declared".  One End Turn row, no "orders" rows of their own; one undo takes all back."""
    game = started(tmp_path, "tolliver-ridge")
    for side in ("pacifica", "militia"):
        handed_in(game, tmp_path, f'side = "{side}"\nturn = 1\n', f"{side}.toml")
    assert set(states(game, 1).values()) == {"in, waiting for the declaration phase"}
    before, rows = state_digest(game), kinds(game)
    result = end_turn(game)
    # the summary, which a side's view shows, does not count the files: the enemy's are not its business
    assert result.summary.startswith("Turn 2 of 6 begins: Initiative") and "held" not in result.summary
    assert kinds(game) == rows + ["end_turn"]                    # one action: the files inside it
    row = journal(game)[-1]
    declared = [i for i, x in enumerate(row.log) if x.endswith("until now)")]
    reveal = row.log.index("Declarations revealed to the umpire (Wardogs p. 7 step 7):")
    phase = row.log.index("Turn 1: Targets and weapons declared, secretly (Wardogs p. 7 step 6)")
    assert len(declared) == 2 and phase < min(declared) and max(declared) < reveal   # in step 6, before step 7
    assert [row.readers[str(i)] for i in declared] == ["pacifica", "militia"]       # each its own side's
    assert [h["side"] for h in row.params["held_orders"]] == ["pacifica", "militia"]
    assert set(states(game, 1).values()) == {"in, applied"}
    assert replays_identically(game)
    undo(game)                                                  # the End Turn, whole
    assert state_digest(game) == before and open_game(game).turn == 1
    assert set(states(game, 1).values()) == {"in, waiting for the declaration phase"}    # held again
    redo(game)
    assert open_game(game).turn == 2 and set(states(game, 1).values()) == {"in, applied"}


def test_wardogs_a_side_with_nothing_held_still_holds_end_turn_up(tmp_path):
    """Only Pacifica's declaration is held: the reveal still waits for the militia's (p. 7 step 7),
    nothing is done, and Pacifica's file stays held."""
    game = started(tmp_path, "tolliver-ridge")
    handed_in(game, tmp_path, 'side = "pacifica"\nturn = 1\n', "p.toml")
    before, rows = state_digest(game), len(journal(game))
    with pytest.raises(UmpireError, match="End Turn refused -- Declarations revealed; lock-on rolls .*"
                                          "Tolliver militia has not declared") as refused:
        end_turn(game)
    assert "\n" not in refused.value.one_line() and refused.value.one_line().endswith("nothing was done")
    assert state_digest(game) == before and len(journal(game)) == rows
    assert states(game, 1) == {"pacifica": "in, waiting for the declaration phase"}


def test_wardogs_a_held_declaration_refused_says_why_end_turn_stopped(tmp_path):
    """A declaration the rule system refuses as its phase comes (a weapon the firer does not
    carry) leaves its side undeclared: End Turn is refused at the reveal, and its one line says
    the held file was refused and why; nothing is done, the file stays held."""
    game = started(tmp_path, "tolliver-ridge")
    handed_in(game, tmp_path, 'side = "militia"\nturn = 1\n', "m.toml")
    own = next(u.id for u in open_game(game).units.values() if u.side == "pacifica")
    handed_in(game, tmp_path, f'side = "pacifica"\nturn = 1\n[[shot]]\nfirer = "{own}"\nweapon = "no_such_gun"\n'
                              'target = "C9"\n', "p.toml")
    before = state_digest(game)
    with pytest.raises(UmpireError) as refused:
        end_turn(game)
    line = refused.value.one_line()
    assert "Pacifica Station lance has not declared" in line
    assert "(Pacifica Station lance's held orders were refused as their phase came: " in line
    assert state_digest(game) == before and orders_in(game, 1)["pacifica"].waiting


# ------------------------------------------------------------------ Hex Command 2.1.1
def hcm_change_held(tmp_path) -> str:
    """Red's written order for 1 Kp before play, then a change held until Red next acts (HCM 2.1.1)."""
    game = started(tmp_path, "brannock-crossing")
    handed_in(game, tmp_path, 'side = "red"\nturn = 1\n[orders]\n"1 Kp" = "Hold the village"\n', "a.toml")
    kept = handed_in(game, tmp_path, 'side = "red"\nturn = 1\n[changes]\n"1 Kp" = "Fall back to the bridge"\n',
                     "b.toml")
    assert kept[0].summary.endswith("kept until Red rearguard's turn to act")
    return game


def test_hcm_a_change_is_tried_in_the_phase_next_phase_would_try_it(tmp_path):
    """HCM 2.1.1 (our reading, hcm/orders_file.py): the held change is tried when Red first has the
    turn to act -- in End Turn at the same phase as Next Phase, then the held-file application,
    would try it -- with its commander's Tactical roll among End Turn's dice."""
    game = hcm_change_held(tmp_path)
    stepwise = str(tmp_path / "stepwise.umpire")
    shutil.copy(game, stepwise)
    while "orders" not in kinds(stepwise)[-1:]:
        assert perform(stepwise, "next_phase", {}, system_for(stepwise)).seq
    rows = [r for r in journal(stepwise) if not r.undone]
    began = rows[-2].summary.split(";")[0]                      # the Next Phase that brought it: "Turn 1: ..."
    end_turn(game)
    row = journal(game)[-1]
    applied = next(i for i, x in enumerate(row.log) if x.startswith("Red rearguard's orders for turn 1: "))
    phase_lines = [x for x in row.log[:applied] if x.startswith("Turn 1: ")]
    assert phase_lines[-1].startswith(began + " (")             # the same phase, with its rule
    assert "Lt Brand Tactical (HCM 2.1)" in [r["purpose"] for r in row.rolls]
    assert kinds(game)[-2:] == ["receive_orders", "end_turn"] and states(game, 1) == {"red": "in, applied"}
    assert replays_identically(game)


# ------------------------------------------------------------------ Lock 'n Load 3.0
def test_lnlt_next_turns_rally_orders_applied_and_refused_inside_end_turn(tmp_path):
    """LnLT 3.0 step 5, 1.6: the US file for turn 2 drops the squad's LAW when turn 2's Rally phase
    begins -- the phase End Turn ends on, still inside its row; the NVA file names a weapon its
    squad does not carry: refused then, the reason journaled for the NVA alone, and the inbox
    says so."""
    game = started(tmp_path, "xom-lang-ambush")
    handed_in(game, tmp_path, 'side = "us"\nturn = 2\n[[weapons]]\nunit = "1st Sqd"\ndo = "drop"\n'
                              'weapon = "1st Sqd LAW"\n', "us.toml")
    handed_in(game, tmp_path, 'side = "nva"\nturn = 2\n[[weapons]]\nunit = "A Sqd"\ndo = "drop"\n'
                              'weapon = "B Sqd RPG"\n', "nva.toml")
    assert open_game(game).units["1st Sqd LAW"].carried_by == "1st Sqd"
    result = end_turn(game)
    assert [bool(h.get("refused")) for h in journal(game)[-1].params["held_orders"]] == [False, True]
    assert "NVA" not in result.summary
    g = open_game(game)
    assert (g.turn, g.phase) == (2, "rally") and g.units["1st Sqd LAW"].carried_by is None
    assert kinds(game)[-1] == "end_turn" and "orders_not_applied" not in kinds(game)
    said = states(game, 2)
    assert said["us"] == "in, applied"
    assert said["nva"].startswith("in, refused when its phase came: orders refused, nothing applied: order 1 ")
    assert "A Sqd carries no weapon 'B Sqd RPG'" in said["nva"]
    # each side reads what became of its own file, and nothing of the other's
    nva = "\n".join(x for e in side_journal(g, "nva", journal(game)) for x in (e.head, *e.lines))
    us = "\n".join(x for e in side_journal(g, "us", journal(game)) for x in (e.head, *e.lines))
    assert "NVA Platoon's orders for turn 2 (kept at journal #3) not applied" in nva and "LAW" not in nva
    assert "1st Sqd drops 1st Sqd LAW" in us and "NVA Platoon's orders" not in us
    assert replays_identically(game)


# ------------------------------------------------------------------ War Blog 7.0
def test_warblog_orders_applied_as_each_sides_player_turn_begins(tmp_path):
    """WB 7.0, 9.2: Red's air patrol waits for Red's player turn, Blue's for turn 2's: End Turn from
    Blue's player turn applies Red's as the second player's turn begins and Blue's as turn 2's
    first begins -- in that order, inside the one row."""
    game = started(tmp_path, "osterby-bridges")
    assert open_game(game).active_side == "blue"
    handed_in(game, tmp_path, 'side = "red"\nturn = 1\n[[air_patrol]]\nunit = "MiG Flight"\n', "red.toml")
    handed_in(game, tmp_path, 'side = "blue"\nturn = 2\n[[air_patrol]]\nunit = "Harriers"\n', "blue.toml")
    end_turn(game)
    row = journal(game)[-1]
    red = row.log.index("Red Force's orders for turn 1: 1 carried out (kept at journal #2 until now)")
    blue = row.log.index("Blue Force's orders for turn 2: 1 carried out (kept at journal #3 until now)")
    second = next(i for i, x in enumerate(row.log) if x.startswith("Turn 1: Second player's turn"))
    assert second < red < blue
    assert "  MiG Flight into the air superiority box (9.2)" in row.log
    assert states(game, 1) == {"red": "in, applied"} and states(game, 2) == {"blue": "in, applied"}
    assert replays_identically(game)


def test_warblog_a_file_refused_at_its_second_order_leaves_nothing_of_its_first(tmp_path):
    """WB 7.0: a file is carried out whole or not at all -- inside End Turn too: its first order
    (MiG Flight up, 9.2) is taken back when its second (a ground unit up) is refused, while the
    End Turn itself goes on; the reason is kept for Red; the replay agrees."""
    game = started(tmp_path, "osterby-bridges")
    ground = next(u.id for u in open_game(game).units.values() if u.side == "red" and u.on_map)
    handed_in(game, tmp_path, f'side = "red"\nturn = 1\n[[air_patrol]]\nunit = "MiG Flight"\n'
                              f'[[air_patrol]]\nunit = "{ground}"\n', "red.toml")
    result = end_turn(game)
    assert [h["side"] for h in journal(game)[-1].params["held_orders"] if h.get("refused")] == ["red"]
    assert result.summary.startswith("Turn 2 of 8 begins") and open_game(game).turn == 2
    assert not open_game(game).units["MiG Flight"].marks.box
    row = journal(game)[-1]
    refusal = next(i for i, x in enumerate(row.log) if "not applied: orders refused, nothing applied: order 2" in x)
    assert row.readers[str(refusal)] == "red" and not any("MiG Flight into" in x for x in row.log)
    assert not any(c[2].get("id") == "MiG Flight" for c in row.changes if c[1] == "unit")
    assert orders_in(game, 1)["red"].refused
    assert replays_identically(game)


# ------------------------------------------------------------------ MechWar 4 19.1
def test_mechwar4_holds_nothing_so_end_turn_rows_stay_as_they_were(tmp_path):
    """MW4 19.1: commands are applied as taken -- no file waits, and an End Turn that settles
    none keeps its row's params as before (no held_orders)."""
    game = started(tmp_path, "kaltenbach-gap")
    system = system_for(game)
    assert system.orders_wait(open_game(game), "nato", {"side": "nato", "turn": 2, "commands": {}}) is None
    end_turn(game)
    assert journal(game)[-1].params == {"phases_left": "played"}


# ------------------------------------------------------------------ old rows replay as played
def test_an_end_turn_journaled_before_it_applied_held_files_replays_as_it_was(tmp_path, monkeypatch):
    """A file whose wait an End Turn passed over was, before, applied after the End Turn, in its
    own "orders" row: such a journal (made here by playing with the application inside End Turn
    switched off) replays identically -- its End Turn row, without held_orders, applies none."""
    game = started(tmp_path, "osterby-bridges")
    handed_in(game, tmp_path, 'side = "red"\nturn = 1\n[[air_patrol]]\nunit = "MiG Flight"\n', "red.toml")
    handed_in(game, tmp_path, 'side = "blue"\nturn = 2\n[[air_patrol]]\nunit = "Harriers"\n', "blue.toml")
    with monkeypatch.context() as old:
        old.setattr("umpire.core.play.sequence.apply_held_within", lambda ctx: [])
        end_turn(game)
    assert kinds(game)[-2:] == ["end_turn", "orders"]           # Blue's applied after it, as before
    assert "held_orders" not in journal(game)[-2].params
    assert orders_in(game, 1)["red"].waiting                     # Red's player turn was passed over
    assert replays_identically(game)                            # and the replay does not apply it either


def test_settled_by_names_the_files_a_row_settled():
    assert core_inbox.settled_by("orders_not_applied", {"file": 4, "reason": "no"}) == {4: "no"}
    assert core_inbox.settled_by("end_turn", {"held_orders": [{"file": 2, "side": "a"},
                                                              {"file": 3, "side": "b", "refused": "why"}]}) == {
        2: None, 3: "why"}
    assert core_inbox.settled_by("end_turn", {"phases_left": "played"}) == {}
    assert core_inbox.settled_by("move", {}) == {}


# ------------------------------------------------------------------ hidden information
def test_a_sides_report_map_and_journal_tell_nothing_of_the_enemys_held_file(qapp, tmp_path):
    """The NVA's held Rally-phase file (LnLT 3.0 step 5: A Sqd drops its RPD) is applied inside
    End Turn's row, its lines kept for the NVA: the US report (PDF text and images), map picture
    and journal do not change by a byte when everything the US never saw is moved and renamed
    (tests/test_side_leaks.py's check) -- the row's lines that name the NVA's units kept for the NVA
    (witness's first guard; its words guard would drop them too)."""
    from test_side_leaks import artifacts, hide_the_unseen
    game = started(tmp_path, "xom-lang-ambush")
    handed_in(game, tmp_path, 'side = "us"\nturn = 2\n[[weapons]]\nunit = "1st Sqd"\ndo = "drop"\n'
                              'weapon = "1st Sqd LAW"\n', "us.toml")
    handed_in(game, tmp_path, 'side = "nva"\nturn = 2\n[[weapons]]\nunit = "A Sqd"\ndo = "drop"\n'
                              'weapon = "A Sqd RPD"\n', "nva.toml")
    end_turn(game)
    g = open_game(game)
    assert g.units["A Sqd RPD"].carried_by is None and ("us", "A Sqd") not in g.contacts
    row = journal(game)[-1]
    named = [i for i, x in enumerate(row.log) if "A Sqd" in x]
    assert named and all(row.readers[str(i)] == "nva" for i in named)             # in the row, for the NVA alone
    before = artifacts(qapp, game, "us", tmp_path / "before")
    changed = str(tmp_path / "changed.umpire")
    shutil.copy(game, changed)
    hidden = hide_the_unseen(changed, "us")
    assert hidden["units"]
    after = artifacts(qapp, changed, "us", tmp_path / "after")
    for what in before:
        assert before[what] == after[what], f"the US {what} changed ({hidden})"
