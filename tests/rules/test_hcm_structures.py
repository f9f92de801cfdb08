"""HCM 3.7.17, 2.4.1, 1.1.4: structures -- buildings and works -- classed like guns, damaged by
cannon fire on the (sample) Structure chart, and reduced to rubble; works in rubble no longer stop
vehicles, buildings keep their occupants' cover until they fall.  Readings: structures.py."""

import pytest
from dicekit import dice as typed

from umpire.core.errors import UmpireError
from umpire.core.ruleset import load_table, rulesets_dir
from umpire.core.terrain import Overlay
from umpire.rules.hcm import ground, structures

from . import hcmkit
from .hcmkit import act, checked, game, hcm_game, to_phase

FAR_RED = [dict(id="X", type="medium_infantry", hex="1001", facing="N")]


sees_all = hcmkit.sees_all          # the fixture: every enemy on the map seen and identified


def test_the_structure_chart_is_a_labelled_sample_in_the_rulesets_tables():     # 3.7.17, 1.1.4
    from pathlib import Path
    table = load_table(Path(rulesets_dir()) / "hcm" / "structures.toml", ())
    assert table.sample and "Structure chart" in table.note and "Combat Notes" in table.note
    ruleset = (Path(rulesets_dir()) / "hcm" / "ruleset.toml").read_text()
    assert '"structures.toml"' in ruleset
    assert set(structures.chart()) == {"VL", "L", "M", "H", "VH"}            # 1.1.4: the same classes


def test_damage_points_by_gun_against_structure_class():                       # 3.7.17 (sample)
    assert structures.points("H", "M") == 2          # heavier than the structure
    assert structures.points("M", "M") == 1
    assert structures.points("VL", "H") == 0         # too light to harm heavy works
    with pytest.raises(UmpireError, match="1.1.4"):
        structures.points("X", "M")


def works_game(tmp_path, blue, works_hex="0505", red=FAR_RED):
    return hcm_game(tmp_path, blue, red, extra=f'[[map.overlay]]\nkind = "works"\nhexes = ["{works_hex}"]')


def town_game(tmp_path, blue, red=FAR_RED):
    rows = ["." * 10 for _ in range(8)]
    rows[4] = "....t....."                                    # 0505: a town hex, Medium buildings
    return hcm_game(tmp_path, blue, red, terrain="\n".join(rows))


def test_a_tank_fires_works_to_rubble_and_vehicles_then_pass(tmp_path, sees_all):   # 2.4.1, 3.7.17
    blue = [dict(id="T1", type="heavy_tank", hex="0502", facing="S", on_table=True),
            dict(id="T2", type="heavy_tank", hex="0402", facing="S", on_table=True)]
    loc = works_game(tmp_path, blue)
    path = ["0502", "0503", "0504", "0505", "0506"]
    stopped = checked(loc, "T1", path)
    assert game(loc).map.number(stopped.steps[-1].hex) == "0505" and "2.4.1" in stopped.notes[0]
    to_phase(loc, "a_fire_p")
    act(loc, "fire_structure", 1, 1, side="blue", unit="T2", hex="0505")     # range 2 + defence 1: a miss
    assert any(o.kind == "works" for o in game(loc).map.overlays) and not game(loc).rule_state.structures
    r = act(loc, "fire_structure", 10, 10, side="blue", unit="T1", hex="0505")
    assert "hit" in r.summary
    g = game(loc)
    # works with no class given are Light (works.py's reading too): strength 2, an H gun does 2
    assert not any(o.kind == "works" for o in g.map.overlays)
    assert [(g.map.number(o.hex), o.detail, o.secret) for o in g.map.overlays if o.kind == "rubble"] == \
        [("0505", "works L", False)]
    assert g.rule_state.structures == {}
    through = checked(loc, "T1", path)
    assert through.legal and g.map.number(through.steps[-1].hex) == "0506" and not through.stopped


def side_text(loc, side):
    from umpire.core.engine import journal
    from umpire.core.witness import side_journal
    return "\n".join(x for e in side_journal(game(loc), side, journal(loc)) for x in (e.head, *e.lines))


