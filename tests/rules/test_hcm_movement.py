"""Hex Command Mechanized movement (umpire/rules/hcm/movement.py, moves.py): facing and its cost
(HCM 3.5, 3.5.2), facing-change limits (2.3.1, 2.3.2), reverse (2.3.4), forests (3.5.3, 3.5.4),
rain (3.5.1), zones of control (3.5.5), damage (2.3.5), stacking (3.5.6, 3.5.7), cargo (2.3.6),
commanders placed (3.6), mines (2.4.2) and the 4.5.1 holds on movement."""

from __future__ import annotations

import pytest

from umpire.core.errors import UmpireError

from .hcmkit import act, checked, game, hcm_game, to_phase, towards

FAR_RED = [dict(id="X", type="medium_infantry", hex="1001", facing="N")]


def one(tmp_path, unit: dict, red=None, **kw):
    return hcm_game(tmp_path, [unit], red or FAR_RED, **kw)


def test_a_straight_move_costs_its_hexes_and_keeps_the_facing(tmp_path):
    """3.5: a unit faces the way it moves; no turn, no cost beyond the hexes."""
    loc = one(tmp_path, dict(id="T", type="medium_tank", hex="0506", facing="N"))
    c = checked(loc, "T", towards(game(loc), "0506", "N", "N", "N"))
    assert c.legal and c.total == 3 and c.marks.facing == game(loc).map.grid.direction_index("N")
    assert c.marks.facing_changes == 0


def test_each_hexside_turned_costs_a_hex_of_movement(tmp_path):
    """3.5.2: each facing change costs 1 movement point."""
    loc = one(tmp_path, dict(id="T", type="light_tank", hex="0506", facing="N"))
    c = checked(loc, "T", towards(game(loc), "0506", "NE", "NE"))
    assert c.legal and [s.cost for s in c.steps[1:]] == [2, 1] and c.marks.facing_changes == 1
    two = checked(loc, "T", towards(game(loc), "0506", "SE"))        # N to SE: two hexsides
    assert two.legal and two.total == 3 and two.marks.facing_changes == 2


def test_ending_in_the_starting_facing_is_no_facing_change(tmp_path):
    """3.5.2: a unit that ends facing as it began has made no facing change -- nor paid for one."""
    loc = one(tmp_path, dict(id="T", type="heavy_tank", hex="0506", facing="N"))
    c = checked(loc, "T", towards(game(loc), "0506", "NE", "N", "NW", "N"))
    assert c.legal and c.total == 4 and c.marks.facing_changes == 0


def test_heavier_vehicles_change_facing_once_a_turn_light_ones_twice(tmp_path):
    """2.3.1, 2.3.2: LV and soft-skinned vehicles two changes a turn, anything heavier one."""
    loc = hcm_game(tmp_path, [dict(id="M", type="medium_tank", hex="0506", facing="N"),
                              dict(id="L", type="light_tank", hex="0306", facing="N"),
                              dict(id="TR", type="truck", hex="0706", facing="N")], FAR_RED)
    g = game(loc)
    refused = checked(loc, "M", towards(g, "0506", "NE", "SE"))
    assert not refused.legal and "makes 1 a turn" in refused.reason and refused.rule == "HCM 2.3.1"
    assert checked(loc, "L", towards(g, "0306", "NE", "SE")).legal
    assert checked(loc, "TR", towards(g, "0706", "NE", "SE")).legal        # soft skin: DV 0, two
    over = checked(loc, "L", towards(g, "0306", "NE", "SE", "S"))
    assert not over.legal and "2.3.1" in over.rule


def test_infantry_turn_at_a_cost_without_a_limit(tmp_path):
    loc = one(tmp_path, dict(id="I", type="medium_infantry", hex="0506", facing="N"))
    assert not checked(loc, "I", towards(game(loc), "0506", "S")).legal        # 3 turns + 1 hex > 2
    c = checked(loc, "I", towards(game(loc), "0506", "NE"))
    assert c.legal and c.total == 2


def test_roads_waive_the_turning_cost(tmp_path):
    """3.5: along a road facing changes cost nothing; the same turns off the road are paid."""
    loc = hcm_game(tmp_path, [dict(id="T", type="light_tank", hex="0506", facing="N"),
                              dict(id="U", type="light_tank", hex="0508", facing="N")], FAR_RED,
                   hexsides='[map.hexsides]\nroad = ["0506-0606-0706"]')
    on_road = checked(loc, "T", ["0506", "0606", "0706"])
    off_road = checked(loc, "U", ["0508", "0608", "0708"])
    assert on_road.legal and on_road.total == 2 and on_road.marks.facing_changes == 0
    assert not off_road.legal and off_road.rule == "HCM 2.3.1"        # three changes off the road


