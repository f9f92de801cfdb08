"""A zone's own keys as operations of the scenario document (issue 22): a circle written the way
the scenario format shows it and taken out again, and a zone's new id carried to every side,
battalion and company that sets up in it (their `deploy`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import umpire.rules  # noqa: F401  -- registers the rule systems' own scenario checks
from umpire.core.scenario_doc import oob_edit, places_edit
from umpire.core.scenario_doc.checks import problems
from umpire.core.scenario_doc.document import ScenarioDocument

KALTENBACH = Path(__file__).parents[2] / "scenarios" / "kaltenbach-gap.toml"


@pytest.fixture()
def doc(tmp_path: Path) -> ScenarioDocument:
    path = tmp_path / "kg.toml"
    path.write_bytes(KALTENBACH.read_bytes())
    return ScenarioDocument.open(path)


def test_a_circle_written_inline_and_taken_out(doc):
    places_edit.set_zone_within(doc, 1, "2015", 2)
    assert 'within = { hex = "2015", radius = 2 }' in doc.text()
    assert doc.undo_name() == "Zone warpac-setup: within 2 of 2015"
    assert problems(doc) == []
    places_edit.set_zone_within(doc, 1, "2015", 3)          # the same key rewritten, not doubled
    assert doc.text().count("within =") == 1 and doc.data()["zone"][1]["within"]["radius"] == 3
    places_edit.set_zone_within(doc, 1, None, 3)
    assert "within" not in doc.data()["zone"][1]
    assert doc.text() == KALTENBACH.read_text(encoding="utf-8")
    with pytest.raises(IndexError):
        places_edit.set_zone_within(doc, 7, "2015", 2)


def test_a_zone_renamed_carries_the_deploys_along(doc):
    oob_edit.set_field(doc, "company", oob_edit.ids(doc, "company")[0], "deploy", "nato-setup")
    oob_edit.rename(doc, "zone", "nato-setup", "us-setup")
    data = doc.data()
    assert data["zone"][0]["id"] == "us-setup"
    assert next(s for s in data["side"] if s["id"] == "nato")["deploy"] == "us-setup"
    assert data["company"][0]["deploy"] == "us-setup"
    assert problems(doc) == []
    with pytest.raises(ValueError, match="already a zone"):
        oob_edit.rename(doc, "zone", "us-setup", "warpac-setup")


def test_an_edge_band(doc):
    # Kaltenbach Gap's map is 40 columns by 30 rows
    assert places_edit.edge_band(doc, "north", 1) == {"edge": "north"}
    assert places_edit.edge_band(doc, "south", 5) == {"area": ["0126", "4030"]}
    assert places_edit.edge_band(doc, "east", 3) == {"area": ["3801", "4030"]}
    with pytest.raises(ValueError, match="1 to 30 hexes deep"):
        places_edit.edge_band(doc, "north", 31)
    with pytest.raises(ValueError, match="north, south, east or west"):
        places_edit.edge_band(doc, "up", 1)


def test_a_shaped_zone_refused_without_a_shape_or_with_a_taken_id(doc):
    with pytest.raises(ValueError, match="already a zone"):
        places_edit.add_shaped_zone(doc, "nato-setup", "nato", "", {"edge": "north"})
    with pytest.raises(ValueError, match="not nothing"):
        places_edit.add_shaped_zone(doc, "new", "nato", "", {})
    with pytest.raises(ValueError, match="not radius"):
        places_edit.add_shaped_zone(doc, "new", "nato", "", {"radius": 3})
    assert doc.undo_name() is None
