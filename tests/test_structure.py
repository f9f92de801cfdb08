"""Which package may import which (issue 17, point 4), read from the source with ast.

    core      the rules of play and the game file: no painter, no window, no report, no rule system
    render    the map painter (SideView -> pixels): the window and the reports both use it, so it
              may name neither of them, nor a rule system (it draws from the Ruleset's data)
    reports   the PDFs: they draw their map with render, never through the window
    gui       the window: may use all of the above

Every import counts, a lazy one inside a function too (the reports used to reach the window's
scene from inside write_reports).  Nothing is imported or run here.
"""

import ast
import re
from pathlib import Path

import pytest

UMPIRE = Path(__file__).resolve().parents[1] / "umpire"

FORBIDDEN = {
    "core": ("umpire.render", "umpire.gui", "umpire.reports", "umpire.rules"),
    "render": ("umpire.gui", "umpire.reports", "umpire.rules"),
    "reports": ("umpire.gui",),
}


def imported_names(path: Path):
    """(line, dotted name) of everything a source file imports."""
    parts = path.relative_to(UMPIRE.parent).with_suffix("").parts     # umpire/reports/__init__
    return imports_in(path.read_text(encoding="utf-8"), parts)


def imports_in(source: str, parts: tuple[str, ...]):
    """Relative imports resolved against the module's `parts`; for `from X import Y` both X and
    X.Y (Y may be a module: `from .. import gui`)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:      # relative: count up from the module's own package
                base = ".".join(parts[:-node.level] + ((node.module,) if node.module else ()))
            else:
                base = node.module or ""
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def _names(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def test_the_painter_has_its_own_package():
    for name in ("__init__.py", "scene.py", "counters.py", "terrain_paint.py", "picture.py"):
        assert (UMPIRE / "render" / name).is_file(), name
    for name in ("counters.py", "terrain_paint.py", "firemarks.py"):
        assert not (UMPIRE / "gui" / name).exists(), f"{name} belongs to umpire/render"


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_import_goes_the_wrong_way(package):
    files = sorted((UMPIRE / package).rglob("*.py"))
    assert files, f"umpire/{package} has no source"
    wrong: dict[str, str] = {}       # one line per import statement, naming the module it reaches
    for f in files:
        for line, name in imported_names(f):
            where = f"{f.relative_to(UMPIRE.parent)}:{line}"
            if _names(name, FORBIDDEN[package]) and len(name) < len(wrong.get(where, name + "?")):
                wrong[where] = name
    assert not wrong, "\n".join(f"{where} imports {name}" for where, name in sorted(wrong.items()))


def test_the_reader_resolves_every_form_of_import():
    """The checker itself: absolute, relative, `from .. import module`, lazy inside a function."""
    names = {n for _, n in imported_names(UMPIRE / "reports" / "__init__.py")}
    assert "umpire.core.errors" in names and "umpire.reports.content" in names
    source = ("import umpire.gui.mapview\nfrom .. import gui\n"
              "def f():\n    from ..gui.mainwindow import MainWindow\n")
    found = set(imports_in(source, ("umpire", "reports", "probe")))
    assert {(1, "umpire.gui.mapview"), (2, "umpire.gui"), (4, "umpire.gui.mainwindow")} <= found
    assert _names("umpire.gui", FORBIDDEN["reports"]) and not _names("umpire.guide", FORBIDDEN["reports"])


# --- the core's tests play the toy rule system (issue 17) -------------------------------------

TESTS = UMPIRE.parent / "tests"
BUNDLED_SYSTEMS = ("mechwar4", "lnlt", "warblog", "hcm", "wardogs")
# Files of tests/core let off, and why (none: the bundled systems' side of the protocol is
# tested in tests/rules/test_rule_systems_protocol.py).
LET_OFF: dict[str, str] = {}


def bundled_uses(source: str, parts: tuple[str, ...]) -> list[tuple[int, str]]:
    """(line, what) for each place the source imports a bundled rule system's package, names a
    bundled rule system, scenario or old game file, or cites MechWar 4's rules ("MW4 ...")."""
    imports = tuple(f"umpire.rules.{s}" for s in BUNDLED_SYSTEMS)
    found = [(line, f"imports {name}") for line, name in imports_in(source, parts) if _names(name, imports)]
    names = [p.stem for p in (UMPIRE.parent / "scenarios").glob("*.toml")]
    names += [p.stem for p in (TESTS / "data").iterdir()]
    pattern = re.compile(r"\b(" + "|".join(re.escape(x) for x in (*names, *BUNDLED_SYSTEMS, "MW4")) + r")\b")
    for line, text in enumerate(source.splitlines(), start=1):
        found += [(line, f"names {m.group(1)}") for m in pattern.finditer(text)]
    return sorted(set(found))


