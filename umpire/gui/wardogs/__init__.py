"""Wardogs' windows: the declaration of fire as a form of pick lists, and the orders file
handed in through a file picker (declareform.py).  Turn → Side Actions opens these instead of
the general form built from the actions' fields (SIDE_FORMS); Pass and Next Phase ask the
umpire before the reveal while a side has not declared (before_leaving)."""

from __future__ import annotations

from .declareform import before_leaving, declare_fire, orders_file  # noqa: F401  (leaving.py asks before_leaving)

# a side action's name -> what opens its form: (window, its ActionSpec, the acting side) -> None
SIDE_FORMS = {"declare_fire": declare_fire, "orders": orders_file}
