"""Lock 'n Load Tactical played through the engine: the Rally, Operations and Administrative
phases (3.0, 4.0, 9.0), spotting (10.1), direct fire and the damage check (5.0, 5.2), melee
(8.0), rally (3.0), stacking (1.3), streams (10.5.1) and what Shaken units may not do."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act, game, make_game, marks


def lnlt(tmp_path, us, nva, terrain=None, **kw):
    return make_game(tmp_path, us, nva, terrain=terrain, rules="lnlt", cols=10, **kw)


def to_operations(loc, *faces):
    act(loc, "next_phase", *faces)
    return game(loc)


def test_initiative_decides_who_acts_first_and_passes_end_the_phase(tmp_path):
    """3.0: initiative on 1d6 each (Blue 2, Red 5: Red); 4.0: impulses alternate, three passes
    in a row end the phase and an action breaks the run; 9.0: the Administrative phase follows."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("B", "us_squad", "0104")], [("X", "nva_squad", "1003")])
    act(loc, "end_turn", 2, 5)                               # turn 2: Blue rolls 2, Red 5
    assert game(loc).rule_state.initiative == "red"
    act(loc, "next_phase")
    g = game(loc)
    assert (g.phase, g.active_side) == ("operations", "red")
    act(loc, "pass", side="red")
    act(loc, "move", unit="A", path=["0103", "0203"])       # breaks the run of passes
    assert game(loc).passed == () and game(loc).active_side == "red"
    act(loc, "pass", side="red")
    res = act(loc, "pass", side="blue")
    assert game(loc).phase == "operations"
    assert "passes (2 of the 3 passes in a row that end the phase)" in res.summary    # read alone, whole
    act(loc, "pass", side="red")                             # the third in a row
    assert game(loc).phase == "administrative"


def test_a_tie_leaves_the_initiative_where_it_was(tmp_path):
    loc = lnlt(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "1003")])
    act(loc, "end_turn", 1, 6)
    assert game(loc).rule_state.initiative == "red"
    act(loc, "end_turn", 4, 4)
    assert game(loc).rule_state.initiative == "red"


def test_spotting_in_the_open_in_cover_and_by_attempt(tmp_path):
    """10.1: open ground in sight is spotted, cover is not unless next to a Good Order unit or
    found by a spotting attempt (3 or less in degrading terrain, +1 a degrading hex between); the
    attempt spends the unit's impulse: Ops Complete (10.1.3, 4.1)."""
    terrain = "\n".join(["..........", "..........", "....w.....", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("L", "us_leader", "0105")],
               [("X", "nva_squad", "0503"), ("Y", "nva_squad", "0805")], terrain=terrain)
    g = game(loc)
    assert ("blue", "Y") in g.contacts and ("blue", "X") not in g.contacts
    to_operations(loc, 6, 1)                                 # Blue has the initiative
    with pytest.raises(UmpireError, match="not a unit of blue"):
        act(loc, "spot_attempt", side="blue", unit="X", hex="0103")
    act(loc, "spot_attempt", 4, side="blue", unit="A", hex="0503")    # 4 > 3: nothing
    assert ("blue", "X") not in game(loc).contacts and marks(loc, "A").ops_complete
    act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match="already acted"):
        act(loc, "spot_attempt", side="blue", unit="A", hex="0503")
    act(loc, "spot_attempt", 4, side="blue", unit="L", hex="0503")    # 4 - LM 1 = 3: spotted
    assert game(loc).contacts[("blue", "X")].status == "seen"


