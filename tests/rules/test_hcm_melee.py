"""HCM 3.8: melee -- the contest, ties, capture, retreat before melee and advance after it,
vehicles' casualties and structures, swarming and ramming (the sample charts and our readings in
umpire/rules/hcm/melee.py), then melee played through the engine."""

import pytest

from umpire.core.errors import UmpireError
from umpire.core.hexgrid import hex_distance
from umpire.core.ruleset import load_table, rulesets_dir
from umpire.rules.hcm import melee

from . import hcmkit
from .gamekit import act, game, make_game


def test_the_higher_wins_a_tie_is_a_tie():                    # 3.8 d, e
    assert melee.contest(5, 3) == "attacker"
    assert melee.contest(2, 4) == "defender"
    assert melee.contest(4, 4) == "tie"


def test_printed_modifiers_commander_smg_hit_markers():       # 3.7.18, 2.2.1, 3.7.5
    mods = {m.rule: m.value for m in melee.modifiers("M", hits=2, commander=1, smg=True)}
    assert mods == {"3.7.18": 1, "2.2.1": 1, "3.7.5": -2}


def test_the_modifiers_chart_is_a_labelled_sample():          # 3.8 c
    table = load_table(rulesets_dir() / "hcm" / "melee.toml", ())
    assert table.sample and "stand-in" in table.note
    assert sum(m.value for m in melee.modifiers("H")) > sum(m.value for m in melee.modifiers("L"))


def test_retreat_before_melee_needs_speed_no_markers_and_ground():   # 3.8.4
    assert melee.may_retreat(4, 3, 0, True) is None
    assert "one more" in melee.may_retreat(3, 3, 0, True)
    assert "hit marker" in melee.may_retreat(5, 3, 1, True)
    assert "terrain" in melee.may_retreat(5, 3, 0, False)


def test_advance_after_melee_on_four_to_six_plus_commander():   # 3.8.5
    assert not melee.advances(3) and melee.advances(4)
    assert melee.advances(3, commander=1)
    assert melee.advances_cvs(6, 5) and not melee.advances_cvs(5, 5)      # optional CVS: higher than


def test_a_structure_heavier_than_the_vehicle_spares_its_infantry():   # 3.8 k, 3.8.1 (our reading)
    assert melee.structure_shelters(True, "M")
    assert not melee.structure_shelters(True, "H")
    assert not melee.structure_shelters(False, "L")


def test_swarming_by_weight_and_open_tops():                  # 3.8.2
    assert melee.swarm("H", False) == ("damage", 1, True)     # one incremental block
    assert melee.swarm("M", False) == ("damage", 1, False)    # whatever shows
    assert melee.swarm("L", False) == ("damage", 2, False)    # two blocks
    assert melee.swarm("VH", True)[0] == "capture"


def test_ramming_wheeled_rammers_hurt_only_wheeled():         # 3.8.1
    on_target, _ = melee.ram("H", "M")
    assert on_target >= 1
    assert melee.ram("H", "M", rammer_wheeled=True, target_wheeled=False)[0] == 0
    assert melee.ram("H", "M", rammer_wheeled=True, target_wheeled=True)[0] == on_target


# ---------------------------------------------------------------- melee on a game
sees_all = hcmkit.sees_all          # the fixture: every enemy on the map seen and identified


def to_phase(loc, phase):
    while game(loc).phase != phase:
        act(loc, "next_phase")


def test_the_loser_of_a_melee_is_captured(tmp_path, sees_all):          # 3.8 e
    loc = make_game(tmp_path, [("B1", "heavy_infantry", "0303")],
                    [("R1", "light_infantry", "0403"), ("R2", "light_infantry", "0304")], rules="hcm")
    to_phase(loc, "a_melee")
    r = act(loc, "melee", 5, 2, side="blue", unit="B1", target="R1")
    assert "attacker wins" in r.summary
    g = game(loc)
    assert g.units["R1"].status == "destroyed"
    assert g.units["B1"].marks.melee_turn == g.turn
    with pytest.raises(UmpireError, match="3.8 h"):                     # one melee a turn
        act(loc, "melee", 5, 2, side="blue", unit="B1", target="R2")


