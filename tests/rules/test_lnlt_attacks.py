"""Lock 'n Load Tactical, more attacks with and on vehicles: mines (21.4.1), the OFT's
modifiers and optional speeds (14.1, 15.6), mortar weapon teams (18.1) and overrun (15.3)."""

import pytest

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt


MINES = '[[minefield]]\nside = "red"\ntype = "anti_tank"\nhexes = ["0503"]\n'


def test_a_vehicle_entering_a_mined_hex_stops_and_rolls_on_the_mines_table(tmp_path):
    """21.4.1: 4 is Shaken & Immobilized; the move ends in the mined hex, the marker shows; a
    leg unit walks through (no anti-personnel mines in the aid)."""
    from umpire.actions import system_for
    loc = lnlt(tmp_path, [("A", "us_m113", "0403"), ("S", "us_squad", "0404")], [("X", "nva_squad", "1006")],
               extra=MINES)
    blue_first(loc)
    g = game(loc)
    assert system_for(loc).check_move(g, "S", [g.map.grid.parse(x) for x in ("0404", "0503", "0603")]).stop_at is None
    res = act(loc, "move", 4, side="blue", unit="A", path=["0403", "0503", "0603"])
    g = game(loc)
    assert "stopped by mines there (LnLT 21.4.1)" in res.summary and g.map.number(g.units["A"].hex) == "0503"
    assert any("Mines against A: 4 -- Shaken & Immobilized (21.4.1)" in x for x in res.log)
    assert g.units["A"].marks.immobilized and g.units["A"].marks.shaken
    # red's field is now on blue's map too: blue's vehicle struck it (its own side learns)
    assert [(o.secret, o.known_to) for o in g.map.overlays if o.kind == "minefield"] == [(True, ("blue",))]
    check = system_for(loc).check_move(g, "A", [g.units["A"].hex, g.map.grid.parse("0603")])
    assert "immobilized (21.4.1)" in check.reason


def test_mines_that_destroy_a_vehicle_take_its_crew_and_the_passengers_bail_out(tmp_path):
    """21.4.1: 6 destroys it with its crew; the squad aboard bails out: 2, even, Shaken."""
    loc = lnlt(tmp_path, [("A", "us_m113", "0403"), ("S", "us_squad", "0403")], [("X", "nva_squad", "1006")],
               extra=MINES)
    blue_first(loc)
    res = act(loc, "move", 6, 2, side="blue", unit="A", path=["0403", "0503"], mount=["S"])
    g = game(loc)
    assert "destroyed by mines in 0503 (LnLT 21.4.1)" in res.summary
    assert g.units["A"].status == "destroyed" and "A crew" not in g.units
    s = g.units["S"]
    assert s.on_map and s.carried_by is None and s.marks.shaken and g.map.number(s.hex) == "0503"


def test_the_oft_modifiers_leader_terrain_and_degrading_hexes(tmp_path):
    """14.1 OFT: the leader's LM off (11.1.3), +1 a degrading hex on the way, + the target's positive TM
    (brush +1); the to-hit number is the band's (4 hexes: 7)."""
    from umpire.actions import system_for
    terrain = "\n".join(["..........", "..........", "..b.b.....", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("S", "us_squad", "0503")], [("R", "nva_rr_team", "0103"), ("L", "nva_leader", "0103")],
               terrain=terrain)
    g = game(loc)
    sheet = system_for(loc).assault_sheet(g, ["R"], g.map.grid.parse("0503"), "ordnance")
    assert sheet.legal and sheet.defence == 7
    assert dict(sheet.modifiers) == {"leader's LM (14.1)": -1, "degrading hexes on the way (10.3)": 1,
                                     "target's terrain (TEC)": 1}
    sheet = system_for(loc).assault_sheet(g, ["R"], g.map.grid.parse("0403"), "ordnance")
    assert not sheet.legal and "no enemy unit" in sheet.reason


