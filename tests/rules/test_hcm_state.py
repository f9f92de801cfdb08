"""Hex Command Mechanized: the shared state (umpire/rules/hcm/state.py) and the data tables
load and refuse what the rules forbid (HCM 2.1 CVS values, 1.1.2 secret marks, 2.3.3 blocks)."""

from __future__ import annotations

import pytest

from umpire.core.errors import UmpireError
from umpire.core.ruleset import load_ruleset
from umpire.core.traits import TraitError, read_traits
from umpire.rules.hcm.state import Marks, State, UnitTraits, heavier_than


def test_the_ruleset_loads_with_its_samples_labelled():
    rules = load_ruleset("hcm")
    assert rules.title == "Hex Command Mechanized"
    samples = {t.name for t in rules.sample_tables()}
    assert {"units", "terrain"} <= samples            # HCM 5: the charts are not printed
    assert "mines" not in samples                     # 2.4.2 is transcribed
    for key, t in rules.unit_types.items():
        assert t["wheels"] == t["move_class"], key    # one column read two ways


def test_marks_default_to_a_fresh_unit_and_change_by_copy():
    m = Marks()
    assert (m.facing, m.hits, m.damage, m.routed) == (None, 0, (), False)
    hit = m.but(hits=2, damage=("C", "DD"))
    assert hit.hits == 2 and hit.damage == ("C", "DD") and m.hits == 0
    assert hit.stored() == {"hits": 2, "damage": ["C", "DD"]}
    with pytest.raises(UmpireError, match="facing"):
        m.but(facing=6)                               # six hexsides: 0..5


def test_state_keeps_the_phasing_side_and_the_orders():
    s = State().but(phasing="red", orders={"A": "take the bridge"})
    assert s.phasing == "red" and s.orders["A"] == "take the bridge" and s.panicked == ()


def test_cvs_values_run_four_to_seven_and_zero_to_two():
    """HCM 2.1: Initiative, Tactical, Aggressiveness 4..7; Combat and Morale 0..2."""
    assert read_traits(UnitTraits, {"initiative": 4, "morale": 2, "overall": True}) == \
        {"initiative": 4, "morale": 2, "overall": True}
    with pytest.raises(TraitError, match="initiative"):
        read_traits(UnitTraits, {"initiative": 8})
    with pytest.raises(TraitError, match="combat"):
        read_traits(UnitTraits, {"combat": 3})
    with pytest.raises(TraitError, match="anti_tank"):
        read_traits(UnitTraits, {"anti_tank": "yes"})  # 1.1.2: a mark, true or false


def test_weights_order_lightest_first():
    assert heavier_than("H", "M") and not heavier_than("L", "L") and heavier_than("VH", "VL")


def test_3_5_a_unit_set_up_without_a_facing_faces_the_middle_of_the_table_whatever_the_enemy_hides(tmp_path):
    """The default facing is drawn from the map alone: moving the enemy's hidden set-up about
    changes no facing of the side's own units (it would tell the side where the enemy stands)."""
    from .hcmkit import game, hcm_game

    facings = []
    for n, red_hex in enumerate(("0102", "0907")):
        loc = hcm_game(tmp_path / str(n), [{"id": "B1", "type": "medium_tank", "hex": "0204"},
                                           {"id": "B2", "type": "medium_infantry", "hex": "0807"}],
                       [{"id": "R1", "type": "medium_tank", "hex": red_hex}])
        g = game(loc)
        facings.append((g.units["B1"].marks.facing, g.units["B2"].marks.facing))
    assert facings[0] == facings[1]
    middle = g.map.grid.from_offset(5, 4)
    from umpire.core.hexgrid import hex_distance, neighbour
    b1 = g.units["B1"]
    assert hex_distance(neighbour(b1.hex, facings[0][0]), middle) < hex_distance(b1.hex, middle)
