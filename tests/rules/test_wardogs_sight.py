"""Wardogs sight by height (Wardogs pp. 6, 12-13): the double-blind spotting Umpire adds -- each
side sees what its units' heights let them see.  Flat-topped hexes: 0302, 0303, 0304 and 0305
lie in one straight line down column 03."""

from umpire.rules.wardogs.spotting import Sight, sees, spot, watchers

from .wdkit import checked, game, grid_with, towards, wardogs_game


def _pair(tmp_path, looker: str, target: str, terrain=None, elevation=None, **marks):
    loc = wardogs_game(tmp_path, [{"id": "L", "type": looker, "hex": "0302"}],
                       [{"id": "T", "type": target, "hex": "0305"}], terrain=terrain, elevation=elevation)
    g = game(loc)
    return g, Sight(g.map, g.rules)


def test_p13_a_size_4_mecha_is_hidden_by_a_10_m_hill(tmp_path):
    """p. 13 example: a size 4 mecha is 8 m tall (p. 6); behind a 10 m hill (level 2) it is hidden."""
    g, sight = _pair(tmp_path, "coyote", "coyote", elevation=grid_with(10, 8, {"0304": "2"}, "0"))
    v = sees(g, sight, g.units["L"], g.units["T"])
    assert not v.seen and "10 m" in v.reason and "8 m tall" in v.reason
    assert spot(g, sight)["blue"] == {} and spot(g, sight)["red"] == {}


def test_p13_behind_a_5_m_hill_it_has_partial_cover(tmp_path):
    g, sight = _pair(tmp_path, "coyote", "coyote", elevation=grid_with(10, 8, {"0304": "1"}, "0"))
    v = sees(g, sight, g.units["L"], g.units["T"])
    assert v.seen and v.partial
    assert spot(g, sight)["blue"] == {"T": (("L",), "Wardogs p. 13")}


def test_a_taller_looker_sees_over_the_hill(tmp_path):
    """Umpire's reading: the hill hides only from a looker it also overtops -- a 12 m Guardian
    sees the Coyote over the 10 m hill, in partial cover; and the Coyote sees the Guardian, whose
    12 m top rises above the hill."""
    loc = wardogs_game(tmp_path, [{"id": "L", "type": "guardian", "hex": "0302"}],
                       [{"id": "T", "type": "coyote", "hex": "0305"}], elevation=grid_with(10, 8, {"0304": "2"}, "0"))
    g = game(loc)
    sight = Sight(g.map, g.rules)
    v = sees(g, sight, g.units["L"], g.units["T"])
    assert v.seen and v.partial
    assert sees(g, sight, g.units["T"], g.units["L"]).seen        # the 12 m Guardian stands above the hill


def test_a_squad_behind_houses_is_hidden_and_a_mecha_is_not(tmp_path):
    """p. 13 buildings: houses of 10 m hide a 2 m squad; an 8 m Coyote behind them too, a 12 m
    Guardian shows above them in partial cover."""
    g, sight = _pair(tmp_path, "squad", "squad", terrain=grid_with(10, 8, {"0304": "t"}))
    assert not sees(g, sight, g.units["L"], g.units["T"]).seen
    g, sight = _pair(tmp_path / "b", "coyote", "guardian", terrain=grid_with(10, 8, {"0304": "t"}))
    v = sees(g, sight, g.units["L"], g.units["T"])
    assert v.seen and v.partial


def test_p13_more_than_one_forest_hex_between_blocks(tmp_path):
    g, sight = _pair(tmp_path, "guardian", "guardian", terrain=grid_with(10, 8, {"0303": "f", "0304": "F"}))
    v = sees(g, sight, g.units["L"], g.units["T"])
    assert not v.seen and "2 forest hexes" in v.reason
    g, sight = _pair(tmp_path / "one", "guardian", "guardian", terrain=grid_with(10, 8, {"0304": "f", "0305": "F"}))
    v = sees(g, sight, g.units["L"], g.units["T"])
    assert v.seen and v.forest == 1            # its own forest hex is not between (p. 13)


def test_units_never_block(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "L", "type": "squad", "hex": "0302"}, {"id": "M", "type": "guardian", "hex": "0303"}],
                       [{"id": "T", "type": "squad", "hex": "0305"}])
    g = game(loc)
    assert sees(g, Sight(g.map, g.rules), g.units["L"], g.units["T"]).seen


def test_total_cover_in_a_building_sees_and_is_seen_by_nobody_outside(tmp_path):
    """p. 13: total cover -- no line of sight to anybody outside the building."""
    loc = wardogs_game(tmp_path, [{"id": "L", "type": "coyote", "hex": "0302"}],
                       [{"id": "T", "type": "squad", "hex": "0305"}], terrain=grid_with(10, 8, {"0305": "t"}))
    import sqlite3
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id = 'T'", ('{"cover": "total", "ar": 0, "ar_start": 0}',))
    g = game(loc)
    sight = Sight(g.map, g.rules)
    assert not sees(g, sight, g.units["L"], g.units["T"]).seen and not sees(g, sight, g.units["T"], g.units["L"]).seen


def test_a_passenger_is_not_seen(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "L", "type": "coyote", "hex": "0302"}],
                       [{"id": "SD", "type": "sand_devil", "hex": "0305"},
                        {"id": "Sq", "type": "squad", "hex": "0305", "carried_by": "SD"}])
    g = game(loc)
    assert set(spot(g)["blue"]) == {"SD"}


def test_watchers_are_the_units_whose_height_lets_them_see_the_hex(tmp_path):
    """What a unit passing a hex meets (mines, a wreck) is seen only by who sees that hex by height."""
    loc = wardogs_game(tmp_path, [{"id": "Sq", "type": "squad", "hex": "0302"}, {"id": "G", "type": "guardian", "hex": "0202"}],
                       [{"id": "T", "type": "coyote", "hex": "0305"}], elevation=grid_with(10, 8, {"0304": "2"}, "0"))
    g = game(loc)
    sight = Sight(g.map, g.rules)
    assert watchers(g, sight, g.units["T"].hex, g.units["T"]) == {"blue": ("G",)}     # the 12 m Guardian only
    assert watchers(g, sight, g.units["T"].hex) == {"blue": ("G",), "red": ("T",)}   # a thing lying there


def test_a_move_into_a_hex_held_by_a_hidden_enemy_is_not_refused(tmp_path):
    """Umpire's reading: nothing forbids sharing a hex, so a move never betrays a hidden enemy."""
    loc = wardogs_game(tmp_path, [{"id": "C", "type": "coyote", "hex": "0302", "facing": "S"}],
                       [{"id": "R", "type": "squad", "hex": "0303"}])
    assert checked(loc, "C", towards(game(loc), "0302", "S")).legal
