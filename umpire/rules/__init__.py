"""Rule systems: one package per system, each exposing `RuleSystem(ruleset)`.

The core never imports from here; the shells (CLI, GUI, reports) ask `rule_system(ruleset)`
for the procedures of the game's rule system and hand them core data.
"""

from __future__ import annotations

import importlib

from ..core.errors import RulesetError
from ..core.ruleset import Ruleset


def rule_system(ruleset: Ruleset):
    try:
        module = importlib.import_module(f"{__name__}.{ruleset.name}")
    except ModuleNotFoundError:
        raise RulesetError(f"rule system {ruleset.name!r} has data but no procedures installed") from None
    return module.RuleSystem(ruleset)
