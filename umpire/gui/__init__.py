"""The workstation's windows (PySide6).  They know no rule system: a rule system that needs
windows of its own has one GUI package here, named as the system (gui/mechwar4), found by
`system_gui`."""

from __future__ import annotations

import importlib
from types import ModuleType


def system_gui(name: str) -> ModuleType | None:
    """The GUI package of the rule system `name`, or None when it has none."""
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{name}":
            raise                       # a broken package is a bug, not a missing one
        return None
