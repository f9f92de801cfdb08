"""Wardogs units Basic Training names but prints no card for (Wardogs p. 5, p. 6, p. 18), as
labelled samples played: a boat kept to water, a building of several sections whose fallen section
weakens its neighbours and opens the ones behind it to fire, and a mine layer's secret fields."""

from __future__ import annotations

import pytest

from umpire.core.engine import journal
from umpire.core.errors import UmpireError
from umpire.core.hexgrid import neighbours
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal
from umpire.actions import system_for

from .wdkit import act, checked, grid_with, no_fire_yet, to_phase, wardogs_game


def _reads(loc, side):
    g = open_game(loc)
    return "\n".join(x for e in side_journal(g, side, journal(loc), system_for(loc)) for x in (e.head, *e.lines))


def test_the_samples_are_labelled_samples_p5():
    from umpire.core.ruleset import load_ruleset
    rules = load_ruleset("wardogs")
    for key, kind in (("patrol_boat", "boat"), ("bunker_section", "structure"), ("mine_layer", "av")):
        t = rules.unit_types[key]
        assert t["kind"] == kind and "sample" in t["label"] and t["printed"] == []
    assert "sample" in rules.tables["units"].section("equipment")["mine_layer"]["label"].lower()


# ---------------------------------------------------------------------- a boat (p. 5)

RIVER = grid_with(10, 8, {f"05{r:02d}": "~" for r in range(1, 9)} | {"0605": "w", "0606": "w"})


def test_a_boat_moves_on_water_only_p5(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "Boat", "type": "patrol_boat", "hex": "0502", "facing": "S"}],
                       [{"id": "Tank", "type": "tank", "hex": "0908", "facing": "N"}], terrain=RIVER)
    down = checked(loc, "Boat", ["0502", "0503", "0504", "0505"])
    assert down.legal and [s.cost for s in down.steps[1:]] == [1, 1, 1]          # 1 MP a river hex
    assert checked(loc, "Boat", ["0502", "0503", "0504", "0505", "0605"]).legal      # into the lake
    ashore = checked(loc, "Boat", ["0502", "0402"])
    assert not ashore.legal and "may not enter clear" in ashore.reason and "Table 1" in ashore.rule


def test_a_boat_set_on_land_is_refused_in_one_line(tmp_path):
    with pytest.raises(UmpireError, match=r"River patrol boat \(sample\) cannot stand in clear hex 0402"):
        wardogs_game(tmp_path, [{"id": "Boat", "type": "patrol_boat", "hex": "0402"}],
                     [{"id": "Tank", "type": "tank", "hex": "0908"}], terrain=RIVER)


# ---------------------------------------------------------------------- a building of sections (p. 6, p. 16)

def _depot(tmp_path):
    """Red's depot: sections D1 (0503) and D2 (0504) in a column, and a lone bunker in 0403 next
    to D1 that is a building of its own; Blue's Coyote looks down the column from 0501."""
    loc = wardogs_game(tmp_path, [{"id": "Coyote", "type": "coyote", "hex": "0501", "facing": "S"}],
                       [{"id": "D1", "type": "bunker_section", "hex": "0503", "building": "Depot"},
                        {"id": "D2", "type": "bunker_section", "hex": "0504", "building": "Depot"},
                        {"id": "Lone", "type": "bunker_section", "hex": "0403"}])
    g = open_game(loc)
    p = g.map.grid.parse
    assert p("0504") in neighbours(p("0503")) and p("0403") in neighbours(p("0503"))
    return loc


def _fire(loc, shots, lock, damage):
    to_phase(loc, "declare", 3, 7)
    act(loc, "declare_fire", side="blue", shots=shots)
    no_fire_yet(loc)
    to_phase(loc, "lock_on", *lock)
    to_phase(loc, "damage", *damage)


