"""Lock 'n Load Tactical fire spread (10.5.6.1), checked in the Administrative phase (9.0 step 2).
The aid names the check but not its procedure: Umpire ships a sample rule (fire.toml): 1d6 at
or under 2 spreads the fire, a second 1d6 its direction (1 north), into a flammable hex not
already burning."""

from umpire.core.engine import undo

from .gamekit import act, game
from .test_lnlt_vehicles import lnlt

BRUSH = "\n".join(["bbbbbbbbbb"] * 5 + [".........."])
FIRE = '[[map.overlay]]\nkind = "fire"\nhexes = ["0503"]\n'


def _to_administrative(loc, *faces):
    act(loc, "next_phase")
    for _ in range(2):
        act(loc, "pass", side=game(loc).active_side)
    return act(loc, "pass", *faces, side=game(loc).active_side)


def fires(loc):
    g = game(loc)
    return sorted(g.map.number(o.hex) for o in g.map.overlays if o.kind == "fire")


def test_10_5_6_1_a_fire_spreads_north_into_brush(tmp_path):
    """10.5.6.1 (sample rule): 2, at or under 2, spreads; direction 1: north, 0502, brush: a Fire
    1 there.  Every side reads it (a fire all see); undo takes it back."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0101")], [("X", "nva_squad", "1006")], terrain=BRUSH, overlays=FIRE)
    res = _to_administrative(loc, 2, 1)
    assert game(loc).phase == "administrative"
    assert fires(loc) == ["0502", "0503"]
    assert "the fire in 0503 spreads to 0502 (2, direction 1): Fire 1 (10.5.6.1, sample rule)" in res.log
    from umpire.actions import system_for
    from umpire.core.engine import journal
    from umpire.core.witness import side_journal
    for side in ("blue", "red"):
        said = [x for e in side_journal(game(loc), side, journal(loc), system_for(loc)) for x in (e.head, *e.lines)]
        assert any("spreads to 0502" in x for x in said), side
    undo(loc)
    assert fires(loc) == ["0503"]


def test_10_5_6_1_a_high_roll_or_clear_ground_stops_it(tmp_path):
    """3 does not spread; a spread north into the clear bottom row from 0505 finds nothing to burn."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0101")], [("X", "nva_squad", "1006")], terrain=BRUSH, overlays=FIRE)
    res = _to_administrative(loc, 3)
    assert fires(loc) == ["0503"] and "the fire in 0503 does not spread (3; 10.5.6.1, sample rule)" in res.log
    south = FIRE.replace("0503", "0505")
    loc = lnlt(tmp_path / "s", [("A", "us_squad", "0101")], [("X", "nva_squad", "1001")], terrain=BRUSH,
               overlays=south)
    res = _to_administrative(loc, 1, 4)                  # 4: south, into 0506, clear ground
    assert fires(loc) == ["0505"] and any("0506 will not burn" in x for x in res.log)
