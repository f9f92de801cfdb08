"""What a side may read of the journal: its own orders, plots and units' actions, in its own
words -- never the spotting results, the enemy's moves or the dice (the umpire's knowledge).
Shared by the window's journal and the turn reports."""

from __future__ import annotations

import re

from .game import Game

SIDE_ROWS = ("orders", "plot", "multiply", "h_fire_stance", "displace", "activate", "end_activation", "pass",
             "rule_action")
UNIT_ROWS = ("move", "halt", "form_column", "overrun", "split_fire", "defilade")


def side_may_read(game: Game, row, side: str) -> bool:
    """A side reads the rows of its own doing; everything else is the umpire's."""
    if row.kind in SIDE_ROWS:
        return row.side_id == side
    if row.kind == "fire":
        u = game.units.get((row.params.get("firers") or [None])[0])
        return u is not None and u.side == side
    if row.kind == "assault":
        u = game.units.get((row.params.get("units") or [None])[0])
        return u is not None and u.side == side
    if row.kind in UNIT_ROWS:
        u = game.units.get(row.params.get("unit"))
        return u is not None and u.side == side
    return False


def spotting_line(line: str) -> bool:
    """A line a spotting pass wrote: what some side saw or lost -- the umpire's knowledge."""
    return " spots a new contact: " in line or " loses sight of " in line or line.lstrip().startswith(
        ("Spotting", "spots "))


def side_text(row) -> tuple[str, list[str]]:
    """A row a side may read, as it may read it: the summary without what the action revealed
    (spotting), a move as its path and how it ended, the lines of its orders only."""
    head = row.summary.split(". Spotting")[0].split(" Spotting:")[0]
    if row.kind == "move" and row.log:
        head = row.log[0] + (f" — {head}" if any(w in head for w in ("overrun", "mines", "destroyed")) else "")
    if row.kind == "assault":        # its own worksheet, without what spotting revealed after
        return head, [x for x in row.log if not spotting_line(x)]
    return head, (list(row.log) if row.kind in ("orders", "plot") else [])


def in_side_words(game: Game, side: str, texts: list[str]) -> list[str]:
    """Texts as the side may read them: every enemy unit it has a contact for named by the
    contact's label, and any text still naming an enemy unit left out -- what it attacked, it
    knows by its own labels; what it never saw, it never reads."""
    labels = {uid: c.label for (s, uid), c in game.contacts.items() if s == side}
    enemy = sorted((u.id for u in game.units.values() if u.side != side), key=len, reverse=True)
    if not enemy:
        return list(texts)
    by_id = re.compile("|".join(rf"(?<![\w/]){re.escape(x)}(?![\w/])" for x in enemy))
    out = []
    for x in texts:
        named = by_id.sub(lambda mt: labels.get(mt.group(0), "\0"), x)
        if "\0" not in named:
            out.append(named)
    return out
