"""A scenario written by hand with several mistakes: every one of them is found in one go, one line
each, in the order of the file -- and a mistake that leaves nothing to read on with stops there."""

import pytest

from umpire.core.errors import ScenarioError
from umpire.core.scenario import load_scenario
from umpire.core.textpos import unclosed
import umpire.rules  # noqa: F401  (the rule systems' own checks of a scenario register as it is imported)


def problems(tmp_path, text: str) -> ScenarioError:
    p = tmp_path / "s.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(p)
    err = info.value
    assert err.lines()[0] == err.one_line()         # it reads as its first problem
    assert all(line.startswith(f"{p}:") and "\n" not in line for line in err.lines())
    return err


def changed(text: str, *edits: tuple[str, str]) -> str:
    for old, new in edits:
        assert old in text, f"test setup: {old!r} not in the sample"
        text = text.replace(old, new, 1)
    return text


def line_with(text: str, words: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if words in line)


THREE = (('{ id = "A1", type = "tanks"', '{ id = "A1", type = "tankz"'),           # a unit's type
         ('{ id = "B1", type = "rifles", hex = "0403"', '{ id = "B1", type = "rifles", hex = "1503"'),  # a unit's hex
         ('area = ["0801", "1210"]', 'area = ["0801", "1910"]'))                    # a zone off the map


def test_three_problems_give_three_lines_in_the_order_of_the_file(tmp_path, sample_text):
    text = changed(sample_text, *THREE)
    err = problems(tmp_path, text)
    lines = err.lines()
    assert len(lines) == 3, lines
    # the zone is read after the units, and said first: its entry comes first in the file
    assert '[[zone]] "red-setup"' in lines[0] and "1910" in lines[0]
    assert "unknown unit type 'tankz'" in lines[1] and "hex 1503 is off the map" in lines[2]
    assert [p.line for p in err.problems] == [line_with(text, 'id = "red-setup"'), line_with(text, "tankz"),
                                              line_with(text, "1503")]


def test_one_problem_is_no_list(tmp_path, sample_text):
    err = problems(tmp_path, changed(sample_text, THREE[0]))
    assert len(err.lines()) == 1 and not hasattr(err, "problems")


def test_an_unknown_unit_type_lists_the_known_ids(tmp_path, sample_text):
    err = problems(tmp_path, changed(sample_text, ('type = "scouts", hex = "0505"', 'type = "sniper", hex = "0505"')))
    assert "unknown unit type 'sniper'" in err.problem
    assert "(known: rifles, tanks, scouts, truck, hq)" in err.problem


def test_a_unit_refused_is_not_refused_again_where_it_is_named(tmp_path, sample_text):
    # A3 arrives as a reinforcement and B2 rides B2 Truck: with A3's and the truck's entries
    # refused, the reinforcement and the passenger are no second and third problem
    err = problems(tmp_path, changed(sample_text, ('{ id = "A3", type = "tanks"', '{ id = "A3", type = "tankk"'),
                                     ('{ id = "B2 Truck", type = "truck"', '{ id = "B2 Truck", type = "lorry"')))
    assert len(err.lines()) == 2 and "'tankk'" in err.lines()[0] and "'lorry'" in err.lines()[1]


def test_a_company_refused_takes_its_units_with_it_quietly(tmp_path, sample_text):
    err = problems(tmp_path, changed(sample_text, ('battalion = "1 Bn"\nname = "A Company', 'battalion = "9 Bn"\nname = "A Company'),
                                     ('turns = 4', 'turns = 0')))
    assert len(err.lines()) == 2, err.lines()
    assert "turns must be" in err.lines()[0] and "battalion '9 Bn' is not defined" in err.lines()[1]


def test_unknown_keys_are_all_said(tmp_path, sample_text):
    err = problems(tmp_path, changed(sample_text, ('name = "Blue Force"', 'nmae = "Blue Force"\nname = "Blue Force"'),
                                     ('name = "Red Force"', 'name = "Red Force"\ncolor = "#ff0000"')))
    assert len(err.lines()) == 2
    assert "unknown key 'nmae'" in err.lines()[0] and "unknown key 'color' (did you mean 'colour'?)" in err.lines()[1]


