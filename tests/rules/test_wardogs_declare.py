"""Wardogs secret declarations of fire, revealed and resolved together (Wardogs p. 7 steps 6-8,
pp. 12-17), played through the engine on a small open table."""

from pathlib import Path

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game

from dicekit import dice
from .wdkit import no_fire_yet

SCENARIO = '''[scenario]
title = "Wardogs fire test"
rules = "wardogs"
turns = 3
first_player = "blue"

[map]
columns = 8
rows = 6
orientation = "flat"
stagger = "even"
slopes = "listed"
terrain = """
........
........
........
........
........
........
"""
elevation = """
00000000
00000000
00000000
00000000
00000000
00000000
"""

[[side]]
id = "blue"
name = "Blue"

[[side]]
id = "red"
name = "Red"

[[battalion]]
id = "B"
side = "blue"
units = [
  {{ id = "Coyote", type = "coyote", hex = "{coyote}", facing = "SE" }},
]

[[battalion]]
id = "R"
side = "red"
units = [
  {{ id = "Tank", type = "tank", hex = "{tank}", facing = "NW" }},
]
'''


def make(tmp_path: Path, coyote="0203", tank="0503") -> str:
    path = tmp_path / "wd.toml"
    path.write_text(SCENARIO.format(coyote=coyote, tank=tank), encoding="utf-8")
    return new_game(load_scenario(path), tmp_path / "wd.umpire", seed="t")


def act(location, action, *faces, side=None, **params):
    if side is not None:
        params = {**params, "side": side}
    return perform(location, action, params, system_for(location), typed=dice(*faces), side=side)


def to_phase(location, key, *faces):
    for _ in range(40):
        if open_game(location).phase == key:
            return
        no_fire_yet(location)              # p. 7 steps 6-7: the reveal waits for every side
        act(location, "next_phase", *faces)
        faces = ()
    raise AssertionError(f"never reached {key}")


def test_play_to_the_declaration(tmp_path):
    loc = make(tmp_path)
    to_phase(loc, "declare", 3, 7)
    g = open_game(loc)
    assert g.contacts.get(("blue", "Tank")) is not None


def reads(loc, side):
    from umpire.core.engine import journal
    from umpire.core.witness import side_journal
    g = open_game(loc)
    entries = side_journal(g, side, journal(loc), system_for(loc))
    return "\n".join([e.head for e in entries] + [x for e in entries for x in e.lines])


def test_declarations_are_secret_then_resolved_together_p7(tmp_path):
    loc = make(tmp_path)
    to_phase(loc, "declare", 3, 7)
    act(loc, "declare_fire", side="blue", shots="Coyote coyote_autocannon Tank; Coyote coyote_particle_cannon Tank")
    act(loc, "declare_fire", side="red", shots=[{"firer": "Tank", "weapon": "tank_gun", "target": "Coyote"}])
    g = open_game(loc)
    assert [s["weapon"] for s in g.rule_state.declarations["blue"]] == ["coyote_autocannon", "coyote_particle_cannon"]
    assert "30mm Autocannon" in reads(loc, "blue")          # by the record sheet's name
    # the enemy never reads a declaration (p. 7 step 6, Umpire's double-blind)
    assert "30mm Autocannon" not in reads(loc, "red") and "Main gun" not in reads(loc, "blue")

    # p. 7 step 7: lock-on d10s, blue's then red's; both targets stood still (-1, Table 3)
    to_phase(loc, "lock_on", 1, 1)
    g = open_game(loc)
    assert g.rule_state.revealed
    assert {s["lock"] for side in ("blue", "red") for s in g.rule_state.declarations[side]} == {"yes"}
    assert "signature 6: locked on" in reads(loc, "blue")

    # p. 7 step 8: the tank's gun (d8, short +1) rolls 8 -> 9 over AR 5: penetration 1+1 = cockpit;
    # the Coyote, destroyed, still fires (simultaneous, p. 15): autocannon 6, 6, 1 at medium
    # range against AR 6 (two hits), particle cannon 9 +1 = 10 (a hit that penetrates): d10 6,
    # weapon damaged (Table 9)
    to_phase(loc, "damage", 8, 1, 1, 6, 6, 1, 9, 6)
    g = open_game(loc)
    assert g.units["Coyote"].status == "destroyed"
    tank = g.units["Tank"].marks
    assert tank.ar == 3 and tank.damage == {"weapon:tank_gun": 1}
    assert g.units["Coyote"].marks.ammo == {"coyote_autocannon": 17}
    assert tank.ammo == {"tank_gun": 11}
    red, blue = reads(loc, "red"), reads(loc, "blue")
    # each side names the enemy by its contact label (C1); its own unit's insides are its own
    assert "Tank is under fire from C1: 3 hits" in red and "weapon damaged" in red
    assert "C1 is destroyed" in red                                   # red saw the Coyote fall
    assert "weapon damaged" not in blue and "AR 3" not in blue          # the target's insides are its owner's
    assert "Coyote fires 30mm Autocannon at C1, medium range: 3d6 6, 6, 1 -- 2 hits" in blue

    # p. 7 step 8: as the damage phase ends the tank, hit three times, checks its stability with
    # Table 2's -1 a hit: 3 - 3 = 0 fails, and the tank goes out of control
    assert open_game(loc).units["Tank"].marks.checks == ("fire_hit",) * 3
    act(loc, "next_phase", 3)
    assert open_game(loc).units["Tank"].marks.fallen


