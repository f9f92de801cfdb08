"""Wardogs damage to terrain (Wardogs p. 16), played: forests set alight by energy fire that
misses, the fire spreading on a d10 of 1 from the end phase of the next turn, the flames closed to
all but mecha and aircraft, their +5 signature for 3 turns and their smoke (Table 3), churned
terrain read by movement and sight as its new terrain -- and each side knowing of a burning or
churned hex only once its units have seen it (Umpire's double-blind)."""

from __future__ import annotations

import shutil
import sqlite3

from reportkit import report, text_of
from umpire.actions import system_for
from umpire.core.engine import journal
from umpire.core.knowledge import build_view
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal
from umpire.rules.wardogs import lockon
from umpire.rules.wardogs.reports import unit_marks
from umpire.rules.wardogs.spotting import Sight, sees
from umpire.rules.wardogs.terrain_fire import hot_until, may_spread, spreads, terrain_at

from .wdkit import act, blue_moves, checked, grid_with, to_phase, wardogs_game


def _burning(loc, number):
    g = open_game(loc)
    h = g.map.grid.parse(number)
    return next((o for o in g.map.overlays if o.kind == "burning" and o.hex == h), None)


def _reads(loc, side):
    g = open_game(loc)
    return "\n".join(x for e in side_journal(g, side, journal(loc), system_for(loc)) for x in (e.head, *e.lines))


def _fire_at_the_tank(tmp_path, laser_die, fire_die, **extra):
    """Blue's Coyote fires its particle cannon at Red's tank in light forest 0503 (turn 1)."""
    loc = wardogs_game(tmp_path, [{"id": "Coyote", "type": "coyote", "hex": "0203", "facing": "SE"}],
                       [{"id": "Tank", "type": "tank", "hex": "0503", "facing": "NW"}],
                       terrain=grid_with(10, 8, {"0503": "f", "0603": "F", "0504": "f", **extra}))
    to_phase(loc, "declare", 3, 7)
    act(loc, "declare_fire", side="blue", shots="Coyote coyote_particle_cannon Tank")
    act(loc, "declare_fire", side="red", shots="")
    to_phase(loc, "lock_on", 1)                                   # 1 +2 forest -1 still: locked on
    # the particle cannon's d10 +1 (short range) under the tank's AR 6 misses: the fire goes into
    # the forest, a d10 of 2 or less sets it alight (p. 16)
    to_phase(loc, "damage", laser_die, fire_die)
    return loc


def test_energy_fire_that_misses_sets_a_forest_alight_on_2_or_less_p16(tmp_path):
    loc = _fire_at_the_tank(tmp_path, 3, 2)
    fire = _burning(loc, "0503")
    assert fire is not None and fire.secret and set(fire.known_to) == {"blue", "red"}   # both see 0503
    assert open_game(loc).rule_state.fires == {"0503": 1}
    assert "the forest in 0503 catches fire (Wardogs p. 16)" in _reads(loc, "blue")
    assert "d10 2" not in _reads(loc, "blue")                     # the fire's die is the umpire's


def test_a_d10_of_3_or_a_hit_leaves_the_forest_standing_p16(tmp_path):
    assert _burning(_fire_at_the_tank(tmp_path / "a", 3, 3), "0503") is None
    assert _burning(_fire_at_the_tank(tmp_path / "b", 9, 1), "0503") is None    # 9 +1 hits: nothing goes past


def test_the_fire_spreads_on_a_1_from_the_next_turns_end_phase_p16(tmp_path):
    assert not may_spread(1, 1) and may_spread(1, 2)
    assert spreads(1) and not spreads(2)
    loc = _fire_at_the_tank(tmp_path, 3, 2)
    act(loc, "next_phase", 1, 1)                 # turn 1's end phase: set this turn, no roll yet
    assert _burning(loc, "0603") is None and _burning(loc, "0504") is None
    assert "spread" not in "\n".join(x for r in journal(loc) for x in r.log)
    to_phase(loc, "damage", 3, 7)
    # turn 2's end phase: a d10 for each forest hex next to 0503 -- 0504 first (q, r order), then 0603
    act(loc, "next_phase", 1, 4)
    assert _burning(loc, "0504") is not None and _burning(loc, "0603") is None
    assert open_game(loc).rule_state.fires == {"0503": 1, "0504": 2}
    log = "\n".join(x for r in journal(loc) for x in r.log)
    assert "the fire in 0503 spreads to 0504: d10 1 (Wardogs p. 16)" in log
    assert "does not spread to 0603: d10 4" in log


FIRE = '[[map.overlay]]\nkind = "burning"\nhexes = ["0503"]\n'          # set before the game