def test_a_tie_costs_both_a_figure_and_pushes_both_back(tmp_path, sees_all):   # 3.8 d
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("R1", "medium_infantry", "0403")], rules="hcm")
    to_phase(loc, "a_melee")
    act(loc, "melee", 3, 3, side="blue", unit="B1", target="R1")
    g = game(loc)
    for uid, was in (("B1", "0303"), ("R1", "0403")):
        assert g.units[uid].steps_lost == 1
        assert g.map.number(g.units[uid].hex) != was


def test_outside_the_melee_phase_refused(tmp_path, sees_all):           # 3.8
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("R1", "medium_infantry", "0403")], rules="hcm")
    to_phase(loc, "a_fire_p")
    with pytest.raises(UmpireError, match="melee phase"):
        act(loc, "melee", side="blue", unit="B1", target="R1")


def test_infantry_swarm_a_medium_tank(tmp_path, sees_all):              # 3.8.2
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("R1", "medium_tank", "0403")], rules="hcm")
    to_phase(loc, "a_melee")
    act(loc, "melee", 4, side="blue", unit="B1", target="R1")       # one block, as it shows: 4 is DD
    assert game(loc).units["R1"].marks.damage == ("DD",)


def test_retreat_before_melee_and_the_advance(tmp_path, sees_all):      # 3.8.4, 3.8.5, 3.5.5
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("R1", "cavalry", "0403")], rules="hcm")
    to_phase(loc, "a_melee")
    r = act(loc, "melee", 4, side="blue", unit="B1", target="R1", retreat="0503")
    assert "retreats" in r.summary
    g = game(loc)
    assert g.map.number(g.units["R1"].hex) == "0503" and g.units["R1"].marks.hits == 1
    assert g.map.number(g.units["B1"].hex) == "0403"                 # 4: it advances
    assert g.units["B1"].marks.facing == g.map.grid.direction_index("SE")    # facing the way it went


def test_a_vehicle_causes_a_casualty_unless_a_heavier_structure_shelters(tmp_path, sees_all):   # 3.8 k
    town = "\n".join("...t...." if r == 2 else "........" for r in range(6))     # 0403 is town (heavy)
    loc = make_game(tmp_path, [("B1", "medium_tank", "0303"), ("B2", "medium_tank", "0503")],
                    [("R1", "medium_infantry", "0403"), ("R2", "medium_infantry", "0603")], rules="hcm", terrain=town)
    to_phase(loc, "a_melee")
    act(loc, "melee", side="blue", unit="B1", target="R1")
    g = game(loc)
    assert g.units["R1"].steps_lost == 0 and g.units["R1"].marks.hits == 1      # sheltered: a marker
    act(loc, "melee", side="blue", unit="B2", target="R2")
    assert game(loc).units["R2"].steps_lost == 1                                 # in the open: a figure


def test_the_waiting_defender_fires_first(tmp_path, sees_all):           # 3.8.3 ambush
    loc = make_game(tmp_path, [("B1", "light_infantry", "0403")], [("R1", "heavy_infantry", "0403")], rules="hcm")
    to_phase(loc, "a_melee")
    # R1's small arms at range 0 (H against L needs 3): 6 hits; then 1 against 6: the defender wins
    r = act(loc, "melee", 6, 1, 6, side="blue", unit="B1", target="R1")
    assert "holds" in r.summary and any("ambush" in x for x in r.log)
    assert game(loc).units["B1"].status == "destroyed"


def test_the_optional_cvs_advance_rolls_the_commanders_aggressiveness(tmp_path, sees_all):   # 3.8.5 optional
    from umpire.core.dice import Dice
    from umpire.rules.hcm import melee_actions
    from dicekit import dice
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303"), ("C1", "commander", "0303")],
                    [("R1", "cavalry", "0403")], rules="hcm")
    to_phase(loc, "a_melee")
    g = game(loc)
    # the phasing side's commanders were lifted as its half began (3.2): C1 is placed with B1 again (3.6)
    g.units["C1"].hex, g.units["C1"].status = g.units["B1"].hex, "on_map"
    g.units["C1"].traits = {"aggressiveness": 5}
    g.rule_state = g.rule_state.but(scenario={**g.rule_state.scenario, "advance_cvs": True})
    sheet = melee_actions.melee_sheet(g, ["B1"], g.units["R1"].hex, "R1", retreat=g.map.grid.parse("0503"))
    assert sheet.legal
    for d10, goes in ((5, False), (6, True)):                  # higher than 5 passes
        summary, changes = melee_actions.resolve(g, sheet, Dice("s", 1, typed=dice(d10)))
        moved = [c for c in changes if c.key == "B1" and "q" in c.values]
        assert bool(moved) == goes and "Aggressiveness 5" in " ".join(x for c in changes for x in c.lines)


