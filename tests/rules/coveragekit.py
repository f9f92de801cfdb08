"""What the coverage pages' tests share (issue 25): a page's table of sections, the citations in a
package's and its tests' comments, strings and test names, and the whole check of a page whose
sections are dotted numbers (Lock 'n Load, War Blog).  MechWar 4's page counts its sections its own
way (two-level numbers, cases cited by their section) and uses the reader and the scanner alone."""

from __future__ import annotations

import io
import os
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEXTS = Path(os.environ.get("UMPIRE_RULES_TEXTS", "/work/shared/rules"))
STATUSES = ("implemented", "partly", "not modelled", "no rule")
NUMBER = r"(?<![\w.])({})(?![\w]|\.\d)"
ROW = re.compile(r"^\|\s*(\d+(?:\.\d+)+)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*$")
FIGURE = re.compile(r"\*\*(\d+(?:\.\d+)?) of (\d+)\*\* sections")
NAME_NUMBERS = r"(?<=_)\d+(?:_\d+)+(?=_|$)"      # test_2_4_4_...: 2.4.4


def page_rows(page: Path, row: re.Pattern = ROW) -> dict[str, tuple[str, str, str]]:
    """section -> (title, status, module or reason), from the page's table (`row`: a table row)."""
    rows = {}
    for line in page.read_text(encoding="utf-8").splitlines():
        m = row.match(line)
        if m:
            assert m.group(1) not in rows, f"{page.name}: {m.group(1)} listed twice"
            rows[m.group(1)] = (m.group(2), m.group(3), m.group(4))
    return rows


def cited_text(files, name_numbers: str = NAME_NUMBERS) -> str:
    """The comments and strings (docstrings included) of the Python files, one per line, and the
    sections a test's name carries, as `name_numbers` finds them (by default test_2_4_4_...: 2.4.4)
    -- never a number in code (a float such as 1.5)."""
    out = []
    for f in files:
        for tok in tokenize.generate_tokens(io.StringIO(Path(f).read_text(encoding="utf-8")).readline):
            if tok.type in (tokenize.COMMENT, tokenize.STRING) or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
                out.append(tok.string)
            elif tok.type == tokenize.NAME and tok.string.startswith("test_"):
                out.extend(m.replace("_", ".") for m in re.findall(name_numbers, tok.string))
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
