"""Issue 8's rule: the core never imports a rule system, and every method the program calls on
a rule system is part of the documented protocol (core/rulesystem.py)."""

import ast
from pathlib import Path

import pytest

from umpire.core.errors import UmpireError

from umpire.core.rulesystem import RuleSystem

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
            if path.parent.parent.name == "gui" and path.parent.name != "gui":
                continue             # a rule system's own windows (gui/<system>/) call its own methods
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


def test_a_rule_system_without_the_optional_rules_says_so():
    """The defaults read as "this game has none of that" rather than failing."""
    class Bare(RuleSystem):
        pass

    class Ruleset:
        title = "Bare Rules"
    bare = Bare(Ruleset)

    class G:
        rules = Ruleset
    assert bare.commands() == {} and bare.actions() == {}
    assert bare.plotted_fire(G) is False and bare.status_note(G) == ""
    assert bare.plot_zone(G, "tight", "h") == frozenset(["h"])
    assert bare.formation_status(G, "company", "A") == ""
    assert bare.game_start(G, None) == [] and bare.phase_start(G, "x", None) == []
    assert bare.mine_attack(G, "u", "hasty", False, None) == []
    with pytest.raises(UmpireError) as info:
        bare.read_orders("nato-3.toml")
    assert info.value.one_line() == "nato-3.toml: Bare Rules takes no orders file"


def test_the_protocol_keeps_no_hook_only_one_rule_system_answers():
    """Hooks one system alone needed (fire worksheets, split fire, defilade, H-fire stances,
    company formations) are its own methods, not the core's protocol (issue 17; that MechWar 4
    keeps them: tests/rules/test_rule_systems_protocol.py)."""
    for name in ("fire_sheet", "split_problem", "defilade_problem", "stance_problem", "formation",
                 "form_column_problem", "panic_number", "overrun_initiative", "indirect_support", "mine_sheet"):
        assert not hasattr(RuleSystem, name), name
