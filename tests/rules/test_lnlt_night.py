"""Lock 'n Load Tactical star shells (20.2, 9.0) and fires (10.5.6)."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt


def _mods(loc, who, where, how="fire"):
    from umpire.actions import system_for
    g = game(loc)
    return dict(system_for(loc).assault_sheet(g, [who], g.map.grid.parse(where), how).modifiers)


def test_a_star_shell_lifts_the_night_penalty_until_the_administrative_phase(tmp_path):
    """20.1: at night the squad firing 4 hexes takes -3; 20.2: the leader's star shell over the
    hex next to the target lights it (its hex and the six around, our reading): no penalty; the
    Administrative phase removes it (9.0) and the penalty is back."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("L", "us_leader", "0105")], [("X", "nva_squad", "0503")],
               night=True)
    blue_first(loc)
    assert _mods(loc, "A", "0503")["at night beyond 2 hexes (20.1)"] == -3
    res = act(loc, "star_shell", side="blue", unit="L", hex="0603")
    assert "star shell over 0603 (20.2)" in res.summary and game(loc).units["L"].marks.ops_complete
    assert not any("night" in k for k in _mods(loc, "A", "0503"))
    act(loc, "pass", side="red")
    act(loc, "end_turn", 6, 1)
    g = game(loc)
    assert not any(o.kind == "star_shell" for o in g.map.overlays)
    blue_first(loc)
    assert _mods(loc, "A", "0503")["at night beyond 2 hexes (20.1)"] == -3


def test_star_shells_are_for_the_night_and_for_leaders_and_mortars(tmp_path):
    """20.2: by day no star shell; a squad fires none."""
    loc = lnlt(tmp_path / "day", [("L", "us_leader", "0105")], [("X", "nva_squad", "0503")])
    blue_first(loc)
    with pytest.raises(UmpireError, match="at night"):
        act(loc, "star_shell", side="blue", unit="L", hex="0503")
    loc = lnlt(tmp_path / "night", [("A", "us_squad", "0103")], [("X", "nva_squad", "0503")], night=True)
    blue_first(loc)
    with pytest.raises(UmpireError, match="leader or mortar"):
        act(loc, "star_shell", side="blue", unit="A", hex="0503")


def test_a_natural_six_into_brush_may_start_a_fire(tmp_path):
    """10.5.6: the squad rolls a natural 6 at the squad in brush (flammable): the fire check 5
    starts a Fire 1 there; a 4 does not; into clear ground (not flammable) no check at all."""
    brush = "\n".join(["..........", "..........", "....b.....", "..........", "..........", ".........."])

    def shoot(where, *faces):
        loc = lnlt(tmp_path / f"{where}{faces[-1]}", [("A", "us_squad", "0103"), ("B", "us_squad", "0403")],
                   [("X", "nva_squad", "0503")], terrain=brush if where == "brush" else None)
        blue_first(loc)
        res = act(loc, "assault", *faces, side="blue", units=["A"], hex="0503", kind="fire")
        return res, [o for o in game(loc).map.overlays if o.kind == "fire"]
    # the attack's natural 6, the defence 1, X's damage check 2, then the fire check (B spots X)
    res, fires = shoot("brush", 6, 1, 2, 5)
    assert [o.detail for o in fires] == ["Fire 1, turn 1"] and "fire check 5 -- Fire 1 (10.5.6)" in "\n".join(res.log)
    res, fires = shoot("brush", 6, 1, 2, 4)
    assert not fires and "fire check 4, no fire (10.5.6)" in "\n".join(res.log)
    res, fires = shoot("clear", 6, 1, 2)
    assert not fires and "fire check" not in "\n".join(res.log)