def test_direct_fire_and_the_damage_check(tmp_path):
    """5.0: 1d6 + FP against 1d6 + TM; a higher attacker makes every unit in the hex check
    damage: 1d6 + the difference against morale, less a Good Order leader's LM in its hex
    (11.1.1).  A squad's Casualties leave a Shaken
    half-squad (DCT)."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "0403"), ("Z", "nva_leader", "0403")])
    to_operations(loc, 6, 1)
    res = act(loc, "assault", 4, 2, 3, 5, units=["A"], hex="0403", kind="fire")
    # 4 + 5 = 9 against 2: DC+7; X checks 3 + 7 - LM 1 = 9 (morale 6: Shaken); Z 5 + 7 = 12 (8: Shaken)
    g = game(loc)
    assert "9 against 2, DC+7" in res.summary
    assert g.units["X"].marks.shaken and g.units["X"].type == "nva_squad"
    assert g.units["Z"].marks.shaken and not g.units["Z"].marks.wounded
    assert g.units["A"].fired
    loc = lnlt(tmp_path / "wnd", [("A", "us_squad", "0103")], [("Z", "nva_leader", "0403")])
    to_operations(loc, 6, 1)
    act(loc, "assault", 6, 1, 6, units=["A"], hex="0403", kind="fire")   # DC+10: 16, twice morale 8
    assert game(loc).units["Z"].marks.wounded
    loc = lnlt(tmp_path / "cas", [("A", "us_squad", "0103")], [("X", "nva_squad", "0403")])
    to_operations(loc, 6, 1)
    act(loc, "assault", 6, 1, 6, units=["A"], hex="0403", kind="fire")   # 11 against 1: DC+10; 6 + 10 = 16
    x = game(loc).units["X"]
    assert x.type == "nva_half_squad" and x.marks.shaken


def test_several_firers_add_half_their_firepower(tmp_path):
    """5.2: the strongest fires in full, each other multi-man counter adds half, rounded up."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("B", "us_squad", "0103"), ("M", "us_mg_team", "0103")],
               [("X", "nva_squad", "0503")])
    to_operations(loc, 6, 1)
    from umpire.actions import system_for
    sheet = system_for(loc).assault_sheet(game(loc), ["A", "B", "M"], game(loc).map.grid.parse("0503"), "fire")
    assert sheet.firepower == 5 + 3 + 2


def test_melee_kills_and_the_winners_enter(tmp_path):
    """8.0: 10 firepower against 4 is 3-1 on the table (fractions round up), kill number 5; the
    defenders strike back at 1-2 (10).  The attackers' 7 kills, the defenders' 5 does not: the
    attackers enter."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0303"), ("B", "us_squad", "0304")], [("X", "nva_squad", "0403")])
    to_operations(loc, 6, 1)
    res = act(loc, "assault", 3, 4, 2, 3, units=["A", "B"], hex="0403", kind="melee")
    g = game(loc)
    assert "at 3-1" in res.summary and g.units["X"].status == "destroyed"
    assert g.units["A"].hex == g.map.grid.parse("0403") and g.units["B"].hex == g.map.grid.parse("0403")


def test_shaken_units_may_not_fire_or_close_and_rally_with_a_leader(tmp_path):
    """5.0 Shaken: no fire, no advance toward a seen enemy; 3.0: 2d6 at or under morale rallies,
    -2 in cover, -LM with a Good Order leader in the hex; without one a squad cannot try."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("L", "us_leader", "0103"), ("B", "us_squad", "0105")],
               [("X", "nva_squad", "0503")])
    from umpire.core.changes import Change, apply
    from umpire.core.engine import ACTIONS

    def shake(ctx):
        for uid in ("A", "B"):
            apply(ctx, [Change("unit", uid, {"shaken": True})])
        return "test shakes A and B", None
    ACTIONS["test_shake"] = shake
    act(loc, "test_shake")
    to_operations(loc, 6, 1)
    with pytest.raises(UmpireError, match="Shaken"):
        act(loc, "assault", units=["A"], hex="0503", kind="fire")
    with pytest.raises(UmpireError, match="Shaken unit may not advance"):
        act(loc, "move", unit="B", path=["0105", "0204"])
    act(loc, "end_turn", 3, 1, 4, 3)                         # initiative 3-1; A rolls 4+3 - LM 1 = 6: rallies
    g = game(loc)
    assert not g.units["A"].marks.shaken and g.units["B"].marks.shaken     # B had no leader


def test_stacking_and_streams(tmp_path):
    """1.3: three squads a side in a hex; 10.5.1: a type 2 stream costs leg units 1 more."""
    sides = '[map.hexsides]\nstream_2 = ["0203/0303"]'
    loc = lnlt(tmp_path, [("A", "us_squad", "0202"), ("B", "us_squad", "0202"), ("C", "us_squad", "0202"),
                          ("D", "us_squad", "0201"), ("E", "us_squad", "0203")], [("X", "nva_squad", "1006")],
               hexsides=sides)
    from umpire.actions import system_for
    sys_, g = system_for(loc), game(loc)
    h = g.map.grid.parse
    refused = sys_.check_move(g, "D", [h("0201"), h("0202")])
    assert not refused.legal and "at most 3" in refused.reason
    assert sys_.check_move(g, "E", [h("0203"), h("0303")]).steps[-1].cost == 2


