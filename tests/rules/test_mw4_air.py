"""Advanced close air support (MW4 15.3-15.8): an aircraft flies edge to edge in the Indirect Fire
phase with its turn mode (15.31-15.35), acquires targets by keeping them in its forward arc for
five hexes at high altitude, learning only "a vehicle" or "infantry" (15.71-15.73), bombs the hex it
flies over (15.41), strafes at exactly three hexes from low altitude (15.51, 15.52), fires missiles
at vehicles (15.61-15.63), and is tracked and fired on by air defence (15.81, 15.82).  The sample
A-10 pair flies down column 17 onto 1/2, a BMP in the clear at 1726."""

import shutil
import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, undo
from umpire.core.errors import UmpireError
from umpire.core.journal import journal_rows
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal
from umpire.core.hexgrid import DIRECTIONS
from umpire.rules.mechwar4.air import in_arc

from .mapkit import MW4

COLUMN = [f"17{r:02d}" for r in range(1, 31)]          # the north edge to the south edge, straight


def faces(**by):
    """Typed dice by purpose: {word in the purpose: face}; anything else the program rolls."""
    def typed(purpose, count, sides):
        for word, face in by.items():
            if word.replace("_", " ") in purpose:
                return [face] * count
        return None
    return typed


@pytest.fixture()
def flying(tmp_path, sample_text):
    """The sample game with its A-10 pair made an advanced support from turn 1, at turn 1's
    Indirect Fire phase."""
    def make(load="bombs"):
        text = sample_text.replace('strength = 12\nfrom_turn = 3\n',
                                   f'strength = 12\nfrom_turn = 1\nadvanced = true\naircraft = "a10"\nload = "{load}"\n')
        assert 'aircraft = "a10"' in text
        scenario = tmp_path / f"air-{load}.toml"
        scenario.write_text(text)
        path = new_game(load_scenario(scenario), tmp_path / f"air-{load}.umpire")
        while open_game(path).phase != "indirect_fire":
            g = open_game(path)
            perform(path, "pass" if g.phase == "fire_move" else "next_phase", {}, system_for(path))
        return path
    return make


def fly(game_path, typed=None, **params):
    return perform(game_path, "air_pass", {"side": "nato", "support": "A-10 pair", **params}, system_for(game_path),
                   typed=typed)


def nato_text(path):
    g = open_game(path)
    return "\n".join(line for e in side_journal(g, "nato", journal_rows(path)) for line in (e.head, *e.lines))


def test_15_31_15_33_edge_to_edge_and_the_turn_mode(flying):
    path = flying()
    with pytest.raises(UmpireError, match="map-edge hex"):
        fly(path, path=COLUMN[1:10])
    turn_mode = MW4.tables["aircraft"].section("entry")["a10"]["turn_mode"]
    g = open_game(path)
    n, p = g.map.number, g.map.grid.parse
    south = DIRECTIONS.index(p("1702") - p("1701"))

    def bend(straight):
        """Down column 17 for `straight` hexes, then one hexside to the side to the map's edge."""
        hexes = [p("1701")]
        for _ in range(straight):
            hexes.append(hexes[-1] + DIRECTIONS[south])
        while g.map.contains(hexes[-1] + DIRECTIONS[(south + 1) % 6]):
            hexes.append(hexes[-1] + DIRECTIONS[(south + 1) % 6])
        return [n(h) for h in hexes]
    with pytest.raises(UmpireError, match=f"turn mode is {turn_mode}"):
        fly(path, path=bend(turn_mode - 1))
    assert "flies its pass" in fly(path, typed=faces(air_defence=6), path=bend(turn_mode)).summary


def test_15_71_15_73_acquisition_tells_the_side_a_vehicle_never_the_unit(flying, qapp, tmp_path):
    path = flying()
    res = fly(path, typed=faces(acquisition=6, air_defence=6), path=COLUMN)
    g = open_game(path)
    acquired = [o for o in g.map.overlays if o.kind == "acquired"]
    assert any(g.map.number(o.hex) == "1726" and o.detail.startswith("a vehicle") and o.side == "nato" and o.secret
               for o in acquired)
    assert any("acquires a vehicle in 1726" in x and "15.73" in x for x in res.log)
    text = nato_text(path)
    assert "acquires a vehicle in 1726" in text
    assert "1/2" not in text and "BMP" not in text                             # never the unit (15.73)
    # the bytes NATO is given do not change when what it never saw moves and is renamed
    from test_side_leaks import artifacts, hide_the_unseen
    before = artifacts(qapp, path, "nato", tmp_path / "before")
    copy = tmp_path / "hidden.umpire"
    shutil.copy(path, copy)
    assert hide_the_unseen(str(copy), "nato")["units"]
    after = artifacts(qapp, str(copy), "nato", tmp_path / "after")
    assert before == after
    undo(path)
    assert not [o for o in open_game(path).map.overlays if o.kind == "acquired"]


