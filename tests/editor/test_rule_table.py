"""The rule system's own scenario table: its description (core.scenario_fields) names the keys
the loader accepts, and the document's operations write them where a person would."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from umpire.core.ruleset import available_rulesets, load_ruleset
from umpire.core.scenario_doc import rule_table
from umpire.core.scenario_doc.document import ScenarioDocument
from umpire.core.scenario_fields import ScenarioField, new_row
from umpire.rules import rule_system

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.mark.parametrize("name", available_rulesets())
def test_every_system_describes_exactly_the_keys_it_reads(name):
    system = rule_system(load_ruleset(name))
    described = system.scenario_fields()
    assert [f.key for f in described] == list(dict.fromkeys(f.key for f in described))     # no key twice
    assert {f.key for f in described} == set(system.scenario_data())
    for f in described:
        assert f.label and f.help, f.key


def test_war_blogs_rows_describe_the_keys_its_checks_take():
    from umpire.rules.warblog import hearts, refugees
    fields = {f.key: f for f in rule_system(load_ruleset("warblog")).scenario_fields()}
    assert {c.key for c in fields["hearts_and_minds"].row} == hearts.PLACE_KEYS          # 8.3
    assert {c.key for c in fields["refugees"].row} == refugees.KEYS                     # 1.33
    assert {c.key for c in fields["hearts_and_minds"].row if c.required} == {"hex", "favours", "limit"}


def test_a_description_of_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="no kind 'colour'"):
        ScenarioField("x", "X", "colour")
    with pytest.raises(ValueError, match="only it, describes its rows"):
        ScenarioField("x", "X", "rows")


def test_a_new_row_starts_from_the_defaults_and_the_scenarios_first_values():
    row = (ScenarioField("hex", "Hex", "hex", required=True), ScenarioField("n", "N", "number", low=2, required=True),
           ScenarioField("limit", "Limit", "number", default=5, required=True), ScenarioField("opt", "O", "text"))
    f = ScenarioField("places", "Places", "rows", row=row)
    assert new_row(f, {"hex": "0101"}) == {"hex": "0101", "n": 2, "limit": 5}


def test_a_key_set_in_a_file_without_the_table_goes_above_its_rows_and_undoes_to_the_same_bytes():
    path = SCENARIOS / "osterby-bridges.toml"
    doc = ScenarioDocument.open(path)
    rule_table.set_key(doc, "warblog", "destroy", ["1306"])
    text = doc.text()
    assert "]\n\n[warblog]\ndestroy = [\"1306\"]\n\n# War Blog's own table" in text
    assert tomllib.loads(text)["warblog"]["hearts_and_minds"][0]["hex"] == "0506"
    rule_table.set_key(doc, "warblog", "destroy", None)
    assert "destroy" not in doc.data()["warblog"]
    doc.undo()
    doc.undo()
    assert doc.text() == path.read_text(encoding="utf-8")


def test_rows_added_changed_and_removed():
    doc = ScenarioDocument.open(SCENARIOS / "osterby-bridges.toml")
    rule_table.add_row(doc, "warblog", "refugees", {"unit": "R1", "hex": "1405"})
    rule_table.set_row_value(doc, "warblog", "refugees", 0, "hex", "1406")
    assert doc.data()["warblog"]["refugees"] == [{"unit": "R1", "hex": "1406"}]
    rule_table.remove_row(doc, "warblog", "hearts_and_minds", 0)
    assert "hearts_and_minds" not in doc.data()["warblog"]
    with pytest.raises(IndexError, match=r"no \[\[warblog.refugees\]\] #2"):
        rule_table.set_row_value(doc, "warblog", "refugees", 1, "hex", "0101")
    assert doc.undo_name() == "Remove [[warblog.hearts_and_minds]] #1"


def test_a_sides_list_written_and_taken_out():
    doc = ScenarioDocument.open(SCENARIOS / "brannock-crossing.toml")
    rule_table.set_side_list(doc, "hcm", "activation", "blue", ["A Coy", "B Coy"])
    assert "[hcm.activation]\nblue = [\"A Coy\", \"B Coy\"]" in doc.text()
    rule_table.set_side_list(doc, "hcm", "activation", "blue", [])
    assert "activation" not in doc.data()["hcm"]
    assert doc.text() == (SCENARIOS / "brannock-crossing.toml").read_text(encoding="utf-8")
