"""The scenario document's order of battle and entries: a scenario built from nothing by the
operations validates (the loader's own checks), ids renamed carry their references along, and a
removed side leaves nothing dangling."""

from __future__ import annotations

from pathlib import Path

import pytest

import umpire.rules  # noqa: F401  -- registers the rule systems' own scenario checks
from umpire.core.ruleset import load_ruleset
from umpire.core.scenario import load_scenario
from umpire.core.scenario_doc import oob_edit, places_edit
from umpire.core.scenario_doc.blank import blank_scenario
from umpire.core.scenario_doc.checks import problems
from umpire.core.scenario_doc.document import ScenarioDocument

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def built(tmp_path: Path) -> ScenarioDocument:
    """A Lock 'n Load scenario made only by operations: two sides, a platoon each."""
    doc = ScenarioDocument(blank_scenario(load_ruleset("lnlt"), "Built", 10, 8))
    oob_edit.add_side(doc, "us", "US platoon", "#2f5fb3")
    oob_edit.add_side(doc, "nva", "NVA platoon", "#b3312f")
    oob_edit.add_battalion(doc, "1 Plt", "us", "1st Platoon")
    oob_edit.add_battalion(doc, "NVA Plt", "nva", "NVA Platoon")
    oob_edit.add_unit(doc, "battalion", "1 Plt", "1st Sqd", "us_squad", "0101")
    oob_edit.add_unit(doc, "battalion", "1 Plt", "2nd Sqd", "us_squad")
    oob_edit.add_unit(doc, "battalion", "NVA Plt", "NVA 1", "nva_squad", "0808")
    doc.save(tmp_path / "built.toml")
    return doc


def test_a_scenario_built_by_operations_validates(tmp_path):
    doc = built(tmp_path)
    assert problems(doc) == []
    sc = load_scenario(doc.path)
    assert [s.id for s in sc.sides] == ["us", "nva"]
    assert {u.id: u.hex and sc.map.number(u.hex) for u in sc.units} == {
        "1st Sqd": "0101", "2nd Sqd": None, "NVA 1": "0808"}
    # written as a person writes it: a unit a line, sides before battalions
    assert '[[side]]\nid = "us"' in doc.text()
    assert doc.text().index('id = "nva"') < doc.text().index("[[battalion]]")


def test_placing_a_unit_and_taking_it_off(tmp_path):
    doc = built(tmp_path)
    oob_edit.place_unit(doc, "2nd Sqd", "0203")
    assert oob_edit.unit(doc, "2nd Sqd")["hex"] == "0203"
    oob_edit.place_unit(doc, "1st Sqd", None)
    assert "hex" not in oob_edit.unit(doc, "1st Sqd")
    assert doc.undo() == "Take 1st Sqd off the map"
    assert oob_edit.unit(doc, "1st Sqd")["hex"] == "0101"


def test_zones_objectives_minefields_and_reinforcements_validate(tmp_path):
    doc = built(tmp_path)
    places_edit.add_zone(doc, "us-setup", "us", ["0101", "0102"], "US set-up")
    places_edit.add_objective(doc, "us", "0505", "Hamlet", 5)
    places_edit.add_objective(doc, "us", "0606", "Bridge", 3)
    places_edit.add_minefield(doc, "nva", "anti_tank", ["0707"])
    places_edit.add_reinforcement(doc, "us", 3, ["0108"], ["2nd Sqd"])
    assert problems(doc) == [], problems(doc)
    sc = load_scenario(doc.save())
    assert [o.label for o in sc.victory[0].objectives] == ["Hamlet", "Bridge"]
    assert sc.reinforcements[0].turn == 3 and sc.reinforcements[0].units == ("2nd Sqd",)
    assert sc.zones[0].label == "US set-up" and len(sc.zones[0].hexes) == 2
    places_edit.remove_entry(doc, "minefield", 0)
    assert "[[minefield]]" not in doc.text()


def test_a_reinforcement_of_a_unit_on_the_map_is_a_problem_that_names_its_hex(tmp_path):
    doc = built(tmp_path)
    places_edit.add_reinforcement(doc, "us", 2, ["0108"], ["1st Sqd"])
    [p] = problems(doc)
    assert "already set up" in p.text and p.hex == doc.grid().parse("0101")


