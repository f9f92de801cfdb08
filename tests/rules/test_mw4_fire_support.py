"""Off-board fire support beyond the plain plot (MW4 7.0, 7.11-7.13, 7.21, 14.13, 14.33-14.34,
15.1-15.24, 19.4) and the umpire's impact hex (issue 6, 5), on variants of the sample scenario."""

import sqlite3

import pytest

from conftest import SAMPLE
from dicekit import dice
from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, replay
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game

US_DS = '''concentrations = 2
strength = 10
multiples = 2       # the US multiple (MW4 14.32-14.34): twice in the game
fascam = 2          # FASCAM fires (MW4 19.4)
'''
PLAIN = "concentrations = 2\nstrength = 10\n"          # the sample's US DS without multiples or FASCAM
RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # Recon 1 drives north to 2215, seen by A3


def variant(tmp_path, us_ds: str = PLAIN, options: str = "", name="v"):
    text = SAMPLE.read_text()
    assert US_DS in text
    text = text.replace(US_DS, us_ds).replace('ammunition = "quick"\n', 'ammunition = "quick"\n' + options)
    (tmp_path / f"{name}.toml").write_text(text)
    path = new_game(load_scenario(tmp_path / f"{name}.toml"), tmp_path / f"{name}.umpire", seed="support")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
    return path


def plot(path, side, *missions, turn=1):
    return perform(path, "plot", {"side": side, "turn": turn, "missions": list(missions)}, system_for(path),
                   side=side)


def to_indirect_fire(path, typed=None):
    sys_ = system_for(path)
    while open_game(path).phase == "fire_move":
        perform(path, "pass", {}, sys_)
    perform(path, "next_phase", {}, sys_, typed=typed)
    assert open_game(path).phase == "indirect_fire"
    return "\n".join(journal(path)[-1].log), [r["purpose"] for r in journal(path)[-1].rolls]


def end_turn(path):
    perform(path, "end_turn", {}, system_for(path))


def test_14_33_the_us_multiple_example(tmp_path):
    """3x7H a turn, multiples on three turns of his choice; on turn 2 he rolls a 3 and may plot
    (3x3) 9(7H) for turn 3's Indirect Fire phase; the die stays hidden until then (14.33)."""
    path = variant(tmp_path, "concentrations = 3\nstrength = 7\nmultiples = 3\n")
    end_turn(path)
    res = perform(path, "multiply", {"side": "nato", "support": "US DS"}, system_for(path), typed=dice(3),
                  side="nato")
    assert "die 3, x3 -- 9(7H) concentrations to plot" in res.summary and "for turn 3" in res.summary
    assert journal(path)[-1].side_id == "nato"          # the side's own journal line, not the enemy's
    with pytest.raises(UmpireError, match="concentrations 1 to 3, not 4"):          # turn 2: as usual
        plot(path, "nato", {"support": "US DS", "concentration": 4, "target": "2215"}, turn=2)
    nine = [{"support": "US DS", "concentration": k, "target": "2215"} for k in range(1, 10)]
    with pytest.raises(UmpireError, match="concentrations 1 to 9 for that turn, not 10"):
        plot(path, "nato", *nine, {"support": "US DS", "concentration": 10, "target": "2215"}, turn=3)
    assert "9 fire missions for turn 3" in plot(path, "nato", *nine, turn=3).summary
    with pytest.raises(UmpireError, match="already multiplied for turn 3"):
        perform(path, "multiply", {"side": "nato", "support": "US DS"}, system_for(path))
    end_turn(path)
    log, _ = to_indirect_fire(path, typed=dice(*[6] * 9))          # none fires for effect: quick to read
    assert ("US DS fires a multiple this turn: die 3, 9(7H) concentrations (rolled in turn 2, hidden until now; "
            "MW4 14.33)") in log
    assert log.count("no fire for effect") == 9
    # 14.34: a 1 fails but counts; three tries in all
    end_turn(path)
    res = perform(path, "multiply", {"side": "nato", "support": "US DS"}, system_for(path), typed=dice(1))
    assert "die 1, fails: no more than usual -- 3(7H)" in res.summary and "multiple 2 of 3" in res.summary
    end_turn(path)
    perform(path, "multiply", {"side": "nato", "support": "US DS"}, system_for(path), typed=dice(2))
    end_turn(path)
    with pytest.raises(UmpireError, match=r"multiplied on 3 turns and has been 3 times \(MW4 14.32, 14.34\)"):
        perform(path, "multiply", {"side": "nato", "support": "US DS"}, system_for(path))
    with pytest.raises(UmpireError, match="not an off-board artillery support of Soviet"):
        perform(path, "multiply", {"side": "warpac", "support": "US DS"}, system_for(path))
    stored, replayed = replay(path, lambda _g: system_for(path), load_scenario)
    assert stored == replayed


