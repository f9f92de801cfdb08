"""The turn's events as a report prints them: a side's as it saw them, the umpire's whole.

A side reads its own actions (the worksheets of its own fire, the target named by its contact
label), what enemy actions did to its units (core.witness: never an enemy's true name, the
dice, or the enemy's hidden state), the contacts it made, and where its own fire landed as its
view records it -- the impact it saw, and the enemy it sees in the hexes struck, nothing more.
"""

from __future__ import annotations

from ..core.dice import Roll
from ..core.engine import journal
from ..core.game import Game
from ..core.hexgrid import hex_distance
from ..core.knowledge import SideView
from ..core.umpire_words import UmpireWords
from ..core.witness import side_journal


def side_events(game: Game, view: SideView, side: str, system) -> list[str]:
    n = game.map.number
    out = []
    for e in side_journal(game, side, journal(game.location), system):
        if e.turn == game.turn and not e.undone:
            out.append(e.head)
            out.extend(f"    {x}" for x in e.lines)
    for m in view.units:
        if m.knowledge == "seen" and m.turn_seen == game.turn:
            out.append(f"Contact {m.label}: {m.type_label} seen in {n(m.hex)}")
    told = set()
    for f in view.fire:
        if f.side != side or f.turn != game.turn or not f.came:
            continue
        if f.landed is None:
            out.append(f"Our fire {f.label} ({f.pattern}, aimed at {n(f.target)}) came down: "
                       "none of our units saw where it landed")
            continue
        told.add(f.landed)
        off = hex_distance(f.target, f.landed)
        out.append(f"Our fire landed in {n(f.landed)}: {f.label} ({f.pattern}), aimed at {n(f.target)}"
                   + (f", {off} hex{'es' if off > 1 else ''} off" if off else ", on target"))
        there = sorted((m for m in view.units if m.knowledge == "seen" and m.hex in f.zone), key=lambda m: m.label)
        out.append("    " + ("Enemy seen in the hexes it struck: " + "; ".join(
            f"{m.label} {m.type_label} in {n(m.hex)}" for m in there) if there else "We see no enemy in the hexes it struck"))
    for o in view.map.overlays:
        if o.kind in ("impact", "smoke") and (o.detail or "").endswith(f"turn {game.turn}"):
            ours = (o.detail or "").startswith("our")
            if o.kind == "impact" and ours and o.hex in told:
                continue                      # told above, from the plot it belongs to
            what = "Smoke" if o.kind == "smoke" else ("Our fire landed" if ours else "We were under fire")
            out.append(f"{what} in {n(o.hex)}" + (f": {o.detail}" if o.kind == "impact" else ""))
    return out


def umpire_events(game: Game) -> list[str]:
    out = []
    words = UmpireWords(game)              # whose contact a label is, formations by name
    for row in journal(game.location):
        if row.turn != game.turn or row.undone:
            continue
        who = f" ({game.side(row.side_id).name})" if row.side_id in game.side_ids() else ""
        out.append(f"#{row.seq} {row.kind}{who}: {words.summary(row)}")
        dice = [Roll.from_json(r).describe() for r in row.rolls]
        log = list(row.log)
        # the engine ends every row's log with its dice (core.acting): printed once, as dice
        if dice and log[-len(dice):] == dice:
            log = log[:-len(dice)]
        out.extend(f"    {words.text(x)}" for x in log)
        out.extend(f"    dice: {words.text(x)}" for x in dice)
    return out