def test_a_fallen_section_weakens_its_buildings_neighbours_and_opens_the_one_behind_p16(tmp_path):
    loc = _depot(tmp_path)
    # turn 1: the particle cannon's d10 9 +1 (short) over D1's AR 7 penetrates: a section dies
    # on penetration (our reading of "open to penetration damage")
    _fire(loc, "Coyote coyote_particle_cannon D1", (1,), (9,))
    g = open_game(loc)
    assert g.units["D1"].status == "destroyed"
    assert g.units["D2"].marks.ar == 6                          # its building's neighbour: -1 AR
    assert g.units["Lone"].marks.ar in (None, 7)                # next to it, but another building
    assert "D2 is weakened by the fall of D1: AR 6 (Wardogs p. 16)" in _reads(loc, "red")
    # turn 2: the autocannon's three d6 of 1 at medium range would all miss D2's AR 6 -- but the
    # line runs through D1's ruin: D2 meets them unarmoured, each 1 over AR 0 a penetration
    act(loc, "next_phase")
    _fire(loc, "Coyote coyote_autocannon D2", (1,), (1, 1, 1))
    g = open_game(loc)
    assert g.units["D2"].status == "destroyed"
    assert "Coyote fires through a fallen section of the building: C" in _reads(loc, "blue")
    assert "the last section of Depot is down: the building is destroyed (Wardogs p. 6)" in _reads(loc, "red")


def test_without_a_ruin_in_between_the_section_keeps_its_armour_p16(tmp_path):
    loc = _depot(tmp_path)
    _fire(loc, "Coyote coyote_autocannon D1", (1,), (1, 1, 1))
    g = open_game(loc)
    assert g.units["D1"].status == "on_map" and g.units["D1"].marks.ar in (None, 7)


# ---------------------------------------------------------------------- a mine layer (p. 18)

def _mined(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "Layer", "type": "mine_layer", "hex": "0203", "facing": "SE"}],
                       [{"id": "Tank", "type": "tank", "hex": "0305", "facing": "N"},
                        {"id": "Squad", "type": "squad", "hex": "0302"}])
    to_phase(loc, "movement")
    moves = [("blue", "Layer", ["0203", "0303"]), ("red", "Tank", ["0305", "0304", "0303", "0403"])]
    if open_game(loc).active_side == "red":             # the low roll moves first (p. 7 step 2)
        moves.reverse()
    for side, unit, path in moves:
        act(loc, "move", side=side, unit=unit, path=path)
    to_phase(loc, "defensive")
    if open_game(loc).active_side == "red":
        act(loc, "pass", side="red")
    return loc


def test_a_mine_layer_lays_a_secret_field_on_its_route_p18(tmp_path):
    loc = _mined(tmp_path)
    with pytest.raises(UmpireError, match=r"0606 is not on the route Layer travelled this turn \(0203, 0303; Wardogs p. 18\)"):
        act(loc, "lay_mines", side="blue", unit="Layer", hex="0606")
    act(loc, "lay_mines", side="blue", unit="Layer", hex="0303")
    g = open_game(loc)
    field = next(o for o in g.map.overlays if o.kind == "minefield")
    assert g.map.number(field.hex) == "0303" and field.secret and field.side == "blue" and field.detail == "land"
    assert g.units["Layer"].marks.equipment == {"mine_layer": 2}
    assert "Layer lays land mines in 0303: 2 fields left" in _reads(loc, "blue")
    assert "lays" not in _reads(loc, "red") and "mines" not in _reads(loc, "red")     # secret to its layer


def test_a_field_laid_attacks_only_who_enters_it_afterwards_p18(tmp_path):
    loc = _mined(tmp_path)
    act(loc, "lay_mines", side="blue", unit="Layer", hex="0303")
    to_phase(loc, "infantry")
    if open_game(loc).active_side == "blue":
        act(loc, "pass", side="blue")
    act(loc, "move", side="red", unit="Squad", path=["0302", "0303"])
    # the mine phase: the tank crossed 0303 before the field was laid -- no attack; the squad
    # entered after: strength d6 2, two d10 against AR 0
    to_phase(loc, "mines", 2, 4, 6)
    g = open_game(loc)
    lines = "\n".join(x for r in journal(loc) for x in r.log)
    assert "Squad sets off the minefield in 0303: strength 2" in lines
    assert "Tank sets off" not in lines
    assert g.units["Squad"].status == "destroyed"