def test_a_side_that_sees_a_unit_destroyed_knows_it_is_gone(tmp_path):
    """A unit eliminated in sight leaves its enemy's contact list marked destroyed, not 'last
    known' where it fell."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0303"), ("B", "us_squad", "0304")], [("X", "nva_squad", "0403")])
    to_operations(loc, 6, 1)
    act(loc, "assault", 3, 4, 2, 3, units=["A", "B"], hex="0403", kind="melee")
    assert game(loc).contacts[("blue", "X")].status == "destroyed"


def test_opportunity_fire_at_a_unit_paused_in_sight(tmp_path):
    """5.3: a unit spending MPs in sight may be fired on out of turn by units not marked Moved
    or Fired; the move check names who could fire where, and the mover then halts or goes on."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "0603"), ("Y", "nva_squad", "0605")])
    to_operations(loc, 6, 1)
    from umpire.actions import system_for
    g = game(loc)
    h = g.map.grid.parse
    check = system_for(loc).check_move(g, "A", [h("0103"), h("0203"), h("0303")])
    assert set(check.watchers[h("0203")]) == {"X", "Y"}
    act(loc, "move", unit="A", path=["0103", "0203", "0303"], until="0203")
    assert game(loc).units["A"].paused and game(loc).active_side == "blue"
    res = act(loc, "assault", 5, 1, 3, units=["X"], hex="0203", kind="fire")   # 5+4+1 moved = 10 against 1
    assert res.summary.startswith("Opportunity fire: X fire on 0203") and game(loc).units["X"].fired
    assert game(loc).active_side == "blue"                                   # still the mover's impulse
    with pytest.raises(UmpireError, match="melee"):
        act(loc, "assault", units=["Y"], hex="0203", kind="melee")
    act(loc, "halt", unit="A")
    assert game(loc).active_side == "red" and not game(loc).units["A"].paused


ARTILLERY = '[[artillery]]\nid = "81mm"\nside = "blue"\nlabel = "Mortars"\nconcentrations = 1\nstrength = 4\n'


def test_a_fire_mission_drifts_then_falls_on_the_pattern(tmp_path):
    """18.2: the spotting round drifts (1d6 + degrading - LM, halved up; 1d6 for the direction,
    1 north); in the leader's sight he brings it one hex back; the standard mission strikes the
    FFE hex and the six around it: 1d6 + FP against 1d6 + TM, then damage checks.  One mission
    here, so the second call is refused; only leaders call it."""
    loc = lnlt(tmp_path, [("L", "us_leader", "0103"), ("A", "us_squad", "0104"), ("K", "us_sergeant", "0104")],
               [("X", "nva_squad", "0603"), ("Y", "nva_squad", "0604")], extra=ARTILLERY)
    to_operations(loc, 6, 1)
    with pytest.raises(UmpireError, match="not a Good Order leader"):
        act(loc, "fire_mission", side="blue", unit="A", hex="0603")
    # drift 3 - LM 1 = 2: one hex, north, to 0602 -- in sight: back to 0603; X's hex: 5 + 4 = 9
    # against 2: DC+7, X rolls 2: 9, Shaken; Y's hex (next to it): 1 + 4 = 5 against 6: no effect
    res = act(loc, "fire_mission", 3, 1, 5, 2, 2, 1, 6, side="blue", unit="L", hex="0603")
    g = game(loc)
    assert "falls on 0603" in res.summary and g.units["X"].marks.shaken and not g.units["Y"].marks.shaken
    assert any("drifts 1 hex N to 0602" in x for x in res.log) and any("shifted one hex to 0603" in x for x in res.log)
    assert g.support_used["81mm"]["missions"] == 1 and g.units["L"].marks.ops_complete
    act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match="no artillery mission left"):
        act(loc, "fire_mission", side="blue", unit="K", hex="0603")


