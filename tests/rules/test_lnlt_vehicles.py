"""Lock 'n Load Tactical vehicles: ordnance fire (14.1), small arms against vehicles (17.2),
close assault (17.1), the fate of crew and passengers (15.4, 16.1.1), passengers (16.1),
stacking (1.3) and Shaken vehicles (DCT)."""

import pytest

from umpire.core.errors import UmpireError
from umpire.core.hexgrid import DIRECTIONS, Hex
from umpire.rules.lnlt.ordnance import aspect, to_hit_number
from umpire.rules.lnlt.state import Marks

from .gamekit import act, game, make_game


def lnlt(tmp_path, us, nva, terrain=None, **kw):
    return make_game(tmp_path, us, nva, terrain=terrain, rules="lnlt", cols=10, **kw)


def red_first(loc):
    """Into the Operations phase with Red to act (Blue passes if it has the initiative)."""
    act(loc, "next_phase")
    if game(loc).active_side == "blue":
        act(loc, "pass", side="blue")
    assert game(loc).active_side == "red"


def blue_first(loc):
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    assert game(loc).active_side == "blue"


def overlays(loc, kind):
    g = game(loc)
    return [g.map.number(o.hex) for o in g.map.overlays if o.kind == kind]


def test_a_penetrating_turret_hit_destroys_the_tank_and_the_crew_bails_out(tmp_path):
    """14.1: an even to-hit roll (6) over 2 strikes the turret; 1d6 + penetration 5 (band up to
    5 hexes) = 10 against 1d6 + turret front 6 = 8 destroys it; the crew gets out on a 1."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0403")], [("R", "nva_rr_team", "0103")])
    red_first(loc)
    res = act(loc, "assault", 3, 3, 5, 2, 1, side="red", units=["R"], hex="0403", kind="ordnance")
    g = game(loc)
    log = "\n".join(res.log)
    assert "To hit: 6 against 7: hit" in log
    assert "10 against 8 on the turret front -- penetrates: destroyed" in log
    assert g.units["T"].status == "destroyed" and overlays(loc, "wreck") == ["0403"]
    crew = g.units["T crew"]
    assert crew.type == "us_crew" and crew.side == "blue" and g.map.number(crew.hex) == "0403"
    assert crew.moved and not crew.marks.shaken
    assert g.units["R"].fired


def test_a_crew_that_rolls_over_1_is_lost_and_undo_takes_the_wreck_back(tmp_path):
    loc = lnlt(tmp_path, [("T", "us_m48", "0403")], [("R", "nva_rr_team", "0103")])
    red_first(loc)
    act(loc, "assault", 3, 3, 5, 2, 4, side="red", units=["R"], hex="0403", kind="ordnance")
    assert "T crew" not in game(loc).units
    from umpire.core.engine import undo
    undo(loc)
    g = game(loc)
    assert g.units["T"].status == "on_map" and not overlays(loc, "wreck")


def test_an_equal_roll_and_a_failed_morale_check_abandon_the_vehicle(tmp_path):
    """14.1: 1d6 + 5 = 7 against 1d6 + rear hull 1 = 7: a morale check, failed (11 against 6):
    abandoned -- a Shaken crew gets out, the passengers get off, marked Moved, and check morale
    (15.4).  The to-hit roll of 5 is odd: the hull.  The M113 moved east, the firer is west of it:
    its rear."""
    loc = lnlt(tmp_path, [("A", "us_m113", "0403"), ("S", "us_squad", "0403")], [("R", "nva_rr_team", "0203")])
    blue_first(loc)
    act(loc, "move", side="blue", unit="A", path=["0403", "0503"], mount=["S"])
    g = game(loc)
    assert g.units["S"].carried_by == "A" and g.map.number(g.units["S"].hex) == "0503"
    assert g.units["A"].marks.facing is not None
    from umpire.actions import system_for
    alone = system_for(loc).check_move(g, "S", [g.units["S"].hex, g.map.grid.parse("0504")])
    assert "rides aboard A" in alone.reason
    res = act(loc, "assault", 2, 3, 2, 6, 6, 5, 1, 1, side="red", units=["R"], hex="0503", kind="ordnance")
    log = "\n".join(res.log)
    assert "target marked Moved or moving (6.0): +1" in log and "To hit: 6 against 7: hit" in log
    assert "7 against 7 on the hull rear -- equal: morale check: abandoned" in log
    g = game(loc)
    assert g.units["A"].status == "destroyed" and overlays(loc, "abandoned") == ["0503"]
    assert g.units["A crew"].marks.shaken and g.units["A crew"].moved
    s = g.units["S"]
    assert s.carried_by is None and s.on_map and s.moved and not s.marks.shaken


def test_a_dud_and_a_short_shot(tmp_path):
    """14.1: a 1 against a 6 is a dud whatever the values; a short shot makes the vehicle check
    morale less the difference: passed, no effect."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0403")], [("R", "nva_rr_team", "0103")])
    red_first(loc)
    res = act(loc, "assault", 2, 3, 1, 6, side="red", units=["R"], hex="0403", kind="ordnance")
    assert "a 1 against a 6: a dud: no effect" in "\n".join(res.log)
    act(loc, "end_turn", 1, 6)                 # turn 2: Red has the initiative
    act(loc, "next_phase")
    res = act(loc, "assault", 2, 3, 2, 4, 6, 6, side="red", units=["R"], hex="0403", kind="ordnance")
    log = "\n".join(res.log)
    # 2 + 5 = 7 against 4 + hull front 5 = 9: short by 2; 12 - 2 = 10 against morale 7: failed, Shaken
    assert "short by 2: morale check: shaken" in log and game(loc).units["T"].marks.shaken