def test_the_maps_problems_are_all_said_and_the_reading_stops_there(tmp_path, sample_text):
    lines = sample_text.splitlines(keepends=True)
    first = lines.index('terrain = """\n') + 1
    lines[first + 1] = "X" + lines[first + 1][1:]
    lines[first + 4] = "Y" + lines[first + 4][1:]
    text = changed("".join(lines), ('road = [', 'railway = ["0101/0102"]\nroad = ['),
                   THREE[0])     # a unit's mistake: not looked for on a broken map
    err = problems(tmp_path, text)
    said = err.lines()
    assert len(said) == 3, said
    assert "unknown terrain symbol 'X'" in said[0] and "unknown terrain symbol 'Y'" in said[1]
    assert "unknown hexside feature 'railway'" in said[2]


def test_a_problem_that_leaves_nothing_to_read_stops_at_once(tmp_path, sample_text):
    err = problems(tmp_path, changed(sample_text, ('rules = "toy"', 'rules = "toyy"'), THREE[0]))
    assert len(err.lines()) == 1 and "unknown rule system 'toyy'" in err.problem


# ------------------------------------------------------------------ syntax errors: the line to look at

def test_an_unclosed_bracket_names_its_own_line(tmp_path, sample_text):
    text = changed(sample_text, ('area = ["0101", "0510"]', 'area = ["0101", "0510"'))
    err = problems(tmp_path, text)
    assert err.line == line_with(text, 'area = ["0101", "0510"') and err.line < len(text.splitlines()) - 10
    assert "syntax error" in err.problem and "'[' opened on this line is never closed" in err.problem


def test_an_unclosed_string_names_its_own_line_not_the_end_of_the_file(tmp_path, sample_text):
    text = changed(sample_text, ('rally = 4', 'rally = 4\nnote = """never closed'))
    err = problems(tmp_path, text)
    assert err.line == line_with(text, 'note = """') and 'opened with """ is never closed' in err.problem


def test_a_string_closed_by_the_next_ones_opening_names_where_it_began(tmp_path, sample_text):
    text = changed(sample_text, ('the far bank."""', 'the far bank."'))
    err = problems(tmp_path, text)
    assert err.line == line_with(text, 'description = """')


def test_a_mistake_inside_a_closed_array_keeps_the_readers_line(tmp_path, sample_text):
    text = changed(sample_text, ('{ id = "A2", type = "tanks"', '{ id = "A2", type = tanks'))
    err = problems(tmp_path, text)
    assert err.line == line_with(text, "type = tanks") and "syntax error" in err.problem


def test_a_mistake_before_an_open_bracket_on_its_line_is_the_readers(tmp_path):
    err = problems(tmp_path, "title x [[[\n")
    assert err.line == 1 and "never closed" not in err.problem and "(at line 1, column 7)" in err.problem


def test_an_unclosed_string_on_one_line_says_so(tmp_path, sample_text):
    text = changed(sample_text, ('title = "Skirmish at Stonebridge"', 'title = "Skirmish at Stonebridge'))
    err = problems(tmp_path, text)
    assert err.line == line_with(text, "title =") and 'opened with " is not closed on its line' in err.problem


@pytest.mark.parametrize("text,line", [
    ('a = 1\nb = [1,\n2\n', 2),
    ('a = "x # not a comment\n', 1),
    ("a = '''\nsome\n", 1),
    ('a = [ "]", "[" ]\nb = { c = "}" }\n# [ in a comment\n', None),
    ('a = "say \\"[\\""\n', None),
    ('[[side]]\nunits = [\n  { id = "x" },\n]\n', None),
])
def test_the_scanner_follows_strings_and_comments(text, line):
    found = unclosed(text)
    assert (found[0] if found else None) == line, found


# ------------------------------------------------------------------ bad input is never a traceback

def test_every_line_taken_out_is_a_scenario_or_a_refusal(tmp_path, sample_text):
    """Reading on past a problem must not trip over what it left out: with any one line of the
    sample deleted, the loader gives a scenario or a ScenarioError, nothing else."""
    lines = sample_text.splitlines(keepends=True)
    p = tmp_path / "cut.toml"
    refused = 0
    for i in range(len(lines)):
        p.write_text("".join(lines[:i] + lines[i + 1:]), encoding="utf-8")
        try:
            load_scenario(p)
        except ScenarioError as e:
            refused += 1
            assert e.lines() and all(line.startswith(str(p)) for line in e.lines())
    assert refused > 20         # the test reaches the loader's checks, not only its successes