def test_a_unit_without_a_facing_takes_its_first_for_free(tmp_path):
    loc = one(tmp_path, dict(id="T", type="medium_tank", hex="0506", facing="N"))
    g = game(loc)
    g.phase = "a_movement"
    g.units["T"].marks = g.units["T"].marks.but(facing=None)
    from umpire.actions import system_for
    c = system_for(loc).check_move(g, "T", [g.map.grid.parse(n) for n in towards(g, "0506", "S", "S")])
    assert c.legal and c.total == 2 and c.marks.facing == g.map.grid.direction_index("S")


def test_reverse_is_half_speed_rounded_up_straight_back(tmp_path):
    """2.3.4: vehicles back up at half speed, rounded up; the facing stays."""
    loc = one(tmp_path, dict(id="T", type="medium_tank", hex="0502", facing="N"))   # movement 5: 3 back
    g = game(loc)
    c = checked(loc, "T", towards(g, "0502", "S", "S", "S"), pace="reverse")
    assert c.legal and c.allowance == 3 and c.marks.facing == g.map.grid.direction_index("N")
    assert not checked(loc, "T", towards(g, "0502", "S", "S", "S", "S"), pace="reverse").legal
    crooked = checked(loc, "T", towards(g, "0502", "SE"), pace="reverse")
    assert not crooked.legal and "rear" in crooked.reason


def test_only_vehicles_back_up(tmp_path):
    loc = one(tmp_path, dict(id="I", type="medium_infantry", hex="0502", facing="N"))
    assert "only vehicles" in checked(loc, "I", towards(game(loc), "0502", "S"), pace="reverse").reason


FOREST = "\n".join(["..........", "..........", "..........", ".....ff...", ".....F....",
                    "..........", "..........", ".........."])


def test_vehicles_enter_one_forest_hex_a_turn_and_no_forested_hill(tmp_path):
    """3.5.3: one forest hex a turn for vehicles; none that is also a hill; infantry pay nothing."""
    loc = hcm_game(tmp_path, [dict(id="T", type="light_tank", hex="0606", facing="N"),
                              dict(id="L", type="light_tank", hex="0603", facing="S"),
                              dict(id="I", type="light_infantry", hex="0506", facing="N")], FAR_RED, terrain=FOREST)
    g = game(loc)
    hill = checked(loc, "T", ["0606", "0605"])
    assert not hill.legal and "may not enter forested hill" in hill.reason
    first = towards(g, "0603", "S")
    assert g.map.terrain[g.map.grid.parse(first[-1])] == "forest"
    assert checked(loc, "L", first).legal
    second = towards(g, first[-1], "NE")[-1]
    assert g.map.terrain[g.map.grid.parse(second)] == "forest", second
    both = checked(loc, "L", first + [second])
    assert not both.legal and "one forest hex a turn" in both.reason and both.rule == "HCM 3.5.3"
    assert checked(loc, "I", towards(g, "0506", "NE", "N")).legal or checked(loc, "I", ["0506", "0605"]).legal
    foot = checked(loc, "I", ["0506", "0605"])
    assert foot.legal and foot.steps[-1].cost == 2             # a turn and the hex: no forest penalty


EDGE = "\n".join([".........."] * 4 + ["....f....."] + [".........."] * 3)    # a forest at 0505


def in_blues_movement(loc):
    to_phase(loc, "a_movement")
    if game(loc).active_side != "blue":
        to_phase(loc, "b_movement")


def test_the_forest_entry_roll_stops_a_vehicle_at_the_edge(tmp_path):
    """3.5.3: 4-6 lets a vehicle lighter than heavy into a forest; a failure ends its move in the
    hex before the forest."""
    loc = hcm_game(tmp_path, [dict(id="T", type="light_tank", hex="0503", facing="S"),
                              dict(id="U", type="light_tank", hex="0303", facing="S")], FAR_RED, terrain=EDGE)
    in_blues_movement(loc)
    act(loc, "move", 3, unit="T", path=["0503", "0504", "0505"])
    g = game(loc)
    assert g.map.number(g.units["T"].hex) == "0504" and g.units["T"].moved
    assert g.units["T"].marks.facing == g.map.grid.direction_index("S")