def test_natural_2_always_hits_and_natural_12_always_misses(tmp_path):
    """14.1: 2d6 + modifiers at or under the to-hit number hits, but a natural 12 misses even
    adjacent (12 - 2 = 10 would beat 8) and a natural 2 hits whatever the modifiers."""
    loc = lnlt(tmp_path, [("S", "us_squad", "0203"), ("S2", "us_squad", "0905")],
               [("R", "nva_rr_team", "0103"), ("R2", "nva_rr_team", "0105")])
    red_first(loc)
    res = act(loc, "assault", 6, 6, side="red", units=["R"], hex="0203", kind="ordnance")
    assert "adjacent target (14.1): -2" in "\n".join(res.log)
    assert "To hit: 10 against 8: miss (a natural 12 always misses)" in "\n".join(res.log)
    act(loc, "pass", side="blue")
    res = act(loc, "assault", 1, 1, 1, 1, side="red", units=["R2"], hex="0905", kind="ordnance")
    assert "To hit: 2 against 5: hit (a natural 2 always hits)" in "\n".join(res.log)


def test_ordnance_against_infantry_heat_and_the_damage_check(tmp_path):
    """14.1: hit, 1d6 + HE 3 - 1 (HEAT outside a building) = 8 against a bare 1d6 of 2:
    DC+6; the squad's 1 + 6 = 7 over morale 6: Shaken."""
    loc = lnlt(tmp_path, [("S", "us_squad", "0403")], [("R", "nva_rr_team", "0103")])
    red_first(loc)
    res = act(loc, "assault", 3, 4, 6, 2, 1, side="red", units=["R"], hex="0403", kind="ordnance")
    log = "\n".join(res.log)
    assert "Result: 8 against 2 -- damage checks at DC+6 (14.1) (HEAT: -1 outside a building or bunker)" in log
    assert game(loc).units["S"].marks.shaken


