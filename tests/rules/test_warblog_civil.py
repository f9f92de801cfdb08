"""War Blog's police and protesters (1.34, 1.35) and the microwave (1.47); the unit types the
text gives nothing but a place in the catalogue (1.24, 1.37, 1.38)."""

import pytest

from umpire.actions import system_for
from umpire.core.errors import UmpireError
from umpire.core.ruleset import load_ruleset

from .gamekit import act, game, make_game


def _sheet(loc, attackers, where="0403"):
    g = game(loc)
    return system_for(loc).assault_sheet(g, attackers, g.map.grid.parse(where), "assault")


def test_protesters_fight_only_police(tmp_path):
    """1.35: protesters attack police at 1 and defend against police at 0.25; against the army
    they have no attack at all and defend at 0."""
    loc = make_game(tmp_path / "a", [("P", "protesters", "0303")], [("C", "police_coy", "0403")])
    assert _sheet(loc, ["P"]).attack == 1
    loc = make_game(tmp_path / "b", [("C", "police_coy", "0303")], [("P", "protesters", "0403")])
    assert _sheet(loc, ["C"]).defence == 0.25
    loc = make_game(tmp_path / "c", [("I", "infantry_coy", "0303")], [("P", "protesters", "0403")])
    assert _sheet(loc, ["I"]).defence == 0
    loc = make_game(tmp_path / "d", [("P", "protesters", "0303")], [("I", "infantry_coy", "0403")])
    with pytest.raises(UmpireError, match="no attack strength but against police"):
        act(loc, "assault", units=["P"], hex="0403")


def test_the_microwave_drives_off_a_small_stack_and_not_a_big_one(tmp_path):
    """1.47: against the infantry company (defence 2, 3 or less) the microwave's assault needs no
    odds: it retreats unharmed and checks morale (a 4: holds); against a battalion (4) the
    ordinary assault is fought."""
    loc = make_game(tmp_path / "a", [("M", "microwave_bty", "0303")], [("C", "infantry_coy", "0403")])
    res = act(loc, "assault", 4, units=["M"], hex="0403")
    g = game(loc)
    assert "the defenders retreat" in res.summary and g.units["C"].hex != g.map.grid.parse("0403")
    assert g.units["C"].marks.depressions == 0
    loc = make_game(tmp_path / "b", [("M", "microwave_bty", "0303")], [("B", "infantry_bn", "0403")])
    res = act(loc, "assault", 12, units=["M"], hex="0403")
    assert "microwave" not in res.summary and "D12 12" in res.summary


def test_the_unit_types_without_rules_of_their_own_are_in_the_catalogue():
    """1.24 military police, 1.37 smugglers (no combat or defence factors), 1.38 tribes (no
    combat): catalogue entries, playing as plain units."""
    units = load_ruleset("warblog").tables["units"].section("entry")
    assert units["military_police_coy"]["kind"] == "infantry"
    assert (units["smugglers"]["strength"], units["smugglers"]["defence"]) == (0, 0)
    assert units["tribe"]["strength"] == 0