def test_a_heavy_vehicle_needs_a_six_for_the_forest(tmp_path):
    loc = hcm_game(tmp_path, [dict(id="H", type="heavy_tank", hex="0504", facing="S")], FAR_RED, terrain=EDGE)
    in_blues_movement(loc)
    act(loc, "move", 5, unit="H", path=["0504", "0505"])
    assert game(loc).map.number(game(loc).units["H"].hex) == "0504"
    act(loc, "end_turn")
    in_blues_movement(loc)
    act(loc, "move", 6, unit="H", path=["0504", "0505"])
    g = game(loc)
    assert g.map.number(g.units["H"].hex) == "0505" and g.units["H"].marks.forest_turn == g.turn


def test_a_road_into_the_forest_needs_no_roll(tmp_path):
    loc = hcm_game(tmp_path, [dict(id="T", type="light_tank", hex="0504", facing="S")], FAR_RED, terrain=EDGE,
                   hexsides='[map.hexsides]\nroad = ["0504-0505"]')
    in_blues_movement(loc)
    act(loc, "move", unit="T", path=["0504", "0505"])      # no die typed, none asked for
    assert game(loc).map.number(game(loc).units["T"].hex) == "0505"


def test_rain_sticks_wheels_on_three_to_six(tmp_path):
    """3.5.1 with the scenario's rain: a wheeled vehicle rolls as it sets out."""
    loc = hcm_game(tmp_path, [dict(id="TR", type="truck", hex="0504", facing="S"),
                              dict(id="HT", type="halftrack", hex="0304", facing="S")], FAR_RED, hcm="rain = true")
    in_blues_movement(loc)
    summary = act(loc, "move", 3, unit="TR", path=["0504", "0505"]).summary
    g = game(loc)
    assert "stuck in the mud" in summary and g.map.number(g.units["TR"].hex) == "0504" and g.units["TR"].marks.stuck
    act(loc, "move", unit="HT", path=["0304", "0305"])       # half-tracks roll nothing
    assert game(loc).map.number(game(loc).units["HT"].hex) == "0305"


def test_entering_the_front_of_an_enemy_stops_the_move(tmp_path):
    """3.5.5: the three front hexes are the zone; entering one stops the move, however far it
    was plotted.  A unit with a hit marker, or seen from behind, stops nobody.  The stand is on the
    table: a hidden one holds no zone (zones.py; test_hcm_hidden_zones.py)."""
    red = [dict(id="R", type="medium_infantry", hex="0503", facing="S", on_table=True)]
    loc = hcm_game(tmp_path, [dict(id="T", type="medium_tank", hex="0507", facing="N")], red)
    g = game(loc)
    c = checked(loc, "T", towards(g, "0507", "N", "N", "N", "NE"))
    assert c.legal and g.map.number(c.steps[-1].hex) == "0504" and "zone of control" in c.stopped
    g.units["R"].marks = g.units["R"].marks.but(hits=1)
    g.phase = "a_movement"
    from umpire.actions import system_for
    free = system_for(loc).check_move(g, "T", [g.map.grid.parse(n) for n in towards(g, "0507", "N", "N", "N")])
    assert free.legal and g.map.number(free.steps[-1].hex) == "0504" and not free.stopped
    loc2 = hcm_game(tmp_path / "b", [dict(id="T", type="medium_tank", hex="0507", facing="N")],
                    [dict(id="R", type="medium_infantry", hex="0503", facing="N")])
    behind = checked(loc2, "T", towards(game(loc2), "0507", "N", "N", "N"))
    assert behind.legal and not behind.stopped


def test_a_dummy_marker_stops_a_move_like_the_unit_it_pretends_to_be(tmp_path):
    """3.5.5, 7.2: a move through a dummy's front unhindered would tell the enemy what it is."""
    loc = hcm_game(tmp_path, [dict(id="T", type="medium_tank", hex="0507", facing="N")],
                   [dict(id="D", type="dummy", hex="0503", facing="S", on_table=True)])
    c = checked(loc, "T", towards(game(loc), "0507", "N", "N", "N", "NE"))
    assert game(loc).map.number(c.steps[-1].hex) == "0504" and "zone of control" in c.stopped