def test_the_units_of_a_hex_move_together(tmp_path):
    """6.0: the units activated in a hex move together -- one impulse, each able to make the move
    on its own, stacking counted for all; such a stack does not pause on the way."""
    loc = lnlt(tmp_path, [("L", "us_leader", "0103"), ("A", "us_squad", "0103"), ("B", "us_squad", "0105")],
               [("X", "nva_squad", "1006")])
    to_operations(loc, 6, 1)
    with pytest.raises(UmpireError, match="not a unit of its side in its hex"):
        act(loc, "move", unit="L", path=["0103", "0203"], **{"with": ["B"]})
    with pytest.raises(UmpireError, match="without pausing"):
        act(loc, "move", unit="L", path=["0103", "0203", "0303"], until="0203", **{"with": ["A"]})
    res = act(loc, "move", unit="L", path=["0103", "0203", "0303"], **{"with": ["A"]})
    g = game(loc)
    assert g.units["A"].hex == g.units["L"].hex == g.map.grid.parse("0303") and g.units["A"].moved
    assert "with A" in res.log[0] and g.active_side == "red"                 # one impulse for the stack


def test_a_unit_that_spots_a_hex_may_fire_at_it_at_once(tmp_path):
    """10.1.4: the spotting attempt (2: spotted in degrading terrain) and then its fire, in one
    impulse, without the Ops Complete marker: 5 + FP 5 = 10 against 1 + TM 1 = 2: DC+8."""
    terrain = "\n".join(["..........", "..........", "....w.....", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "0503")], terrain=terrain)
    to_operations(loc, 6, 1)
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    res = act(loc, "spot_attempt", 2, 5, 1, 3, side="blue", unit="A", hex="0503", fire=True)
    g = game(loc)
    assert "spotted (10.1); A fire on 0503: 10 against 2, DC+8 (10.1.4)" in res.summary
    assert g.units["A"].fired and not g.units["A"].marks.ops_complete and g.units["X"].marks.shaken
    assert g.contacts[("blue", "X")].status == "seen"


def test_double_time_with_a_leader_adds_two_movement_points(tmp_path):
    """6.2: a squad (4 MP) alone may not go 6 hexes of clear; with its leader at double time
    the stack has 6 each.  Without a Good Order leader there is no double time."""
    loc = lnlt(tmp_path, [("L", "us_leader", "0103"), ("A", "us_squad", "0103"), ("B", "us_squad", "0105")],
               [("X", "nva_squad", "1006")])
    from umpire.actions import system_for
    g = game(loc)
    system = system_for(loc)
    path = [g.map.grid.parse(f"{c:02d}03") for c in range(1, 7)]
    assert not system.check_move(g, "A", path).legal
    led = system.check_move(g, "L", path, {"with": ["A"], "pace": "double"})
    assert led.legal and led.allowance == 7           # the leader's 5 + 2
    alone = system.check_move(g, "B", [g.map.grid.parse(f"{c:02d}05") for c in range(1, 7)], {"pace": "double"})
    assert "needs a Good Order leader" in alone.reason
    assert "no 'charge' pace" in system.check_move(g, "A", path, {"pace": "charge"}).reason


