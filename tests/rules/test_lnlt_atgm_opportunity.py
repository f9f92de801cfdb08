"""Lock 'n Load Tactical 14.1: an ATGM-firing unit may be fired at before its attack resolves,
and any damage check on it makes the shot a miss.  Umpire holds every ATGM shot (guided.py): the
firer is marked Fired and paused with its missile in flight until its side halts it."""

from umpire.core.engine import undo

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt


def _fire(tmp_path):
    loc = lnlt(tmp_path, [("W", "us_tow_team", "0103")], [("T", "nva_squad", "0603"), ("X", "nva_squad", "0303")])
    blue_first(loc)
    res = act(loc, "assault", side="blue", units=["W"], hex="0603", kind="ordnance")
    return loc, res


def test_14_1_the_tow_is_held_with_its_missile_in_flight(tmp_path):
    """14.1: no dice yet -- the TOW is marked Fired and paused, Blue keeps its impulse; halted,
    the shot resolves: 3 + 2 = 5 at or under 9 hits, HE 3 - 1 (HEAT in the open) + 4 = 6 against
    2: DC+4; the coloured die 2 is not under 2."""
    loc, res = _fire(tmp_path)
    assert "W's missile is in flight towards 0603: the enemy may fire at W before it strikes (14.1)" in \
        "\n".join(res.log)
    g = game(loc)
    w = g.units["W"]
    assert w.paused and w.fired and w.marks.guiding.target == "T" and g.active_side == "blue"
    res = act(loc, "halt", 3, 2, 4, 2, 1, side="blue", unit="W")
    text = "\n".join(res.log)
    assert "To hit: 5 against 9: hit" in text and "6 against 2 -- damage checks at DC+4 (14.1)" in text
    assert "coloured die 2, not under 2 (14.1)" in text
    g = game(loc)
    assert g.units["W"].marks.guiding is None and not g.units["W"].paused and g.active_side == "red"


def test_14_1_opportunity_fire_with_a_damage_check_on_the_firer_makes_the_shot_a_miss(tmp_path):
    """14.1: X fires at the held TOW two hexes off as opportunity fire (5.3): 2 + 4 = 6 against
    4 + 0: DC+2; the team checks 1 + 2 = 3, within its morale -- unharmed, yet its shot misses;
    halted, no to-hit is rolled and no depletion."""
    loc, _res = _fire(tmp_path)
    res = act(loc, "assault", 2, 4, 1, side="red", units=["X"], hex="0103", kind="fire")
    text = "\n".join(res.log)
    assert "Opportunity fire" in text and "W takes a damage check with its missile in flight: the shot misses (14.1)" \
        in text
    w = game(loc).units["W"]
    assert w.marks.guiding.spoiled and w.on_map and not w.marks.shaken and game(loc).active_side == "blue"
    res = act(loc, "halt", side="blue", unit="W")
    text = "\n".join(res.log)
    assert "W's missile misses: a damage check spoiled it (14.1)" in text and "To hit" not in text
    assert not game(loc).units["T"].marks.shaken and game(loc).active_side == "red"


def test_14_1_fire_that_does_nothing_leaves_the_shot_and_undo_takes_it_back(tmp_path):
    loc, _res = _fire(tmp_path)
    act(loc, "assault", 1, 6, side="red", units=["X"], hex="0103", kind="fire")         # 1 + 4 against 6: none
    assert not game(loc).units["W"].marks.guiding.spoiled
    act(loc, "halt", 3, 2, 4, 2, 6, side="blue", unit="W")        # DC+4: 6 + 4 = 10 against morale 6: Shaken
    assert game(loc).units["T"].marks.shaken
    for _ in range(3):
        undo(loc)
    g = game(loc)
    assert not g.units["W"].paused and not g.units["W"].fired and g.units["W"].marks.guiding is None
