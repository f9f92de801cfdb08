"""The Wardogs rule system's actions: its own (standing up, taking off and landing, loading a
squad, declaring cover; stability.py, movement.py) and those of fire (WB's modules)."""

from __future__ import annotations

from . import stability

ACTIONS = {**stability.ACTIONS}
# Fire, lock-on, declarations, mines: WB's modules add their ACTIONS here, e.g. ACTIONS.update(fire_actions.ACTIONS)
