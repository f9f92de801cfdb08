"""Wardogs' windows: the declaration of fire as a form of pick lists, and the orders file
handed in through a file picker (declareform.py).  Turn → Side Actions opens these instead of
the general form built from the actions' fields (SIDE_FORMS)."""

from __future__ import annotations

from .declareform import declare_fire, orders_file

# a side action's name -> what opens its form: (window, its ActionSpec, the acting side) -> None
SIDE_FORMS = {"declare_fire": declare_fire, "orders": orders_file}