def test_15_close_air_support_plotted_ahead_scatters_and_strikes_armour_on_d2_plus_8(tmp_path):
    """MW4 15.0, 7.7: an air strike is plotted like indirect fire, a turn ahead."""
    path = variant(tmp_path)
    with pytest.raises(UmpireError) as e:
        plot(path, "nato", {"support": "A-10 pair", "concentration": 1, "target": "2215"})
    assert "close air support is plotted a turn ahead (MW4 7.7)" in str(e.value)
    end_turn(path)
    with pytest.raises(UmpireError, match=r"always a tight pattern and never smoke \(MW4 7.7, 15.21\)"):
        plot(path, "nato", {"support": "A-10 pair", "concentration": 1, "target": "2215", "pattern": "smoke"},
             turn=3)
    with pytest.raises(UmpireError, match="strikes 1 to 2, not 3"):
        plot(path, "nato", {"support": "A-10 pair", "concentration": 3, "target": "2215"}, turn=3)
    plot(path, "nato", {"support": "A-10 pair", "concentration": 1, "target": "2215"}, turn=3)
    end_turn(path)
    log, rolls = to_indirect_fire(path, typed=dice(2, 6))        # 15.1: on the target on a 1-2
    assert not any(r.startswith("fire for effect A-10") for r in rolls)     # the strike always comes
    assert "air strike scatter A-10 pair #1 (on target on 1-2)" in rolls
    assert "A-10 pair #1: fire for effect on 2215 (12H tight; MW4 7.11)" in log
    assert "Recon 1 may not button up against an air strike: D2 CRT +8" in log and "(MW4 15.24)" in log
    g = open_game(path)
    assert g.support_used["A-10 pair"] == {"strikes": [1]}
    warpac = [o.detail for o in g.map.overlays if o.kind == "impact" and o.side == "warpac"]
    assert warpac == ["air strike, 12H, turn 3"]
    with pytest.raises(UmpireError, match=r"strike 1 has been flown: each strike once \(MW4 15.22, 15.23\)"):
        plot(path, "nato", {"support": "A-10 pair", "concentration": 1, "target": "2215"}, turn=4)


def test_15_36_advanced_air_strikes_are_plotted_three_turns_ahead(tmp_path):
    text = SAMPLE.read_text().replace('strength = 12\nfrom_turn = 3\n', 'strength = 12\nfrom_turn = 3\nadvanced = true\n')
    assert "advanced = true" in text
    (tmp_path / "adv.toml").write_text(text)
    path = new_game(load_scenario(tmp_path / "adv.toml"), tmp_path / "adv.umpire", seed="adv")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
    assert open_game(path).air[0].traits == {"advanced": True}
    with pytest.raises(UmpireError, match=r"advanced strikes: plotted 3 turns ahead \(MW4 15.36\)"):
        plot(path, "nato", {"support": "A-10 pair", "concentration": 1, "target": "2215"}, turn=3)
    assert "1 fire mission" in plot(path, "nato", {"support": "A-10 pair", "concentration": 1, "target": "2215"},
                                    turn=4).summary


def test_15_1_an_air_strike_scatters_on_3_to_6(tmp_path):
    path = variant(tmp_path)
    end_turn(path)
    plot(path, "nato", {"support": "A-10 pair", "concentration": 2, "target": "2215"}, turn=3)
    end_turn(path)
    log, _ = to_indirect_fire(path, typed=dice(3, 1))
    assert "A-10 pair #2: fire for effect (12H tight), scatters to" in log and "MW4 15.1)" in log
    assert "2215 (12H" not in log