def test_a_routed_stand_runs_its_move_away_at_once(tmp_path, sees_all):       # 3.7.19
    loc = make_game(tmp_path, [("B1", "medium_tank", "0303")], [("R1", "medium_infantry", "0503")], rules="hcm",
                    cols=10)
    g = game(loc)
    g.units["R1"].steps_lost, g.units["R1"].marks = 1, g.units["R1"].marks.but(hits=2)
    from umpire.rules.hcm.fire_effects import stand_hit
    from umpire.rules.hcm.rout import rout_path
    path = rout_path(g, g.units["R1"])
    assert len(path) == 1 + g.unit_type(g.units["R1"])["movement"]
    assert [hex_distance(h, g.units["B1"].hex) for h in path] == sorted(hex_distance(h, g.units["B1"].hex)
                                                                       for h in path)
    _lines, changes = stand_hit(g, g.units["R1"], 1, 0, "test", ["blue", "red"])
    assert changes[0].values["routed"] and changes[-1].values["q"] == path[-1].q
    assert changes[-1].reader == "red"                      # where it ran is its own side's to read


def test_pushed_back_away_or_into_a_zone_of_control_routed(tmp_path, sees_all, monkeypatch):    # 3.8 d, g
    from umpire.rules.hcm import rout
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("R1", "medium_infantry", "0403")], rules="hcm")
    g = game(loc)
    to, routs = rout.push_back(g, g.units["R1"], g.units["B1"].hex)
    assert to is not None and hex_distance(to, g.units["B1"].hex) == 2 and not routs
    # every hex behind it in an enemy's zone of control (A's movement.in_enemy_zone): it goes, routed
    monkeypatch.setattr(rout, "in_enemy_zone", lambda game, h, side: ["B9"])
    assert rout.push_back(g, g.units["R1"], g.units["B1"].hex) == (to, True)
    # nowhere to go at all: destroyed (None)
    monkeypatch.setattr(rout, "passable", lambda game, u, h: False)
    assert rout.push_back(g, g.units["R1"], g.units["B1"].hex) == (None, True)


def test_moving_into_the_enemy_is_ambushed_then_its_melee_is_fought(tmp_path, sees_all):   # 3.8.3, 3.8 h
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("R1", "heavy_infantry", "0403")], rules="hcm")
    to_phase(loc, "a_movement")
    # R1 waits in 0403: as B1 enters, its small arms fire first (H against M at range 0 needs 3): 6 hits
    r = act(loc, "move", 6, side="blue", unit="B1", path=["0303", "0403"])
    g = game(loc)
    assert g.units["B1"].marks.hits == 1 and g.units["R1"].fired
    assert any("ambushed" in x for x in r.log)
    # the melee it began by moving in is fought in the melee phase (3.8 h), the ambush not repeated
    to_phase(loc, "a_melee")
    r = act(loc, "melee", 6, 1, side="blue", unit="B1", target="R1")
    assert "attacker wins" in r.summary and not any("ambush" in x for x in r.log)


def test_a_medium_tank_overrunning_a_trench_levels_it(tmp_path, sees_all):      # 3.8.1, 3.8 k
    trench = '[[map.overlay]]\nkind = "trench"\nhexes = ["0403"]\n'
    loc = make_game(tmp_path, [("B1", "medium_tank", "0303")], [("R1", "medium_infantry", "0403")], rules="hcm",
                    overlays=trench)
    to_phase(loc, "a_melee")
    act(loc, "melee", side="blue", unit="B1", target="R1")
    g = game(loc)
    assert g.units["R1"].steps_lost == 1                                    # a trench is no structure: a figure
    assert not any(o.kind == "trench" for o in g.map.overlays)