def test_a_declaration_out_of_arc_or_range_is_refused_in_one_line(tmp_path):
    loc = make(tmp_path, coyote="0103", tank="0803")
    to_phase(loc, "declare", 3, 7)
    with pytest.raises(UmpireError, match="beyond the long range"):
        act(loc, "declare_fire", side="blue", shots="Coyote coyote_autocannon Tank")
    with pytest.raises(UmpireError, match="no weapon"):
        act(loc, "declare_fire", side="blue", shots="Coyote laser Tank")
    with pytest.raises(UmpireError, match="not 'firer weapon target'"):
        act(loc, "declare_fire", side="blue", shots="Coyote Tank")
    assert "blue" not in open_game(loc).rule_state.declarations


def test_a_torso_weapon_fires_forward_only_p14(tmp_path):
    loc = make(tmp_path, coyote="0503", tank="0203")          # the Coyote faces SE, the tank is behind it
    to_phase(loc, "declare", 3, 7)
    with pytest.raises(UmpireError, match="outside the arc"):
        act(loc, "declare_fire", side="blue", shots="Coyote coyote_particle_cannon Tank")
    act(loc, "declare_fire", side="red", shots="Tank tank_gun Coyote")     # a turret fires all round
    assert len(open_game(loc).rule_state.declarations["red"]) == 1


def test_declaring_nothing_is_a_pass_and_no_roll_follows(tmp_path):
    loc = make(tmp_path)
    to_phase(loc, "declare", 3, 7)
    act(loc, "declare_fire", side="blue", shots="")
    act(loc, "declare_fire", side="red", shots="")
    to_phase(loc, "damage")
    g = open_game(loc)
    assert g.rule_state.declarations == {"blue": (), "red": ()}
    assert g.units["Tank"].marks.ar in (None, 6)


MINED = '''
[[minefield]]
side = "red"
type = "land"
hexes = ["0303"]
'''


def test_a_unit_that_entered_mines_is_attacked_in_the_mine_phase_p7_p18(tmp_path):
    path = tmp_path / "wd.toml"
    path.write_text(SCENARIO.format(coyote="0203", tank="0703") + MINED, encoding="utf-8")
    loc = new_game(load_scenario(path), tmp_path / "wd.umpire", seed="t")
    to_phase(loc, "movement", 3, 7)
    if open_game(loc).active_side == "red":            # the low roll moves first (p. 7 step 2)
        act(loc, "pass", side="red")
    act(loc, "move", side="blue", unit="Coyote", path=["0203", "0303"])
    to_phase(loc, "infantry")
    # strength d6 2; d10s 5 (equal to AR 5: a hit) and 9 (penetrates); 2d6 3 + 4 = 7, weapon damaged
    act(loc, "next_phase", 2, 5, 9, 3, 4)
    g = open_game(loc)
    assert g.phase == "mines"
    c = g.units["Coyote"].marks
    assert c.ar == 3 and c.damage == {"weapon:coyote_particle_cannon": 1} and c.checks == ("mine",)
    field = next(o for o in g.map.overlays if o.kind == "minefield")
    assert field.known_by("blue")                      # set off: the victim's side knows it now
    assert "sets off the minefield in 0303: strength 2" in reads(loc, "blue")
    # step 5: the mine's stability check (Table 2 -8, the gyroscope +1): a 10 keeps it up;
    # a damaged weapon is off-line and may not be declared (Table 8, 7)
    to_phase(loc, "declare", 10)
    assert not open_game(loc).units["Coyote"].marks.fallen
    with pytest.raises(UmpireError, match="off-line"):
        act(loc, "declare_fire", side="blue", shots="Coyote coyote_particle_cannon Tank")