def test_15_72_a_failed_die_acquires_nothing(flying):
    path = flying()
    fly(path, typed=faces(acquisition=1, air_defence=6), path=COLUMN)
    assert not [o for o in open_game(path).map.overlays if o.kind == "acquired"]


def test_15_52_strafing_from_low_at_exactly_three_hexes_strikes_the_acquired_vehicle(flying):
    path = flying()
    low = COLUMN[19:]                                    # low from 1720 on: acquired high before
    res = fly(path, typed=faces(acquisition=6, air_defence=6, strafes=6), path=COLUMN, low=low,
              strikes="strafe 1723 1726")
    log = "\n".join(res.log)
    assert "strafes the vehicle in 1726 (10M" in log and "MW4 15.51" in log
    row = journal(path)[-1]
    attack = [i for i, x in enumerate(row.log) if "1/2" in x]
    assert attack and all(row.readers.get(str(i)) in ("warpac", ["warpac"]) for i in attack)     # the result is theirs
    with pytest.raises(UmpireError):
        fly(path, path=COLUMN, low=low, strikes="strafe 1722 1726, strafe 1723 1726, bomb 1726, bomb 1725")


def test_15_52_not_from_high_nor_at_another_range(flying):
    path = flying()
    res = fly(path, typed=faces(acquisition=6, air_defence=6), path=COLUMN, strikes="strafe 1722 1726")
    assert "only at low altitude, exactly 3 hexes ahead" in "\n".join(res.log)


def test_15_41_a_bombing_strike_over_the_hex_strikes_each_unit_there(flying):
    path = flying()
    res = fly(path, typed=faces(air_defence=6), path=COLUMN, low=COLUMN[20:], strikes="bomb 1726")
    log = "\n".join(res.log)
    assert "bombs 1726 from low altitude: 12H, tight, no scatter (MW4 15.41)" in log
    assert "may not button up against an air strike" in log                    # 15.24, the BMP
    with pytest.raises(UmpireError, match="flies over its target hex"):
        fly(path, path=COLUMN, strikes="bomb 1720 1726")


def test_15_62_15_63_missiles_at_an_acquired_vehicle_then_depletion(flying):
    path = flying("asm")
    res = fly(path, typed=faces(acquisition=6, air_defence=6, missile_at=6, spent=1), path=COLUMN,
              strikes="missile 1716 1726, missile 1717 1726")
    log = "\n".join(res.log)
    assert "fires a missile at the vehicle in 1726 (15M" in log and "MW4 15.62" in log
    assert "its missiles are spent (1) (MW4 15.63)" in log and "no missile at 1726: spent (MW4 15.63)" in log


def test_15_81_air_defence_tracks_and_shoots_down(flying):
    path = flying()
    g = open_game(path)
    h = g.map.grid.parse("1920")
    with sqlite3.connect(path) as c:                    # T1 made a ZSU-23-4 two hexes off the path
        c.execute("UPDATE unit SET type = 'sov_zsu', q = ?, r = ? WHERE id = 'T1'", (h.q, h.r))
    assert MW4.unit_types["sov_zsu"]["flak"] == "z23"
    res = fly(path, typed=faces(air_defence=1, survives=6, acquisition=1), path=COLUMN, strikes="bomb 1726")
    assert "shot down" in res.summary
    fired_on = [x for x in nato_text(path).splitlines() if "fired on by air defence" in x]
    assert fired_on and "shot down (6 against" in fired_on[-1]
    assert not any("T1" in x or "ZSU" in x or "1920" in x for x in fired_on)      # not who, nor from where
    assert "bombs 1726" not in "\n".join(res.log)                             # the pass ended first
    assert "fires at an enemy aircraft" in "\n".join(res.log)
    assert open_game(path).support_used["A-10 pair"]["strikes"] == [1]


def test_15_23_each_pass_flies_one_of_the_supports_strikes(flying):
    path = flying()
    fly(path, typed=faces(air_defence=6), path=COLUMN)
    fly(path, typed=faces(air_defence=6), path=COLUMN)
    with pytest.raises(UmpireError, match="flown all its 2 strikes"):
        fly(path, path=COLUMN)


def test_forward_arc_is_the_wedge_ahead():
    from umpire.core.hexgrid import Hex
    at = Hex(5, 5)
    for face, d in enumerate(DIRECTIONS):
        assert in_arc(at, face, at + d + d) and not in_arc(at, face, at - d)
