"""Lock 'n Load Tactical air support (19.1): a scenario's [[air]] called by a leader on a hex
he sees, no roll to hit, attacking it as artillery does -- and its aircraft as targets (19.1.1):
it comes over the hex paused, the enemy's guided anti-aircraft may fire at it (+2 on the OFT,
penetration against its armour), and the strike falls when its side halts it."""

import pytest

from umpire.core.engine import undo
from umpire.core.errors import UmpireError

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt

AIR = '[[air]]\nid = "Skyraiders"\nside = "blue"\nlabel = "A-1 Skyraiders"\nstrikes = 1\nstrength = 6\n'


def _sheet(loc, who, where, how="ordnance"):
    from umpire.actions import system_for
    g = game(loc)
    return system_for(loc).assault_sheet(g, [who], g.map.grid.parse(where), how)


def _called(tmp_path, red=()):
    loc = lnlt(tmp_path, [("L", "us_leader", "0103"), ("M", "us_leader", "0104")],
               [("X", "nva_squad", "0503"), *red], extra=AIR)
    blue_first(loc)
    res = act(loc, "air_support", side="blue", unit="L", hex="0503")
    return loc, res


def test_19_1_air_support_strikes_a_hex_without_a_roll_to_hit(tmp_path):
    """19.1: the leader calls the Skyraiders (firepower 6) on the squad 4 hexes off; the aircraft
    comes over 0503 and Blue keeps its impulse (19.1.1); halted, it strikes: 3 + 6 = 9 against
    2 + 0 = 2, DC+7; the squad checks 2 + 7 = 9 against morale 6: Shaken.  The aircraft leaves;
    its one strike spent, a second call is refused."""
    loc, res = _called(tmp_path)
    g = game(loc)
    assert "aircraft comes over 0503" in "\n".join(res.log) and g.units["aircraft"].paused
    assert g.units["aircraft"].side == "blue" and g.active_side == "blue" and g.units["L"].marks.ops_complete
    with pytest.raises(UmpireError, match="paused"):
        act(loc, "pass", side="blue")
    res = act(loc, "halt", 3, 2, 2, side="blue", unit="aircraft")
    text = "\n".join(res.log)
    assert "0503: 9 against 2 -- damage checks at DC+7" in text and "leaves the map after its strike (19.1)" in text
    g = game(loc)
    assert g.units["X"].marks.shaken and g.units["aircraft"].status == "removed" and g.active_side == "red"
    act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match="no air support"):
        act(loc, "air_support", side="blue", unit="M", hex="0503")


def test_19_1_1_an_sa7_shoots_the_aircraft_down_before_its_strike(tmp_path):
    """19.1.1, 14.1: the SA-7 two hexes off fires at the aircraft out of turn: 3 + 2 = 5, +2 for a
    fixed-wing aircraft = 7, at or under 8: a hit; penetration 4 + 6 = 10 against 2 + armour 3 = 5:
    destroyed -- it crashes a hex north (1; 2 halved), nobody there.  The strike is lost: the squad
    is untouched, and Red acts next."""
    loc, _res = _called(tmp_path, [("S", "nva_sa7_team", "0703")])
    sheet = _sheet(loc, "S", "0503")
    assert dict(sheet.modifiers) == {"fixed-wing aircraft (19.1.1)": 2} and sheet.defence == 8
    res = act(loc, "assault", 3, 2, 4, 2, 1, 2, side="red", units=["S"], hex="0503", kind="ordnance")
    text = "\n".join(res.log)
    assert "To hit: 7 against 8: hit" in text and "10 against 5 on aircraft -- penetrates: destroyed" in text
    assert "aircraft crashes in 0502" in text and "its strike on 0503 is lost (19.1.1)" in text
    g = game(loc)
    assert g.units["aircraft"].status == "destroyed" and not g.units["X"].marks.shaken
    assert g.active_side == "red" and not any(u.paused for u in g.units.values())


def test_19_1_1_an_equal_roll_damages_the_aircraft_and_it_aborts(tmp_path):
    """14.1's aircraft rows: penetration 2 + 6 = 8 against 5 + 3 = 8: damaged, it aborts."""
    loc, _res = _called(tmp_path, [("S", "nva_sa7_team", "0703")])
    res = act(loc, "assault", 3, 2, 2, 5, side="red", units=["S"], hex="0503", kind="ordnance")
    assert "damaged and aborts: its strike on 0503 is lost (19.1.1)" in "\n".join(res.log)
    assert game(loc).units["aircraft"].status == "removed" and game(loc).active_side == "red"


def test_19_1_1_a_miss_and_the_strike_falls_and_undo_takes_the_call_back(tmp_path):
    loc, _res = _called(tmp_path, [("S", "nva_sa7_team", "0703")])
    act(loc, "assault", 6, 6, side="red", units=["S"], hex="0503", kind="ordnance")       # 12 always misses
    act(loc, "halt", 3, 2, 2, side="blue", unit="aircraft")
    assert game(loc).units["X"].marks.shaken
    undo(loc)
    undo(loc)
    undo(loc)
    g = game(loc)
    assert "aircraft" not in g.units and not g.support_used.get("Skyraiders", {}).get("strikes")
    assert not g.units["L"].marks.ops_complete


def test_19_1_1_only_guided_anti_aircraft_fires_at_air_support(tmp_path):
    loc, _res = _called(tmp_path, [("Y", "nva_squad", "0603"), ("R", "nva_rr_team", "0703")])
    for who, how in (("Y", "fire"), ("R", "ordnance")):
        sheet = _sheet(loc, who, "0503", how)
        assert not sheet.legal and "only guided anti-aircraft weapons fire at air support (19.1.1)" in sheet.reason


def test_19_1_1_a_scenario_places_no_aircraft_counter(tmp_path):
    """19.1: the aircraft comes with a strike; a scenario placing one is refused, the unit named."""
    from umpire.core.errors import ScenarioError
    with pytest.raises(ScenarioError, match=r'unit "F": F is a strike aircraft: an air strike puts one over its '
                                            r'target \(19.1\)'):
        lnlt(tmp_path, [("F", "fixed_wing", "0103")], [("X", "nva_squad", "0503")])
