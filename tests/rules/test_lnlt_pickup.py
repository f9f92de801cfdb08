"""Lock 'n Load Tactical: support weapons picked up, dropped, handed over and captured in the
Rally phase (3.0, step 5; 1.6 and its notes) -- the free rule action "weapons"."""

import sqlite3

import pytest

from umpire.actions import system_for
from umpire.core.errors import ScenarioError, UmpireError
from umpire.core.knowledge import build_view
from umpire.rules.lnlt.pickup import fate_of_carried

from .gamekit import act, game, make_game


def lnlt(tmp_path, us, nva, **kw):
    return make_game(tmp_path, us, nva, rules="lnlt", cols=10, **kw)


def weapons(loc, side, unit, do, weapon, **kw):
    return act(loc, "weapons", side=side, unit=unit, do=do, weapon=weapon, **kw)


def fire(loc, units, target):
    g = game(loc)
    return system_for(loc).assault_sheet(g, units, g.map.grid.parse(target), "fire")


def drop_in(loc, wid, hex_id):
    """Lay a weapon on the ground (as if its carrier had fallen there)."""
    h = game(loc).map.grid.parse(hex_id)
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET status = 'dropped', carried_by = NULL, q = ?, r = ? WHERE id = ?",
                     (h.q, h.r, wid))


def test_in_the_rally_phase_a_squad_drops_its_machine_gun_and_another_picks_it_up(tmp_path):
    """3.0 step 5: no side has the turn in the Rally phase; the action takes none.  The dropped
    M60 no longer adds its 3 to A's fire (1.6); picked up by B it adds to B's."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0303"), ("G", "us_m60", "0303", "A"), ("B", "us_squad", "0303")],
               [("X", "nva_squad", "0603")])
    g = game(loc)
    assert g.phase == "rally" and g.active_side is None
    assert {k for k, s in system_for(loc).actions().items() if s.is_free(g)} == {"weapons", "heal"}
    weapons(loc, "blue", "A", "drop", "G")
    g = game(loc)
    assert g.units["G"].status == "dropped" and g.units["G"].hex == g.units["A"].hex and not g.units["G"].on_map
    assert g.active_side is None and g.phase == "rally"
    weapons(loc, "blue", "B", "pick_up", "G")
    g = game(loc)
    assert g.units["G"].carried_by == "B" and g.units["G"].on_map
    act(loc, "next_phase")
    assert fire(loc, ["A"], "0603").firepower == 5 and fire(loc, ["B"], "0603").firepower == 8


def test_weapons_change_hands_only_in_the_rally_phase(tmp_path):
    loc = lnlt(tmp_path, [("A", "us_squad", "0303"), ("G", "us_m60", "0303", "A")], [("X", "nva_squad", "0903")])
    act(loc, "next_phase")
    side = game(loc).active_side
    if side == "red":
        act(loc, "pass", side="red")
    assert not any(s.is_free(game(loc)) for s in system_for(loc).actions().values())
    with pytest.raises(UmpireError, match=r"only in the Rally phase, not in the Operations phase \(LnLT 3.0"):
        weapons(loc, "blue", "A", "drop", "G")


def test_portage_limits_who_picks_up_and_who_is_handed_a_weapon(tmp_path):
    """1.6: a half-squad carries one; handing over needs a unit of the hex with room."""
    loc = lnlt(tmp_path, [("H", "us_half_squad", "0303"), ("G1", "us_m60", "0303", "H"),
                          ("A", "us_squad", "0303"), ("G2", "us_m60", "0303", "A"), ("G3", "us_m60", "0303", "A"),
                          ("C", "us_squad", "0404")], [("X", "nva_squad", "0903")])
    weapons(loc, "blue", "A", "drop", "G2")
    with pytest.raises(UmpireError, match=r"H already carries 1 support weapon \(1.6\)"):
        weapons(loc, "blue", "H", "pick_up", "G2")
    with pytest.raises(UmpireError, match="C is not another unit in 0303"):
        weapons(loc, "blue", "A", "hand_over", "G3", to="C")
    with pytest.raises(UmpireError, match="H already carries 1"):
        weapons(loc, "blue", "A", "hand_over", "G3", to="H")
    with pytest.raises(UmpireError, match="hand_over needs 'to'"):
        weapons(loc, "blue", "H", "hand_over", "G1")
    weapons(loc, "blue", "H", "hand_over", "G1", to="A")
    assert {w for w, u in game(loc).units.items() if u.carried_by == "A"} == {"G1", "G3"}


def test_a_sniper_carries_no_support_weapon(tmp_path):
    """1.6 notes: snipers neither carry nor fire support weapons -- not from the scenario, not
    picked up."""
    with pytest.raises(ScenarioError, match='unit "R": S .* cannot carry'):
        lnlt(tmp_path, [("A", "us_squad", "0303")], [("S", "nva_sniper", "0903"), ("R", "nva_rpd", "0903", "S")])
    loc = lnlt(tmp_path / "2", [("A", "us_squad", "0303")], [("S", "nva_sniper", "0903"), ("X", "nva_squad", "0904"),
                                                             ("R", "nva_rpd", "0904", "X")])
    drop_in(loc, "R", "0903")
    with pytest.raises(UmpireError, match=r"a sniper carries no support weapons \(1.6\)"):
        weapons(loc, "red", "S", "pick_up", "R")


def test_a_fallen_carrier_leaves_its_weapon_on_the_ground(tmp_path):
    """Readings (pickup.py): a unit on foot eliminated leaves its weapons in its hex."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0303"), ("G", "us_m60", "0303", "A")], [("X", "nva_squad", "0903")])
    g = game(loc)
    out = {"A": {"status": "destroyed"}}
    fate_of_carried(g, out)
    assert out["G"] == {"status": "dropped", "q": g.units["A"].hex.q, "r": g.units["A"].hex.r, "carried_by": None}