def test_renaming_carries_every_reference(tmp_path):
    doc = built(tmp_path)
    places_edit.add_reinforcement(doc, "us", 3, ["0108"], ["2nd Sqd"])
    places_edit.set_value(doc, "scenario", "first_player", "us")
    oob_edit.rename(doc, "side", "us", "usa")
    oob_edit.rename(doc, "unit", "2nd Sqd", "Second")
    oob_edit.rename(doc, "battalion", "1 Plt", "First")
    assert problems(doc) == []
    sc = load_scenario(doc.save())
    assert sc.first_player == "usa" and sc.reinforcements[0].units == ("Second",)
    assert {u.id: u.battalion for u in sc.units if u.side == "usa"} == {"1st Sqd": "First", "Second": "First"}
    with pytest.raises(ValueError):
        oob_edit.rename(doc, "side", "usa", "nva")      # taken


def test_removing_a_side_removes_what_is_its_own(tmp_path):
    doc = built(tmp_path)
    places_edit.add_zone(doc, "nva-setup", "nva", ["0808"])
    places_edit.add_objective(doc, "nva", "0505", "Hamlet", 5)
    oob_edit.remove(doc, "side", "nva")
    text = doc.text()
    assert '"nva"' not in text and "NVA 1" not in text and "[[zone]]" not in text
    # what remains is one side: the loader's only complaint is that the game needs two
    assert all("nva" not in p.text for p in problems(doc))
    doc.undo()
    assert problems(doc) == []


def test_adding_to_a_scenario_keeps_its_battalions_and_companies_where_they_were(tmp_path):
    path = SCENARIOS / "kaltenbach-gap.toml"
    before = path.read_text(encoding="utf-8")
    doc = ScenarioDocument.open(path)
    oob_edit.add_unit(doc, "company", "A/2-32", "A4", "us_m1", "1109")
    after = doc.text()
    added = [ln for ln in after.splitlines() if ln not in before.splitlines()]
    assert added == ['  { id = "A4", type = "us_m1", hex = "1109" },']
    assert after.replace(added[0] + "\n", "") == before
    oob_edit.add_side(doc, "umpire-side", "Third", "#777777", quality="seasoned")
    lines = doc.text().splitlines()
    # the new side follows the last [[side]], before the zones
    assert lines.index('id = "umpire-side"') < lines.index("[[zone]]")
    assert lines[lines.index('id = "umpire-side"') - 1] == "[[side]]"


def test_setting_a_key_of_a_table_the_file_lacks_writes_that_table():
    doc = ScenarioDocument(blank_scenario(load_ruleset("mechwar4"), "O", 4, 4))
    places_edit.set_value(doc, "options", "ammunition", "quick")
    assert doc.text().endswith('\n[options]\nammunition = "quick"\n')
    places_edit.set_value(doc, "options", "ammunition", None)
    assert "ammunition" not in doc.text()


def test_the_organizers_view_shows_every_sides_units_zones_objectives_and_mines(tmp_path):
    """The editor is the organizer's, who writes every side's secrets: its picture holds them all
    (it is never printed for a side)."""
    from umpire.core.scenario_doc.preview import editor_view
    doc = built(tmp_path)
    places_edit.add_zone(doc, "us-setup", "us", ["0101", "0102"], "US set-up")
    places_edit.add_objective(doc, "nva", "0505", "Hamlet", 5)
    places_edit.add_minefield(doc, "nva", "anti_tank", ["0707"], True)
    view = editor_view(doc, load_ruleset("lnlt"))
    grid = doc.grid()
    assert {m.key: grid.number(m.hex) for m in view.units} == {"1st Sqd": "0101", "NVA 1": "0808"}
    assert {m.side for m in view.units} == {"us", "nva"}
    assert [z.label for z in view.zones] == ["US set-up"]
    assert [(grid.number(o.hex), o.points) for o in view.objectives] == [("0505", 5)]
    assert [(o.kind, grid.number(o.hex)) for o in view.map.overlays] == [("minefield", "0707")]
