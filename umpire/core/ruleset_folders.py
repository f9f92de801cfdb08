"""Where rule systems live, on its own so that a quick reader (`umpire status`) finds a rule
system's ruleset.toml without loading the tables' loader."""

from __future__ import annotations

import os
from pathlib import Path


def rulesets_dir() -> Path:
    """The bundled rule systems: resources/rulesets (or $UMPIRE_RESOURCES/rulesets)."""
    env = os.environ.get("UMPIRE_RESOURCES")
    base = Path(env) if env else Path(__file__).resolve().parents[2] / "resources"
    return base / "rulesets"


def ruleset_folders() -> list[Path]:
    """Where rule systems are looked for, in order: the bundled ones, then each folder that
    $UMPIRE_RULESETS names (separated like PATH) -- a club's own rule system, or the tests' toy
    one, kept outside Umpire's files.  Each holds a folder per rule system (its ruleset.toml and
    tables), whose `procedures` package must be importable.  A bundled name wins."""
    extra = os.environ.get("UMPIRE_RULESETS", "")
    return [rulesets_dir(), *(Path(p) for p in extra.split(os.pathsep) if p)]
