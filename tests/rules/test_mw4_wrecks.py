"""Wrecks (MW4 19.51, 19.52): which kills leave one, the road they block (never a bridge) and the
-1 they put on the die of every attack into their hex, H fire included."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.dice import Dice
from umpire.core.engine import perform
from umpire.core.store.db import open_game
from umpire.core.terrain import Overlay
from umpire.rules import rule_system
from umpire.rules.mechwar4.fire import fire_sheet
from umpire.rules.mechwar4.impact import Fire, attack
from umpire.rules.mechwar4.los import Mw4Map
from umpire.rules.mechwar4.movement import check_move
from dicekit import dice

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit

RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # Recon 1 drives north to 2215, seen by A3


@pytest.fixture()
def game(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "w.umpire")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
    return path


def kill_recon(path, result):
    g = open_game(path)
    sheet = rule_system(g.rules).fire_sheet(g, "A3", "Recon 1")
    if result not in sheet.cells:
        pytest.skip(f"the sample CRT has no {result} on this column")
    perform(path, "fire", {"firers": ["A3"], "target": "Recon 1"}, system_for(path),
            typed=dice(10, sheet.cells.index(result) + 1))
    g = open_game(path)
    assert g.units["Recon 1"].status == "destroyed"
    return [o for o in g.map.overlays if o.kind == "wreck"]


def test_19_51_a_full_strength_vehicle_struck_by_a_d3_leaves_a_wreck(game):
    assert [g for g in kill_recon(game, "D3")]


@pytest.mark.parametrize("result", ["D1", "D2"])
def test_19_51_a_vehicle_killed_by_less_than_a_d3_leaves_none(game, result):
    assert MW4.unit_types["sov_brdm"]["steps"] == 1         # one step: any D result destroys it
    assert kill_recon(game, result) == []


def test_19_51_a_damaged_vehicle_killed_by_a_d3_leaves_none(tmp_path, sample_scenario):
    import sqlite3
    path = new_game(sample_scenario, tmp_path / "d.umpire")
    with sqlite3.connect(path) as c:           # T1, a T-72 down to its last step, waits at 2215
        c.execute("UPDATE unit SET q = 22, r = 4, steps_lost = ? WHERE id = 'T1'",
                  (MW4.unit_types["sov_t72"]["steps"] - 1,))
    perform(path, "spot", {}, system_for(path))
    perform(path, "pass", {}, system_for(path))                 # the Soviets pass: NATO's turn
    g = open_game(path)
    assert g.map.number(g.units["T1"].hex) == "2215" and ("nato", "T1") in g.contacts
    sheet = rule_system(g.rules).fire_sheet(g, "A3", "T1")
    assert "D3" in sheet.cells
    perform(path, "fire", {"firers": ["A3"], "target": "T1"}, system_for(path),
            typed=dice(10, sheet.cells.index("D3") + 1))
    g = open_game(path)
    assert g.units["T1"].status == "destroyed"
    assert not [o for o in g.map.overlays if o.kind == "wreck"]


def two_units(target_type="us_mech_inf", wreck=False):
    m = make_map(["." * 12] * 5)
    g = game_on(m, [unit("f", "red", "0203", m, "sov_t72"), unit("t", "blue", "0503", m, target_type)])
    if wreck:
        g.map.overlays.append(Overlay(g.units["t"].hex, "wreck"))
    return g


@pytest.mark.parametrize("target", ["us_mech_inf", "us_m1"])
def test_19_52_a_wreck_in_the_targets_hex_is_minus_1_on_the_die(target):
    plain = fire_sheet(two_units(target), Mw4Map(two_units(target).map, MW4, False), "f", "t")
    g = two_units(target, wreck=True)
    s = fire_sheet(g, Mw4Map(g.map, MW4, False), "f", "t")
    assert s.die_modifier == plain.die_modifier - 1
    assert ("wreck", "-1: a wreck lies in the target's hex", "MW4 19.52") in s.lines


def test_19_52_h_fire_too():
    fire = Fire("Sov Regt Arty #1", "red", 4, "tight", "artillery")
    g = two_units(wreck=True)
    line = attack(g, fire, g.units["t"], g.units["t"].hex, Dice("t", 1, typed=lambda *_: [3]))[0].lines[0]
    assert "-1 wreck (19.52)" in line and "Anti-Personnel CRT" in line


def test_19_52_a_wreck_does_not_block_a_bridge():
    m = make_map(["." * 5 + "~" + "." * 6] * 5, hexsides={"bridge": ["0503-0603"], "road": ["0403-0503"]})
    m.overlays.append(Overlay(m.grid.parse("0503"), "wreck"))
    g = game_on(m, [unit("a", "blue", "0403", m, "us_m1", in_column=True)])
    p = m.grid.parse
    r = check_move(g, "a", [p("0403"), p("0503"), p("0603")])
    assert "road blocked by a wreck (19.52)" in r.steps[1].note              # the road into the wreck's hex
    assert "bridge" in r.steps[2].note and r.steps[2].cost == 1              # the bridge out of it carries on
