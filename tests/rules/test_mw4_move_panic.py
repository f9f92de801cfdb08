"""The panic check before every move (MW4 13.0, 13.1, 13.13), with typed dice."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, replay
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game

pytestmark = pytest.mark.move_panic


class Faces:
    """Typed dice: the given faces in order, then the program rolls (None)."""

    def __init__(self, *faces):
        self.faces = list(faces)
        self.asked = []

    def __call__(self, purpose, count, sides):
        self.asked.append(purpose)
        if len(self.faces) < count:
            return None
        out, self.faces = self.faces[:count], self.faces[count:]
        return out


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "g.umpire", seed="move-panic")


def test_a_move_rolls_the_panic_check_first_and_a_low_die_stops_it(game):
    """MW4 13.0: T1 (first line, 10%) at full strength panics on a 1 on the sample Panic Table."""
    g = open_game(game)
    need, _why = system_for(game).panic_number(g, g.units["T1"])
    assert need == 1
    dice = Faces(1)
    res = perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(game), typed=dice)
    assert dice.asked[0].startswith("panic check T1 before moving")
    assert "T1 panics" in res.summary and "MW4 13.1" in res.summary
    g = open_game(game)
    t1 = g.units["T1"]
    assert g.map.number(t1.hex) == "1928" and t1.marks.panicked and not t1.moved
    # 13.1: no move and no fire this turn; the turn has passed to NATO
    assert g.active_side == "nato"
    perform(game, "pass", {}, system_for(game))
    with pytest.raises(UmpireError, match="MW4 13.1"):
        perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(game))


def test_a_die_over_the_panic_number_lets_the_unit_move(game):
    res = perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(game), typed=Faces(2))
    assert "T1 moved to 1927" in res.summary
    assert any("panic check T1 before moving" in r.purpose and r.total == 2 for r in res.rolls)


def test_going_on_after_a_pause_is_the_same_move_no_second_check(game):
    """MW4 13.13: one check each time the unit sets out, not again after an opportunity pause."""
    sys_ = system_for(game)
    perform(game, "move", {"unit": "T1", "path": ["1928", "1927", "1926"], "until": "1927"}, sys_, typed=Faces(5))
    assert open_game(game).units["T1"].paused
    res = perform(game, "move", {"unit": "T1", "path": ["1927", "1926"]}, sys_, typed=Faces())
    assert not any("panic check" in r.purpose for r in res.rolls)
    assert "T1 moved to 1926" in res.summary


def test_a_seasoned_unit_at_full_strength_moves_without_a_check(game):
    """Panic level 0% at full strength: the sample table's number is 0, so no die is rolled."""
    sys_ = system_for(game)
    perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, sys_, typed=Faces(9))
    g = open_game(game)
    assert g.units["Scout 1"].traits == {"quality": "seasoned"} and sys_.panic_number(g, g.units["Scout 1"])[0] == 0
    res = perform(game, "move", {"unit": "Scout 1", "path": ["1910", "1911"]}, sys_, typed=Faces())
    assert "Scout 1 moved to 1911" in res.summary
    assert not any("panic check" in r.purpose for r in res.rolls)


def test_panicked_moves_replay_identically(game):
    perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(game), typed=Faces(1))
    stored, replayed = replay(game, lambda g: system_for(game), load_scenario)
    assert stored == replayed
    assert [a.kind for a in journal(game)] == ["open", "move"]