def test_smoke_is_laid_degrades_sight_and_lifts(tmp_path):
    """7.0: a US squad (capability 2) rolls 2: Smoke 1 in the next hex; fire across it is -1 a
    degrading hex, fire out of it -1; the Administrative phase thins it to Smoke 2, the next
    lifts it (9.0).  A leader lays none; a 3 fails."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("B", "us_squad", "0203"), ("L", "us_leader", "0103")],
               [("X", "nva_squad", "0503")])
    from umpire.actions import system_for
    to_operations(loc, 6, 1)
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match="lays no smoke"):
        act(loc, "smoke", side="blue", unit="L", hex="0203")
    res = act(loc, "smoke", 2, side="blue", unit="A", hex="0203")
    assert "lays smoke in 0203" in res.summary and game(loc).units["A"].marks.ops_complete
    g = game(loc)
    sheet = system_for(loc).assault_sheet(g, ["B"], g.map.grid.parse("0503"), "fire")
    assert dict(sheet.modifiers)["firing out of smoke (7.0)"] == -1
    act(loc, "pass", side="red")
    res = act(loc, "smoke", 3, side="blue", unit="B", hex="0203")
    assert "fails to lay smoke" in res.summary
    act(loc, "next_phase")                                   # the Administrative phase
    smoke = [o.detail for o in game(loc).map.overlays if o.kind == "smoke"]
    assert game(loc).phase == "administrative" and smoke == ["Smoke 2, laid turn 1"]
    act(loc, "next_phase", 6, 1)                             # turn 2's Rally phase
    act(loc, "next_phase")
    act(loc, "next_phase")
    assert game(loc).phase == "administrative" and not [o for o in game(loc).map.overlays if o.kind == "smoke"]


def test_a_low_crawl_is_one_hex_unseen_for_moving(tmp_path):
    """6.3: one hex that does not take all the MF; in cover the crawler is not spotted for
    having moved (a walker would be), and no enemy may fire at it there unless the hex is
    spotted; a stack may not crawl."""
    terrain = "\n".join(["..........", "..........", "..w.......", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("A", "us_squad", "0203"), ("B", "us_squad", "0204"), ("L", "us_leader", "0204")],
               [("X", "nva_squad", "0703")], terrain=terrain)
    from umpire.actions import system_for
    system = system_for(loc)
    g = game(loc)
    h = g.map.grid.parse
    crawl = system.check_move(g, "A", [h("0203"), h("0303")], {"pace": "low_crawl"})
    assert crawl.legal and crawl.watchers == {}
    assert system.check_move(g, "A", [h("0203"), h("0303")]).watchers        # walking in, X may fire
    assert "one leg unit moving one hex" in system.check_move(g, "A", [h("0203"), h("0303"), h("0403")],
                                                              {"pace": "low_crawl"}).reason
    assert "one leg unit moving one hex" in system.check_move(g, "L", [h("0204"), h("0304")],
                                                              {"pace": "low_crawl", "with": ["B"]}).reason
    to_operations(loc, 6, 1)
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    act(loc, "move", side="blue", unit="A", path=["0203", "0303"], pace="low_crawl")
    g = game(loc)
    assert g.units["A"].marks.low_crawl and g.contacts[("red", "A")].status == "last_known"


def test_ending_a_turn_early_still_does_the_administrative_housekeeping(tmp_path):
    """9.0: when the umpire ends the turn from the Operations phase, the next Rally phase first
    lapses the spotting attempts, as the skipped Administrative phase would have."""
    terrain = "\n".join(["..........", "..........", "....w.....", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "0503")], terrain=terrain)
    to_operations(loc, 6, 1)
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    act(loc, "spot_attempt", 1, side="blue", unit="A", hex="0503")
    assert game(loc).rule_state.spotted
    res = act(loc, "end_turn", 6, 1)
    assert not game(loc).rule_state.spotted and any("spotting attempts lapse" in x for x in res.log)


def test_a_mover_destroyed_by_opportunity_fire_holds_nobody_up(tmp_path):
    """5.3: the half-squad paused in sight is eliminated by the fire (10 against 1: DC+9, 4 + 9 =
    13, twice its morale or more: Casualties); its impulse is over and play goes on -- the other
    side may pass (a destroyed unit is not left 'paused')."""
    loc = lnlt(tmp_path, [("H", "us_half_squad", "0103")], [("X", "nva_squad", "0403")])
    to_operations(loc, 6, 1)
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    act(loc, "move", side="blue", unit="H", path=["0103", "0203", "0303"], until="0203")
    act(loc, "assault", 5, 1, 4, side="red", units=["X"], hex="0203", kind="fire")
    g = game(loc)
    assert g.units["H"].status == "destroyed" and not g.units["H"].paused and g.active_side == "red"
    act(loc, "pass", side="red")


def test_the_attacker_chooses_whom_to_melee_and_the_others_keep_the_hex(tmp_path):
    """8.0: A (5) melees only X of the two squads in 0403: 5 against 4 is 3-2, kill number 7,
    and Y neither adds its firepower nor strikes back.  X dies (8 against 7) and X's answer at
    1-1 (4 against 5 on the table: kill 8) misses with a 2; Y still holds 0403, so A stays put."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0303")], [("X", "nva_squad", "0403"), ("Y", "nva_squad", "0403")])
    to_operations(loc, 6, 1)
    from umpire.actions import system_for
    g = game(loc)
    s = system_for(loc).assault_sheet(g, ["A"], g.map.grid.parse("0403"), "melee", "X")
    assert s.legal and s.defenders == ("X",) and s.odds == "3-2" and s.counter_odds == "1-1"
    both = system_for(loc).assault_sheet(g, ["A"], g.map.grid.parse("0403"), "melee")
    assert both.odds == "2-3"                                       # 5 against 8
    act(loc, "assault", 4, 4, 1, 1, units=["A"], hex="0403", kind="melee", at="X")
    g = game(loc)
    assert g.units["X"].status == "destroyed" and g.units["Y"].on_map
    assert g.units["A"].hex == g.map.grid.parse("0303")


