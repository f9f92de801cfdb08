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
