"""War Blog hearts and minds (8.3) and destroying objectives (8.2), from the scenario's own
[warblog] table (Scenario.rule_data, RuleSystem.scenario_data)."""

import pytest

from umpire.actions import system_for
from umpire.core.errors import ScenarioError

from .gamekit import act, game, make_game


def place(favours="red", limit=3, start=2, hex_="0604"):
    return (f'[[warblog.hearts_and_minds]]\nhex = "{hex_}"\nfavours = "{favours}"\nlimit = {limit}\n'
            f'start = {start}\n')


def hearts(loc, number="0604"):
    return game(loc).rule_state.hearts[number]


def test_the_favoured_side_raises_a_unit_at_the_limit(tmp_path):
    """8.3: the red irregulars (strength 1) starting Red's turn in the village bring it from 2
    to its limit 3; at the limit a 1 on 1d100 (1-2) raises a new unit of irregulars there."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0101")], [("I", "irregulars", "0604")], extra=place())
    assert hearts(loc).score == 2
    assert [o.kind for o in game(loc).map.overlays] == ["hearts_and_minds"]
    act(loc, "pass", 1, side="blue")                      # Red's player turn begins
    g = game(loc)
    assert hearts(loc).score == 3
    new = [u for u in g.units.values() if u.id not in ("T", "I")]
    assert [u.id for u in new] == ["Irregulars 2"]            # Red's second unit of irregulars
    assert new[0].side == "red" and g.map.number(new[0].hex) == "0604"
    assert "Hearts & minds 0604: 3 of 3 for Red (8.3)" in system_for(loc).victory(g).text(g)


def test_no_unit_on_a_higher_roll(tmp_path):
    loc = make_game(tmp_path, [("T", "tank_bn", "0101")], [("I", "irregulars", "0604")], extra=place())
    act(loc, "pass", 3, side="blue")
    assert hearts(loc).score == 3 and len(game(loc).units) == 2


def test_the_other_side_brings_it_down_and_psyops_count_five_times(tmp_path):
    """8.3: Blue's psyops company (strength 1) starts Blue's first turn in the village: 3 - 5,
    no lower than 0; an infantry company (2) would take it from 3 to 1."""
    loc = make_game(tmp_path, [("P", "psyops_coy", "0604")], [("I", "irregulars", "0806")],
                    extra=place(start=3))
    assert hearts(loc).score == 0
    loc2 = make_game(tmp_path / "2", [("C", "infantry_coy", "0604")], [("I", "irregulars", "0806")],
                     extra=place(start=3))
    assert hearts(loc2).score == 1


def test_a_place_nobody_stands_in_creeps_back_to_its_side(tmp_path):
    loc = make_game(tmp_path, [("T", "tank_bn", "0101")], [("I", "irregulars", "0806")], extra=place(start=0))
    act(loc, "pass", side="blue")
    assert hearts(loc).score == 1


def test_an_objective_listed_to_destroy_is_destroyed_for_good(tmp_path):
    """8.2: scored as a capture; at the far end of the scale it is destroyed, not captured."""
    objectives = '[[victory]]\nside = "red"\ntext = "hold"\nobjectives = [ { hex = "0403", label = "Bridge", points = 5 } ]'
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("X", "infantry_bn", "0806")], objectives=objectives,
                    extra='[warblog]\ndestroy = ["0403"]\n')
    act(loc, "move", unit="T", path=["0303", "0403"])
    act(loc, "pass", side="blue")
    act(loc, "pass", side="red")
    act(loc, "pass", side="blue")
    g = game(loc)
    o = g.rule_state.objectives["0403"]
    assert o.destroyed and o.holder == "blue"
    assert "Bridge (0403): destroyed by Blue (8.2)" in system_for(loc).victory(g).text(g)


@pytest.mark.parametrize("extra, problem", [
    ('[warblog]\nbridges = 1\n', "[warblog] has no 'bridges' (it reads: destroy, hearts_and_minds, refugees)"),
    ('[warblog]\ndestroy = ["0405"]\n', "0405 is not an objective hex"),
    (place(favours="green"), "favours 'green' is not a side"),
    (place(start=9), "start must be a whole number from 0 to 3, got 9"),
    ('[[warblog.hearts_and_minds]]\nhex = "0604"\nfavours = "red"\nlimit = 3\nraises = "ghosts"\n',
     "raises 'ghosts' is not a unit type"),
])
def test_the_warblog_table_is_checked_as_the_scenario_loads(tmp_path, extra, problem):
    with pytest.raises(ScenarioError, match=problem.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        make_game(tmp_path, [("T", "tank_bn", "0101")], [("I", "irregulars", "0604")], extra=extra)
    assert not (tmp_path / "wb.umpire").exists()


def test_another_rule_system_reads_no_such_table(tmp_path):
    with pytest.raises(ScenarioError, match=r"\[lnlt\] has no 'x': Lock 'n Load Tactical reads no \[lnlt\]"):
        make_game(tmp_path, [("A", "us_squad", "0101")], [("X", "nva_squad", "0806")], rules="lnlt", cols=10,
                  extra="[lnlt]\nx = 1\n")


def test_a_raised_unit_is_named_by_its_kind_and_number_on_the_sides_report(tmp_path):
    """8.3: Red's village raises irregulars twice; Red's turn report names them "Irregulars 2"
    and "Irregulars 3" (Red already fields one), never by the hex they rose in.  Blue's own
    "Irregulars 1" does not move Red's count; a name Blue holds gets Red's name in front."""
    from reportkit import report, text_of, words
    from umpire.rules.warblog.hearts import raised_name
    loc = make_game(tmp_path, [("T", "tank_bn", "0101"), ("Irregulars 1", "irregulars", "0102")],
                    [("I", "irregulars", "0604")], extra=place(start=3))
    act(loc, "pass", 1, side="blue")                      # Red's turn 1: 1 on 1d100 raises one
    act(loc, "pass", side="red")
    act(loc, "pass", 2, side="blue")                      # Red's turn 2: 2 raises another
    g = game(loc)
    assert sorted(u.id for u in g.units.values() if u.side == "red") == ["I", "Irregulars 2", "Irregulars 3"]
    text = text_of(report(loc, "red", tmp_path / "red"))
    assert words(text, "Irregulars 2") and words(text, "Irregulars 3")
    assert "0604-" not in text
    assert raised_name(g, "blue", "irregulars") == "Blue Irregulars 2"       # Red holds "Irregulars 2"