def test_small_arms_do_no_harm_to_a_closed_armoured_vehicle(tmp_path):
    """17.2: the defender adds its lowest armour (2); DC+ but a closed armoured vehicle is not
    harmed.  A hex with two vehicles needs the one aimed at named."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0403"), ("A", "us_m113", "0403")], [("X", "nva_squad", "0303")])
    red_first(loc)
    with pytest.raises(UmpireError, match="2 vehicles in 0403: name the one aimed at"):
        act(loc, "assault", side="red", units=["X"], hex="0403", kind="fire")
    res = act(loc, "assault", 6, 1, side="red", units=["X"], hex="0403", kind="fire", at="T")
    log = "\n".join(res.log)
    assert "lowest armour +2 (17.2)" in log and "T is armoured and closed: small arms do it no harm" in log
    assert not game(loc).units["T"].marks.shaken


def test_close_assault_destroys_the_vehicle_with_its_crew(tmp_path):
    """17.1: a morale check (3 against 6), then 1d6 + FP 4 = 9 against 1d6 + lowest armour 1 = 2:
    destroyed; the crew is eliminated (15.4)."""
    loc = lnlt(tmp_path, [("A", "us_m113", "0403")], [("X", "nva_squad", "0303")])
    red_first(loc)
    res = act(loc, "assault", 1, 2, 5, 1, side="red", units=["X"], hex="0403", kind="close_assault")
    assert "X 9 against 2 -- A destroyed (17.1)" in "\n".join(res.log)
    g = game(loc)
    assert g.units["A"].status == "destroyed" and "A crew" not in g.units and overlays(loc, "wreck") == ["0403"]


def test_riders_outside_prevent_a_close_assault(tmp_path):
    loc = lnlt(tmp_path, [("T", "us_m48", "0403"), ("H", "us_half_squad", "0403")], [("X", "nva_squad", "0603")])
    blue_first(loc)
    act(loc, "move", side="blue", unit="T", path=["0403", "0503"], mount=["H"])
    with pytest.raises(UmpireError, match="carries passengers outside: no close assault"):
        act(loc, "assault", side="red", units=["X"], hex="0503", kind="close_assault")


def test_passenger_capacity(tmp_path):
    """16.1: PO carries a half-squad and one SMC, PP a squad and two."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0403"), ("S", "us_squad", "0403"), ("A", "us_m113", "0203"),
                          ("S1", "us_squad", "0203"), ("S2", "us_squad", "0203"), ("L", "us_leader", "0203")],
               [("X", "nva_squad", "1006")])
    blue_first(loc)
    from umpire.actions import system_for
    system = system_for(loc)
    g = game(loc)
    path = [g.units["T"].hex, g.map.grid.parse("0503")]
    assert "carries a half-squad and 1 single-man counter at most" in system.check_move(g, "T", path, {"mount": ["S"]}).reason
    path = [g.units["A"].hex, g.map.grid.parse("0303")]
    assert system.check_move(g, "A", path, {"mount": ["S1", "L"]}).legal
    assert not system.check_move(g, "A", path, {"mount": ["S1", "S2"]}).legal


def test_armour_facing_angles():
    """A vehicle's front is within 60 degrees of the way it faces, its rear beyond 120."""
    class V:
        hex = Hex(0, 0)
        marks = Marks(facing=0)
    d = DIRECTIONS
    assert aspect(V, d[0].scale(3)) == "front" and aspect(V, d[1].scale(2)) == "front"
    assert aspect(V, d[2].scale(2)) == "side" and aspect(V, d[3].scale(4)) == "rear"
    assert aspect(V, d[5].scale(1) + d[4]) == "side"
    V.marks = Marks()
    assert aspect(V, d[3].scale(4)) == "front"          # not yet moved: it faces its attacker


def test_to_hit_bands():
    g = {"bands": [2, 5, 10], "to_hit": [8, 7, 5]}
    assert [to_hit_number(g, r) for r in (1, 2, 3, 5, 6, 10, 11)] == [8, 8, 7, 7, 5, 5, None]


