"""Counterbattery (MW4 7.8): a unit on a counterbattery task spots an enemy gun that fires on a
1 (7.81; 7.88 grows the chance for each time from the same hex), fires at it in the same
phase (7.82, 7.83), and the gun stays spotted while it stays in that hex (7.87)."""

import json
import sqlite3

import pytest

from dicekit import dice
from umpire.actions import system_for
from umpire.core.engine import perform
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from .test_mw4_fire_support import plot, to_indirect_fire, variant
from statekit import set_marks


def place(path, uid, number):
    h = open_game(path).map.grid.parse(number)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, uid))


@pytest.fixture()
def duel(tmp_path):
    """The US mortars at 2008 fire on Recon 1 in 2215; the Soviet mortars at 2226, in range of
    2008, are on a counterbattery task."""
    path = variant(tmp_path)
    place(path, "2-32 Mortars", "2008")
    place(path, "Mortar Bty", "2226")
    plot(path, "nato", {"support": "2-32 Mortars", "target": "2215", "pattern": "tight"})
    plot(path, "warpac", {"support": "Mortar Bty", "pattern": "counterbattery"})
    return path


def test_7_81_7_83_spotted_on_a_1_and_fired_at_in_the_same_phase(duel):
    # US mortars: effect 1, no scatter 6, Recon 1 buttoned 6 (S1); spotted 1; Soviet CB: effect 1,
    # no scatter 6, the US mortars buttoned on 1 (S2)
    log, rolls = to_indirect_fire(duel, typed=dice(1, 6, 6, 1, 1, 6, 1))
    assert "counterbattery spotting of 2-32 Mortars by Soviet 1st Motor Rifle Battalion (on 1-1)" in rolls[3]
    assert "counterbattery spots 2-32 Mortars in 2008 (1; MW4 7.81)" in log
    assert "Mortar Bty (counterbattery): fire for effect on 2008" in log
    assert "2-32 Mortars buttons up against 7H tight: S2 (MW4 7.31)" in log
    g = open_game(duel)
    assert g.units["2-32 Mortars"].marks.cb_spotted == g.units["2-32 Mortars"].hex
    assert g.units["2-32 Mortars"].marks.suppression == 2
    assert g.units["2-32 Mortars"].marks.fired_from == (g.units["2-32 Mortars"].hex.q, g.units["2-32 Mortars"].hex.r, 1)


def test_7_81_not_spotted_on_more_than_1_and_no_counterbattery_fire(duel):
    log, rolls = to_indirect_fire(duel, typed=dice(1, 6, 6, 2))
    assert "does not spot 2-32 Mortars (2; MW4 7.81)" in log
    assert not any(r.startswith("fire for effect Mortar Bty") for r in rolls)
    assert open_game(duel).units["2-32 Mortars"].marks.cb_spotted is None


def test_7_87_spotted_while_it_stays_put_then_lost(duel):
    to_indirect_fire(duel, typed=dice(1, 6, 6, 1, 6))          # spotted; the counterbattery gets no effect
    perform(duel, "end_turn", {}, system_for(duel))
    perform(duel, "spot", {}, system_for(duel))
    g = open_game(duel)
    contact = g.contacts[("warpac", "2-32 Mortars")]
    assert contact.status == "seen" and g.map.number(contact.hex) == "2008"
    res = plot(duel, "warpac", {"support": "Sov Regt Arty", "concentration": 1, "target": "2008"}, turn=2)
    assert "1 fire mission" in res.summary                      # 7.87: it may be shelled like any spotted unit
    place(duel, "2-32 Mortars", "2006")                         # it displaces, still unseen
    perform(duel, "spot", {}, system_for(duel))
    assert open_game(duel).contacts[("warpac", "2-32 Mortars")].status == "last_known"
    with pytest.raises(UmpireError, match="MW4 14.13"):
        plot(duel, "warpac", {"support": "Sov Regt Arty", "concentration": 1, "target": "2008"}, turn=2)


def test_7_88_the_chance_grows_for_each_turn_from_the_same_hex(duel):
    g = open_game(duel)
    h = g.units["2-32 Mortars"].hex
    with sqlite3.connect(duel) as conn:
        conn.execute("UPDATE game_info SET options = ?",
                     (json.dumps({"ammunition": "quick", "counterbattery_spotting": "growing"}),))
    set_marks(duel, "2-32 Mortars", fired_from=[h.q, h.r, 2])
    log, rolls = to_indirect_fire(duel, typed=dice(1, 6, 6, 3, 6))
    assert "counterbattery spotting of 2-32 Mortars by Soviet 1st Motor Rifle Battalion (on 1-3)" in rolls[3]
    assert "counterbattery spots 2-32 Mortars in 2008 (3; MW4 7.88)" in log