def test_mm_damage_leaves_one_hex_and_no_hill(tmp_path):
    """2.3.5: a vehicle with MM damage moves one hex a turn, and not into hills (Umpire's reading
    of "may not be able to")."""
    loc = one(tmp_path, dict(id="T", type="medium_tank", hex="0506", facing="N"),
              terrain="\n".join([".........."] * 4 + ["....h....."] + [".........."] * 3))     # a hill at 0505
    g = game(loc)
    g.phase = "a_movement"
    g.units["T"].marks = g.units["T"].marks.but(damage=("MM",))
    from umpire.actions import system_for
    s = system_for(loc)
    h = g.map.grid.parse
    south = s.check_move(g, "T", [h("0506"), h("0507")])
    assert south.allowance == 1 and not south.legal          # a turn of three hexsides costs too
    assert not s.check_move(g, "T", [h("0506"), h("0505"), h("0504")]).legal
    up = s.check_move(g, "T", [h("0506"), h("0505")])
    assert not up.legal and up.rule == "HCM 2.3.5"
    g.units["T"].marks = g.units["T"].marks.but(damage=("M",))
    assert s.check_move(g, "T", [h("0506"), h("0505")]).allowance == 4     # a single M: one hex less


def test_two_items_and_one_commander_to_a_hex(tmp_path):
    """3.5.6: no more than two items in a hex, and one commander; 3.5.7: passing through only
    where the limit holds."""
    blue = [dict(id="A", type="medium_infantry", hex="0504", facing="S"),
            dict(id="B", type="medium_infantry", hex="0504", facing="S"),
            dict(id="C", type="medium_infantry", hex="0506", facing="N"),
            dict(id="K1", type="commander", hex="0504"), dict(id="K2", type="commander", hex="0208")]
    loc = hcm_game(tmp_path, blue, FAR_RED)
    crowded = checked(loc, "C", ["0506", "0505", "0504"])
    assert not crowded.legal and "two to a hex" in crowded.reason
    through = checked(loc, "C", ["0506", "0505"])
    assert through.legal
    second = checked(loc, "K2", ["0208", "0504"], phase="a_placement")
    assert not second.legal and "already holds a commander" in second.reason


def test_commanders_are_placed_anywhere_once_in_the_placement_phase(tmp_path):
    """3.6, 3.10 b: commanders have no movement; they are placed in any hex."""
    loc = hcm_game(tmp_path, [dict(id="K", type="commander", hex="0101"),
                              dict(id="A", type="medium_infantry", hex="0808", facing="N")], FAR_RED)
    assert checked(loc, "K", ["0101", "0808"], phase="a_placement").legal
    moving = checked(loc, "K", ["0101", "0808"], phase="a_movement")
    assert not moving.legal and "placement phase" in moving.reason


def test_a_halftrack_carries_six_points_and_loading_costs_a_hex(tmp_path):
    """2.3.6: a half-track carries 6 cargo points, a stand is 4; embarking costs the vehicle a hex."""
    blue = [dict(id="HT", type="halftrack", hex="0505", facing="N"),
            dict(id="A", type="medium_infantry", hex="0505", facing="N")]
    loc = hcm_game(tmp_path, blue + [dict(id="B", type="light_infantry", hex="0506", facing="N")], FAR_RED)
    c = checked(loc, "HT", ["0505", "0504"], mount=["A"])
    assert c.legal and c.boarding == ("A",) and c.total == 2
    g = game(loc)
    g.units["B"].hex = g.map.grid.parse("0505")
    g.phase = "a_movement"
    from umpire.actions import system_for
    over = system_for(loc).check_move(g, "HT", [g.map.grid.parse("0505")], {"mount": ["A", "B"]})
    assert not over.legal and "8 cargo points" in over.reason


def test_a_minefield_stops_the_unit_and_marks_it(tmp_path):
    """2.4.2: entering mines without anti-mine ability stops the move with a hit marker; a
    vehicle rolls a damage block, which its side alone reads (2.3.3)."""
    loc = hcm_game(tmp_path, [dict(id="T", type="medium_tank", hex="0507", facing="N"),
                              dict(id="F", type="medium_tank", hex="0307", facing="N", anti_mine=True)],
                   FAR_RED, extra='[[minefield]]\nside = "red"\ntype = "field"\nhexes = ["0505", "0305"]\nsecret = true')
    c = checked(loc, "T", ["0507", "0506", "0505", "0504"])
    assert c.legal and game(loc).map.number(c.steps[-1].hex) == "0505" and c.stop_at is not None
    assert checked(loc, "F", ["0307", "0306", "0305", "0304"]).stop_at is None    # a flail goes on
    in_blues_movement(loc)
    act(loc, "move", 4, unit="T", path=["0507", "0506", "0505"])
    t = game(loc).units["T"]
    assert t.marks.hits == 1 and t.marks.damage == ("DD",)