def test_an_unknown_field_is_no_one_elses_business(tmp_path):
    path = tmp_path / "wd.toml"
    path.write_text(SCENARIO.format(coyote="0203", tank="0703") + MINED, encoding="utf-8")
    loc = new_game(load_scenario(path), tmp_path / "wd.umpire", seed="t")
    field = next(o for o in open_game(loc).map.overlays if o.kind == "minefield")
    assert field.known_by("red") and not field.known_by("blue")
    to_phase(loc, "declare", 3, 7)                     # nobody entered it: no roll, still secret
    assert not next(o for o in open_game(loc).map.overlays if o.kind == "minefield").known_by("blue")


def test_a_sweeper_finds_mines_on_an_odd_d10_and_clears_them_on_an_odd_d6_p18(tmp_path):
    from umpire.core.hexgrid import neighbours
    text = SCENARIO.format(coyote="0101", tank="0704").replace('type = "tank"', 'type = "scout_car"')
    path = tmp_path / "wd.toml"
    path.write_text(text, encoding="utf-8")
    loc = new_game(load_scenario(path), tmp_path / "wd.umpire", seed="t")
    g = open_game(loc)
    start = g.units["Tank"].hex
    dest = next(h for h in neighbours(start) if g.map.grid.contains(h))
    field = next(h for h in neighbours(dest) if g.map.grid.contains(h) and h not in (start, dest)
                 and h not in neighbours(start))
    path.write_text(text + f'''
[[minefield]]
side = "blue"
type = "land"
hexes = ["{g.map.number(field)}"]
''', encoding="utf-8")
    loc = new_game(load_scenario(path), tmp_path / "wd2.umpire", seed="t")
    to_phase(loc, "movement", 3, 7)
    if open_game(loc).active_side == "blue":
        act(loc, "pass", side="blue")
    act(loc, "move", side="red", unit="Tank", path=[g.map.number(start), g.map.number(dest)])
    to_phase(loc, "infantry")
    act(loc, "next_phase", 3)                           # the sweeper's d10: 3, odd, found
    found = next(o for o in open_game(loc).map.overlays if o.kind == "minefield")
    assert found.known_by("red")
    assert "sweeper finds mines" in reads(loc, "red")
    to_phase(loc, "declare")
    if open_game(loc).active_side == "blue":
        act(loc, "declare_fire", side="blue")            # no fire: declared, then done (p. 7 step 6)
        act(loc, "pass", side="blue")
    with pytest.raises(UmpireError, match="has moved"):            # it moved this turn
        act(loc, "clear_mines", 1, side="red", unit="Tank")
    no_fire_yet(loc)
    act(loc, "next_phase")
    to_phase(loc, "declare")                            # turn 2: it stands still and sweeps
    if open_game(loc).active_side == "blue":
        act(loc, "declare_fire", side="blue")
        act(loc, "pass", side="blue")
    act(loc, "clear_mines", 2, side="red", unit="Tank")              # even: still live
    assert any(o.kind == "minefield" for o in open_game(loc).map.overlays)
    assert open_game(loc).units["Tank"].acted


def test_an_autoplayed_battle_tells_no_side_the_enemys_declarations_or_insides(tmp_path):
    from umpire.autoplay import autoplay
    scenario = load_scenario(Path(__file__).resolve().parents[2] / "scenarios" / "tolliver-ridge.toml")
    loc = autoplay(scenario, tmp_path / "t.umpire", turns=3, seed="wd-fire", moves_per_phase=3)
    g = open_game(loc)
    fired = [s for side in g.side_ids() for s in g.rule_state.declarations.get(side, ())]
    assert fired, "the bots declared no fire: nothing was tested"
    for side in g.side_ids():
        text = reads(loc, side)
        enemy_weapons = {k for u in g.units.values() if u.side != side for k in g.unit_type(u)["weapons"]}
        own_weapons = {k for u in g.units.values() if u.side == side for k in g.unit_type(u)["weapons"]}
        for k in enemy_weapons - own_weapons:
            assert f" {k} at " not in text, (side, k)            # the enemy's declarations (p. 7 step 6)
        for u in g.units.values():
            if u.side != side:
                assert f"penetration on {u.id}" not in text and f"{u.id}'s sweeper" not in text


