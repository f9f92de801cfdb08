"""A side's victory conditions as operations of the scenario document ([[victory]], MW4 20.5):
an objective's hex, name and points written again in its place in the file's layout, one added
and one taken out; the exit (MW4 8.27) set to listed edge hexes and taken out; and the values
the scenario could not take refused in one line naming the objective, with nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest

import umpire.rules  # noqa: F401  -- registers the rule systems' own scenario checks
from umpire.core.scenario_doc import victory_edit
from umpire.core.scenario_doc.checks import problems
from umpire.core.scenario_doc.document import ScenarioDocument
from umpire.core.scenario_doc.oob_edit import inline

KALTENBACH = Path(__file__).parents[2] / "scenarios" / "kaltenbach-gap.toml"
WARPAC = 0          # Kaltenbach Gap's first [[victory]]: the Soviet side's, with an exit north


@pytest.fixture()
def doc(tmp_path: Path) -> ScenarioDocument:
    path = tmp_path / "kg.toml"
    path.write_bytes(KALTENBACH.read_bytes())
    return ScenarioDocument.open(path)


def changed_lines(doc) -> list[tuple[str, str]]:
    before, after = KALTENBACH.read_text(encoding="utf-8").splitlines(), doc.text().splitlines()
    assert len(before) == len(after)
    return [(a, b) for a, b in zip(before, after) if a != b]


def test_an_objectives_points_name_and_hex_each_change_one_line(doc):
    victory_edit.set_objective(doc, WARPAC, 2, "points", 15)
    assert changed_lines(doc) == [('  { hex = "2406", label = "Oberfeld", points = 10 },',
                                   '  { hex = "2406", label = "Oberfeld", points = 15 },')]
    assert doc.undo_name() == "Victory of warpac: objective #2 (Oberfeld) points"
    victory_edit.set_objective(doc, WARPAC, 2, "label", "  Oberfeld bridge ")
    victory_edit.set_objective(doc, WARPAC, 2, "hex", "2407")
    assert doc.data()["victory"][0]["objectives"][1] == {"hex": "2407", "label": "Oberfeld bridge", "points": 15}
    victory_edit.set_objective(doc, WARPAC, 3, "label", "")         # an empty name: the key left out
    assert doc.data()["victory"][0]["objectives"][2] == {"hex": "1206", "points": 5}
    assert problems(doc) == []
    for _ in range(4):
        doc.undo()
    assert doc.text() == KALTENBACH.read_text(encoding="utf-8")


def test_the_same_value_again_is_no_change(doc):
    victory_edit.set_objective(doc, WARPAC, 1, "points", 10)
    victory_edit.set_exit(doc, WARPAC, "north", [], 3)
    assert doc.undo_name() is None


def test_an_objective_added_and_removed(doc):
    victory_edit.add_objective(doc, 1, "2015", "Crossroads", 7)
    assert doc.data()["victory"][1]["objectives"][-1] == {"hex": "2015", "label": "Crossroads", "points": 7}
    assert '  { hex = "2015", label = "Crossroads", points = 7 },\n]' in doc.text()   # one a line, as the file lists them
    victory_edit.remove_objective(doc, 1, 1)
    assert [o["hex"] for o in doc.data()["victory"][1]["objectives"]] == ["2406", "1206", "2015"]
    assert doc.undo_name() == "Victory of nato: remove objective #1 (Kaltenbach)"
    assert problems(doc) == []


@pytest.mark.parametrize("call, message", [
    (lambda d: victory_edit.set_objective(d, WARPAC, 2, "hex", "9999"),
     "objective #2 (Oberfeld) of warpac: hex 9999 is off the map (columns 1-40, rows 1-30)"),
    (lambda d: victory_edit.set_objective(d, WARPAC, 1, "hex", "Kaltenbach"),
     "objective #1 (Kaltenbach) of warpac: 'Kaltenbach' is not a hex number"),
    (lambda d: victory_edit.set_objective(d, WARPAC, 1, "points", 1000),
     "objective #1 (Kaltenbach) of warpac: points must be a whole number from 0 to 999, not 1000"),
    (lambda d: victory_edit.add_objective(d, 1, "0031", "", 5),
     "new objective #4 of nato: hex 0031 is off the map"),
    (lambda d: victory_edit.set_text(d, WARPAC, "   "),
     "the victory conditions of warpac need a text"),
    # MW4 8.27: a unit leaves the map from an edge hex
    (lambda d: victory_edit.set_exit(d, WARPAC, None, ["0101", "2015"], 3),
     "the exit of warpac: hex 2015 is not on the map edge"),
    (lambda d: victory_edit.set_exit(d, WARPAC, "up", [], 3),
     "the exit of warpac: the edge is north, south, east or west, not 'up'"),
])
def test_a_value_the_scenario_cannot_take_is_refused_naming_it(doc, call, message):
    with pytest.raises(ValueError) as refused:
        call(doc)
    assert str(refused.value).startswith(message) and "\n" not in str(refused.value)
    assert doc.text() == KALTENBACH.read_text(encoding="utf-8") and doc.undo_name() is None


def test_no_such_objective_or_victory(doc):
    with pytest.raises(IndexError, match="no objective #4"):
        victory_edit.set_objective(doc, WARPAC, 4, "points", 3)
    with pytest.raises(IndexError, match=r"no \[\[victory\]\] #3"):
        victory_edit.set_text(doc, 2, "Win.")


def test_the_exit_as_edge_hexes_then_taken_out(doc):
    # MW4 8.27: the Soviet units may leave only by two hexes of the north edge, 4 each
    victory_edit.set_exit(doc, WARPAC, None, ["1901", "2001"], 4)
    assert changed_lines(doc) == [('exit = { edge = "north", points = 3 }',
                                   'exit = { hexes = ["1901", "2001"], points = 4 }')]
    assert problems(doc) == []
    victory_edit.set_exit(doc, WARPAC, None, [], 4)
    assert "exit" not in doc.data()["victory"][0] and doc.undo_name() == "Victory of warpac: no exit"
    # a side without an exit is given one
    victory_edit.set_exit(doc, 1, "south", [], 2)
    assert doc.data()["victory"][1]["exit"] == {"edge": "south", "points": 2}
    assert problems(doc) == []


def test_an_exits_other_shapes_are_kept(doc):
    # the file's exit written by hand as a rectangle along the east edge: the form edits its
    # edge and listed hexes and leaves the rectangle as it is
    doc.entries("victory")[0]["exit"] = inline({"area": ["4001", "4005"], "points": 3})
    victory_edit.set_exit(doc, WARPAC, None, ["0101"], 3)
    assert doc.data()["victory"][0]["exit"] == {"hexes": ["0101"], "area": ["4001", "4005"], "points": 3}
