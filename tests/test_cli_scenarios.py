"""Scenarios written by hand, at the command line: `validate` says every problem of a file, one line
each; a syntax error names the line to look at; `rulesets --detail` lists what a scenario may name.
In-process through `umpire.cli.main`, on the bundled scenarios."""

from pathlib import Path

import pytest

from umpire.cli import main

ROOT = Path(__file__).resolve().parents[1]
KALTENBACH = ROOT / "scenarios" / "kaltenbach-gap.toml"        # MechWar 4


def run(capsys, *argv) -> tuple[int, str, list[str]]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err, err
    return code, out, [ln for ln in err.splitlines() if ln.strip()]


def variant(tmp_path: Path, *edits: tuple[str, str], name: str = "variant.toml") -> Path:
    text = KALTENBACH.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, f"test setup: {old!r} not in the scenario"
        text = text.replace(old, new, 1)
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


THREE = (("turns = 12", "turns = 0"),                                                   # [scenario]
         ('{ id = "A1", type = "us_m1", hex = "1109" }', '{ id = "A1", type = "us_m1z", hex = "1109" }'),
         ('{ id = "Scout 2", type = "us_m3", hex = "0512"', '{ id = "Scout 2", type = "us_m3", hex = "0599"'))


def test_validate_says_every_problem_of_a_file_one_line_each(tmp_path, capsys):
    bad = variant(tmp_path, *THREE)
    code, out, err = run(capsys, "validate", bad)
    assert code == 2 and out == ""
    assert len(err) == 3, err
    assert all(line.startswith(f"umpire: error: {bad}:") for line in err)
    assert "turns must be a whole number from 1 to 999, got 0" in err[0]
    assert "hex 0599 is off the map" in err[1] and "unknown unit type 'us_m1z'" in err[2]


def test_an_unknown_unit_type_lists_the_ids_of_the_rule_system(tmp_path, capsys):
    code, _out, err = run(capsys, "validate", variant(tmp_path, THREE[1]))
    assert code == 2 and len(err) == 1
    assert "(did you mean 'us_m1'?)" in err[0] and "known: us_m1, us_m60a3," in err[0] and "sov_t72" in err[0]


def test_validate_goes_on_to_the_next_file(tmp_path, capsys):
    bad = variant(tmp_path, *THREE[:2])
    code, out, err = run(capsys, "validate", bad, KALTENBACH)
    assert code == 2 and len(err) == 2 and out.startswith(f"ok: {KALTENBACH}")


def test_new_from_a_scenario_with_problems_says_them_all_and_writes_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = variant(tmp_path, *THREE)
    code, _out, err = run(capsys, "new", bad)
    assert code == 2 and len(err) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["variant.toml"]


def test_an_unclosed_bracket_is_named_at_its_own_line(tmp_path, capsys):
    bad = variant(tmp_path, ('area = ["0101", "4013"]', 'area = ["0101", "4013"'))
    line_no = next(i for i, ln in enumerate(bad.read_text().splitlines(), start=1) if '"4013"' in ln)
    code, _out, err = run(capsys, "validate", bad)
    assert code == 2 and len(err) == 1
    assert err[0].startswith(f"umpire: error: {bad}:{line_no}: syntax error: the '[' opened on this line")


def test_rulesets_detail_lists_what_a_scenario_may_name(capsys):
    code, out, err = run(capsys, "rulesets", "--detail", "mechwar4")
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("mechwar4  MechWar 4")
    assert any(ln.split() == ["t", "town", "Town"] for ln in lines)            # symbol, id, label
    assert any(ln.split()[:2] == ["us_m1", "M1"] and ln.split()[-1] == "vehicle" for ln in lines)
    assert any(ln.split() == ["road", "Road"] for ln in lines)
    assert "    SAMPLE Terrain Effects Chart (MW4 10.6)  (terrain.toml)" in lines
    assert any(ln.startswith("           Mined hex types") for ln in lines)     # not a sample


def test_plain_rulesets_stays_a_list_of_systems(capsys):
    code, out, _err = run(capsys, "rulesets")
    assert code == 0 and "mechwar4  MechWar 4" in out and "lnlt" in out
    assert "unit types" not in out and "us_m1" not in out


def test_rulesets_detail_of_an_unknown_system_names_the_known_ones(capsys):
    for name in ("mw4", "../mechwar4", ""):
        code, out, err = run(capsys, "rulesets", "--detail", name)
        assert code == 2 and out == "" and len(err) == 1, (name, err)
        assert err[0].startswith(f"umpire: error: --detail: unknown rule system {name!r} (installed: ")
        assert "mechwar4" in err[0] and "warblog" in err[0]


OSTERBY = ROOT / "scenarios" / "osterby-bridges.toml"          # War Blog

# (scenario, text in it, its replacement, words of the one line): values of the wrong shape where
# a name or a list of names belongs, which the loader once looked up and crashed on
WRONG_SHAPE = [
    (KALTENBACH, 'side = "warpac"\nname = "1st Motor', 'side = []\nname = "1st Motor', "side must be text, got []"),
    (KALTENBACH, '{ id = "A1", type = "us_m1"', '{ id = "A1", type = { m = 1 }', "type must be text, got {'m': 1}"),
    (KALTENBACH, 'first_player = "warpac"', 'first_player = ["warpac"]', "first_player must be text"),
    (KALTENBACH, 'units = ["2 Tank Co"]', 'units = [["2 Tank Co"]]', "units must be a list of text"),
    (KALTENBACH, 'entry = ["3030"]', 'entry = 3030', "entry must be a list of text"),
    (KALTENBACH, 'hexes = ["1414", "1514"]', 'hexes = [1414, 1514]', "hexes must be a list of text"),
    (OSTERBY, 'kind = "town"', 'kind = ["town"]', "unknown overlay ['town']"),
    (OSTERBY, 'favours = "red"', 'favours = ["red"]', "favours ['red'] is not a side"),
]


@pytest.mark.parametrize("scenario,old,new,words", WRONG_SHAPE, ids=[r[3][:30] for r in WRONG_SHAPE])
def test_a_value_of_the_wrong_shape_is_a_line_not_a_crash(tmp_path, capsys, scenario, old, new, words):
    text = scenario.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {scenario.name}"
    bad = tmp_path / "shape.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, _out, err = run(capsys, "validate", bad)
    assert code == 2 and err and any(words in line for line in err), err
