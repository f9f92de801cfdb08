"""The scenario document (umpire/core/scenario_doc): a load-save round trip changes no byte of
any bundled scenario, an edit changes only what it edits, and every operation undoes."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import umpire.rules  # noqa: F401  -- registers the rule systems' own scenario checks
from umpire.core.hexgrid import Hexside
from umpire.core.ruleset import load_ruleset
from umpire.core.scenario import load_scenario
from umpire.core.scenario_doc import map_edit, oob_edit
from umpire.core.scenario_doc.blank import blank_scenario
from umpire.core.scenario_doc.checks import problems
from umpire.core.scenario_doc.document import ScenarioDocument

SCENARIOS = sorted((Path(__file__).parents[2] / "scenarios").glob("*.toml"))


def changed_lines(before: str, after: str) -> list[str]:
    return [ln for ln in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0, lineterm="")
            if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_a_load_save_round_trip_changes_no_byte(path, tmp_path):
    doc = ScenarioDocument.open(path)
    assert not doc.modified
    out = doc.save(tmp_path / path.name)
    assert out.read_bytes() == path.read_bytes()


def test_the_bundled_scenarios_are_all_tried():
    assert len(SCENARIOS) >= 5


def test_painting_one_hex_changes_one_character_of_its_row(tmp_path):
    path = SCENARIOS[[p.name for p in SCENARIOS].index("kaltenbach-gap.toml")]
    before = path.read_text(encoding="utf-8")
    doc = ScenarioDocument.open(path)
    grid = doc.grid()
    map_edit.paint(doc, "terrain", [grid.parse("0503")], "t", "town")
    diff = changed_lines(before, doc.text())
    assert diff == ["-.....W.WW...................WW........w.", "+....tW.WW...................WW........w."]
    assert doc.undo_name() == "Paint 1 hex town"
    # every comment of the file is still there
    assert [ln for ln in before.splitlines() if "#" in ln] == [ln for ln in doc.text().splitlines() if "#" in ln]
    sc = load_scenario(doc.save(tmp_path / "k.toml"))
    assert sc.map.terrain[grid.parse("0503")] == "town"


def test_painting_keeps_a_grid_laid_out_in_groups():
    text = blank_scenario(load_ruleset("lnlt"), "Groups", 6, 2).replace(
        '"""\n......\n......\n"""', '"""\n  ... ...\n\n  ... ...\n"""', 1)
    doc = ScenarioDocument(text)
    map_edit.paint(doc, "terrain", [doc.grid().from_offset(4, 2)], "w")
    assert '"""\n  ... ...\n\n  ... w..\n"""' in doc.text()


def test_undo_and_redo_give_back_the_very_text():
    doc = ScenarioDocument.open(SCENARIOS[0])
    original = doc.text()
    grid = doc.grid()
    map_edit.paint(doc, "elevation", [grid.from_offset(1, 1), grid.from_offset(2, 1)], "3")
    painted = doc.text()
    assert painted != original
    assert doc.undo() == "Paint 2 hexes 3"
    assert doc.text() == original and not doc.modified
    assert doc.redo() == "Paint 2 hexes 3"
    assert doc.text() == painted
    assert doc.redo() is None


def test_an_operation_that_fails_changes_nothing_and_leaves_no_undo():
    doc = ScenarioDocument.open(SCENARIOS[0])
    original = doc.text()
    with pytest.raises(ValueError):
        oob_edit.add_battalion(doc, "X", "nobody", "X")
    with pytest.raises(ValueError):
        map_edit.paint(doc, "terrain", [doc.grid().from_offset(1, 1)], '"')
    assert doc.text() == original and doc.undo_name() is None


def test_resizing_cuts_and_widens_both_grids(tmp_path):
    doc = ScenarioDocument(blank_scenario(load_ruleset("lnlt"), "R", 8, 6))
    map_edit.paint(doc, "terrain", [doc.grid().from_offset(2, 2)], "w")
    map_edit.resize(doc, 10, 4, ".")
    assert doc.grid().columns == 10 and doc.grid().rows == 4
    m = doc.data()["map"]
    assert m["terrain"].splitlines() == [".........."] + [".w........"] + [".........."] * 2
    assert m["elevation"].splitlines() == ["0" * 10] * 4
    map_edit.resize(doc, 3, 5, ".")
    assert doc.data()["map"]["terrain"].splitlines() == ["...", ".w.", "...", "...", "..."]


def test_a_unit_cut_off_the_map_is_named_by_the_problems_list():
    doc = ScenarioDocument.open(SCENARIOS[[p.name for p in SCENARIOS].index("xom-lang-ambush.toml")])
    assert problems(doc) == []
    map_edit.resize(doc, 16, 5, ".")
    found = problems(doc)
    assert found and all("xom-lang-ambush.toml" in p.text for p in found)


def test_shape_changes_orientation_and_stagger():
    doc = ScenarioDocument(blank_scenario(load_ruleset("lnlt"), "S", 5, 5))
    map_edit.set_shape(doc, "pointy", "odd")
    assert doc.grid().orientation == "pointy" and doc.grid().stagger == "odd"
    with pytest.raises(ValueError):
        map_edit.set_shape(doc, "round", "odd")


def test_a_hexside_feature_is_added_and_removed():
    doc = ScenarioDocument(blank_scenario(load_ruleset("mechwar4"), "H", 5, 5))
    grid = doc.grid()
    side = Hexside.between(grid.parse("0202"), grid.parse("0203"))
    map_edit.add_hexside(doc, "stream", side)
    assert '[map.hexsides]' in doc.text() and 'stream = ["0202/0203"]' in doc.text()
    assert map_edit.features_at(doc, side) == ["stream"]
    map_edit.remove_hexside(doc, "stream", side)
    assert map_edit.features_at(doc, side) == []


def test_removing_a_road_hexside_cuts_its_path_in_two():
    text = blank_scenario(load_ruleset("mechwar4"), "H", 5, 5) + '\n[map.hexsides]\nroad = ["0101-0102-0103-0104"]   # the old road\n'
    doc = ScenarioDocument(text)
    grid = doc.grid()
    map_edit.remove_hexside(doc, "road", Hexside.between(grid.parse("0102"), grid.parse("0103")))
    assert 'road = ["0101-0102", "0103-0104"]   # the old road' in doc.text()


def test_a_keys_the_editor_does_not_know_survive_its_edits():
    """Part B's [map.backdrop] (or any key the editor does not edit) travels untouched."""
    text = blank_scenario(load_ruleset("lnlt"), "B", 4, 4) + (
        '\n[map.backdrop]   # the club\'s scan\nimage = "maps/board.png"\nopacity = 0.6\n')
    doc = ScenarioDocument(text)
    map_edit.paint(doc, "terrain", [doc.grid().from_offset(1, 1)], "w")
    map_edit.resize(doc, 5, 5, ".")
    assert doc.text().endswith('[map.backdrop]   # the club\'s scan\nimage = "maps/board.png"\nopacity = 0.6\n')