def test_a_held_unit_may_not_turn_or_advance(tmp_path):
    """4.5.1 a: no facing change; d: defend only."""
    loc = one(tmp_path, dict(id="T", type="light_tank", hex="0506", facing="N"))
    g = game(loc)
    g.phase = "a_movement"
    from umpire.actions import system_for
    s = system_for(loc)
    path = [g.map.grid.parse(n) for n in towards(g, "0506", "NE")]
    g.units["T"].marks = g.units["T"].marks.but(order_hold="a")
    assert "4.5.1 a" in s.check_move(g, "T", path).reason
    g.units["T"].marks = g.units["T"].marks.but(order_hold="d")
    assert "4.5.1 d" in s.check_move(g, "T", path).reason


def test_a_move_out_of_its_phase_is_refused_in_one_line(tmp_path):
    loc = one(tmp_path, dict(id="T", type="medium_tank", hex="0506", facing="N"))
    to_phase(loc, "a_fire_np")
    side = game(loc).active_side
    with pytest.raises(UmpireError) as e:
        act(loc, "move", unit="T" if side == "blue" else "X", path=["0506", "0505"] if side == "blue" else
            ["1001", "1002"])
    assert "movement phase" in str(e.value) and "\n" not in str(e.value)


def test_a_stand_lays_and_removes_mines_and_fights_no_more_that_turn(tmp_path):
    """2.4.2: infantry lay or remove a hex of mines a stand a turn, with no combat for them; a
    field laid is secret from the enemy."""
    loc = hcm_game(tmp_path, [dict(id="A", type="medium_infantry", hex="0505", facing="N"),
                              dict(id="B", type="medium_infantry", hex="0305", facing="N"),
                              dict(id="T", type="light_tank", hex="0705", facing="N")], FAR_RED,
                   extra='[[minefield]]\nside = "red"\ntype = "field"\nhexes = ["0305"]\nsecret = true')
    in_blues_movement(loc)
    act(loc, "lay_mines", unit="A")
    g = game(loc)
    field = [o for o in g.map.overlays if o.kind == "minefield" and g.map.number(o.hex) == "0505"]
    assert field and field[0].side == "blue" and field[0].secret
    assert g.units["A"].acted and g.units["A"].marks.labour_turn == g.turn
    with pytest.raises(UmpireError, match="already moved or acted"):
        act(loc, "remove_mines", unit="A")
    with pytest.raises(UmpireError, match="knows of no mines"):       # Red's secret field: unknown to Blue
        act(loc, "remove_mines", unit="B")
    act(loc, "end_turn")
    in_blues_movement(loc)
    act(loc, "remove_mines", unit="A")
    assert not any(g2.kind == "minefield" and game(loc).map.number(g2.hex) == "0505"
                   for g2 in game(loc).map.overlays)
    assert any(g2.kind == "minefield" and game(loc).map.number(g2.hex) == "0305"
               for g2 in game(loc).map.overlays)
    with pytest.raises(UmpireError, match="not infantry"):
        act(loc, "lay_mines", unit="T")


def test_a_road_through_the_woods_is_exempt_from_the_forest_limit(tmp_path):
    """3.5.3, Umpire's reading: along a road a vehicle goes through forest hexes as it likes."""
    terrain = "\n".join([".........."] * 3 + ["....f....."] + ["....f....."] + [".........."] * 3)
    loc = hcm_game(tmp_path, [dict(id="T", type="light_tank", hex="0503", facing="S"),
                              dict(id="U", type="light_tank", hex="0603", facing="SW")], FAR_RED, terrain=terrain,
                   hexsides='[map.hexsides]\nroad = ["0503-0504-0505-0506"]')
    c = checked(loc, "T", ["0503", "0504", "0505", "0506"])
    assert c.legal and c.marks.forest_turn is None