def test_7_85_counter_counterbattery(duel):
    """A second US mortar section on a counterbattery task spots the Soviet mortars when they fire
    their counterbattery, and answers in the same phase."""
    with sqlite3.connect(duel) as conn:
        conn.execute("UPDATE unit SET type = 'us_m106' WHERE id = 'Scout 2'")
    place(duel, "Scout 2", "2208")
    plot(duel, "nato", {"support": "2-32 Mortars", "target": "2215", "pattern": "tight"},
         {"support": "Scout 2", "pattern": "counterbattery"})
    with pytest.raises(UmpireError, match=r"off-board artillery and air may not fire counterbattery \(MW4 14.23; 19.2 is not played\)"):
        plot(duel, "warpac", {"support": "Sov Regt Arty", "concentration": 1, "pattern": "counterbattery",
                              "target": "2008"})
    # US fire (1, 6, 6); spotted (1); Soviet counterbattery (1, 6, 6); spotted in turn (1); US
    # counter-counterbattery (1, 6, 6); the Soviets' roll against Scout 2 (6): not spotted
    log, _ = to_indirect_fire(duel, typed=dice(1, 6, 6, 1, 1, 6, 6, 1, 1, 6, 1, 6))
    assert "counterbattery spots 2-32 Mortars in 2008" in log
    assert "US Task Force 2-32's counterbattery spots Mortar Bty in 2226 (1; MW4 7.81)" in log
    assert "Scout 2 (counterbattery): fire for effect on 2226" in log
    assert "does not spot Scout 2 (6; MW4 7.81)" in log
    g = open_game(duel)
    assert g.units["Mortar Bty"].marks.cb_spotted == g.units["Mortar Bty"].hex and g.units["Scout 2"].marks.cb_spotted is None




def test_19_2_off_board_counterbattery_spots_strikes_and_records_damage(tmp_path):
    from .test_mw4_fire_support import end_turn
    from umpire.core.store.db import open_game as og
    path = variant(tmp_path, options='offboard_counterbattery = "on"\n', name="ob")
    with pytest.raises(UmpireError, match=r"takes effect the turn after it is given \(MW4 19.2\)"):
        plot(path, "nato", {"support": "US DS", "concentration": 2, "pattern": "counterbattery"})
    plot(path, "nato", {"support": "US DS", "concentration": 2, "pattern": "counterbattery"}, turn=2)
    end_turn(path)
    plot(path, "warpac", {"support": "Sov Regt Arty", "concentration": 1, "target": "2215"}, turn=2)
    from umpire.rules.mechwar4.worksheet import STEPS, FireSheet, read_table
    sheet = FireSheet("x", "y", True)
    read_table(og(path), sheet, "anti_personnel", 10, 0)            # the battery is soft (19.21)
    face = next(f for f in range(1, 7) if 0 < STEPS.get(sheet.cells[f - 1], 0) < 3)     # a hit, not a kill
    steps = STEPS[sheet.cells[face - 1]]

    def rolled(purpose, count, sides):
        if purpose.startswith(("fire for effect", "counterbattery spotting")):
            return [1]
        if purpose.startswith("scatter"):
            return [6]
        return [face] if purpose.startswith("US DS #2 (counterbattery) on Sov Regt Arty #1") else None
    log, _ = to_indirect_fire(path, typed=rolled)
    assert "counterbattery spots Sov Regt Arty #1 off the map (1; MW4 7.81, 19.2)" in log
    line = next(x for x in log.splitlines() if "US DS #2 (counterbattery) on Sov Regt Arty #1 off the map" in x)
    assert f"(soft, 19.21; soft, Anti-Personnel CRT: die {face})" in line and f"({8 - steps}H left; MW4 19.2)" in line
    g = og(path)
    assert g.support_used["Sov Regt Arty"]["damage"] == {"1": steps}
    assert g.support_used["Sov Regt Arty"]["spotted"] == [1]
    # 19.22: it displaces and is out of action for three turns -- the answer is the same whether
    # it had been spotted or not (that is the enemy's knowledge)
    answers = [perform(path, "displace", {"side": "warpac", "support": "Sov Regt Arty", "concentration": k},
                       system_for(path), side="warpac").summary for k in (1, 2)]
    assert answers == [f"Sov Regt Arty #{k} displaces: out of action until after turn 5 (MW4 19.22)" for k in (1, 2)]
    assert og(path).support_used["Sov Regt Arty"]["spotted"] == []
    with pytest.raises(UmpireError, match=r"already displacing"):
        perform(path, "displace", {"side": "warpac", "support": "Sov Regt Arty", "concentration": 1},
                system_for(path), side="warpac")
    with pytest.raises(UmpireError, match=r"concentrations 1 to 3, not 4"):
        perform(path, "displace", {"side": "warpac", "support": "Sov Regt Arty", "concentration": 4},
                system_for(path), side="warpac")
    with pytest.raises(UmpireError, match=r"displacing until the end of turn 5 \(MW4 19.22\)"):
        plot(path, "warpac", {"support": "Sov Regt Arty", "concentration": 1, "target": "2215"}, turn=5)
    assert "1 fire mission" in plot(path, "warpac", {"support": "Sov Regt Arty", "concentration": 1,
                                                     "target": "2215"}, turn=6).summary
    with sqlite3.connect(path) as conn:            # three steps of damage silence a concentration
        conn.execute("""UPDATE support SET used = '{"damage": {"3": 3}, "silenced": [3]}' WHERE id = 'Sov Regt Arty'""")
    with pytest.raises(UmpireError, match=r"Sov Regt Arty #3 was silenced by counterbattery \(MW4 19.2\)"):
        plot(path, "warpac", {"support": "Sov Regt Arty", "concentration": 3, "target": "2215"}, turn=2)


