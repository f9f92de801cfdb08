"""The core never imports Qt or a rule system's code (DESIGN: a pure core, a thin shell)."""

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "umpire" / "core"
FORBIDDEN = ("PySide6", "umpire.gui", "umpire.rules", "umpire.reports")


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:       # relative: resolve against the package
                pkg = path.relative_to(CORE.parent.parent).with_suffix("").parts[:-node.level]
                yield ".".join(pkg + ((node.module,) if node.module else ()))
            else:
                yield node.module or ""


def test_no_forbidden_imports_in_source():
    files = list(CORE.rglob("*.py"))
    assert len(files) > 5
    for f in files:
        for name in _imports(f):
            assert not name.startswith(FORBIDDEN), f"{f.name} imports {name}"


def test_importing_the_core_loads_no_qt():
    code = ("import sys, pkgutil, importlib, umpire.core as c\n"
            "for m in pkgutil.walk_packages(c.__path__, 'umpire.core.'): importlib.import_module(m.name)\n"
            "bad = [m for m in sys.modules if m.startswith('PySide6')]\n"
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_drawing_code_cannot_reach_the_truth():
    """The map painter (umpire/render: scene, counters, terrain, markers) takes a SideView; it
    never names the game's truth (Game, UnitState, contacts, the game's units), so a side's
    picture can't leak it."""
    painter = sorted((CORE.parent / "render").glob("*.py"))
    assert len(painter) >= 4
    for path in painter:
        name = path.name
        src = path.read_text(encoding="utf-8")
        tree = ast.parse(src)
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | \
                {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        for forbidden in ("Game", "UnitState", "Contact", "open_game", "contacts"):
            assert forbidden not in names | imported, f"{name} uses {forbidden}"
        assert "core.game" not in src and "core.store" not in src, name