def test_only_mecha_and_aircraft_enter_the_flames_and_they_come_out_hot_p16(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "Coyote", "type": "coyote", "hex": "0403", "facing": "SE"},
                                  {"id": "Squad", "type": "squad", "hex": "0402"}],
                       [{"id": "Tank", "type": "tank", "hex": "0603", "facing": "NW"}],
                       terrain=grid_with(10, 8, {"0503": "f", "0603": "F"}), hexsides=FIRE)
    # a tank, a squad: refused in one line; a mecha may walk into it
    tank = checked(loc, "Tank", ["0603", "0503"])
    assert not tank.legal and "0503 is ablaze: only mecha and aircraft" in tank.reason and tank.rule == "Wardogs p. 16"
    assert not checked(loc, "Squad", ["0402", "0503"], phase="infantry").legal
    assert checked(loc, "Coyote", ["0403", "0503", "0502"]).legal
    blue_moves(loc)
    act(loc, "move", side="blue", unit="Coyote", path=["0403", "0503", "0502"])
    coyote = open_game(loc).units["Coyote"]
    # through the flames in turn 1: +5 to its signature in turns 1, 2 and 3 (p. 16: "for 3 turns")
    assert coyote.marks.hot_until == hot_until(1) == 3
    assert "Hot3" in unit_marks(open_game(loc), coyote).split()          # on its own counter and sheet
    assert "Coyote goes through the flames in 0503: +5 to its thermal signature to the end of turn 3" in _reads(loc, "blue")


def test_a_unit_standing_in_the_flames_as_a_turn_begins_is_hot_again_p16(tmp_path):
    loc = _fire_at_the_tank(tmp_path, 3, 2)
    to_phase(loc, "initiative", 1, 1)
    # the tank stood in the burning hex as turn 2 began: +5 to the end of turn 4
    assert open_game(loc).turn == 2 and open_game(loc).units["Tank"].marks.hot_until == hot_until(2) == 4


def test_the_flames_heat_and_smoke_on_table_3_p16():
    # the Coyote (signature 4) went through the flames and stands in a burning hex: its
    # signature is 4 + 5, and the smoke is +3 to lock on to it (p. 16, Table 3)
    s = lockon.Situation(signature=4, heat=5, smoke=True, hexes_moved=4)
    lock = lockon.lock_on(s, 6)
    assert lock.total == 9 and lock.target_number == 9 and lock.locked
    assert "against signature 9 (4 +5 through the flames, p. 16)" in lock.describe()
    assert not lockon.lock_on(lockon.Situation(signature=4, smoke=True, hexes_moved=4), 6).locked


def test_a_churned_hex_is_read_as_its_new_terrain_by_movement_and_sight_p16(tmp_path):
    # two heavy forest hexes between the Coyote and the tank hide it (p. 13); kinetic fire churns
    # one of them into rough (p. 16): the line opens, and the hex costs 2 MP, not 4
    loc = wardogs_game(tmp_path, [{"id": "Coyote", "type": "coyote", "hex": "0203", "facing": "S"}],
                       [{"id": "Tank", "type": "tank", "hex": "0206", "facing": "N"}],
                       terrain=grid_with(10, 8, {"0204": "F", "0205": "F"}))
    g = open_game(loc)
    h = g.map.grid.parse("0204")
    assert not sees(g, Sight(g.map, g.rules), g.units["Coyote"], g.units["Tank"]).seen
    assert checked(loc, "Coyote", ["0203", "0204"]).steps[-1].cost == 4
    with sqlite3.connect(loc) as conn:
        conn.execute("INSERT INTO overlay (q, r, kind, side_id, secret, detail, known_to) VALUES (?, ?, 'churned', NULL, 1, 'rough', '[]')",
                     (h.q, h.r))
    g = open_game(loc)
    assert terrain_at(g.map, h) == "rough"
    assert sees(g, Sight(g.map, g.rules), g.units["Coyote"], g.units["Tank"]).seen
    assert checked(loc, "Coyote", ["0203", "0204"]).steps[-1].cost == 2
    # a side that has not seen it happen knows the forest it knew: its sight tool still reads two
    view = build_view(g, "blue", system_for(loc))
    assert not any(o.kind == "churned" for o in view.map.overlays)
    mine = Sight(view.map, g.rules)
    assert not mine.view(g.units["Coyote"].hex, 0, 8, g.units["Tank"].hex, 0, 8).seen


def test_kinetic_fire_that_misses_churns_the_forest_into_rough_p16(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "Coyote", "type": "coyote", "hex": "0203", "facing": "SE"}],
                       [{"id": "Tank", "type": "tank", "hex": "0403", "facing": "NW"}],
                       terrain=grid_with(10, 8, {"0403": "F"}))
    to_phase(loc, "declare", 3, 7)
    act(loc, "declare_fire", side="blue", shots="Coyote coyote_autocannon Tank")
    act(loc, "declare_fire", side="red", shots="")
    to_phase(loc, "lock_on", 1)
    to_phase(loc, "damage", 1, 1, 1)                 # three d6 +1 under AR 6: all miss
    g = open_game(loc)
    h = g.map.grid.parse("0403")
    assert terrain_at(g.map, h) == "rough"
    assert "fire churns 0403 into rough (Wardogs p. 16)" in _reads(loc, "red")


