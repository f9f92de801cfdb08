"""End Turn plays every phase left in the turn, as Next Phase would, each with its own entry
effects, in one journaled action; a refusal in any of them leaves nothing done and names the
phase (core/play/sequence.py).  On the toy's phases: Movement, Combat, End (Toy 2); the End
phase digs in the units that did not move (Toy 3, tests/toy/turn.py)."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, state_digest, undo
from umpire.core.errors import UmpireError
from umpire.core.replay import verify
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "s.umpire")


def act(location, kind, **params):
    return perform(location, kind, params, system_for(location))


def dug_in(location) -> set[str]:
    return {u.id for u in open_game(location).units.values() if u.marks.dug_in}


def test_end_turn_plays_the_end_phase_so_the_units_that_stood_dig_in(game):
    act(game, "move", unit="A1", path=["0304", "0404"])
    res = act(game, "end_turn")
    g = open_game(game)
    assert (g.turn, g.phase) == (2, "movement")
    # Toy 3: the End phase, which End Turn used to skip, dug in every unit but the one that moved
    stood = {u.id for u in g.units.values() if u.on_map and not u.carried_by} - {"A1"}
    assert stood and dug_in(game) == stood
    rows = [r for r in journal(game) if not r.undone]
    assert rows[-1].kind == "end_turn" and len(rows) == 3          # open, move, one End Turn
    assert "Turn 1: Combat (Toy 2, 6)" in rows[-1].log and "Turn 1: End (Toy 2, 8)" in rows[-1].log
    assert res.summary.startswith("Turn 2 of ") and "after turn 1's Combat; End" in res.summary


def test_end_turn_leaves_the_game_as_next_phase_to_the_turns_end_does(game, tmp_path, sample_scenario):
    other = new_game(sample_scenario, tmp_path / "other.umpire")
    for where in (game, other):
        act(where, "move", unit="A1", path=["0304", "0404"])
    act(game, "end_turn")
    while open_game(other).turn == 1:
        act(other, "next_phase")
    a, b = open_game(game), open_game(other)
    assert (a.turn, a.phase, a.active_side) == (b.turn, b.phase, b.active_side)
    assert {u.id: (u.marks, u.hex) for u in a.units.values()} == {u.id: (u.marks, u.hex) for u in b.units.values()}


def test_one_undo_takes_the_whole_end_turn_back(game):
    before = state_digest(game)
    act(game, "end_turn")
    assert dug_in(game)
    undo(game)
    g = open_game(game)
    assert (g.turn, g.phase) == (1, "movement") and not dug_in(game) and state_digest(game) == before


def test_a_phase_that_refuses_leaves_nothing_done_and_is_named(game, monkeypatch):
    system = system_for(game)
    real = type(system).phase_start

    def refusing(self, g, key, dice):
        if key == "end":
            raise UmpireError("the End phase cannot begin yet")
        return real(self, g, key, dice)
    monkeypatch.setattr(type(system), "phase_start", refusing)
    before, rows = state_digest(game), len(journal(game))
    with pytest.raises(UmpireError) as refused:
        act(game, "end_turn")
    assert refused.value.one_line() == ("End Turn refused -- End (Toy 2, 8): the End phase cannot begin yet; "
                                        "nothing was done")
    assert "\n" not in refused.value.one_line()
    assert state_digest(game) == before and len(journal(game)) == rows
    assert (open_game(game).turn, open_game(game).phase) == (1, "movement")


def test_what_holds_play_holds_the_end_turn_naming_the_phase(game, monkeypatch):
    system = system_for(game)
    monkeypatch.setattr(type(system), "hold_problem",
                        lambda self, g, uid: "A1 must settle its fight first" if g.phase == "combat" else None)
    before = state_digest(game)
    with pytest.raises(UmpireError, match=r"^End Turn refused -- Combat \(Toy 2, 6\): A1 must settle its fight first"):
        act(game, "end_turn")
    assert state_digest(game) == before


def test_in_the_last_turn_it_ends_the_game_after_its_phases(game):
    turns = open_game(game).turns
    for _ in range(turns - 1):
        act(game, "end_turn")
    res = act(game, "end_turn")
    g = open_game(game)
    assert g.phase == "ended" and res.summary.startswith("Final result")
    with pytest.raises(UmpireError, match="the game is over"):
        act(game, "end_turn")


def test_an_end_turn_journaled_by_an_earlier_version_replays_as_it_was_played(game):
    """Rows written when End Turn skipped the phases left have no `phases_left`: they replay
    skipping them, so old game files still verify; rows written now say they played them."""
    perform(game, "end_turn", {}, system_for(game), replay=[])      # as an earlier version journaled it
    old = journal(game)[-1]
    assert old.params == {} and not dug_in(game)                    # the End phase was skipped
    act(game, "end_turn")
    assert journal(game)[-1].params == {"phases_left": "played"} and dug_in(game)
    assert verify(game, lambda g: rule_system(g.rules), load_scenario).same
