"""Lock 'n Load Tactical assault movement and assault fire (6.1, 6.1.1): half the MPs and a fire
at -2 in one impulse, in either order; the side acts on between the two halves (the core's
impulse that goes on), and a pass then only ends the impulse."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act, game, make_game


def blue_to_act(tmp_path):
    loc = make_game(tmp_path, [("A", "us_squad", "0103"), ("B", "us_squad", "0105")], [("X", "nva_squad", "0603")],
                    rules="lnlt", cols=10)
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    return loc


def test_assault_movement_then_fire_in_one_impulse(tmp_path):
    """6.1: 2 of its 4 MP, the side still to act, only A may act; then A fires: 5 + 5 - 2 = 8
    against 3 + TM 0 = 3: DC+5; now the other side acts."""
    loc = blue_to_act(tmp_path)
    with pytest.raises(UmpireError, match="3 of 2 MP"):
        act(loc, "move", side="blue", unit="A", path=["0103", "0203", "0303", "0403"], pace="assault")
    act(loc, "move", side="blue", unit="A", path=["0103", "0203", "0303"], pace="assault")
    g = game(loc)
    assert g.active_side == "blue" and g.units["A"].marks.assault == "move"
    with pytest.raises(UmpireError, match="A's assault is not over"):
        act(loc, "move", side="blue", unit="B", path=["0105", "0205"])
    with pytest.raises(UmpireError, match="assault move: it may fire now"):
        act(loc, "move", side="blue", unit="A", path=["0303", "0403"])
    res = act(loc, "assault", 5, 3, 1, side="blue", units=["A"], hex="0603", kind="fire")
    assert "assault movement or fire (6.1): -2" in "\n".join(res.log) and "8 against 3, DC+5" in res.summary
    g = game(loc)
    assert g.active_side == "red" and not g.units["A"].marks.assault and g.units["A"].fired


def test_assault_fire_then_half_the_movement(tmp_path):
    """6.1.1: fire first at -2, then up to half the MPs; then the other side acts."""
    loc = blue_to_act(tmp_path)
    res = act(loc, "assault", 5, 3, 1, side="blue", units=["A"], hex="0603", kind="assault_fire")
    assert res.log[0].startswith("Assault fire on 0603 by A") and game(loc).active_side == "blue"
    with pytest.raises(UmpireError, match="3 of 2 MP"):
        act(loc, "move", side="blue", unit="A", path=["0103", "0203", "0303", "0403"])
    act(loc, "move", side="blue", unit="A", path=["0103", "0203", "0303"])
    g = game(loc)
    assert g.active_side == "red" and not g.units["A"].marks.assault and g.map.number(g.units["A"].hex) == "0303"


def test_a_pass_between_the_halves_only_ends_the_impulse(tmp_path):
    loc = blue_to_act(tmp_path)
    act(loc, "move", side="blue", unit="A", path=["0103", "0203"], pace="assault")
    res = act(loc, "pass", side="blue")
    g = game(loc)
    assert "ends its impulse" in res.summary and g.active_side == "red" and g.passed == ()
    assert not g.units["A"].marks.assault


def test_a_scout_slips_into_cover_next_to_the_enemy_unseen(tmp_path):
    """6.4, 6.4.1, 11.6: stealth (assault) movement (half the MPs) into woods next to an NVA squad: not spotted
    for moving nor for being adjacent (a unit walking in would be, 10.1); a squad may not use it."""
    terrain = "\n".join(["..........", "..........", "...www....", "..........", "..........", ".........."])
    loc = make_game(tmp_path, [("S", "us_scout", "0303"), ("A", "us_squad", "0305")],
                    [("X", "nva_squad", "0603"), ("Y", "nva_squad", "0503")], terrain=terrain, rules="lnlt", cols=10)
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match="stealth movement is for scouts"):
        act(loc, "move", side="blue", unit="A", path=["0305", "0405"], pace="stealth")
    from umpire.actions import system_for
    g = game(loc)
    h = g.map.grid.parse
    assert system_for(loc).check_move(g, "S", [h("0303"), h("0403")], {"pace": "stealth"}).watchers == {}
    act(loc, "move", side="blue", unit="S", path=["0303", "0403"], pace="stealth")
    g = game(loc)
    assert g.units["S"].marks.stealth and g.contacts[("red", "S")].status == "last_known"
    assert g.active_side == "blue"                          # its assault fire may follow (6.4 as 6.1)


def test_a_scout_spots_two_better_and_calls_the_artillery(tmp_path):
    """11.6: 4 - 2 + 1 (the woods on the way) = 3, at or under 3 in degrading terrain: spotted;
    18.2: scouts and leaders call the artillery, squads do not."""
    terrain = "\n".join(["..........", "..........", "...www....", "..........", "..........", ".........."])
    loc = make_game(tmp_path, [("S", "us_scout", "0303"), ("A", "us_squad", "0103")],
                    [("Y", "nva_squad", "0503")], terrain=terrain, rules="lnlt", cols=10,
                    extra='[[artillery]]\nid = "81mm"\nside = "blue"\nlabel = "Mortars"\nconcentrations = 1\nstrength = 4\n')
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    res = act(loc, "spot_attempt", 4, side="blue", unit="S", hex="0503")
    assert "spotted" in res.summary and game(loc).contacts[("blue", "Y")].status == "seen"
    act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match="not a Good Order leader or scout"):
        act(loc, "fire_mission", side="blue", unit="A", hex="0503")
