"""Hex Command Mechanized, the optional CVS Combat (HCM 3.10 d).

The rule proper: a commander stacked with a unit adds 1 to its combat value (3.10 d, 3.7.18).
The option printed beside it: his CVS Combat value (0 to 2, 2.1) goes onto the firing unit's
die roll instead.  A scenario chooses it with `[hcm] cvs_combat = true` (reports.py checks the
key).  Umpire's reading:

* "instead": under the option a commander of Combat 0 adds nothing to the fire of the unit he is
  with, one of Combat 2 adds 2 -- the flat +1 is not added as well.
* Added to the roll is taken off the number the roll must reach: the same arithmetic, so the
  worksheet shows it as one more line of its modifiers.  It applies to fire, cannon or small arms
  (3.7.1, 3.7.2), not to melee: 3.10 d speaks of the firing unit, and melee's +1 is 3.7.18's.
* His values are secret from the enemy (4.5): the worksheet is read by the firer's side, which
  owns the commander, and by the umpire -- never by the side fired at.
"""

from __future__ import annotations

from . import command


def chosen(game) -> bool:
    """Whether the scenario plays the optional CVS Combat (3.10 d)."""
    return bool((game.rule_state.scenario or {}).get("cvs_combat", False))


def commander_bonus(game, u) -> tuple[int, bool]:
    """What the commander with firer `u` adds (3.10 d, 3.7.18), and whether it is his CVS
    Combat value (the option) rather than the flat +1."""
    c = command.commander_with(game, u)
    if c is None:
        return 0, False
    if chosen(game):
        return command.cvs(c).combat, True
    return 1, False
