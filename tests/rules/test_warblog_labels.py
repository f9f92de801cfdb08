"""What a side reads a War Blog unit as: the name a wargamer gives it ("Refugees", "Frigate"),
never the rule number its section has in the text ("Refugees (1.33)")."""

import re

from reportkit import report, text_of

from umpire.core.ruleset import load_ruleset

from .gamekit import act, make_game

RULE_NUMBER = re.compile(r"\b\d+\.\d+\b")


def test_no_unit_type_or_map_marker_is_labelled_with_a_rule_number():
    """The map's legend reads "Minefield", not "Minefield (2.4.6)"."""
    rules = load_ruleset("warblog")
    units = rules.tables["units"].section("entry")
    assert [e["label"] for e in units.values() if RULE_NUMBER.search(e["label"])] == []
    labels = [e["label"] for e in (*rules.overlays.values(), *rules.terrain_types.values())]
    assert "Minefield" in labels and [x for x in labels if RULE_NUMBER.search(x)] == []


def test_a_side_reads_the_enemy_and_its_own_units_by_their_names(tmp_path):
    """1.33 refugees and a 1.31 frigate spotted by Blue's tank, its own SAM battery (1.32): the
    report names them as a wargamer would, with no section number beside them."""
    loc = make_game(tmp_path, [("T", "tank_bn", "0202"), ("S", "sam_bty", "0101")],
                    [("R", "refugees", "0303"), ("M", "protesters", "0302")])
    act(loc, "move", unit="T", path=["0202", "0203"])
    text = text_of(report(loc, "blue", tmp_path / "r"))
    assert "Refugees" in text and "Protesters" in text and "SAM battery" in text
    assert not re.search(r"(Refugees|Protesters|SAM battery) \(1\.\d+\)", text)
