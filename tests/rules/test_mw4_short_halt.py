"""Short halt fire (MW4 19.3, 19.31): a stabilised tank paused in its move fires for 2 MP at -2
on the die and goes on with its move; others may not, nor a tank that is not paused in a move
or lacks the 2 MP."""

import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform, undo
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.rules import rule_system
from dicekit import dice

from .mapkit import MW4

RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # Recon 1 drives north to 2215, seen by A3


@pytest.fixture()
def game(tmp_path, sample_scenario):
    """Recon 1 at 2215; A3 (an M1 at 2209) sets out towards it and pauses at 2210."""
    path = new_game(sample_scenario, tmp_path / "h.umpire")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
    perform(path, "move", {"unit": "A3", "path": ["2209", "2210", "2211"], "until": "2210"}, system_for(path))
    assert open_game(path).units["A3"].paused
    return path


def halt(path, unit, target, typed=None):
    return perform(path, "short_halt", {"unit": unit, "target": target}, system_for(path), typed=typed)


def test_19_31_a_short_halt_fires_at_minus_2_for_2_mp_and_the_move_goes_on(game):
    g = open_game(game)
    spent = g.units["A3"].mp_spent
    plain_mod = rule_system(g.rules).fire_sheet(g, "A3", "Recon 1", "main", short_halt=True).die_modifier
    res = halt(game, "A3", "Recon 1", typed=dice(10, 1))              # no panic; a 1 on the die
    g = open_game(game)
    a3 = g.units["A3"]
    assert a3.fired and a3.paused and a3.marks.short_halt and a3.mp_spent == spent + 2
    log = "\n".join(res.log)
    assert "short halt: -2: fired from a short halt in its move (MW4 19.31)" in log
    assert "halts short in 2210 to fire: 2 MP (MW4 19.31)" in log
    assert plain_mod <= -2
    perform(game, "move", {"unit": "A3", "path": ["2210", "2211"]}, system_for(game))
    g = open_game(game)
    assert g.map.number(g.units["A3"].hex) == "2211" and not g.units["A3"].paused
    undo(game)
    undo(game)
    assert not open_game(game).units["A3"].fired


def test_19_31_the_die_modifier_is_the_plain_shots_less_2(game):
    g = open_game(game)
    system = rule_system(g.rules)
    g.units["A3"].moved = False                    # priced as a shot from where it stands
    plain = system.fire_sheet(g, "A3", "Recon 1")
    g.units["A3"].moved, g.units["A3"].paused = True, True
    halted = system.fire_sheet(g, "A3", "Recon 1", "main", short_halt=True)
    assert halted.legal and halted.die_modifier == plain.die_modifier - 2


def test_19_3_only_a_stabilised_tank(game):
    assert not MW4.unit_types["us_m2"].get("short_halt") and MW4.unit_types["us_m1"].get("short_halt")
    with sqlite3.connect(game) as c:
        c.execute("UPDATE unit SET type = 'us_m2' WHERE id = 'A3'")
    with pytest.raises(UmpireError, match="no effective gun stabilisation"):
        halt(game, "A3", "Recon 1")


def test_19_31_not_without_2_mp_left(game):
    with sqlite3.connect(game) as c:
        c.execute("UPDATE unit SET mp_spent = ? WHERE id = 'A3'", (MW4.unit_types["us_m1"]["movement"] - 1,))
    with pytest.raises(UmpireError, match="costs 2 MP; A3 has 1 left"):
        halt(game, "A3", "Recon 1")


def test_19_31_only_during_a_move(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "n.umpire")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
    with pytest.raises(UmpireError, match="not paused in a move"):
        halt(path, "A3", "Recon 1")
