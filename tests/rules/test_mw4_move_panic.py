"""The panic check before a move (MW4 8.0, 13.0, 13.1, 13.13), with typed dice: units that have
lost a step check; full-strength units do not (8.0), though they check before firing (13.0)."""

import sqlite3

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
    """The sample game with T1 (first line) down a step: it checks panic before moving."""
    path = new_game(sample_scenario, tmp_path / "g.umpire", seed="move-panic")
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET steps_lost = 1 WHERE id = 'T1'")
    return path


def test_a_move_rolls_the_panic_check_first_and_a_low_die_stops_it(game):
    """MW4 13.0: T1 (first line, 10%) at D1 panics on 1-2 on the sample Panic Table."""
    g = open_game(game)
    need, _why = system_for(game).panic_number(g, g.units["T1"])
    assert need == 2
    dice = Faces(2)
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
    res = perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(game), typed=Faces(3))
    assert "T1 moved to 1927" in res.summary
    assert any("panic check T1 before moving" in r.purpose and r.total == 3 for r in res.rolls)


def test_going_on_after_a_pause_is_the_same_move_no_second_check(game):
    """MW4 13.13: one check each time the unit sets out, not again after an opportunity pause."""
    sys_ = system_for(game)
    perform(game, "move", {"unit": "T1", "path": ["1928", "1927", "1926"], "until": "1927"}, sys_, typed=Faces(5))
    assert open_game(game).units["T1"].paused
    res = perform(game, "move", {"unit": "T1", "path": ["1927", "1926"]}, sys_, typed=Faces())
    assert not any("panic check" in r.purpose for r in res.rolls)
    assert "T1 moved to 1926" in res.summary


def test_8_0_a_full_strength_unit_moves_without_a_check(game):
    """MW4 8.0: full-strength units do not check panic before moving -- T2, first line like T1,
    would panic on a 1 at full strength before firing (13.0), but no die is rolled to move it."""
    sys_ = system_for(game)
    perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, sys_, typed=Faces(9))
    perform(game, "pass", {}, sys_)
    g = open_game(game)
    assert g.units["T2"].steps_lost == 0 and sys_.panic_number(g, g.units["T2"])[0] == 1
    res = perform(game, "move", {"unit": "T2", "path": ["2128", "2127"]}, sys_, typed=Faces(1))
    assert "T2 moved to 2127" in res.summary
    assert not any("panic check" in r.purpose for r in res.rolls)
    assert not open_game(game).units["T2"].marks.panicked


def test_a_seasoned_unit_down_a_step_checks_before_moving(game):
    """Seasoned (0%) at D1: the sample table's d1 number is 1, so the check is rolled."""
    sys_ = system_for(game)
    perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, sys_, typed=Faces(9))
    with sqlite3.connect(game) as c:
        c.execute("UPDATE unit SET steps_lost = 1 WHERE id = 'Scout 1'")
    g = open_game(game)
    assert g.units["Scout 1"].traits == {"quality": "seasoned"} and sys_.panic_number(g, g.units["Scout 1"])[0] == 1
    res = perform(game, "move", {"unit": "Scout 1", "path": ["1910", "1911"]}, sys_, typed=Faces(2))
    assert "Scout 1 moved to 1911" in res.summary
    assert any("panic check Scout 1 before moving" in r.purpose for r in res.rolls)


def test_8_0_moves_without_a_check_replay_identically(tmp_path, sample_scenario):
    """A replay rebuilds the game from the scenario (where every unit is at full strength): the
    moves roll no panic die, so the replay meets the same dice."""
    path = new_game(sample_scenario, tmp_path / "r.umpire", seed="move-panic")
    res = perform(path, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(path), typed=Faces())
    assert not res.rolls or not any("panic" in r.purpose for r in res.rolls)
    stored, replayed = replay(path, lambda g: system_for(path), load_scenario)
    assert stored == replayed
    assert [a.kind for a in journal(path)] == ["open", "move"]