def test_a_shaken_vehicle_moves_half_and_shaken_again_is_abandoned(tmp_path):
    """DCT: a Shaken vehicle has half its movement (10 -> 5); Shaken again, it is abandoned."""
    from umpire.actions import system_for
    from umpire.rules.lnlt.damage import vehicle_struck

    from dicekit import dice
    loc = lnlt(tmp_path, [("T", "us_m48", "0103")], [("X", "nva_squad", "1006")])
    g = game(loc)
    g.units["T"].marks = g.units["T"].marks.but(shaken=True)
    path = [g.map.grid.parse(f"{c:02d}03") for c in range(1, 8)]
    check = system_for(loc).check_move(g, "T", path)
    assert check.allowance == 5 and not check.legal
    out, lines = {}, []
    extra = vehicle_struck(g, g.units["T"], "Shaken", "dft", dice(1), out, lines)
    assert out["T"]["status"] == "destroyed" and "  T was Shaken already: abandoned (DCT)" in lines
    assert [c.key for c in extra] == ["abandoned", "T crew"]          # a Shaken crew, no roll (15.4)


def test_two_vehicles_to_a_hex_and_a_wreck_counts_as_one(tmp_path):
    """1.3: two vehicles a side in a hex; a wreck counts as one vehicle."""
    from umpire.actions import system_for
    from umpire.core.terrain import Overlay
    loc = lnlt(tmp_path, [("T", "us_m48", "0103"), ("A", "us_m113", "0203"), ("B", "us_m113", "0303")],
               [("X", "nva_squad", "1006")])
    g = game(loc)
    system = system_for(loc)
    to = g.map.grid.parse("0203")
    assert system.check_move(g, "T", [g.units["T"].hex, to]).legal
    g.map.overlays.append(Overlay(to, "wreck", None, False, "Z"))
    assert "2 vehicles, wrecks included" not in system.check_move(g, "T", [g.units["T"].hex, to]).reason
    assert "would hold 3 vehicles, wrecks included (at most 2, 1.3)" in system.check_move(g, "T", [g.units["T"].hex, to]).reason


def test_artillery_strikes_closed_vehicles_and_their_passengers(tmp_path):
    """18.2: under artillery every unit checks damage, a closed armoured vehicle too (its own
    defence roll adds its lowest armour, 17.3); the fate table then takes its passengers."""
    extra = """
[[artillery]]
id = "Guns"
side = "red"
label = "NVA guns"
strength = 6
concentrations = 1
from_turn = 1
"""
    loc = lnlt(tmp_path, [("A", "us_m113", "0503")], [("L", "nva_leader", "0103")], extra=extra)
    red_first(loc)
    # drift 1d6 = 1 -> 1 hex north... then shifted back; FFE 0503: 5 + 6 = 11 against 1 + 0 + 1 = 2: DC+9;
    # the M113's check 6 + 9 = 15 against morale 6: 2x or more, under 3x: armoured column Shaken
    res = act(loc, "fire_mission", 1, 1, 5, 1, 6, side="red", unit="L", hex="0503")
    log = "\n".join(res.log)
    assert "0503 (A): 11 against 2 -- damage checks at DC+9" in log
    assert "A: damage check 15 against morale 6: Shaken" in log and game(loc).units["A"].marks.shaken


def test_heat_penetrates_red_armour_four_worse(tmp_path):
    """14.1: the recoilless rifle's HEAT at the M1's hull front, printed red (sample): an odd
    to-hit roll (7) strikes the hull; 5 + penetration 5 - 4 = 6 against 2 + 8 = 10."""
    loc = lnlt(tmp_path, [("T", "us_m1", "0403")], [("R", "nva_rr_team", "0103")])
    red_first(loc)
    res = act(loc, "assault", 3, 4, 5, 2, 6, 6, side="red", units=["R"], hex="0403", kind="ordnance")
    log = "\n".join(res.log)
    assert "To hit: 7 against 7: hit" in log
    assert "6 against 10 on the hull front" in log


