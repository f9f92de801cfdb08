"""War Blog unit types whose sections give little, played as the text allows: military police
as plain infantry (1.24), smugglers and tribes with no combat factors (1.37, 1.38), air assets
that cannot retreat (1.39), medical units (1.22), helicopters (1.26) and long-range missiles
(1.11)."""

import pytest

from umpire.actions import system_for
from umpire.core.errors import UmpireError

from .gamekit import act, game, make_game, marks
from .test_warblog_air import air, wb
from .test_warblog_play import _set_marks


def _sheet(loc, attackers, where="0403"):
    g = game(loc)
    return system_for(loc).assault_sheet(g, attackers, g.map.grid.parse(where), "assault")


def test_1_24_military_police_fight_as_infantry(tmp_path):
    """1.24: no abilities beyond the plain unit: the same worksheet as an infantry company's."""
    mp = make_game(tmp_path / "mp", [("P", "military_police_coy", "0303")], [("X", "infantry_coy", "0403")])
    inf = make_game(tmp_path / "inf", [("P", "infantry_coy", "0303")], [("X", "infantry_coy", "0403")])
    assert (_sheet(mp, ["P"]).attack, _sheet(mp, ["P"]).column) == (_sheet(inf, ["P"]).attack, _sheet(inf, ["P"]).column)


@pytest.mark.parametrize("utype", ["smugglers", "tribe"])
def test_1_37_1_38_smugglers_and_tribes_do_not_fight(tmp_path, utype):
    """1.37, 1.38: no combat or defence factor: they may not attack, and are assaulted at 7-1."""
    loc = make_game(tmp_path, [("S", utype, "0303")], [("X", "infantry_coy", "0403"), ("N", utype, "0603")])
    with pytest.raises(UmpireError, match="no attack strength"):
        act(loc, "assault", units=["S"], hex="0403")
    loc = make_game(tmp_path / "b", [("I", "infantry_coy", "0503")], [("N", utype, "0603")])
    assert _sheet(loc, ["I"], "0603").column == "7-1"


def test_1_39_air_assets_cannot_move_and_are_destroyed_rather_than_retreat(tmp_path):
    """1.39: no movement; forced to retreat (a DR at 2-1 on a D12 of 1) they are destroyed."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("A", "air_assets", "0403")])
    g = game(loc)
    assert not system_for(loc).check_move(g, "A", [g.map.grid.parse("0403"), g.map.grid.parse("0503")]).legal
    res = act(loc, "assault", 1, units=["T"], hex="0403")
    assert "2-1: DR" in res.summary and game(loc).units["A"].status == "destroyed"
    assert any("air assets cannot retreat and are destroyed (1.39)" in x for x in res.log)


def test_1_22_medical_units_heal_a_depression_more(tmp_path):
    """1.22 (our reading): each unit in a medical unit's hex sheds a depression more at the end of
    its side's turn -- A, standing still with it, 3 -> 1; B, moved in beside it, 3 -> 2; C, alone
    and still, 3 -> 2 (7.1)."""
    loc = make_game(tmp_path, [("M", "medical_coy", "0203"), ("A", "infantry_coy", "0203"),
                               ("B", "infantry_coy", "0202"), ("C", "infantry_coy", "0206")],
                    [("X", "infantry_bn", "0806")])
    for uid in "ABC":
        _set_marks(loc, uid, {"depressions": 3})
    act(loc, "move", unit="B", path=["0202", "0203"])
    res = act(loc, "pass", side="blue")
    assert [marks(loc, x).depressions for x in "ABC"] == [1, 2, 2]
    assert any("tended by medical units" in x and "(1.22)" in x for x in res.log)


def test_1_26_helicopters_strike_but_fly_no_air_superiority(tmp_path):
    """1.26, 11.5: a helicopter squadron strikes (ranged fire from over the target) under the
    battery's 2 in 70; it may not patrol the air superiority box."""
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503"), ("AD", "air_defence_bty", "0703")],
             air("blue", ("H", "helicopter_sqn")))
    with pytest.raises(UmpireError, match="1.26"):
        act(loc, "air_patrol", side="blue", unit="H")
    res = act(loc, "air_strike", 70, 6, 10, side="blue", unit="H", hex="0503")
    assert "a chance of 2 in 70 (1.14)" in "\n".join(res.log) and "H strikes 0503" in res.summary


def test_1_11_a_missile_strikes_any_seen_hex_past_the_air_defence(tmp_path):
    """1.11 (our reading, off-map fire as 1.18's off-table artillery): the SCUD brigade strikes the
    seen hex with no air defence roll though the battery is in range; it flies no patrol."""
    loc = wb(tmp_path, [], [("I", "infantry_bn", "0503"), ("AD", "air_defence_bty", "0703")],
             air("blue", ("S", "missile_bde")))
    with pytest.raises(UmpireError, match="1.11"):
        act(loc, "air_patrol", side="blue", unit="S")
    res = act(loc, "air_strike", 6, 10, side="blue", unit="S", hex="0503")
    text = "\n".join(res.log)
    assert "no air defence reaches it (1.11)" in text and "in 70" not in text and "S strikes 0503" in res.summary


def test_a_units_details_say_what_its_own_rule_does(tmp_path):
    """The inspector's rows for the sketched unit types: the signals company's radius (1.12, a
    sample), the bridging company's bridges (1.27); a plain company has no such row."""
    loc = make_game(tmp_path, [("S", "signals_coy", "0203"), ("B", "bridging_coy", "0204"), ("I", "infantry_coy", "0205")],
                    [("X", "infantry_bn", "0806")])
    g = game(loc)
    rows = {u: dict(system_for(loc).unit_details(g, g.units[u], umpire=False)) for u in "SBI"}
    assert rows["S"]["Special"] == "jams enemy units within 3 hexes, 1% a strength point (1.12)"
    assert rows["B"]["Special"] == "lays a bridge over a river beside it (1.27)" and "Special" not in rows["I"]
