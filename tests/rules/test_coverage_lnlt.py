"""docs/lnlt-coverage.md tells the truth (issue 25): every section Lock 'n Load Tactical's
player aid cites is on the page with a status, and every section the page calls implemented
(or partly) is cited in a comment or string under umpire/rules/lnlt AND in a Lock 'n Load test.

A citation is the section's number standing alone in a comment, docstring or string (never a
number in code: a float such as 1.5 is no citation), e.g. "(10.1)" or "LnLT 14.3"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .coveragekit import ROOT, TEXTS, check_page, cited_text, cites, page_rows


def lnlt_tests() -> list[Path]:
    return sorted(p for p in (ROOT / "tests").rglob("*.py") if "lnlt" in p.name and "coverage" not in p.name)


def test_every_section_called_implemented_is_cited_in_code_and_tests():
    rows = check_page(ROOT / "docs" / "lnlt-coverage.md", ROOT / "umpire" / "rules" / "lnlt", lnlt_tests())
    assert {"10.1", "14.1", "20.2", "19.1"} <= set(rows)


def test_the_page_lists_every_section_the_player_aid_cites():
    text = TEXTS / "lock-n-load-tactical-player-aid.txt"
    if not text.exists():
        pytest.skip("the player aid is not bundled (set UMPIRE_RULES_TEXTS to its folder)")
    found = set(re.findall(r"(?<![\d.])(\d{1,2}\.\d+(?:\.\d+)*)(?![\d]|\.\d)", text.read_text(encoding="utf-8")))
    found.discard("1.5")       # "1.5x the Artillery Mission FP": a multiplier, not a section
    assert found == set(page_rows(ROOT / "docs" / "lnlt-coverage.md"))


def test_a_tests_name_cites_its_sections(tmp_path):
    f = tmp_path / "t.py"
    f.write_text("def test_9_3_air_combat_and_11_6_attrition():\n    x = 2.5\n")
    text = cited_text([f])
    assert cites(text, "9.3") and cites(text, "11.6") and not cites(text, "2.5")


def test_a_float_in_code_is_no_citation():
    assert cites("# half again (1.5)", "1.5") and not cites("# x1.5 the fire", "1.5")
    assert not cites("see 11.5.2", "11.5") and not cites("see 2.11.5", "11.5") and cites("(11.5).", "11.5")


def worked_examples() -> list[tuple[str, str]]:
    """(file, test) of each row of the page's "Worked examples" table."""
    page = (ROOT / "docs" / "lnlt-coverage.md").read_text(encoding="utf-8")
    table = page.split("## Worked examples", 1)[1]
    return re.findall(r"`(tests/[\w/]+\.py)::(test_\w+)`", table)


def test_every_worked_example_the_page_names_is_a_test_that_exists():
    """Issue 25: each worked example of the aid is a test; the page's table names it, and it exists."""
    rows = worked_examples()
    assert rows, "the page names no worked example's test"
    for file, name in rows:
        path = ROOT / file
        assert path.exists(), f"{file} (named for a worked example) does not exist"
        assert re.search(rf"^def {name}\(", path.read_text(encoding="utf-8"), re.M), f"{file} has no {name}"


def test_the_table_has_a_row_for_every_example_in_the_player_aid():
    text = TEXTS / "lock-n-load-tactical-player-aid.txt"
    if not text.exists():
        pytest.skip("the player aid is not bundled (set UMPIRE_RULES_TEXTS to its folder)")
    found = re.findall(r"\bexample\b|\be\.g\.|\bfor instance\b", text.read_text(encoding="utf-8"), re.I)
    assert len(worked_examples()) == len(found)