def test_riders_on_a_vehicle_that_has_not_moved_fire_at_minus_one_each(tmp_path):
    """16.2, 16.2.1 (DFT): a half-squad riding on the M48 (PO) fires small arms from it, -1; inside an
    M113 (PP) a squad must get off first; once the tank has moved, no more."""
    import sqlite3
    from umpire.actions import system_for
    loc = lnlt(tmp_path, [("T", "us_m48", "0303"), ("A", "us_half_squad", "0303", "T"),
                          ("M", "us_m113", "0305"), ("B", "us_squad", "0305", "M")], [("X", "nva_squad", "0603")])
    g = game(loc)
    target = g.map.grid.parse("0603")
    on = system_for(loc).assault_sheet(g, ["A"], target, "fire")
    assert on.legal and ("firing from on a vehicle, per unit (16.2.1)", -1) in on.modifiers
    inside = system_for(loc).assault_sheet(g, ["B"], target, "fire")
    assert not inside.legal and "rides aboard M: it gets off first" in inside.reason
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET moved = 1 WHERE id = 'T'")
    assert not system_for(loc).assault_sheet(game(loc), ["A"], target, "fire").legal


def test_an_open_vehicle_fires_better_and_a_backblast_gives_the_firer_away(tmp_path, monkeypatch):
    """OFT: -1 an open vehicle firing (15.0.1, read as open-topped); DFT +1 / OFT -1 at a unit
    marked Fired in a building with a backblast weapon (the sample RPG-7)."""
    import sqlite3
    from umpire.actions import system_for
    town = "\n".join(["..........", "..........", ".....B....", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("A", "us_squad", "0303"), ("T", "us_m48", "0304")],
               [("X", "nva_squad", "0603"), ("R", "nva_rpg7", "0603", "X")], terrain=town)
    g = game(loc)
    h = g.map.grid.parse("0603")
    assert not any("backblast" in m for m, _ in system_for(loc).assault_sheet(g, ["A"], h, "fire").modifiers)
    assert not any("open vehicle" in m for m, _ in system_for(loc).assault_sheet(g, ["T"], h, "ordnance").modifiers)
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET fired = 1 WHERE id = 'X'")
    g = game(loc)
    assert ("target fired a backblast weapon from a building (DFT)", 1) in \
        system_for(loc).assault_sheet(g, ["A"], h, "fire").modifiers
    monkeypatch.setitem(g.rules.tables["vehicles"].section("entry")["us_m48"], "open_topped", True)
    mods = system_for(loc).assault_sheet(g, ["T"], h, "ordnance").modifiers
    assert ("target fired a backblast weapon from a building (OFT)", -1) in mods
    assert ("open vehicle firing (15.0.1)", -1) in mods


