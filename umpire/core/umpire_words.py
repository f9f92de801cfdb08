"""The journal as the umpire reads it.  An action's summary is written in the acting side's
words -- its target named by the side's contact label ("Fire at C1"), so that the side may read
it -- but every side has its own C1: the umpire, who reads them all, is told whose contact it is
and which unit it stands for ("Fire at Soviet 1st Motor Rifle Battalion's C1 (Scout 1)").  Only
the umpire's views use this (the journal dock, `umpire journal`, the umpire's report); a side's
journal stays in its own words (core.witness)."""

from __future__ import annotations

from .game import Game
from .names import whole_names
from .witness import acting_side, labels_at


def umpire_summary(game: Game, row) -> str:
    """`row`'s summary with the enemy unit it targets, where it names it by the acting side's
    contact label, said whole: whose label, and which unit."""
    target = (row.params or {}).get("target")
    side = acting_side(game, row)
    unit = game.units.get(target) if isinstance(target, str) else None
    if unit is None or side is None or side not in game.side_ids() or unit.side == side:
        return row.summary
    label = labels_at(game, side, row.seq).get(target)
    if not label or label == target:
        return row.summary
    return whole_names([label]).sub(lambda _m: f"{game.side(side).name}'s {label} ({target})", row.summary, count=1)
