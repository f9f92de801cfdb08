"""The Wardogs rule system's actions: its own (standing up, taking off and landing, loading a
squad, declaring cover; stability.py, movement.py) and those of fire (WB's modules)."""

from __future__ import annotations

from . import fire_actions, flight, stability

ACTIONS = {**stability.ACTIONS, **flight.ACTIONS}
ACTIONS.update(fire_actions.ACTIONS)          # the secret declaration of fire, clearing mines (WB)