def test_19_21_a_protected_battery_buttons_up(tmp_path):
    from .test_mw4_fire_support import end_turn
    path = variant(tmp_path, options='offboard_counterbattery = "on"\n', name="pr")
    with sqlite3.connect(path) as conn:
        conn.execute("""UPDATE support SET traits = '{"target": "protected"}' WHERE id = 'Sov Regt Arty'""")
    plot(path, "nato", {"support": "A-10 pair", "concentration": 1, "pattern": "counterbattery"}, turn=3)
    end_turn(path)
    end_turn(path)
    plot(path, "warpac", {"support": "Sov Regt Arty", "concentration": 1, "target": "2215"}, turn=3)
    rolled = lambda p, c, s: [1] if p.startswith(("fire for effect", "counterbattery spotting", "air strike scatter",
                                                   "A-10 pair #1 (counterbattery) on")) else \
        ([6] if p.startswith("scatter") else None)
    log, _ = to_indirect_fire(path, typed=rolled)
    assert "A-10 pair #1 (counterbattery) on Sov Regt Arty #1 off the map (protected, 19.21; protected, buttoned " \
           "up: die 1): S2 -- no damage" in log
    assert open_game(path).support_used["A-10 pair"]["strikes"] == [1]        # the strike is flown


def test_19_2_three_steps_of_damage_silence_a_battery(tmp_path):
    """Our reading of 19.2: the strike that brings a concentration's damage to three steps
    silences it, and it may not be plotted again."""
    from .test_mw4_fire_support import end_turn
    path = variant(tmp_path, options='offboard_counterbattery = "on"\n', name="si")
    with sqlite3.connect(path) as conn:                  # two steps of damage from earlier turns
        conn.execute("""UPDATE support SET used = '{"damage": {"1": 2}}' WHERE id = 'Sov Regt Arty'""")
    plot(path, "nato", {"support": "US DS", "concentration": 2, "pattern": "counterbattery"}, turn=2)
    end_turn(path)
    plot(path, "warpac", {"support": "Sov Regt Arty", "concentration": 1, "target": "2215"}, turn=2)
    from umpire.rules.mechwar4.worksheet import STEPS, FireSheet, read_table
    sheet = FireSheet("x", "y", True)
    read_table(open_game(path), sheet, "anti_personnel", 10, 0)
    face = next(f for f in range(1, 7) if STEPS.get(sheet.cells[f - 1], 0) >= 1)
    rolled = lambda p, c, s: [1] if p.startswith(("fire for effect", "counterbattery spotting")) else \
        ([6] if p.startswith("scatter") else ([face] if p.startswith("US DS #2 (counterbattery) on") else None))
    log, _ = to_indirect_fire(path, typed=rolled)
    assert "silenced for the rest of the game" in log
    assert open_game(path).support_used["Sov Regt Arty"]["silenced"] == [1]
    with pytest.raises(UmpireError, match=r"Sov Regt Arty #1 was silenced by counterbattery \(MW4 19.2\)"):
        plot(path, "warpac", {"support": "Sov Regt Arty", "concentration": 1, "target": "2215"}, turn=3)
