"""Lock 'n Load Tactical support weapons (1.6): carried by units, added to their fire by the
player aid's portage and usage table, on the OFT when they are ordnance, in melee when they are
machine guns; they go where their carrier goes and are lost with it."""

import pytest

from umpire.actions import system_for
from umpire.core.errors import ScenarioError

from .gamekit import act, game, make_game


def lnlt(tmp_path, us, nva, **kw):
    return make_game(tmp_path, us, nva, rules="lnlt", cols=10, **kw)


def sheet(loc, units, target, how="fire"):
    g = game(loc)
    return system_for(loc).assault_sheet(g, units, g.map.grid.parse(target), how)


def test_a_squad_fires_its_machine_gun_with_its_own_firepower_or_two_weapons_without(tmp_path):
    """1.6: a squad fires one weapon with its IFP (5 + 3 = 8) -- or at 7 hexes, beyond its own
    range of 5, both machine guns without it (3 + 3 = 6); a half-squad fires its weapon instead
    of its own 2 (3); a leader fires one at half (2)."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("G1", "us_m60", "0103", "A"), ("G2", "us_m60", "0103", "A"),
                          ("H", "us_half_squad", "0105"), ("G3", "us_m60", "0105", "H"),
                          ("L", "us_leader", "0106"), ("G4", "us_m60", "0106", "L")],
               [("X", "nva_squad", "0603"), ("Y", "nva_squad", "0803"), ("Z", "nva_squad", "0605")])
    near = sheet(loc, ["A"], "0603")
    assert near.firepower == 8 and "A: M60 machine gun +3 (1.6)" in "\n".join(near.lines)
    far = sheet(loc, ["A"], "0803")
    assert far.firepower == 6 and "forgoing its own firepower" in "\n".join(far.lines)
    assert sheet(loc, ["H"], "0605").firepower == 3
    assert sheet(loc, ["L"], "0605").firepower == 2


def test_too_many_weapons_are_refused_when_the_scenario_loads(tmp_path):
    """1.6: a half squad carries one support weapon; the scenario saying two is refused with the
    unit named (RuleSystem.scenario_problems), before any game file is written."""
    with pytest.raises(ScenarioError, match=r'unit "H": H carries 2 support weapons; a half squad carries 1 \(1.6\)'):
        lnlt(tmp_path, [("H", "us_half_squad", "0105"), ("G1", "us_m60", "0105", "H"),
                        ("G2", "us_m60", "0105", "H")], [("X", "nva_squad", "0405")])
    assert not (tmp_path / "wb.umpire").exists()


def test_an_rpg_fires_on_the_ordnance_fire_table_as_its_carriers_gun(tmp_path):
    """1.6, 1.6.4, 14.1: the squad's RPG-7 at an M113 three hexes off: to hit 6 or less."""
    loc = lnlt(tmp_path, [("T", "us_m113", "0403")], [("X", "nva_squad", "0103"), ("R", "nva_rpg7", "0103", "X")])
    s = sheet(loc, ["X"], "0403", "ordnance")
    assert s.legal and s.defence == 6 and "X's RPG-7" in s.lines[0]
    assert not sheet(loc, ["T"], "0103", "ordnance").legal          # the M113 has no gun


def test_machine_guns_add_their_firepower_in_melee(tmp_path):
    """8.0: 5 + the M60's 3 = 8 against 4 is 2-1 (without it, 5 against 4: 3-2)."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0303"), ("G", "us_m60", "0303", "A")], [("X", "nva_squad", "0403")])
    assert sheet(loc, ["A"], "0403", "melee").odds == "2-1"


def test_a_weapon_goes_with_its_carrier_into_a_vehicle_and_is_lost_with_it(tmp_path):
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("G", "us_m60", "0103", "A"), ("T", "us_m113", "0203")],
               [("X", "nva_squad", "0906")])
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    act(loc, "move", side="blue", unit="A", path=["0103", "0203"])
    g = game(loc)
    assert g.units["G"].hex == g.units["A"].hex == g.map.grid.parse("0203")
    act(loc, "end_turn", 6, 1)                               # turn 2: Blue has the initiative
    act(loc, "next_phase")
    act(loc, "move", side="blue", unit="T", path=["0203", "0303"], mount=["A"])
    g = game(loc)
    assert g.units["A"].carried_by == "T" and g.units["G"].hex == g.map.grid.parse("0303")
    assert "goes where the unit carrying it goes (1.6)" in \
        system_for(loc).check_move(g, "G", [g.units["G"].hex, g.map.grid.parse("0403")]).reason
    from umpire.rules.lnlt.pickup import fate_of_carried
    out = {"A": {"status": "destroyed"}}
    fate_of_carried(g, out)                     # aboard a vehicle: lost with its carrier
    assert out["G"]["status"] == "destroyed"


def test_two_single_man_counters_fire_a_weapon_at_full_firepower(tmp_path):
    """1.6 notes: the leader alone fires the M60 at half (3 -> 2); with the sergeant crewing it,
    at its full 3 -- the sergeant firing nothing of its own."""
    loc = lnlt(tmp_path, [("L", "us_leader", "0106"), ("G", "us_m60", "0106", "L"), ("S", "us_sergeant", "0106")],
               [("Z", "nva_squad", "0605")])
    assert sheet(loc, ["L"], "0605").firepower == 2
    both = sheet(loc, ["L", "S"], "0605")
    assert both.firepower == 3 and "S crewing it: full firepower (1.6)" in "\n".join(both.lines)


def test_the_enemy_sees_the_squad_carrying_a_law_not_the_law(tmp_path):
    """1.6, 10.1 (seen at the table in Xom Lang): the squad in open ground next to the enemy is
    spotted with the LAW and the machine gun it carries, but the enemy's contacts, its map and
    its journal know only the squad -- a carried weapon is part of its carrier, never a contact
    of its own."""
    from umpire.core.engine import journal
    from umpire.core.knowledge import build_view
    from umpire.core.witness import side_journal
    loc = lnlt(tmp_path, [("A", "us_squad", "0403"), ("W", "us_law", "0403", "A"), ("G", "us_m60", "0403", "A")],
               [("X", "nva_squad", "0503")])
    g = game(loc)
    assert {uid for (side, uid) in g.contacts if side == "red"} == {"A"}
    enemy = [m for m in build_view(g, "red", system_for(loc)).units if m.knowledge != "own"]
    assert [m.type_label for m in enemy] == ["US rifle squad"]
    said = [x for e in side_journal(g, "red", journal(loc)) for x in (e.head, *e.lines)]
    assert not any("LAW" in x or "M60" in x for x in said) and any("US rifle squad" in x for x in said)


def test_a_carried_gun_is_fired_by_its_carrier_not_named_as_a_firer_of_its_own(tmp_path):
    """5.3, 1.6 (seen at the table): a move past the enemy listed "in sight of A Sqd RPD, B Sqd"
    -- the gun as an opportunity firer beside its carrier.  The carrier is named, once, as far
    as the longest of its weapons reaches."""
    loc = lnlt(tmp_path, [("M", "us_squad", "0103")],
               [("X", "nva_squad", "0603"), ("G", "nva_rpd", "0603", "X")])
    g = game(loc)
    h = g.map.grid.parse
    check = system_for(loc).check_move(g, "M", [h("0103"), h("0203"), h("0303")])
    assert check.legal
    named = {w for who in check.watchers.values() for w in who}
    assert named == {"X"}, check.watchers
