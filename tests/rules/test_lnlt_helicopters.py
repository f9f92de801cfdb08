"""Lock 'n Load Tactical helicopters: modes (19.2.1), small arms at them (19.2.8), passengers
(19.4) and the DCT's helicopter column (Damaged, Destroyed: the crash)."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt

WOODS = "\n".join(["..........", "..........", "..wwww....", "..........", "..........", ".........."])


def _sheet(loc, who, where, how="fire", at=None):
    from umpire.actions import system_for
    g = game(loc)
    return system_for(loc).assault_sheet(g, [who], g.map.grid.parse(where), how, at)


def test_a_helicopter_flies_over_anything_and_ends_in_a_mode(tmp_path):
    """19.2.1: the Huey crosses the woods at 1 MP a hex (our reading), ends Hovering with
    pace hover, lands with pace land; a squad gets on only while it hovers or lands (19.4)."""
    loc = lnlt(tmp_path, [("H", "us_uh1", "0103"), ("A", "us_squad", "0603")], [("X", "nva_squad", "1006")],
               terrain=WOODS)
    blue_first(loc)
    from umpire.actions import system_for
    g = game(loc)
    h = g.map.grid.parse
    check = system_for(loc).check_move(g, "H", [h(x) for x in ("0103", "0203", "0303", "0403", "0503")])
    assert check.legal and check.steps[-1].total == 4
    with pytest.raises(UmpireError, match="19.4"):
        act(loc, "move", side="blue", unit="H", path=["0103", "0203"], mount=["A"])
    act(loc, "move", side="blue", unit="H", path=["0103", "0203", "0303", "0403", "0503", "0603"], pace="hover")
    assert game(loc).units["H"].marks.flight == "hover"


def _set(loc, uid, **values):
    from umpire.core.changes import Change, apply
    from umpire.core.engine import ACTIONS

    def setter(ctx):
        apply(ctx, [Change("unit", uid, values)])
        return f"test sets {uid}", None
    ACTIONS["test_heli_set"] = setter
    act(loc, "test_heli_set")


def test_small_arms_at_a_flying_helicopter(tmp_path):
    """19.2.1, 19.2.8: the squad (range 5) fires at the Flying Huey 2 hexes off: -2, no target
    modifier for the woods below, its armour factor 1 on the defence; 3 hexes off is beyond half
    its range.  Landed, the woods' modifier counts again."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("B", "us_squad", "0603")],
               [("H", "us_uh1", "0303"), ("X", "nva_squad", "1006")], terrain=WOODS)
    _set(loc, "H", flight="flying")
    s = _sheet(loc, "A", "0303", at="H")
    assert dict(s.modifiers)["helicopter target Flying (19.2.1)"] == -2 and s.defence == 1
    far = _sheet(loc, "B", "0303", at="H")
    assert not far.legal and "beyond B's range of 5" in far.reason
    _set(loc, "H", flight=None)
    from umpire.rules.lnlt.state import tm
    g = game(loc)
    landed = _sheet(loc, "A", "0303", at="H")
    assert landed.defence == tm(g, g.map.grid.parse("0303")) + 1 and tm(g, g.map.grid.parse("0303")) > 0
    assert not any("19.2.1" in k for k in dict(landed.modifiers))


def test_a_flying_gunship_fires_worse(tmp_path):
    """19.2.1: the Cobra firing in Flying mode is -2 on the DFT."""
    loc = lnlt(tmp_path, [("C", "us_ah1", "0103")], [("X", "nva_squad", "0403")])
    _set(loc, "C", flight="flying")
    assert dict(_sheet(loc, "C", "0403").modifiers)["helicopter firing in Flying mode (19.2.1)"] == -2


def test_damaged_it_leaves_the_map_destroyed_it_crashes(tmp_path):
    """DCT helicopter column (morale 6): the squad next to the Hovering Huey, 6 + 5 + 2 - 1 = 12
    against 1 + 1 (its armour factor) = 2: DC+10.  A damage check of 11 (over 6, under 12):
    Damaged -- it leaves the map with its riders.  One of 13 (12 or more): Destroyed -- it
    crashes on 2d6 (1: north, 4 halved: 2 hexes) into 0302, a Wreck there; its crew bails out
    on a 6 (lost) and the squad aboard comes down there, checks damage and bails out (15.4)."""
    def shoot(where, *faces):
        loc = lnlt(tmp_path / where, [("A", "us_squad", "0303")],
                   [("H", "us_uh1", "0304"), ("R", "nva_squad", "0304", "H"), ("X", "nva_squad", "1006")])
        _set(loc, "H", flight="hover")
        blue_first(loc)
        return loc, act(loc, "assault", *faces, side="blue", units=["A"], hex="0304", kind="fire", at="H")
    loc, res = shoot("damaged", 6, 1, 1, 1)
    g = game(loc)
    assert g.units["H"].status == "exited" and g.units["R"].status == "exited"
    assert "leaves the map" in "\n".join(res.log)
    loc, res = shoot("destroyed", 6, 1, 3, 1, 4, 6, 4, 4)
    g = game(loc)
    assert g.units["H"].status == "destroyed"
    assert "H crashes in 0302 (1: direction, 4 halved up: 2 hexes, DCT)" in "\n".join(res.log)
    assert [g.map.number(o.hex) for o in g.map.overlays if o.kind == "wreck"] == ["0302"]
    assert g.map.number(g.units["R"].hex) == "0302" and g.units["R"].marks.shaken


def test_only_guided_anti_aircraft_ordnance_fires_at_it_flying(tmp_path):
    """19.2.1: the M48's gun may not fire at the Flying Huey; at it Hovering, +1 to hit."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0103")], [("H", "us_uh1", "0503"), ("X", "nva_squad", "0504")])
    from umpire.core.changes import Change, apply
    from umpire.core.engine import ACTIONS

    def fly(ctx):
        apply(ctx, [Change("unit", "H", {"flight": "flying"})])
        return "up", None
    ACTIONS["test_fly2"] = fly
    act(loc, "test_fly2")
    s = _sheet(loc, "T", "0503", "ordnance", at="H")
    assert not s.legal and "(19.2.1)" in s.reason
    _set(loc, "H", flight="hover")
    assert dict(_sheet(loc, "T", "0503", "ordnance", at="H").modifiers)["helicopter target Hovering (19.2.1)"] == 1


def test_a_rubber_boat_keeps_to_the_river_and_is_easier_to_hit_on_it(tmp_path):
    """23.3.1: the rubber boat moves along the river (1 a hex) and runs aground on the bank only
    as the last hex of its move (test_lnlt_boats.py); the NVA squad's fire at it, and the rifle
    team's gun, take +1 (as the aid prints both)."""
    river = "\n".join(["..........", "..........", "~~~~~~~~~~", "..........", "..........", ".........."])
    loc = lnlt(tmp_path, [("B", "us_rubber_boat", "0103")],
               [("X", "nva_squad", "0405"), ("R", "nva_rr_team", "0406")], terrain=river)
    from umpire.actions import system_for
    g = game(loc)
    h = g.map.grid.parse
    ok = system_for(loc).check_move(g, "B", [h("0103"), h("0203"), h("0303")])
    assert ok.legal and ok.steps[-1].total == 2
    assert not system_for(loc).check_move(g, "B", [h("0103"), h("0104"), h("0105")]).legal
    assert dict(_sheet(loc, "X", "0103", at="B").modifiers)["target in a rubber boat on a river (23.3.1)"] == 1
    assert dict(_sheet(loc, "R", "0103", "ordnance", at="B").modifiers)[
        "target in a rubber boat on a river (23.3.1)"] == 1
