"""The journal as the umpire reads it.  An action's summary is written in the acting side's
words -- its target named by the side's contact label ("Fire at C1"), so that the side may read
it -- but every side has its own C1: the umpire, who reads them all, is told whose contact it is
and which unit it stands for ("Fire at Soviet 1st Motor Rifle Battalion's C1 (Scout 1)").  And a
formation the scenario gives a name is called by it ("1st Motor Rifle Company", not "1 MRC").
Only the umpire's views use this (the journal dock, `umpire journal`, the umpire's report); a
side's journal stays in its own words (core.witness)."""

from __future__ import annotations

from .game import Game
from .names import whole_names
from .witness import acting_side, labels_at


class UmpireWords:
    """The umpire's words for one game's journal (the names found once, for every row)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        # a company's id -> the name its scenario gives it; one-letter ids are words of the text
        self.named = {c.id: c.name for c in game.companies if c.name and c.name != c.id and len(c.id) > 1}
        # names that stay as they are, matched first when longer ("Tank Co HQ" is a unit)
        keep = set(game.units) | {b.id for b in game.battalions} | {a.id for a in list(game.artillery) + list(game.air)}
        self.keep = keep - set(self.named)
        self.pattern = whole_names(set(self.named) | self.keep) if self.named else None

    def text(self, text: str) -> str:
        """A line with each named formation called by its name."""
        if self.pattern is None:
            return text
        return self.pattern.sub(lambda mt: self.named.get(mt.group(0), mt.group(0)), text)

    def summary(self, row) -> str:
        """`row`'s summary: the enemy unit it targets, where it names it by the acting side's
        contact label, said whole -- whose label, and which unit; formations by their names."""
        game = self.game
        target = (row.params or {}).get("target")
        side = acting_side(game, row)
        unit = game.units.get(target) if isinstance(target, str) else None
        said = row.summary
        if unit is not None and side in game.side_ids() and unit.side != side:
            label = labels_at(game, side, row.seq).get(target)
            if label and label != target:
                said = whole_names([label]).sub(lambda _m: f"{game.side(side).name}'s {label} ({target})", said, count=1)
        return self.text(said)

