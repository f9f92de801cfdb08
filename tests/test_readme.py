"""README.md stays short and true: its two commands for a fresh machine (CI runs the test one),
its links into docs/, and a command-line reference that names every command."""

import re
from pathlib import Path

from umpire.cli_parser import SUBCOMMANDS
from umpire.platformcheck import DEBIAN_PACKAGES

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"
RUN_SAMPLE = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/umpire scenarios/kaltenbach-gap.toml"
RUN_TESTS = ('python3 -m venv .venv && .venv/bin/pip install -q -e ".[test]" && QT_QPA_PLATFORM=offscreen '
             ".venv/bin/python -m pytest")


def links(text: str) -> list[str]:
    """The targets of Markdown links and images that are files here (not web addresses or anchors)."""
    return [t.split("#")[0] for t in re.findall(r"\]\(([^)\s]+)\)", text)
            if not re.match(r"[a-z]+:", t) and not t.startswith("#")]


def test_the_two_commands_for_a_fresh_machine():
    blocks = re.findall(r"```sh\n(.*?)```", README, re.DOTALL)
    assert RUN_SAMPLE + "\n" in blocks and RUN_TESTS + "\n" in blocks
    assert (ROOT / "scenarios" / "kaltenbach-gap.toml").is_file()


def test_ci_runs_the_readmes_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert RUN_TESTS in ci.splitlines()


def test_the_readme_names_the_system_packages_qt_needs():
    assert f"sudo apt-get install python3-venv {DEBIAN_PACKAGES}\n" in README
    for package in ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1"):
        assert package in DEBIAN_PACKAGES.split()


def test_the_readme_is_short_and_its_links_lead_somewhere():
    assert len(README.splitlines()) < 80
    targets = links(README)
    assert "docs/README.md" in targets and "docs/screenshot.png" in targets
    assert [t for t in targets if not (ROOT / t).is_file()] == []
    assert "../shared" not in README


def test_the_docs_links_lead_somewhere():
    pages = sorted(DOCS.glob("*.md"))
    assert {p.name for p in pages} >= {"README.md", "mechwar4.md", "lnlt.md", "warblog.md", "command-line.md",
                                       "scenario-format.md"}
    broken = [f"{p.name}: {t}" for p in pages for t in links(p.read_text(encoding="utf-8"))
              if not (p.parent / t).is_file()]
    assert broken == []


def test_the_command_line_reference_names_every_command():
    text = "".join(p.read_text(encoding="utf-8") for p in DOCS.glob("*.md"))
    missing = [c for c in SUBCOMMANDS if not re.search(rf"\bumpire {re.escape(c)}\b", text)]
    assert missing == []
    assert "umpire rulesets --detail SYSTEM" in (DOCS / "command-line.md").read_text(encoding="utf-8")