def test_the_cores_tests_reach_for_no_bundled_rule_system():
    """Every test in tests/core, and the toy rule system they play (tests/toy), stays off the
    bundled rule systems and their scenarios: the core's behaviour is tested on the toy alone."""
    files = sorted((TESTS / "core").rglob("*.py")) + sorted((TESTS / "toy").rglob("*.py"))
    assert len(files) > 10
    wrong = [f"{f.relative_to(TESTS.parent)}:{line} {what}" for f in files if f.name not in LET_OFF
             for line, what in bundled_uses(f.read_text(encoding="utf-8"), f.relative_to(TESTS.parent).with_suffix("").parts)]
    assert not wrong, "\n".join(wrong)
    assert all((TESTS / "core" / name).is_file() for name in LET_OFF)


def test_the_check_finds_each_way_of_reaching_for_one():
    source = ("from umpire.rules.mechwar4.fire import fire_sheet\nimport umpire.rules.warblog\n"
              "from umpire.rules import rule_system, lnlt\nPATH = 'scenarios/kaltenbach-gap.toml'\n"
              "# MW4 5.2: face-down\nfrom umpire.rules import botkit\n")
    found = bundled_uses(source, ("tests", "core", "probe"))
    assert {line for line, _ in found} == {1, 2, 3, 4, 5}, found
    assert (3, "imports umpire.rules.lnlt") in found and (4, "names kaltenbach-gap") in found
    assert bundled_uses("from umpire.rules import rule_system, botkit\nGAME = 'toy'\n", ("tests", "core", "x")) == []


# The core reads top to bottom: no two of its modules need each other, even through an import
# made late inside a function; and no module reaches into another's private names.
def _module_name(path: Path) -> str:
    parts = path.relative_to(UMPIRE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(folder: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same tree it imports (a name imported from a package is
    counted as the package, unless the name is a module of it)."""
    modules = {_module_name(p): p for p in folder.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        reached = set()
        for _, dotted in imported_names(path):
            while dotted and dotted not in modules:
                dotted = dotted.rpartition(".")[0]
            if dotted and dotted != name:
                reached.add(dotted)
        graph[name] = reached
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or around a loop (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_core_has_no_import_cycle():
    graph = import_graph(UMPIRE / "core")
    assert "umpire.core.play.movement" in graph and "umpire.core.engine" in graph["umpire.core.play.movement"]
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_loop():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_another_modules_private_names():
    private = []
    for path in sorted(UMPIRE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                private += [f"{path.relative_to(UMPIRE.parent)}:{node.lineno} imports {a.name}"
                            for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
    assert private == []


def test_the_core_names_no_bundled_rule_system():
    """umpire/core speaks of what every rule system has: not one of the bundled ones by name,
    in code or in a comment ("LnLT's impulses" said what Phase.passes_to_end is for in one
    system's words).  The schema's revisions, a record of old files, are let off."""
    spellings = re.compile(r"mechwar|\blnlt\b|lock 'n load|warblog|war blog|\bmw4\b|\bhcm\b|hex command|wardogs",
                           re.IGNORECASE)
    wrong = [f"{f.relative_to(UMPIRE.parent)}:{n}" for f in sorted((UMPIRE / "core").rglob("*.py"))
             if "migrations" not in f.parts
             for n, text in enumerate(f.read_text(encoding="utf-8").splitlines(), start=1) if spellings.search(text)]
    assert not wrong, "\n".join(wrong)
