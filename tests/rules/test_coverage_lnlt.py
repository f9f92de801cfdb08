"""docs/lnlt-coverage.md tells the truth (issue 25): every section Lock 'n Load Tactical's
player aid cites is on the page with a status, and every section the page calls implemented
(or partly) is cited in a comment or string under umpire/rules/lnlt AND in a Lock 'n Load test.

A citation is the section's number standing alone in a comment, docstring or string (never a
number in code: a float such as 1.5 is no citation), e.g. "(10.1)" or "LnLT 14.3"."""

from __future__ import annotations

import io
import os
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEXTS = Path(os.environ.get("UMPIRE_RULES_TEXTS", "/work/shared/rules"))
STATUSES = ("implemented", "partly", "not modelled", "no rule")
NUMBER = r"(?<![\w.])({})(?![\w]|\.\d)"
ROW = re.compile(r"^\|\s*(\d+(?:\.\d+)+)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*$")
FIGURE = re.compile(r"\*\*(\d+(?:\.\d+)?) of (\d+)\*\* sections")


def page_rows(page: Path) -> dict[str, tuple[str, str, str]]:
    """section -> (title, status, module or reason), from the page's table."""
    rows = {}
    for line in page.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            assert m.group(1) not in rows, f"{page.name}: {m.group(1)} listed twice"
            rows[m.group(1)] = (m.group(2), m.group(3), m.group(4))
    return rows


def cited_text(files) -> str:
    """The comments and strings (docstrings included) of the Python files, one per line, and the
    sections a test's name carries (test_2_4_4_...: 2.4.4)."""
    out = []
    for f in files:
        for tok in tokenize.generate_tokens(io.StringIO(Path(f).read_text(encoding="utf-8")).readline):
            if tok.type in (tokenize.COMMENT, tokenize.STRING) or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
                out.append(tok.string)
            elif tok.type == tokenize.NAME and tok.string.startswith("test_"):
                out.extend(m.replace("_", ".") for m in re.findall(r"(?<=_)\d+(?:_\d+)+(?=_|$)", tok.string))
    return "\n".join(out)


def cites(text: str, section: str) -> bool:
    return re.search(NUMBER.format(re.escape(section)), text) is not None


def figure(rows) -> float:
    """Implemented sections, a partly implemented one counting half."""
    return sum(1 if s == "implemented" else 0.5 if s == "partly" else 0 for _t, s, _w in rows.values())


def check_page(page: Path, package: Path, tests: list[Path]):
    rows = page_rows(page)
    assert rows, f"{page} has no table of sections"
    code, tested = cited_text(sorted(package.glob("*.py"))), cited_text(tests)
    problems = []
    for section, (title, status, where) in rows.items():
        if status not in STATUSES:
            problems.append(f"{section}: status {status!r} is none of {STATUSES}")
        elif status in ("implemented", "partly"):
            names = re.findall(r"`?(\w+\.py)`?", where)
            if not names or any(not (package / n).exists() for n in names):
                problems.append(f"{section}: {where!r} names no module of {package.name}")
            if not cites(code, section):
                problems.append(f"{section} ({title}) is called {status} but no code under {package.name} cites it")
            if not cites(tested, section):
                problems.append(f"{section} ({title}) is called {status} but no test cites it")
        elif len(where) < 12:
            problems.append(f"{section}: {status} needs its reason")
    assert not problems, "\n".join(problems)
    m = FIGURE.search(page.read_text(encoding="utf-8"))
    assert m, f"{page.name} states no figure (**N of M** sections)"
    assert (float(m.group(1)), int(m.group(2))) == (figure(rows), len(rows)), \
        f"{page.name} says {m.group(1)} of {m.group(2)}; its table gives {figure(rows):g} of {len(rows)}"
    return rows


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