def test_19_4_fascam_lays_a_hasty_minefield_stronger_for_each_fire(tmp_path):
    """19.43's example: three FASCAM fires on one hex make a minefield attacking at +2."""
    path = variant(tmp_path, PLAIN + "fascam = 3\n")
    with pytest.raises(UmpireError, match=r"Sov Regt Arty has no FASCAM rounds in this scenario \(MW4 19.4\)"):
        plot(path, "warpac", {"support": "Sov Regt Arty", "concentration": 1, "target": "1109", "pattern": "fascam"})
    plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2216", "pattern": "fascam"},
         {"support": "US DS", "concentration": 2, "target": "2216", "pattern": "fascam"})
    log, _ = to_indirect_fire(path, typed=dice(1, 6, 1, 6))         # both fire for effect, neither scatters
    assert "FASCAM: a hasty minefield in 2216 (MW4 19.41)" in log
    assert "FASCAM: a hasty minefield in 2216, 2 FASCAM fires there: it attacks at +0 (MW4 19.43)" in log
    g = open_game(path)
    assert g.support_used["US DS"] == {"fascam": 2}
    with pytest.raises(UmpireError, match=r"2 FASCAM fires plotted, 1 left \(MW4 19.4\)"):
        plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2216", "pattern": "fascam"},
             {"support": "US DS", "concentration": 2, "target": "2216", "pattern": "fascam"}, turn=2)
    end_turn(path)
    plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2216", "pattern": "fascam"}, turn=2)
    log, _ = to_indirect_fire(path, typed=dice(1, 6))
    assert "3 FASCAM fires there: it attacks at +2 (MW4 19.43)" in log
    g = open_game(path)
    mine_type_at = system_for(path).mine_type
    h = g.map.grid.parse("2216")
    assert mine_type_at(g, h) == "hasty +4"
    assert [o.side for o in g.map.overlays if o.kind == "minefield" and o.hex == h and o.secret] == ["nato"] * 3
    sheet = system_for(path).mine_sheet(g, "Recon 1", mine_type_at(g, h))
    assert sheet.superiority == 2 and ("more FASCAM fires", "+4", "MW4 19.43") in sheet.lines


def test_7_0_14_13_7_11_sections_unspotted_permission_and_the_optional_delay(tmp_path):
    path = variant(tmp_path, PLAIN + "section = true\n", options='artillery_delay = "one turn"\n')
    with sqlite3.connect(path) as conn:        # the Soviet regiment may shoot blind in this variant
        conn.execute("""UPDATE support SET traits = '{"unspotted": true}' WHERE id = 'Sov Regt Arty'""")
    with pytest.raises(UmpireError) as e:
        plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2215", "pattern": "loose"},
             {"support": "US DS", "concentration": 2, "target": "2215"})
    assert "US DS is a section: no loose pattern (MW4 7.0)" in str(e.value)
    assert "plotted at least a turn ahead in this scenario (MW4 7.11, optional delay)" in str(e.value)
    plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2215"}, turn=2)
    res = plot(path, "warpac", {"support": "Sov Regt Arty", "concentration": 1, "target": "0101"}, turn=2)
    assert "1 fire mission" in res.summary                                  # 14.13: the scenario allows it
    end_turn(path)
    _, rolls = to_indirect_fire(path, typed=dice(6, 1, 6))
    sample = open_game(path).rules.tables["artillery"].section("entry")["artillery"]
    assert f"scatter Sov Regt Arty #1 (scatters on 1-{sample['scatter_on'] + sample['unspotted']})" in rolls  # 7.13


def test_7_12_continuous_fire_on_the_same_hex_scatters_less(tmp_path):
    path = variant(tmp_path)
    sample = open_game(path).rules.tables["artillery"].section("entry")["artillery"]
    for turn in (1, 2):
        plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2215"},
             {"support": "US DS", "concentration": 2, "target": "2215"}, turn=turn)
    _, rolls = to_indirect_fire(path, typed=dice(1, 6, 6, 6, 6))      # #1 fires for effect; #2 does not
    assert f"scatter US DS #1 (scatters on 1-{sample['scatter_on']})" in rolls
    end_turn(path)
    _, rolls = to_indirect_fire(path, typed=dice(1, 6, 6, 1, 6, 6))
    assert f"scatter US DS #1 (scatters on 1-{sample['scatter_on'] + sample['continuous']})" in rolls
    assert f"scatter US DS #2 (scatters on 1-{sample['scatter_on']})" in rolls     # no effect last turn