# ---------------------------------------------------------------------- what a side never saw

LEAK_MAP = grid_with(10, 8, {"0703": "f", "0705": "F", "0706": "F"})
# a 10 m ridge down column 04, a 5 m rise west of it (column 03) a mecha may climb to look over it
RIDGE = grid_with(10, 8, {f"0{c}{r:02d}": str(c - 2) for r in range(1, 9) for c in (3, 4)}, fill="0")


def _hidden_fire(tmp_path, hidden_id: str, hidden_hex: str, fire_die: int) -> str:
    """Red's Guardian kills Blue's scout car in light forest 0703 with rockets, its laser missing
    into the trees; Blue's Coyote, behind a 10 m ridge, sees neither 0703 nor Red's tank."""
    loc = wardogs_game(tmp_path, [{"id": "Coyote", "type": "coyote", "hex": "0203", "facing": "SE"},
                                  {"id": "Car", "type": "scout_car", "hex": "0703", "facing": "SE"}],
                       [{"id": "Guardian", "type": "guardian", "hex": "0903", "facing": "SW"},
                        {"id": hidden_id, "type": "tank", "hex": hidden_hex, "facing": "N"}],
                       terrain=LEAK_MAP, elevation=RIDGE)
    to_phase(loc, "declare", 3, 7)
    act(loc, "declare_fire", side="blue", shots="")
    act(loc, "declare_fire", side="red", shots="Guardian guardian_laser Car; Guardian guardian_rockets Car")
    to_phase(loc, "lock_on", 1)
    # the laser's d8 1 +1 under AR 3 misses; the rockets' 6, 6 +1 penetrate: Table 9 rolls 1 and 1,
    # the crew killed; the laser's miss reaches the forest: d10 `fire_die`
    to_phase(loc, "damage", 1, 6, 6, 1, 1, fire_die)
    return loc


def _blue_reads(loc, folder):
    g = open_game(loc)
    entries = [(e.turn, e.head, e.lines) for e in side_journal(g, "blue", journal(loc), system_for(loc))]
    return entries, text_of(report(loc, "blue", folder))


def test_a_fire_out_of_a_sides_sight_tells_it_nothing_p16(tmp_path):
    loc = _hidden_fire(tmp_path / "a", "Hidden", "0707", 2)
    g = open_game(loc)
    assert g.units["Car"].status == "destroyed"
    assert ("blue", "Hidden") not in g.contacts and ("blue", "Guardian") in g.contacts
    fire = _burning(loc, "0703")
    assert fire is not None and fire.known_to == ("red",)         # the dead car saw nothing
    before = _blue_reads(loc, tmp_path / "a1")

    # the same, with the tank Blue never saw moved and renamed, and the fire moved elsewhere
    copy = tmp_path / "moved.umpire"
    shutil.copy(loc, copy)
    g = open_game(str(copy))
    h = g.map.grid.parse("1008")
    with sqlite3.connect(copy) as conn:
        conn.execute("UPDATE overlay SET q = ?, r = ? WHERE kind = 'burning'", (h.q, h.r))
        for table, column in (("unit", "id"), ("action", "log"), ("action", "changes"), ("action", "rolls"),
                              ("action", "summary"), ("action", "params"), ("game_info", "rule_state")):
            conn.execute(f"UPDATE {table} SET {column} = REPLACE({column}, 'Hidden', 'Lurker')")
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = 'Lurker'", (h.q, h.r - 1))
    after = _blue_reads(str(copy), tmp_path / "a2")
    assert after == before
    # and with no fire at all (the d10 a 9): Blue reads the same bytes
    assert _blue_reads(_hidden_fire(tmp_path / "b", "Hidden", "0707", 9), tmp_path / "b1") == before
    # the umpire's report does change: the file really was changed
    assert text_of(report(loc, "umpire", tmp_path / "u1")) != text_of(report(str(copy), "umpire", tmp_path / "u2"))


def test_a_side_learns_of_the_fire_when_its_units_see_the_hex_p16(tmp_path):
    loc = _hidden_fire(tmp_path, "Hidden", "0707", 2)
    act(loc, "next_phase")                                          # the end phase
    to_phase(loc, "initiative", 3, 7)
    g = open_game(loc)
    assert not any(o.kind == "burning" for o in build_view(g, "blue", system_for(loc)).map.overlays)
    blue_moves(loc)
    act(loc, "move", side="blue", unit="Coyote", path=["0203", "0303"])       # up the rise: 0703 in view
    view = build_view(open_game(loc), "blue", system_for(loc))
    assert [game_number(loc, o.hex) for o in view.map.overlays if o.kind == "burning"] == ["0703"]


def game_number(loc, h):
    return open_game(loc).map.number(h)
