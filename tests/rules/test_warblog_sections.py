"""War Blog sections the coverage page calls implemented that no other test named: the unit
catalogue and its kinds (1.0, 1.3, 1.17), command units (1.29, 5.0), settlements (2.2-2.2.4),
and earthworks (2.4.5) on an attack's worksheet."""

from umpire.core.ruleset import load_ruleset
from umpire.rules.warblog import combat

from .gamekit import game, make_game


def _sheet(loc, attackers, where="0403"):
    from umpire.actions import system_for
    g = game(loc)
    return system_for(loc).assault_sheet(g, attackers, g.map.grid.parse(where), "assault")


def test_the_catalogue_knows_the_staple_kinds():
    """1.0: infantry, armour, mechanised and motorised infantry, artillery and air defence are the
    staples; infantry moves 3 (1.1), motorised 6 (1.17)."""
    units = load_ruleset("warblog").tables["units"].section("entry")
    kinds = {e["kind"] for e in units.values()}
    assert {"infantry", "tank", "mechanised", "motorised", "artillery", "air_defence"} <= kinds
    assert units["infantry_bn"]["movement"] == 3 and units["motor_bn"]["movement"] == 6


def test_armour_beats_every_other_kind_alone():
    """1.3: armour's bonus against every other kind, but not against a stack with armour in it;
    1.17: 1.5 against motorised infantry."""
    assert all(combat.unit_match("tank", [k]) > 1 for k in ("infantry", "motorised", "mechanised"))
    assert combat.unit_match("tank", ["infantry", "tank"]) == 1.0
    assert combat.unit_match("tank", ["motorised"]) == 1.5


def test_a_command_unit_adds_a_tenth_a_point_within_two_hexes(tmp_path):
    """1.29, 5.0: the brigade HQ (command 2) two hexes behind the company: its attack x1.2; three
    hexes behind, nothing."""
    near = make_game(tmp_path / "near", [("C", "infantry_coy", "0303"), ("H", "brigade_hq", "0103")],
                     [("X", "infantry_coy", "0403")])
    far = make_game(tmp_path / "far", [("C", "infantry_coy", "0303"), ("H", "brigade_hq", "0306")],
                    [("X", "infantry_coy", "0403")])
    from umpire.core.hexgrid import hex_distance
    g = game(far)
    assert hex_distance(g.units["H"].hex, g.units["C"].hex) == 3
    assert _sheet(near, ["C"]).attack == 2 * 1.2 and _sheet(far, ["C"]).attack == 2


def test_settlements_multiply_the_defence(tmp_path):
    """2.2: a village +10% (2.2.1), a town +50% (2.2.2), a city +200% (2.2.3), a conurbation +300%
    (2.2.4): an infantry company (defence 2) on plains defends at 2.2, 3, 6, 8."""
    got = []
    for place in ("village", "town", "city", "conurbation"):
        overlays = f'[[map.overlay]]\nkind = "{place}"\nhexes = ["0403"]'
        loc = make_game(tmp_path / place, [("T", "infantry_coy", "0303")], [("C", "infantry_coy", "0403")],
                        overlays=overlays)
        got.append(round(_sheet(loc, ["T"]).defence, 2))
    assert got == [2.2, 3.0, 6.0, 8.0]


def test_earthworks_cut_the_attack_by_a_tenth_and_stack_two(tmp_path):
    """2.4.5: attacking into earthworks x0.9; two units a hex behind them (3.1)."""
    overlays = '[[map.overlay]]\nkind = "earthworks"\nhexes = ["0403"]'
    loc = make_game(tmp_path, [("T", "infantry_coy", "0303")], [("C", "infantry_coy", "0403")], overlays=overlays)
    s = _sheet(loc, ["T"])
    assert round(s.attack, 2) == 1.8 and any("(2.4.5)" in x for x in s.lines)
    from umpire.rules.warblog.state import stack_limit
    g = game(loc)
    assert stack_limit(g, g.map.grid.parse("0403")) == 2


def test_2_3_features_are_on_the_map_and_change_nothing(tmp_path):
    """2.3: an airport and a port are placed as the scenario's overlays; the unit standing there
    is told of them, and they change neither its defence nor the cost of entering (2.1)."""
    from umpire.actions import system_for
    from umpire.core.ruleset import load_ruleset
    overlays = '[[map.overlay]]\nkind = "feature_airport"\nhexes = ["0403", "0603"]\n\n' \
               '[[map.overlay]]\nkind = "feature_port"\nhexes = ["0403"]'
    ruleset = load_ruleset("warblog")
    assert sum(k.startswith("feature_") for k in ruleset.overlays) == 35      # the text's list
    featured = make_game(tmp_path / "f", [("T", "infantry_coy", "0303"), ("M", "infantry_coy", "0503")],
                         [("C", "infantry_coy", "0403")], overlays=overlays)
    plain = make_game(tmp_path / "p", [("T", "infantry_coy", "0303"), ("M", "infantry_coy", "0503")],
                      [("C", "infantry_coy", "0403")])
    assert _sheet(featured, ["T"]).defence == _sheet(plain, ["T"]).defence == 2
    g = game(featured)
    rows = dict(system_for(featured).unit_details(g, g.units["C"], umpire=False))
    assert rows["Features"] == "Airport, Port (2.3: no effect on play)"
    step = system_for(featured).check_move(g, "M", [g.map.grid.parse("0503"), g.map.grid.parse("0603")]).steps[-1]
    assert step.cost == 1                                           # plains, airport or not
    assert "Features" not in dict(system_for(plain).unit_details(game(plain), game(plain).units["C"], umpire=False))