def test_a_held_unit_judges_the_enemy_it_knows_not_the_hidden(tmp_path):
    """4.5.1 c: "towards the enemy" is the enemy the side has seen; a refusal on hidden units
    would tell of them."""
    loc = hcm_game(tmp_path, [dict(id="T", type="light_tank", hex="0506", facing="N")],
                   [dict(id="R", type="medium_infantry", hex="0502", facing="S")])
    g = game(loc)
    g.phase = "a_movement"
    g.units["T"].marks = g.units["T"].marks.but(order_hold="c")
    from umpire.actions import system_for
    path = [g.map.grid.parse(n) for n in ("0506", "0505")]
    assert ("blue", "R") not in g.contacts and system_for(loc).check_move(g, "T", path).legal


def test_engineers_build_medium_works_in_two_turns_and_they_stop_vehicles(tmp_path):
    """2.4.1: light works take a turn, medium two, heavy three, and no firing meanwhile; works
    stop all but infantry; a move drops the work in hand.  Built works are secret to the enemy
    until it sees the hex (terrain.toml `seen`)."""
    loc = hcm_game(tmp_path, [dict(id="E", type="engineers", hex="0505", facing="N"),
                              dict(id="I", type="medium_infantry", hex="0305", facing="N")], FAR_RED)
    in_blues_movement(loc)
    with pytest.raises(UmpireError, match="no engineer stand"):
        act(loc, "works", unit="I", what="light")
    act(loc, "works", unit="E", what="medium")
    g = game(loc)
    assert (g.units["E"].marks.works, g.units["E"].marks.works_turns) == ("build M", 1)
    assert not any(o.kind == "works" for o in g.map.overlays)
    act(loc, "end_turn")
    in_blues_movement(loc)
    act(loc, "works", unit="E", what="medium")
    g = game(loc)
    wx = [o for o in g.map.overlays if o.kind == "works"]
    assert [(g.map.number(o.hex), o.detail, o.secret) for o in wx] == [("0505", "M", True)]
    assert g.units["E"].marks.works == "" and g.units["E"].marks.labour_turn == g.turn
    loc2 = hcm_game(tmp_path / "b", [dict(id="T", type="light_tank", hex="0507", facing="N")], FAR_RED,
                    extra='[[map.overlay]]\nkind = "works"\nhexes = ["0506"]')
    c = checked(loc2, "T", ["0507", "0506", "0505"])
    assert c.legal and game(loc2).map.number(c.steps[-1].hex) == "0506" and "2.4.1" in c.notes[0]


def test_a_move_drops_the_works_in_hand(tmp_path):
    loc = hcm_game(tmp_path, [dict(id="E", type="engineers", hex="0505", facing="N")], FAR_RED)
    g = game(loc)
    g.units["E"].marks = g.units["E"].marks.but(works="build H", works_turns=2)
    g.phase = "a_movement"
    from umpire.actions import system_for
    c = system_for(loc).check_move(g, "E", [g.map.grid.parse("0505"), g.map.grid.parse("0504")])
    assert c.legal and (c.marks.works, c.marks.works_turns) == ("", 0)


def test_aircraft_fly_straight_over_everything_unless_superior(tmp_path):
    """2.4.3: planes move double a vehicle's speed and make no turns unless superior; Umpire's
    reading: over any terrain, river or unit, held by no zone of control, taking no room."""
    red = [dict(id="R", type="medium_infantry", hex="0503", facing="S")]
    loc = hcm_game(tmp_path, [dict(id="GA", type="ground_attack", hex="0508", facing="N"),
                              dict(id="SA", type="superior_aircraft", hex="0308", facing="N")], red,
                   hexsides='[map.hexsides]\nriver = ["0506 N", "0306 N"]')
    g = game(loc)
    straight = checked(loc, "GA", towards(g, "0508", "N", "N", "N", "N", "N", "N"))
    assert straight.legal and g.map.number(straight.steps[-1].hex) == "0502" and not straight.stopped
    bent = checked(loc, "GA", towards(g, "0508", "N", "NE"))
    assert not bent.legal and "no turns unless superior" in bent.reason and bent.rule == "HCM 2.4.3"
    turning = checked(loc, "SA", towards(g, "0308", "N", "NE"))
    assert turning.legal and turning.total == 3 and turning.marks.facing == g.map.grid.direction_index("NE")
    assert not checked(loc, "GA", towards(g, "0508", "N"), pace="reverse").legal


