"""Issue 8's rule: the core never imports a rule system, and every method the program calls on
a rule system is part of the documented protocol (core/rulesystem.py)."""

import ast
from pathlib import Path

from umpire.core.rulesystem import RuleSystem
from umpire.rules.mechwar4 import RuleSystem as MechWar4

ROOT = Path(__file__).resolve().parents[2] / "umpire"


def _modules(folder: Path):
    return [p for p in folder.rglob("*.py")]


def test_the_core_imports_no_rule_system():
    for path in _modules(ROOT / "core"):
        package = list(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])      # umpire.core[.store]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                names = [".".join(base + ([node.module] if node.module else []))]
            else:
                continue
            for name in names:
                assert not name.startswith("umpire.rules"), f"{path.name} imports {name}"


def test_every_hook_the_program_calls_is_in_the_protocol():
    called = set()
    for folder in ("core", "gui", "reports"):
        for path in _modules(ROOT / folder):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Attribute) and isinstance(node.value, (ast.Attribute, ast.Name)):
                    owner = node.value.attr if isinstance(node.value, ast.Attribute) else node.value.id
                    if owner == "system":
                        called.add(node.attr)
    for path in (ROOT / "autoplay.py", ROOT / "actions.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "system":
                called.add(node.attr)
    assert called and not called - set(dir(RuleSystem)), sorted(called - set(dir(RuleSystem)))
    assert issubclass(MechWar4, RuleSystem)


def test_a_rule_system_without_the_optional_rules_says_so():
    """The defaults read as "this game has none of that" rather than failing."""
    class Bare(RuleSystem):
        pass
    bare = Bare(None)

    class G:
        class rules:
            title = "Bare Rules"
    assert bare.plot_problem(G, "a", None, None, "tight", 1) == "Bare Rules has no indirect fire"
    assert bare.split_problem(G, "u", ["d1", "d2"]) == "Bare Rules has no split fire"
    assert bare.mine_sheet(G, "u", "hasty") is None and bare.indirect_support(G, "u") is None
    assert bare.game_start(G, None) == [] and bare.phase_start(G, "x", None) == []
    assert bare.settle_fire(object(), None) == (None, [])