def test_the_umpire_places_an_impact_with_a_reason(tmp_path):
    path = variant(tmp_path)
    plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2215"})
    with pytest.raises(UmpireError, match="needs a reason"):
        perform(path, "place_impact", {"side": "nato", "support": "US DS", "concentration": 1, "hex": "2216"},
                system_for(path))
    with pytest.raises(UmpireError, match="no such plot: US DS #2"):
        perform(path, "place_impact", {"side": "nato", "support": "US DS", "concentration": 2, "hex": "2216",
                                       "reason": "x"}, system_for(path))
    res = perform(path, "place_impact", {"side": "nato", "support": "US DS", "concentration": 1, "hex": "2216",
                                         "reason": "the FO misread his map"}, system_for(path))
    assert res.summary == "Umpire places the impact of US DS #1 (turn 1) in 2216: the FO misread his map"
    log, rolls = to_indirect_fire(path, typed=dice(1))
    assert "US DS #1: fire for effect (10H tight), lands in 2216 -- placed by the umpire: the FO misread his map" in log
    assert not any(r.startswith("scatter") for r in rolls)
    g = open_game(path)
    assert [p.outcome for p in g.plots if p.turn == 1] == [{"ffe": True, "q": g.map.grid.parse("2216").q,
                                                            "r": g.map.grid.parse("2216").r}]


def test_7_21_a_loose_pattern_strikes_seven_hexes_at_half_strength_rounded_up(tmp_path):
    path = variant(tmp_path)
    g = open_game(path)
    beside = g.map.grid.parse("2214")
    with sqlite3.connect(path) as conn:               # the 1/1 Rifles dismounted next to Recon 1
        conn.execute("UPDATE unit SET q = ?, r = ?, carried_by = NULL WHERE id = '1/1 Rifles'", (beside.q, beside.r))
    plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2215", "pattern": "loose"})
    log, rolls = to_indirect_fire(path, typed=dice(1, 6, 6))
    assert "Recon 1 buttons up against 5H loose: S1 (MW4 7.31)" in log          # 10H / 2, no S2 roll (7.31)
    assert "1/1 Rifles: 5H loose on the Anti-Personnel CRT" in log
    assert not any("Recon 1" in r for r in rolls)


def test_7_32_a_unit_set_to_take_h_fire_unbuttoned_is_attacked_on_the_d2_crt(tmp_path):
    path = variant(tmp_path)
    with pytest.raises(UmpireError, match=r"1/1 Rifles is a soft target: only hard and protected units button up"):
        perform(path, "h_fire_stance", {"unit": "1/1 Rifles", "unbuttoned": True}, system_for(path))
    res = perform(path, "h_fire_stance", {"unit": "Recon 1", "unbuttoned": True}, system_for(path), side="warpac")
    assert res.summary == "Recon 1 will take H fire unbuttoned, on the D2 CRT (MW4 7.32)"
    assert open_game(path).units["Recon 1"].marks.unbuttoned
    plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2215"})
    log, rolls = to_indirect_fire(path, typed=dice(1, 6, 2))
    assert "US DS #1 on Recon 1 (unbuttoned, 10H on the D2 CRT)" in rolls
    assert "Recon 1 takes 10H tight unbuttoned: D2 CRT +10, die 2:" in log and "(MW4 7.32)" in log
    g = open_game(path)
    from umpire.rules.mechwar4.worksheet import FireSheet, read_table
    sheet = FireSheet("x", "Recon 1", True)
    read_table(g, sheet, "anti_armor_d2", 10, 0)
    assert f"die 2: {sheet.cells[1]} (MW4 7.32)" in log              # the D2 CRT's cell, not S1/S2
    perform(path, "h_fire_stance", {"unit": "Recon 1", "unbuttoned": False}, system_for(path))
    assert not open_game(path).units["Recon 1"].marks.unbuttoned