def test_the_m_superscript_adds_one_in_melee(tmp_path):
    """8.0 summary: an "M" superscript adds 1 to the unit's firepower: the sample sapper squad's
    4 + 1 = 5 against a US squad with its M60 (5 + 3) is 2-3; a rifle squad's 4 is 1-2."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0403"), ("G", "us_m60", "0403", "A")],
               [("S", "nva_sapper_squad", "0303"), ("X", "nva_squad", "0503")])
    from umpire.actions import system_for
    g = game(loc)
    h = g.map.grid.parse("0403")
    assert system_for(loc).assault_sheet(g, ["S"], h, "melee").odds == "2-3"
    assert system_for(loc).assault_sheet(g, ["X"], h, "melee").odds == "1-2"


def test_fire_between_two_adjacent_buildings_and_at_a_moving_vehicle(tmp_path):
    """DFT/OFT modifiers: -2 on the DFT and +2 on the OFT between two adjacent building hexes
    (10.3.2); -1 on the DFT against a vehicle marked Moved (6.0)."""
    import sqlite3

    from umpire.actions import system_for
    town = "\n".join(["..........", "..........", "..BB......", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("A", "us_squad", "0303"), ("T", "us_m113", "0606")],
               [("X", "nva_squad", "0403"), ("R", "nva_rr_team", "0403"), ("Y", "nva_squad", "0605")], terrain=town)
    g = game(loc)
    fire = system_for(loc).assault_sheet(g, ["A"], g.map.grid.parse("0403"), "fire")
    assert ("between two adjacent buildings (10.3.2)", -2) in fire.modifiers
    gun = system_for(loc).assault_sheet(g, ["R"], g.map.grid.parse("0303"), "ordnance")
    assert ("between two adjacent buildings (10.3.2)", 2) in gun.modifiers
    still = system_for(loc).assault_sheet(g, ["Y"], g.map.grid.parse("0606"), "fire", "T")
    assert not any("between" in m or "vehicle target" in m for m, _ in still.modifiers)
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET moved = 1 WHERE id = 'T'")
    moving = system_for(loc).assault_sheet(game(loc), ["Y"], g.map.grid.parse("0606"), "fire", "T")
    assert ("vehicle target marked Moved or moving (6.0)", -1) in moving.modifiers


def test_the_side_whose_units_were_struck_reads_what_befell_them(tmp_path):
    """5.0, seen at the table: the side fired on read "Result: 10 against 1 -- damage checks
    at DC+9" and nothing of its own squads' fate (Shaken, a half-squad).  What followed the
    result is both sides' to read: the struck side by its own units' names, the firer by its
    contact labels."""
    from umpire.core.engine import journal
    from umpire.core.witness import side_journal

    loc = lnlt(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "0403"), ("Z", "nva_leader", "0403")])
    to_operations(loc, 6, 1)
    act(loc, "assault", 4, 2, 3, 5, units=["A"], hex="0403", kind="fire")
    g = game(loc)

    def read(side):
        return [x.strip() for e in side_journal(g, side, journal(loc)) for x in (e.head, *e.lines)]
    red = read("red")
    assert any(x.startswith("X: damage check") and "Shaken" in x for x in red), red
    assert any(x.startswith("Z: damage check") for x in red)
    blue = read("blue")
    label = g.contacts[("blue", "X")].label
    assert any(x.startswith(f"{label}: damage check") for x in blue) and not any(x.startswith("X:") for x in blue)