def test_a_routed_unit_is_not_held_by_a_zone_of_control(tmp_path):
    """3.7.19: routed units avoid enemy zones of control.  The enemy is a hidden vehicle: it holds
    its zone (zones.py), and a routed stand does not move toward an enemy its side knows of."""
    loc = hcm_game(tmp_path, [dict(id="I", type="cavalry", hex="0507", facing="N")],
                   [dict(id="R", type="medium_tank", hex="0502", facing="S")])
    g = game(loc)
    path = towards(g, "0507", "N", "N", "N", "N")
    assert any("zone of control" in x for x in checked(loc, "I", path).notes)
    g.phase = "a_movement"
    g.units["I"].marks = g.units["I"].marks.but(routed=True)
    from umpire.actions import system_for
    c = system_for(loc).check_move(g, "I", [g.map.grid.parse(n) for n in path])
    assert c.legal and not any("zone of control" in x for x in c.notes) and g.map.number(c.steps[-1].hex) == path[-1]


def test_cavalry_dismount_free_and_remount_scattered_horses_on_five_or_six(tmp_path):
    """2.2.1: mounting and dismounting cost nothing; horses scattered by a dismount into combat
    come back on 1d6 5-6, rolled once for the group in the hex."""
    loc = hcm_game(tmp_path, [dict(id="C1", type="cavalry", hex="0505", facing="N"),
                              dict(id="C2", type="cavalry", hex="0505", facing="N"),
                              dict(id="C3", type="cavalry", hex="0305", facing="N")], FAR_RED)
    in_blues_movement(loc)
    assert checked(loc, "C3", ["0305"]).allowance == 5
    act(loc, "dismount", unit="C3")
    assert game(loc).units["C3"].marks.on_foot and checked(loc, "C3", ["0305"]).allowance == 2
    act(loc, "mount", unit="C3")
    assert not game(loc).units["C3"].marks.on_foot
    g = game(loc)
    import sqlite3
    with sqlite3.connect(loc) as db:                  # as the melee rules leave them (3.8, part B)
        for uid in ("C1", "C2"):
            db.execute("UPDATE unit SET marks = ? WHERE id = ?", ('{"facing": 2, "horses_away": true}', uid))
    db.close()
    assert checked(loc, "C1", ["0505"]).allowance == 2
    act(loc, "mount", 4, unit="C1")
    assert game(loc).units["C2"].marks.horses_away
    act(loc, "mount", 5, unit="C1")
    g = game(loc)
    assert not g.units["C1"].marks.horses_away and not g.units["C2"].marks.horses_away


def test_a_move_beyond_reach_says_what_the_turning_cost_and_cites_once(tmp_path):
    """3.5.2: a stand of 2 hexes turning N to SE pays 2 for the turn and 1 for the hex; the
    refusal says so (it read "3 of 2 hexes" with no word of turning) and cites its rule once."""
    loc = hcm_game(tmp_path, [dict(id="B", type="medium_infantry", hex="0506", facing="N")],
                   [dict(id="R", type="medium_infantry", hex="0806", facing="N")])
    to_phase(loc, "a_movement")
    g = game(loc)
    uid, start = ("B", "0506") if g.active_side == "blue" else ("R", "0806")
    with pytest.raises(UmpireError) as e:
        act(loc, "move", unit=uid, path=towards(g, start, "SE"))
    text = str(e.value)
    assert "3 of 2 hexes of movement, 2 of them for facing changes (a hex each, 3.5.2)" in text
    assert "(HCM 3.1, 3.5)" not in text and "\n" not in text


def test_a_refusal_with_its_own_citation_gets_no_second_one(tmp_path):
    """The core adds the refusal's rule after its reason unless the reason already cites one:
    the move out of its phase read "(3.5) (HCM 3.1, 3.5)"."""
    from umpire.core.errors import cited
    assert cited("units move in their side's movement phase (3.5)", "HCM 3.1, 3.5").endswith("phase (3.5)")
    assert cited("no line of sight", "HCM 3.7.9") == "no line of sight (HCM 3.7.9)"
    assert cited("a road (the old one)", "HCM 3.5") == "a road (the old one) (HCM 3.5)"
    loc = one(tmp_path, dict(id="T", type="medium_tank", hex="0506", facing="N"))
    to_phase(loc, "a_fire_np")
    side = game(loc).active_side
    with pytest.raises(UmpireError) as e:
        act(loc, "move", unit="T" if side == "blue" else "X", path=["0506", "0505"] if side == "blue" else
            ["1001", "1002"])
    assert "3.5)" in str(e.value) and "(HCM 3.1, 3.5)" not in str(e.value)