def test_a_mortar_team_takes_the_better_die_and_strikes_the_whole_hex(tmp_path):
    """18.1: 2d6, the better (5) + FP 3 = 8, with no LM (the leader beside it) and no degrading
    hexes (the brush on the way); every unit of the hex shares the defence roll 1 + TM 0: DC+7.
    A mortar fires alone."""
    terrain = "\n".join(["..........", "..........", "...b......", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("M", "us_mortar_team", "0103"), ("L", "us_leader", "0103")],
               [("X", "nva_squad", "0603"), ("T", "nva_rr_team", "0603")], terrain=terrain)
    from umpire.actions import system_for
    g = game(loc)
    sheet = system_for(loc).assault_sheet(g, ["M"], g.map.grid.parse("0603"), "fire")
    assert sheet.legal and sheet.mortar and dict(sheet.modifiers) == {} and set(sheet.defenders) == {"X", "T"}
    assert not system_for(loc).assault_sheet(g, ["M", "L"], g.map.grid.parse("0603"), "fire").legal
    blue_first(loc)
    res = act(loc, "assault", 2, 5, 1, 1, 1, side="blue", units=["M"], hex="0603", kind="fire")
    log = "\n".join(res.log)
    assert "0603: 8 against 1 -- damage checks at DC+7" in log and "the better of 2d6" in log
    assert game(loc).units["X"].marks.shaken and game(loc).units["M"].fired
    red = _read(loc, "red")                       # the side shelled reads its units' fate (5.0)
    assert any(x.strip().startswith("X: damage check") for x in red), red