def test_a_scenario_with_a_broken_syntax_is_refused_in_one_line():
    from umpire.core.errors import ScenarioError
    with pytest.raises(ScenarioError) as info:
        ScenarioDocument('[scenario\ntitle = "x"\n', "broken.toml")
    assert "broken.toml" in info.value.one_line() and "\n" not in info.value.one_line()


def test_save_writes_whole_or_not_at_all(tmp_path):
    from umpire.core.errors import UmpireError
    doc = ScenarioDocument(blank_scenario(load_ruleset("lnlt"), "W", 3, 3))
    assert doc.modified
    with pytest.raises(UmpireError) as info:
        doc.save(tmp_path / "no-such-folder" / "w.toml")
    assert "w.toml" in info.value.one_line()
    out = doc.save(tmp_path / "w.toml")
    assert not doc.modified and out.read_text(encoding="utf-8") == doc.text()
    assert [p.name for p in tmp_path.iterdir()] == ["w.toml"]


def test_a_bracket_inside_a_multi_line_string_or_array_opens_no_run():
    from umpire.core.scenario_doc.chunks import header_lines, split_runs
    text = ('[scenario]\ndescription = """\n[not a header]\n"""\nspecial_rules = [\n  "x",\n  ["y"],\n]\n'
            "# the map\n\n[map]\ncolumns = 1 # [no]\n[[side]]\nid = 'a[b'\n")
    lines = text.split("\n")
    assert [lines[i] for i in header_lines(text)] == ["[scenario]", "[map]", "[[side]]"]
    runs = split_runs(text)
    assert "".join(runs) == text
    assert runs[1].startswith("# the map\n\n[map]")      # the comment above a header goes with it


def test_an_overlay_is_put_on_a_hex_and_taken_off(tmp_path):
    """War Blog's villages and towns are overlays (docs/scenario-format.md, War Blog scenarios),
    as are Lock 'n Load's smoke and wrecks: [[map.overlay]] entries, after the map's own tables."""
    path = SCENARIOS[[p.name for p in SCENARIOS].index("osterby-bridges.toml")]
    doc = ScenarioDocument.open(path)
    before = doc.text()
    assert "village" not in map_edit.overlays_at(doc, "0101")
    map_edit.toggle_overlay(doc, "village", "0101")
    assert "village" in map_edit.overlays_at(doc, "0101")
    assert problems(doc) == []
    sc = load_scenario(doc.save(tmp_path / "o.toml"))
    assert any(o.kind == "village" and sc.map.number(o.hex) == "0101" for o in sc.map.overlays)
    map_edit.toggle_overlay(doc, "village", "0101")
    assert doc.text() == before
    fresh = ScenarioDocument(blank_scenario(load_ruleset("lnlt"), "S", 4, 4))
    map_edit.toggle_overlay(fresh, "smoke", "0202")
    assert fresh.text().endswith('\n[[map.overlay]]\nkind = "smoke"\nhexes = ["0202"]\n')
    map_edit.toggle_overlay(fresh, "smoke", "0202")
    assert "[[map.overlay]]" not in fresh.text()


@pytest.mark.parametrize("change", [lambda t: t.replace("\n", "\r\n"), lambda t: t.rstrip("\n")],
                         ids=["crlf", "no final newline"])
def test_a_file_written_elsewhere_keeps_its_line_endings(change):
    text = change(SCENARIOS[[p.name for p in SCENARIOS].index("xom-lang-ambush.toml")].read_text(encoding="utf-8"))
    doc = ScenarioDocument(text, "x.toml")
    assert doc.text() == text
    map_edit.paint(doc, "terrain", [doc.grid().from_offset(1, 1)], "w")
    assert len(changed_lines(text, doc.text())) == 2
    assert doc.text().count("\r\n") == text.count("\r\n")


@pytest.mark.parametrize("title, name", [("Paddy Edge", "paddy-edge.toml"),
                                         ("Ambush at Xóm Làng (1967)", "ambush-at-xom-lang-1967.toml"),
                                         ("!!!", "new-scenario.toml")])
def test_a_new_scenario_is_named_from_its_title_until_it_is_saved(tmp_path, title, name):
    doc = ScenarioDocument(blank_scenario(load_ruleset("lnlt"), title, 6, 6, "flat", "even", 5))
    assert doc.suggested_file_name() == name
    assert all(p.text.startswith(f"{name}:") for p in problems(doc))       # the problems name it too
    doc.save(tmp_path / "chosen.toml")
    assert doc.suggested_file_name() == "chosen.toml"
