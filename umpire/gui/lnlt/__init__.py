"""Lock 'n Load Tactical's own entry in the Unit menu: Call Air Support… (19.1), greyed with the
reason in its tip when the selected unit cannot call it -- the plain entry the Unit menu builds
for a rule system's action is hidden for a unit it does not fit, which left umpires asking where
it had gone.  The rest of Lock 'n Load's actions keep the Unit menu's plain entries."""

from __future__ import annotations

from .menu import OWN_ENTRIES, UnitEntries  # noqa: F401  (the Unit menu asks for these)