def test_capture_gives_the_taker_a_new_counter_and_the_owner_learns_only_on_the_spot(tmp_path):
    """1.6 notes: the NVA squad picks up the US M60 lying in its hex, naming it by its type (the
    US ids are not its to know); the US order of battle still shows its M60 lying there, and
    its view of the map is unchanged, until a US unit stands in that hex (9.0)."""
    woods = "\n".join(["..........", "..........", ".....W....", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("G", "us_m60", "0103", "A")], [("X", "nva_squad", "0603")],
               terrain=woods)
    drop_in(loc, "G", "0603")
    assert not [c for (side, _), c in game(loc).contacts.items() if side == "blue"]    # X unseen in the woods
    fields = system_for(loc).actions()["weapons"].fields_for(game(loc), "red", "X")[1:]
    assert fields[1].choices == ("us_m60",)
    before = build_view(game(loc), "blue")
    weapons(loc, "red", "X", "pick_up", "us_m60")
    g = game(loc)
    new = g.units["X-captured"]
    assert new.side == "red" and new.carried_by == "X" and new.type == "us_m60" and new.marks.captured
    assert g.units["G"].status == "dropped" and g.units["G"].marks.taken
    assert build_view(g, "blue") == before
    with pytest.raises(UmpireError, match="no weapon 'us_m60' lies in 0603"):
        weapons(loc, "red", "X", "pick_up", "us_m60")
    act(loc, "next_phase")
    assert fire(loc, ["X"], "0103").firepower == 4 + 3          # 1.6: the squad fires it with its own
    act(loc, "end_turn", 6, 1)
    assert game(loc).units["G"].status == "dropped"                # no US unit there: still believed there


def test_the_owner_finds_a_taken_weapon_gone(tmp_path):
    loc = lnlt(tmp_path, [("A", "us_squad", "0603")], [("X", "nva_squad", "0903"), ("R", "nva_rpd", "0903", "X")])
    drop_in(loc, "R", "0903")
    with sqlite3.connect(loc) as conn:            # the US squad took it, and the NVA squad came back
        conn.execute("UPDATE unit SET marks = ? WHERE id = 'R'", ('{"taken": true}',))
    assert system_for(loc).actions()["weapons"].fields_for(game(loc), "red", "X")[2].choices == ("R",)
    weapons(loc, "red", "X", "pick_up", "R")
    assert game(loc).units["R"].status == "removed"


def test_the_administrative_phase_tells_an_owner_standing_there(tmp_path):
    loc = lnlt(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "0903"), ("R", "nva_rpd", "0903", "X")])
    drop_in(loc, "R", "0903")
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id = 'R'", ('{"taken": true}',))
    act(loc, "next_phase")
    act(loc, "next_phase")                    # the Administrative phase (9.0)
    assert game(loc).units["R"].status == "removed"


def captured_half_squad(tmp_path):
    """An NVA half-squad that has picked up a US M60 and a US squad three hexes off."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0303"), ("G", "us_m60", "0303", "A")],
               [("H", "nva_half_squad", "0603")])
    drop_in(loc, "G", "0603")
    weapons(loc, "red", "H", "pick_up", "us_m60")
    act(loc, "next_phase")
    if game(loc).active_side == "blue":
        act(loc, "pass", side="blue")
    return loc


def test_a_captured_weapon_that_fails_on_its_first_fire_is_given_up(tmp_path):
    """1.6 notes: the half-squad fires the M60 instead of its own 2 (3): 1 + 3 = 4 against
    6 + 0 on open ground -- no damage check, and the captured weapon is given up."""
    loc = captured_half_squad(tmp_path)
    assert fire(loc, ["H"], "0303").arms == ("H-captured",)
    act(loc, "assault", 1, 6, side="red", units=["H"], hex="0303", kind="fire")
    g = game(loc)
    assert g.units["H-captured"].status == "removed" and g.units["H"].fired
    assert any("fails on its first use and is given up (1.6)" in x for r in journal(loc) for x in r)


def test_a_captured_weapon_that_does_its_work_once_is_kept(tmp_path):
    """6 + 3 = 9 against 1: a damage check -- the M60 is the half-squad's to keep."""
    loc = captured_half_squad(tmp_path)
    act(loc, "assault", 6, 1, side="red", units=["H"], hex="0303", kind="fire")
    w = game(loc).units["H-captured"]
    assert w.status == "on_map" and w.carried_by == "H" and not w.marks.untried and w.marks.captured


def journal(loc):
    from umpire.core.engine import journal as rows
    return [list(r.log) for r in rows(loc)]


def test_melee_winners_take_their_weapons_in_and_find_the_losers_on_the_ground(tmp_path):
    """8.0: A and B win the melee and enter 0403 -- A's M60 with them; X's RPD stays lying in
    0403 (pickup.py's reading), and in the next Rally phase B captures it."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0303"), ("G", "us_m60", "0303", "A"), ("B", "us_squad", "0304")],
               [("X", "nva_squad", "0403"), ("R", "nva_rpd", "0403", "X")])
    act(loc, "next_phase", 6, 1)
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    act(loc, "assault", 6, 6, 1, 1, side="blue", units=["A", "B"], hex="0403", kind="melee")
    g = game(loc)
    here = g.map.grid.parse("0403")
    assert g.units["X"].status == "destroyed" and g.units["A"].hex == here
    assert g.units["G"].hex == here and g.units["G"].carried_by == "A"
    assert g.units["R"].status == "dropped" and g.units["R"].hex == here
    act(loc, "end_turn", 6, 1)
    weapons(loc, "blue", "B", "pick_up", "nva_rpd")
    assert game(loc).units["B-captured"].carried_by == "B"
