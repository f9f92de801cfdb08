"""MechWar 4's windows: the fire and split fire dialogs with their worksheets (6.0, 6.93), the
overrun questions (12.0), the indirect fire plot panel (7.0, 14.0), its entries in the Unit
menu (menu.py) and what they read of a MechWar 4 unit to grey or tick them.  The rest of the window knows no rule
system; it opens these only where the game's rule system offers them (RuleSystem.offers)."""

from __future__ import annotations

from ...rules import rule_system


def mark(unit, name: str, default=None):
    """One of a unit's MechWar 4 marks (column, defilade, unbuttoned...); `default` in a game
    of another rule system, whose units have none of them."""
    return getattr(unit.marks, name, default)


def active_company(game) -> str | None:
    """The company activated now (4.1), or None."""
    return getattr(game.rule_state, "active_company", None)


def takes_h_fire_by_choice(game, uid: str) -> bool:
    """Whether the unit may choose to take indirect fire unbuttoned (hard and protected units,
    7.31, 7.32)."""
    system = rule_system(game.rules)
    return "h_fire_stance" in system.offers() and not system.stance_problem(game, uid)


from .menu import OWN_ENTRIES, UnitEntries  # noqa: E402,F401  (the Unit menu asks for these)
from .plotpanel import PlotPanel  # noqa: E402

# The docks the main window makes for a MechWar 4 game: title -> (what the rule system offers for
# it to show, the panel).
DOCKS = {"Fire Plots": ("plots", PlotPanel)}
