"""The orders editor's first text: the one umpire/packages/orders_template.py gives for the
package's side and turn (the side's web page starts from the same text)."""

from __future__ import annotations

from ...packages.orders_template import package_template
from ...packages.package import Package
from ...rules import rule_system


def orders_template(package: Package) -> str:
    from ...core.ruleset import load_ruleset
    return package_template(package, rule_system(load_ruleset(package.manifest["rules"])))
