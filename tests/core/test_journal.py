"""The journal: one transaction per action, exact undo/redo, deterministic replay, audited dice."""

import sqlite3

import pytest

from umpire.core.rulesystem import RuleSystem
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.actions import new_game, system_for
from umpire.core.dice import Dice, ReplayMismatch, Roll
from umpire.core.engine import journal, perform, redo, replay, state_digest, undo
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "j.umpire")


def _move_truth(path, uid, number):
    g = open_game(path)
    h = g.map.grid.parse(number)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, uid))


class TestDice:
    def test_seeded_rolls_repeat_for_the_same_action(self):
        def twenty(seed, action):
            d = Dice(seed, action)
            return [d.d6(f"r{i}") for i in range(20)]

        a = twenty("s", 7)
        assert a == twenty("s", 7) and set(a) <= set(range(1, 7)) and len(set(a)) > 1
        assert twenty("s", 8) != a and twenty("t", 7) != a

    def test_every_roll_is_recorded_with_purpose_and_modifiers(self):
        d = Dice("s", 1)
        r = d.roll("rally check A1", count=1, sides=10, modifiers=(("night", -3),))
        assert d.rolls == [r] and r.total == r.faces[0] - 3
        assert "rally check A1: 1d10" in r.describe() and "night" in r.describe()
        assert Roll.from_json(r.to_json()) == r

    def test_typed_in_dice(self):
        d = Dice("s", 1, typed=lambda purpose, count, sides: [4])
        assert d.d6("x") == 4 and d.rolls[0].source == "typed"
        with pytest.raises(UmpireError, match="showing 1 to 6"):
            Dice("s", 1, typed=lambda p, c, s: [9]).d6("x")

    def test_replay_feeds_recorded_dice_and_checks_purposes(self):
        rec = [Roll("a", 1, 6, (5,)), Roll("b", 1, 6, (2,))]
        d = Dice("other seed", 99, replay=rec)
        assert (d.d6("a"), d.d6("b")) == (5, 2)
        with pytest.raises(ReplayMismatch, match="expected roll 'a'"):
            Dice("s", 1, replay=rec).d6("zzz")


class TestUndoRedo:
    def test_opening_pass_is_journaled_and_not_undoable(self, game):
        acts = journal(game)
        assert [a.kind for a in acts] == ["open"]
        with pytest.raises(UmpireError, match="nothing to undo"):
            undo(game)

    def test_undo_and_redo_restore_exact_states(self, game):
        start = state_digest(game)
        _move_truth(game, "D1", "0605")          # next to Blue's Scout, which always sees it
        moved = state_digest(game)
        res = perform(game, "spot", {}, system_for(game))
        assert "D1" in res.detail.new["blue"] and "contact" in res.changed and "unit" in res.changed
        after = state_digest(game)
        assert after != moved
        undo(game)
        assert state_digest(game) == moved
        redo(game)
        assert state_digest(game) == after
        with pytest.raises(UmpireError, match="nothing to redo"):
            redo(game)
        assert start != moved

    def test_a_new_action_ends_the_redo_branch(self, game):
        perform(game, "spot", {}, system_for(game))
        undo(game)
        perform(game, "spot", {}, system_for(game))
        assert [a.kind for a in journal(game)] == ["open", "spot"] and not any(a.undone for a in journal(game))

    def test_a_failed_action_writes_nothing(self, game, monkeypatch):
        before = state_digest(game)

        class Broken(RuleSystem):
            def spot(self, g, roll):
                return {"blue": {"D1": (("A1",), "Toy 5")}, "red": {"nosuchunit": ((), "")}}

        with pytest.raises(KeyError):
            perform(game, "spot", {}, Broken(None))
        assert state_digest(game) == before and len(journal(game)) == 1


class TestReplay:
    def test_replay_reaches_the_same_state(self, game):
        perform(game, "spot", {}, system_for(game))
        stored, replayed = replay(game, lambda g: rule_system(g.rules), load_scenario)
        assert stored == replayed

    def test_tampering_is_detected(self, game):
        perform(game, "spot", {}, system_for(game))
        with sqlite3.connect(game) as conn:
            conn.execute("UPDATE unit SET steps_lost = 2 WHERE id = 'A1'")
        stored, replayed = replay(game, lambda g: rule_system(g.rules), load_scenario)
        assert stored != replayed

    @settings(max_examples=4, deadline=None)
    @given(st.text(alphabet="0123456789abcdef", min_size=4, max_size=8))
    def test_deterministic_over_seeds(self, tmp_path_factory, sample_scenario, seed):
        path = new_game(sample_scenario, tmp_path_factory.mktemp("s") / "g.umpire", seed=seed)
        perform(path, "spot", {}, system_for(path))
        stored, replayed = replay(path, lambda g: rule_system(g.rules), load_scenario)
        assert stored == replayed