def test_7_14_a_barrage_fired_on_again_next_turn_strikes_units_moving_into_it(tmp_path):
    path = variant(tmp_path)
    for turn in (1, 2):                       # the same concentration on the same hex, two turns running
        plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2215", "pattern": "loose"},
             turn=turn)
    log, _ = to_indirect_fire(path, typed=dice(1, 6))
    assert "the barrage stays on 2215" in log and "(MW4 7.14)" in log
    g = open_game(path)
    zone = {g.map.number(o.hex) for o in g.map.overlays if o.kind == "barrage"}
    assert len(zone) == 7 and "2216" in zone and "2218" not in zone
    from umpire.core.knowledge import build_view
    assert not [o for o in build_view(g, "warpac").map.overlays if o.kind == "barrage"]    # the firing side's
    perform(path, "end_turn", {}, system_for(path))
    assert [o for o in open_game(path).map.overlays if o.kind == "barrage"]    # until the next Indirect Fire phase
    mover = "Recon 2"                          # drives north from 2221 into the zone at 2216
    h = open_game(path).map.grid.parse("2221")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, mover))
    g = open_game(path)
    start = g.map.number(g.units[mover].hex)
    route = sys_route(path, mover, "2216")
    if g.active_side != "warpac":
        perform(path, "pass", {}, system_for(path))
    res = perform(path, "move", {"unit": mover, "path": route}, system_for(path), typed=dice(10, 6))
    text = "\n".join(journal(path)[-1].log)
    assert f"{mover} enters the barrage of US DS #1 in 2216 (MW4 7.14)" in text, (start, route, text)
    assert f"{mover} buttons up against 5H loose: S1 (MW4 7.31)" in text
    assert open_game(path).units[mover].marks.suppression >= 1 and "destroyed" not in res.summary


def sys_route(path, uid, goal):
    """A straight-ish path of hex numbers from the unit to the goal (each step to a neighbour)."""
    from umpire.core.hexgrid import hex_distance
    g = open_game(path)
    here, to = g.units[uid].hex, g.map.grid.parse(goal)
    route = [g.map.number(here)]
    while here != to:
        here = min(g.map.on_map_neighbours(here), key=lambda h: hex_distance(h, to))
        route.append(g.map.number(here))
    return route


def test_7_19_devastation_in_a_town_and_its_minus_1_for_infantry(tmp_path):
    path = variant(tmp_path, options='environment = "on"\n')
    town = open_game(path).map.grid.parse("1012")
    assert open_game(path).map.terrain[town] == "town"
    with sqlite3.connect(path) as conn:              # Soviet riflemen have got into Kaltenbach
        conn.execute("UPDATE unit SET q = ?, r = ?, carried_by = NULL WHERE id = '1/1 Rifles'", (town.q, town.r))
    plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "1012"})
    rolled = lambda purpose, count, sides: ([1] if purpose.startswith(("fire for effect", "US DS #1: devastation"))
                                            else [6] if purpose.startswith(("scatter", "US DS #1 on")) else None)
    log, rolls = to_indirect_fire(path, typed=rolled)
    assert "US DS #1: devastation in 1012 on a 1 (MW4 7.19)" in rolls
    assert "devastation in 1012 (1; MW4 7.19)" in log
    assert "1/1 Rifles: 10H tight on the Anti-Personnel CRT, -2 woods/town (7.18), die" in log   # not yet
    g = open_game(path)
    from umpire.core.knowledge import build_view
    for side in ("nato", "warpac"):                  # on the map for everyone
        assert [g.map.number(o.hex) for o in build_view(g, side).map.overlays if o.kind == "devastation"] == ["1012"]
    sheets = [system_for(path).fire_sheet(g, u.id, "1/1 Rifles") for u in g.units.values()
              if u.side == "nato" and u.on_map and not u.carried_by and g.unit_type(u)["attack"] > 0]
    sheet = next(x for x in sheets if x.legal)          # a NATO unit that sees into the town
    assert ("devastation", "-1 for infantry in a devastated hex", "MW4 7.19") in sheet.lines
    perform(path, "end_turn", {}, system_for(path))
    plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "1012"}, turn=2)
    log, rolls = to_indirect_fire(path, typed=rolled)
    assert "-2 woods/town (7.18), -1 devastation (7.19)" in log
    assert not any("devastation in 1012 on a 1" in r for r in rolls)          # once a hex


def test_a_turns_plots_close_when_its_indirect_fire_phase_begins(tmp_path):
    path = variant(tmp_path)
    to_indirect_fire(path)
    with pytest.raises(UmpireError, match=r"turn 1's Indirect Fire phase has begun: plot for turn 2 or later"):
        plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2215"})
    assert "1 fire mission" in plot(path, "nato", {"support": "US DS", "concentration": 1, "target": "2215"},
                                    turn=2).summary