def test_firing_off_the_front_arc_turns_the_turret_or_pivots_the_hull(tmp_path):
    """15.1.1: the M48 (turret) and the M113 (none) last moved facing the first direction; a
    target behind them is off their front arc: the M48's gun +1 on the OFT and its machine guns
    -2 on the DFT; the M113's machine gun -1, and after firing it faces the target."""
    import sqlite3
    from umpire.actions import system_for
    from umpire.rules.lnlt.ordnance import aspect
    loc = lnlt(tmp_path, [("T", "us_m48", "0503"), ("M", "us_m113", "0505")],
               [("X", "nva_squad", "0203"), ("Y", "nva_squad", "0205")])
    g = game(loc)
    ahead = next(i for i in range(6) if aspect(type("U", (), {"marks": Marks(facing=i), "hex": g.units["T"].hex})(),
                                             g.map.grid.parse("0203")) == "rear")
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id IN ('T', 'M')", (f'{{"facing": {ahead}}}',))
    g = game(loc)
    gun = system_for(loc).assault_sheet(g, ["T"], g.map.grid.parse("0203"), "ordnance")
    assert ("turret turns to fire off its front arc (15.1.1)", 1) in gun.modifiers
    mg = system_for(loc).assault_sheet(g, ["T"], g.map.grid.parse("0203"), "fire")
    assert ("T: turreted gun off its front arc (15.1.1)", -2) in mg.modifiers
    hull = system_for(loc).assault_sheet(g, ["M"], g.map.grid.parse("0205"), "fire")
    assert ("M: after pivoting in its hex (15.1.1)", -1) in hull.modifiers
    blue_first(loc)
    act(loc, "assault", 1, 6, side="blue", units=["M"], hex="0205", kind="fire")
    from umpire.rules.lnlt.ordnance import outside_arc
    g = game(loc)
    m = g.units["M"]
    assert m.fired and m.marks.facing != ahead
    assert aspect(m, g.map.grid.parse("0205")) == "front" and outside_arc(g, m, g.map.grid.parse("0205")) is None
    assert outside_arc(g, g.units["T"], g.map.grid.parse("0203")) == "turret"     # the turret turned, the hull did not


def test_vehicles_assault_move_and_fire(tmp_path):
    """15.2: the M48 moves by assault (half its MPs) and fires its gun at +2 in the same impulse,
    its machine guns at -2; the modern M1 only +1 (15.2.2).  15.2.1: assault fire first, then
    half the MPs."""
    from umpire.actions import system_for
    loc = lnlt(tmp_path, [("T", "us_m48", "0103"), ("N", "us_m1", "0105")], [("X", "nva_squad", "0803")])
    blue_first(loc)
    g = game(loc)
    full = g.unit_type(g.units["T"])["movement"]
    far = system_for(loc).check_move(g, "T", [g.map.grid.parse(f"0{c}03") for c in range(1, 2 + full // 2 + 1)],
                                     {"pace": "assault"})
    assert not far.legal
    act(loc, "move", side="blue", unit="T", path=["0103", "0203"], pace="assault")
    g = game(loc)
    gun = system_for(loc).assault_sheet(g, ["T"], g.map.grid.parse("0803"), "ordnance")
    assert gun.legal and ("vehicle's assault movement or fire (15.2, 15.2.1)", 2) in gun.modifiers
    mg = system_for(loc).assault_sheet(g, ["T"], g.map.grid.parse("0803"), "fire")
    assert ("vehicle's assault movement or fire (15.2, 15.2.1)", -2) in mg.modifiers
    loc = lnlt(tmp_path / "2", [("N", "us_m1", "0105")], [("X", "nva_squad", "0803")])
    blue_first(loc)
    g = game(loc)
    first = system_for(loc).assault_sheet(g, ["N"], g.map.grid.parse("0803"), "assault_fire")
    assert first.legal and ("vehicle's assault movement or fire (15.2, 15.2.1)", -2) in \
        first.modifiers
    act(loc, "move", side="blue", unit="N", path=["0105", "0205"], pace="assault")
    gun = system_for(loc).assault_sheet(game(loc), ["N"], g.map.grid.parse("0803"), "ordnance")
    assert ("modern vehicle's assault movement or fire (15.2.2)", 1) in gun.modifiers


def test_the_enemy_sees_riders_on_a_vehicle_but_not_those_inside(tmp_path):
    """10.1, 16.1: in open ground next to the NVA squad both vehicles are spotted; the half-squad
    riding on the M48 (PO) with them, the squad inside the M113 (PP) and its M60 not."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0403"), ("A", "us_half_squad", "0403", "T"),
                          ("M", "us_m113", "0404"), ("B", "us_squad", "0404", "M"), ("G", "us_m60", "0404", "B")],
               [("X", "nva_squad", "0503")])
    seen = {uid for (side, uid), c in game(loc).contacts.items() if side == "red" and c.status == "seen"}
    assert seen == {"T", "A", "M"}
