"""War Blog minefields (2.4.6): a unit entering one stops there with `density` depressions (a
reading) and no movement left; engineers lay density 1 and clear by their strength, then rest
four turns."""

import pytest

from umpire.actions import system_for
from umpire.core.errors import UmpireError
from umpire.core.knowledge import build_view

from .gamekit import act, game, make_game

FIELD = '[[minefield]]\nside = "red"\ntype = "density_2"\nhexes = ["0503"]\nsecret = true\n'


def fields(loc, kind="minefield"):
    g = game(loc)
    return {g.map.number(o.hex): o for o in g.map.overlays if o.kind == kind}


def test_a_unit_meets_a_hidden_minefield_and_stops_in_it(tmp_path):
    """The move through 0503 is not refused -- Blue could not know -- but ends there: 2
    depressions, no movement left, so no attack; the field's marker is on the map now."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("X", "infantry_bn", "0806")], extra=FIELD)
    assert fields(loc)["0503"].secret
    check = system_for(loc).check_move(game(loc), "T", [game(loc).map.grid.parse(h) for h in ("0303", "0403", "0503",
                                                                                              "0603")])
    assert check.legal and game(loc).map.number(check.stop_at) == "0503"
    res = act(loc, "move", unit="T", path=["0303", "0403", "0503", "0603"])
    g = game(loc)
    t = g.units["T"]
    assert g.map.number(t.hex) == "0503" and t.marks.depressions == 2
    assert t.mp_spent == g.unit_type(t)["movement"] and "stopped by mines" in res.summary
    assert fields(loc)["0503"].known_to == ("blue",)          # the side struck knows of it now
    sheet = system_for(loc).assault_sheet(g, ["T"], g.map.grid.parse("0806"), "ranged")
    assert not sheet.legal
    act(loc, "pass", side="blue")
    act(loc, "pass", side="red")
    act(loc, "move", unit="T", path=["0503", "0403"])              # leaving costs nothing (2.4.6)
    assert game(loc).units["T"].marks.depressions <= 2


def test_engineers_lay_a_hidden_field_and_rest_four_turns(tmp_path):
    """1.16, 2.4.6: engineers lay a field of density 1, hidden from the enemy, then rest."""
    loc = make_game(tmp_path, [("E", "engineer_coy", "0404")], [("X", "infantry_bn", "0806")])
    act(loc, "lay_mines", side="blue", unit="E")
    f = fields(loc)["0404"]
    assert f.detail == "density_1" and f.secret and f.side == "blue"
    assert not [o for o in build_view(game(loc), "red").map.overlays if o.kind == "minefield"]
    assert game(loc).units["E"].marks.engineering == 5
    with pytest.raises(UmpireError, match=r"E is busy until turn 5"):
        act(loc, "clear_mines", side="blue", unit="E")


def test_engineers_clear_by_their_strength(tmp_path):
    """A density 3 field in the engineers' hex, strength 2: density 1 is left; laying where a
    field lies is refused."""
    extra = '[[minefield]]\nside = "red"\ntype = "density_3"\nhexes = ["0404"]\n'
    loc = make_game(tmp_path, [("E", "engineer_coy", "0404"), ("I", "infantry_coy", "0101")],
                    [("X", "infantry_bn", "0806")], extra=extra)
    with pytest.raises(UmpireError, match="0404 is mined already"):
        act(loc, "lay_mines", side="blue", unit="E")
    res = act(loc, "clear_mines", side="blue", unit="E")
    assert "density 3 -> 1" in res.summary and fields(loc)["0404"].detail == "density_1"
    with pytest.raises(UmpireError, match="is not an engineer unit"):
        act(loc, "clear_mines", side="blue", unit="I")