def test_a_declaration_handed_in_as_an_orders_file_p7(tmp_path, capsys):
    from umpire.cli import main
    loc = make(tmp_path)
    to_phase(loc, "declare", 3, 7)
    label = open_game(loc).contacts[("blue", "Tank")].label
    orders = tmp_path / "blue.toml"
    orders.write_text(f'side = "blue"\nturn = 1\n[[shot]]\nfirer = "Coyote"\nweapon = "coyote_autocannon"\n'
                      f'target = "{label}"\n', encoding="utf-8")
    assert main(["orders", loc, str(orders)]) == 0
    assert open_game(loc).rule_state.declarations["blue"] == ({"firer": "Coyote", "weapon": "coyote_autocannon",
                                                               "target": "Tank"},)
    assert "coyote_autocannon" not in reads(loc, "red")
    bad = tmp_path / "bad.toml"
    bad.write_text('side = "blue"\nturn = 1\n[[shot]]\nfirer = "Coyote"\n', encoding="utf-8")
    with pytest.raises(UmpireError, match="firer, weapon and target"):
        system_for(loc).read_orders(bad)
    capsys.readouterr()
    # a file for the next turn is kept until that turn's declaration phase (issue 23's held orders)
    early = tmp_path / "early.toml"
    early.write_text('side = "red"\nturn = 2\n', encoding="utf-8")
    assert main(["orders", loc, str(early)]) == 0
    assert "kept until the declaration phase of turn 2" in capsys.readouterr().out
    # one for a turn gone by is refused
    late = tmp_path / "late.toml"
    late.write_text('side = "red"\nturn = 0\n', encoding="utf-8")
    assert main(["orders", loc, str(late)]) != 0
    assert "for turn 0" in capsys.readouterr().err


def test_smoke_deployed_hampers_the_lock_for_the_turn_p18_table_3(tmp_path):
    loc = make(tmp_path)
    to_phase(loc, "defensive", 3, 7)
    if open_game(loc).active_side == "red":
        act(loc, "pass", side="red")
    act(loc, "deploy", side="blue", unit="Coyote", measure="smoke_dispenser")
    g = open_game(loc)
    assert g.units["Coyote"].marks.equipment == {"smoke_dispenser": 4}          # OOOOO: one box used
    assert [o.kind for o in g.map.overlays] == ["smoke"]
    to_phase(loc, "declare")
    act(loc, "declare_fire", side="red", shots="Tank tank_gun Coyote")
    act(loc, "declare_fire", side="blue", shots="")
    # red's d10 7: -1 (the Coyote stood still) +3 (smoke) = 9, over signature 6: no lock
    to_phase(loc, "lock_on", 7)
    g = open_game(loc)
    assert g.rule_state.declarations["red"][0]["lock"] == "no"
    assert "+3 target in a smoke cloud" in reads(loc, "red")
    act(loc, "next_phase")                              # damage: nothing locked, nothing rolled
    act(loc, "next_phase")                              # the damage phase ends: the smoke is gone
    assert not any(o.kind == "smoke" for o in open_game(loc).map.overlays)


def test_a_refused_shot_names_the_enemy_by_the_sides_label_never_its_name(tmp_path):
    """p. 7 step 6: a side declares at the contacts it knows; a refusal must not tell it which enemy
    unit a label stands for (the umpire's knowledge)."""
    loc = make(tmp_path, coyote="0203", tank="0102")          # the tank behind the Coyote's front
    to_phase(loc, "declare", 3, 7)
    label = open_game(loc).contacts[("blue", "Tank")].label
    with pytest.raises(UmpireError) as refused:
        act(loc, "declare_fire", side="blue", shots=f"Coyote coyote_particle_cannon {label}")
    assert label in refused.value.problem and "Tank" not in refused.value.problem


def test_the_firer_itself_must_see_its_target(tmp_path):
    """p. 7 step 6: a clear line of sight from the attacking unit, not only from another unit of its side."""
    from umpire.rules.wardogs import declare
    loc = make(tmp_path)
    to_phase(loc, "declare", 3, 7)
    g = open_game(loc)
    shot = {"firer": "Coyote", "weapon": "coyote_autocannon", "target": "Tank"}
    assert declare.shot_problem(g, "blue", shot, {}) is None
    g.map.terrain[g.map.grid.parse("0403")] = "heavy_forest"
    g.map.terrain[g.map.grid.parse("0303")] = "heavy_forest"
    problem = declare.shot_problem(g, "blue", shot, {})
    assert problem is not None and "line of sight" in problem