def test_buildings_take_damage_point_by_point_seen_by_both_sides(tmp_path, sees_all):   # 3.7.17, 4.1
    from reportkit import report, text_of
    blue = [dict(id="T1", type="medium_tank", hex="0205", facing="SE", on_table=True),
            dict(id="T2", type="medium_tank", hex="0204", facing="SE", on_table=True)]
    red = [dict(id="R1", type="medium_infantry", hex="0505", facing="N")]
    loc = town_game(tmp_path, blue, red)
    g = game(loc)
    here = g.map.grid.parse("0505")
    assert structures.structure_class(g, here) == "M" and ground.cover(g, here, g.map.grid.parse("0205")) == 2
    to_phase(loc, "a_fire_p")
    worksheet = act(loc, "fire_structure", 10, 10, side="blue", unit="T1", hex="0505")
    assert "hit" in worksheet.summary
    act(loc, "fire_structure", 10, 10, side="blue", unit="T2", hex="0505", what="building")
    g = game(loc)
    assert g.rule_state.structures == {"building 0505": 2}         # an M gun does 1 a hit; strength 3
    assert ground.cover(g, here, g.map.grid.parse("0205")) == 2     # damaged, not down: cover whole
    blue_text, red_text = side_text(loc, "blue"), side_text(loc, "red")
    assert "needs 2 + defence 2 = 4 or more on 2d10" in blue_text   # the worksheet: the firer's
    assert "needs 2 + defence 2" not in red_text
    assert "2 of 3 points" in blue_text and "2 of 3 points" in red_text   # the damage shows on the table
    for side in ("blue", "red"):
        text = text_of(report(loc, side, tmp_path / side))
        assert "Damaged structures" in text and "2 of 3" in text


def test_a_building_in_rubble_gives_only_the_rubbles_cover(tmp_path):          # 3.7.17
    loc = town_game(tmp_path, [dict(id="T1", type="medium_tank", hex="0205", facing="SE")])
    g = game(loc)
    here, there = g.map.grid.parse("0505"), g.map.grid.parse("0205")
    g.map.overlays.append(Overlay(here, "rubble", None, False, "building"))
    assert ground.cover(g, here, there) == 1                      # terrain.toml: rubble's cover 1, not the town's 2
    assert structures.structure_class(g, here) is None and structures.which(g, here) is None


def dice(*faces):
    from umpire.core.dice import Dice
    return Dice("s", 1, typed=typed(*faces))


def in_fire(g):
    g.phase = "a_fire_p"
    g.active_side = "blue"
    return g


def test_secret_works_cannot_be_fired_at_nor_read_by_a_side_that_never_saw_them(tmp_path, sees_all):
    from umpire.rules.hcm.structure_fire import fire_structure
    loc = hcm_game(tmp_path, [dict(id="T1", type="heavy_tank", hex="0205", facing="SE")], FAR_RED)
    g = in_fire(game(loc))
    here = g.map.grid.parse("0505")
    g.map.overlays.append(Overlay(here, "works", "red", True, "H"))       # red's engineers dug them unseen
    with pytest.raises(UmpireError, match="knows of no standing structure in 0505"):
        fire_structure(g, dict(side="blue", unit="T1", hex="0505"), dice(10, 10))
    g.rule_state = g.rule_state.but(structures={"works 0505": 2})
    assert structures.report_table(g, "blue") == []                 # nothing of them in blue's report
    assert structures.report_table(g, "red")[0].rows == [("0505", "works", "H", "2 of 4")]
    g.map.overlays[-1] = Overlay(here, "works", "red", True, "H", ("blue",))   # blue has seen the hex since
    _summary, changes = fire_structure(g, dict(side="blue", unit="T1", hex="0505"), dice(10, 10))
    told = [c.reader for c in changes if c.what == "note"]
    assert told == [None, ["blue", "red"]]       # the worksheet the firer's; the damage both sides' who know them
    # an H gun on H works does 1 (not heavier): 3 of 4, still standing
    assert [c.values for c in changes if c.what == "game"] == [{"structures": {"works 0505": 3}}]
    assert not [c for c in changes if c.what == "overlay"]


def test_only_a_cannon_fires_at_structures_and_a_light_one_may_do_nothing(tmp_path, sees_all):   # 1.1.4, 3.7.17
    from umpire.rules.hcm.structure_fire import fire_structure
    blue = [dict(id="I", type="heavy_infantry", hex="0405", facing="SE"),
            dict(id="A", type="armoured_car", hex="0204", facing="SE")]
    loc = hcm_game(tmp_path, blue, FAR_RED)
    g = in_fire(game(loc))
    here = g.map.grid.parse("0505")
    g.map.overlays.append(Overlay(here, "works", "blue", False, "H"))
    with pytest.raises(UmpireError, match="no cannon"):
        fire_structure(g, dict(side="blue", unit="I", hex="0505"), dice(6))
    summary, changes = fire_structure(g, dict(side="blue", unit="A", hex="0505"), dice(10, 10))
    assert "hit" in summary
    lines = [x for c in changes for x in c.lines]
    assert any("take no harm from a VL gun" in x for x in lines)
    assert not [c for c in changes if c.what in ("game", "overlay")]
    with pytest.raises(UmpireError, match="not a hex of the map"):
        fire_structure(g, dict(side="blue", unit="A", hex="9999"), dice(10, 10))
    g.map.overlays.append(Overlay(g.map.grid.parse("0204"), "works", "blue", False, "L"))
    with pytest.raises(UmpireError, match="stands in 0204 itself"):
        fire_structure(g, dict(side="blue", unit="A", hex="0204"), dice(10, 10))
    with pytest.raises(UmpireError, match="no structure"):
        fire_structure(g, dict(side="blue", unit="A", hex="0505", what="bridge"), dice(10, 10))


