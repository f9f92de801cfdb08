"""docs/warblog-coverage.md tells the truth (issue 25): every numbered section of War Blog's
print-and-play rules is on the page with a status, and every section the page calls implemented
(or partly) is cited in a comment or string under umpire/rules/warblog AND in a War Blog test.
The checks are coveragekit.py's."""

from __future__ import annotations

import re

import pytest

from .coveragekit import ROOT, TEXTS, check_page, page_rows


def warblog_tests():
    return sorted(p for p in (ROOT / "tests").rglob("*.py") if "warblog" in p.name and "coverage" not in p.name)


def test_every_section_called_implemented_is_cited_in_code_and_tests():
    rows = check_page(ROOT / "docs" / "warblog-coverage.md", ROOT / "umpire" / "rules" / "warblog", warblog_tests())
    assert {"1.20", "1.33", "3.3", "10.0", "11.3"} <= set(rows)


def test_the_page_lists_every_section_of_the_text():
    text = TEXTS / "warblog-print-and-play-rules.txt"
    if not text.exists():
        pytest.skip("the War Blog text is not bundled (set UMPIRE_RULES_TEXTS to its folder)")
    found = re.findall(r"^(\d+(?:\.\d+)+) [A-Z]", text.read_text(encoding="utf-8"), re.M)
    assert found and set(found) == set(page_rows(ROOT / "docs" / "warblog-coverage.md"))


EXAMPLE = re.compile(r"^\|\s*(\d+(?:\.\d+)+)\s*\|\s*(.+?)\s*\|\s*`(test_\w+\.py)::(test_\w+)`\s*\|\s*$")


def test_every_worked_example_is_played_by_a_test_that_exists_and_cites_it():
    """issue 25: the page's "Worked examples" table names, for each example of the text, a test
    under tests/rules/; that test exists, and its name or docstring cites the example's section,
    which the section table lists."""
    import ast

    from .coveragekit import NAME_NUMBERS, cites
    page = (ROOT / "docs" / "warblog-coverage.md").read_text(encoding="utf-8")
    table = page[page.index("## Worked examples"):]
    rows = [m.groups() for line in table.splitlines() if (m := EXAMPLE.match(line))]
    assert len(rows) >= 30 and len(rows) == sum(1 for x in table.splitlines() if x.startswith("| ") and "`" in x)
    sections = set(page_rows(ROOT / "docs" / "warblog-coverage.md"))
    problems = []
    for section, _what, file, name in rows:
        path = ROOT / "tests" / "rules" / file
        if section not in sections:
            problems.append(f"{section} is not a section of the table")
        if not path.exists():
            problems.append(f"{file} does not exist")
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        fn = next((f for f in tree.body if isinstance(f, ast.FunctionDef) and f.name == name), None)
        if fn is None:
            problems.append(f"{file} has no {name}")
            continue
        said = (ast.get_docstring(fn) or "") + "\n" + " ".join(x.replace("_", ".") for x in re.findall(NAME_NUMBERS, name))
        if not cites(said, section):
            problems.append(f"{name} does not cite {section}")
    assert not problems, "\n".join(problems)