def test_a_tank_overruns_a_squad_in_the_open_and_the_survivors_close_assault(tmp_path):
    """15.3: 1d6 (3) + 2 + HE 5 + MG 4 = 14 against 1d6 (2) + TM 0: DC+12; the squad's check
    1 + 12 = 13 is twice its morale 6 or more: Casualties, a Shaken half-squad; the leader's
    5 + 12 - 1 = 16, twice his 8: wounded.  Nobody is left in Good Order to close assault.  No
    overrun in woods."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0403")], [("X", "nva_squad", "0503"), ("L", "nva_leader", "0503"),
                                                    ("W", "nva_squad", "0504")])
    blue_first(loc)
    res = act(loc, "assault", 3, 2, 1, 5, side="blue", units=["T"], hex="0503", kind="overrun")
    log = "\n".join(res.log)
    assert "Result: overrun 14 against 2 -- damage checks at DC+12 (15.3)" in log
    g = game(loc)
    assert g.units["X"].type == "nva_half_squad" and g.units["L"].marks.wounded and g.units["T"].moved


def test_good_order_survivors_close_assault_the_overrunning_vehicle(tmp_path):
    """15.3, 17.1: 1 + 2 + MG 5 (the M113 has no gun) = 8 against 6 + TM 1 (brush) = 7: DC+1,
    the squad's 1 + 1 = 2 does nothing (and its 1 then a 1 raises no hero); in Good Order it
    passes its morale check (2 against 6) and close assaults: 6 + FP 4 = 10 against 1 + lowest
    armour 1 = 2: the M113 is destroyed."""
    terrain = "\n".join(["..........", "..........", "....b.....", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("A", "us_m113", "0403")], [("X", "nva_squad", "0503")], terrain=terrain)
    blue_first(loc)
    res = act(loc, "assault", 1, 6, 1, 1, 1, 1, 6, 1, side="blue", units=["A"], hex="0503", kind="overrun")
    assert "X close assaults A: 10 against 2 -- destroyed (17.1)" in "\n".join(res.log)
    assert game(loc).units["A"].status == "destroyed" and "vehicle is destroyed" in res.summary
    red = [x.strip() for x in _read(loc, "red")]  # its squad's close assault, read by its side
    label = game(loc).contacts[("red", "A")].label
    assert any(x.startswith(f"X close assaults {label}: 10 against 2 -- destroyed") for x in red), red


def test_no_overrun_in_woods_nor_of_vehicles(tmp_path):
    from umpire.actions import system_for
    terrain = "\n".join(["..........", "..........", "....w.....", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("T", "us_m48", "0403"), ("U", "us_m48", "0404")],
               [("X", "nva_squad", "0503"), ("R", "nva_rr_team", "0405")], terrain=terrain)
    g = game(loc)
    system = system_for(loc)
    assert "no overrun in light woods" in system.assault_sheet(g, ["T"], g.map.grid.parse("0503"), "overrun").reason
    assert "one vehicle overruns at a time" in system.assault_sheet(g, ["T", "U"], g.map.grid.parse("0503"),
                                                                     "overrun").reason


def test_the_optional_speed_modifier_for_fast_vehicles(tmp_path):
    """15.6 (optional): a tracked vehicle of MF 16 or more marked Moved is +2 on the OFT, not
    +1; off by default, and a slow tank stays +1."""
    from umpire.actions import system_for

    def sheet(options):
        loc = lnlt(tmp_path / options, [("F", "us_m551", "0403"), ("T", "us_m48", "0405")],
                   [("R", "nva_rr_team", "0103")], extra=f'[options]\nspeed_modifiers = "{options}"\n')
        blue_first(loc)
        act(loc, "move", side="blue", unit="F", path=["0403", "0503"])
        act(loc, "pass", side="red")
        act(loc, "move", side="blue", unit="T", path=["0405", "0505"])
        g = game(loc)
        return [dict(system_for(loc).assault_sheet(g, ["R"], g.units[x].hex, "ordnance").modifiers) for x in "FT"]

    fast, slow = sheet("on")
    assert fast["fast target marked Moved (15.6)"] == 2 and slow["target marked Moved or moving (6.0)"] == 1
    fast, _slow = sheet("off")
    assert fast["target marked Moved or moving (6.0)"] == 1


def test_at_night_fire_beyond_two_hexes_is_harder_and_thermal_sights_see_further(tmp_path):
    """20.1, 20.1.5: at night a squad firing 3 hexes off takes -3 (none at 2); a gun without
    thermal sights +3 on the OFT at 5 hexes; the M1 Abrams (on the aid's TIS list) none at 5,
    +1 at 8; thermal sights spot 2 better (10.1.2).  By day, nothing."""
    from umpire.actions import system_for
    units = ([("A", "us_squad", "0103"), ("M", "us_m1", "0105"), ("T", "us_m48", "0106")],
             [("X", "nva_squad", "0403"), ("Y", "nva_squad", "0605"), ("Z", "nva_squad", "0905")])
    loc = lnlt(tmp_path / "night", *units, night=True)
    g = game(loc)
    s = system_for(loc)
    h = g.map.grid.parse

    def mods(who, where, how):
        return dict(s.assault_sheet(g, [who], h(where), how).modifiers)
    assert mods("A", "0403", "fire")["at night beyond 2 hexes (20.1)"] == -3
    assert "at night, thermal sights beyond 6 hexes (20.1.5)" not in mods("M", "0605", "ordnance")
    assert mods("M", "0905", "ordnance")["at night, thermal sights beyond 6 hexes (20.1.5)"] == 1
    assert mods("T", "0605", "ordnance")["at night beyond 2 hexes (20.1)"] == 3
    day = lnlt(tmp_path / "day", *units)
    g = game(day)
    assert not any("night" in k for k in dict(system_for(day).assault_sheet(g, ["A"], h("0403"), "fire").modifiers))


def test_the_thermal_sights_list_is_whole():
    from umpire.core.ruleset import load_ruleset
    names = [e["label"] for e in load_ruleset("lnlt").tables["tis"].section("entry").values()]
    assert len(names) == 14 and names[0] == "Mi-24 Hind" and names[-1] == "Black Eagle" and "M1 Abrams" in names


def test_thermal_sights_spot_two_better(tmp_path):
    """10.1.2: the M1's 5 - 2 = 3 finds the squad in the woods (3 or less); a 6 always fails."""
    terrain = "\n".join(["..........", "..........", "....w.....", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("M", "us_m1", "0103"), ("T", "us_m48", "0104")], [("X", "nva_squad", "0503")],
               terrain=terrain)
    blue_first(loc)
    res = act(loc, "spot_attempt", 5, side="blue", unit="M", hex="0503")
    assert "spotted" in res.summary and "thermal sights" in "\n".join(res.log)


def _read(loc, side):
    from umpire.core.engine import journal
    from umpire.core.witness import side_journal
    g = game(loc)
    return [x for e in side_journal(g, side, journal(loc)) for x in (e.head, *e.lines)]


@pytest.mark.parametrize("watcher", ["0703", "1006"])
def test_the_mines_result_is_read_by_the_mover_and_by_the_owner_that_watched(tmp_path, watcher):
    """21.4.1 (seen at the table): the result of the mines was in the umpire's journal only.
    Blue, whose track struck them, reads it (its move's summary said only "stopped by mines");
    Red, the field's owner, reads it by its contact label when its squad saw the hex (0703,
    open ground two hexes off) -- and nothing from behind the heavy woods (1006): what a side
    learns never comes from what it did not see."""
    woods = "\n".join(".......W.." for _ in range(6))
    loc = lnlt(tmp_path, [("Track", "us_m113", "0403")], [("X", "nva_squad", watcher)], terrain=woods, extra=MINES)
    blue_first(loc)
    act(loc, "move", 4, side="blue", unit="Track", path=["0403", "0503", "0603"])
    result = "Mines against {}: 4 -- Shaken & Immobilized (21.4.1)"
    assert any(x.strip() == result.format("Track") for x in _read(loc, "blue"))
    red = _read(loc, "red")
    assert not any("Track" in x for x in red)
    contact = game(loc).contacts.get(("red", "Track"))
    if watcher == "0703":
        assert any(x.strip() == result.format(contact.label) for x in red)
    else:
        assert contact is None and not any("Mines against" in x for x in red)