def test_works_removed_by_engineers_take_their_damage_with_them(tmp_path):      # 2.4.1, 3.7.17
    from umpire.rules.hcm import works
    loc = works_game(tmp_path, [dict(id="E", type="engineers", hex="0505", facing="N")])
    g = game(loc)
    g.rule_state = g.rule_state.but(structures={"works 0505": 1, "building 0707": 2})
    _line, changes = works.labour(g, dict(unit="E", side="blue", what="remove"), dice())
    assert [c.values for c in changes if c.what == "game"] == [{"structures": {"building 0707": 2}}]
    assert [c.values.get("clear") for c in changes if c.what == "overlay"] == [True]


def test_an_indirect_round_landing_on_buildings_damages_them(tmp_path):          # 3.7.14, 3.7.17
    from umpire.rules.hcm.indirect_fire import indirect_fire
    loc = town_game(tmp_path, [dict(id="Mo", type="mortar", hex="0502", facing="S")])
    g = in_fire(game(loc))
    _summary, changes = indirect_fire(g, dict(side="blue", unit="Mo", hex="0505"), dice(6))    # 5-6: on target
    told = [(c.lines, c.reader) for c in changes if c.what == "note" and any("buildings" in x for x in c.lines)]
    assert told == [(("  the M buildings in 0505 are damaged: 1 of 3 points (Structure chart, sample; HCM 3.7.17)",),
                     ["blue", "red"])]                                 # an L mortar does 1 to M buildings
    assert [c.values for c in changes if c.what == "game"] == [{"structures": {"building 0505": 1}}]


def test_shelling_secret_works_blind_tells_the_firer_nothing(tmp_path):         # 3.7.17, 2.4.1, 4.1
    from umpire.rules.hcm.indirect_fire import indirect_fire
    loc = hcm_game(tmp_path, [dict(id="FG", type="field_gun", hex="0501", facing="S")], FAR_RED)
    g = in_fire(game(loc))
    here = g.map.grid.parse("0507")
    g.map.overlays.append(Overlay(here, "works", "red", True, "L"))       # red's, never seen by blue
    _summary, changes = indirect_fire(g, dict(side="blue", unit="FG", hex="0507"), dice(6))
    about = [c for c in changes if c.what == "note" and any("works" in x for x in c.lines)]
    assert [c.reader for c in about] == [["red"]]                  # an M gun: 2 points, L works are rubble
    rubble = [c.values for c in changes if c.what == "overlay" and c.key == "rubble"]
    assert rubble and rubble[0]["secret"] and rubble[0]["side"] == "red" and rubble[0]["known_to"] == []
    assert [c.values.get("clear") for c in changes if c.what == "overlay" and c.key == "works"] == [True]


def test_secret_works_damaged_show_in_their_owners_report_only(tmp_path):      # 3.7.17, 2.4.1, 4.1
    from reportkit import report, text_of
    blue = [dict(id="Mo", type="mortar", hex="0502", facing="S")]
    red = [dict(id="E", type="engineers", hex="0507", facing="N")]
    rows = ["." * 10 for _ in range(8)]
    rows[5] = "....f....."                                            # 0506: a wood hiding 0507 from 0502
    loc = hcm_game(tmp_path, blue, red, terrain="\n".join(rows))
    to_phase(loc, "b_movement")                                       # blue won the initiative: red moves second
    act(loc, "works", side="red", unit="E", what="light")             # a turn: secret light works in 0507
    assert [o.secret for o in game(loc).map.overlays if o.kind == "works"] == [True]
    to_phase(loc, "b_fire_np")
    assert [o.known_to for o in game(loc).map.overlays if o.kind == "works"] == [()]
    # aimed at the wood, a 1 misses, a 4 scatters it south into 0507; an L mortar does 1 of 2
    act(loc, "indirect_fire", 1, 4, side="blue", unit="Mo", hex="0506")
    assert game(loc).rule_state.structures == {"works 0507": 1}
    assert "works" not in side_text(loc, "blue") and "1 of 2 points" in side_text(loc, "red")
    red_report, blue_report = text_of(report(loc, "red", tmp_path / "r")), text_of(report(loc, "blue", tmp_path / "b"))
    assert "Damaged structures" in red_report and "1 of 2" in red_report
    assert "Damaged structures" not in blue_report
