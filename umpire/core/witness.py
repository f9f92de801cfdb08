"""What a side may read of the journal: its own actions in its own words, and what befell its
units -- never the enemy's moves, the spotting results or the dice (the umpire's knowledge).
Shared by the window's journal and the turn reports (`side_journal`).

Three guards stand between the journal and a side, each enough on its own for what it covers:
* which rows: its own actions (`side_may_read`), and enemy actions that struck its units;
* which lines: an action keeps the lines that tell of another side's hidden state for that side
  (`engine.Log`, the row's `readers`), and the dice's lines for the umpire;
* which words: every enemy unit is named by the side's contact label -- the one it knew the unit
  by when the line was journaled (`labels_at`: a unit the side lost the thread of and saw again
  "anew" keeps its old label in the lines before) -- and a line that still names an enemy unit,
  formation or support it does not know is left out (`in_side_words`).
Entries are numbered in the side's own sequence: the journal's numbers would count, by their
gaps, the enemy's secret actions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from .game import Game
from .names import whole_names  # noqa: F401  (rule systems import it here too)

@dataclass(frozen=True)
class Entry:
    """One line of a side's journal, with the lines under it."""

    number: int                 # in the side's own sequence: 1, 2, 3...
    turn: int
    head: str
    lines: tuple[str, ...]
    undone: bool = False
    own: bool = True            # its own action (else: what an enemy action did to it)


def acting_side(game: Game, row) -> str | None:
    """Whose action a journal row is: the side the engine recorded (ActionSpec.who); for rows
    journaled before every action named one, the side of the unit the row names.  None: the
    umpire's (spotting passes, the sequence of play, an impact the umpire placed)."""
    if row.side_id is not None:
        return row.side_id
    for key in ("unit", "units", "firers"):
        uid = row.params.get(key)
        uid = (uid or [None])[0] if isinstance(uid, list) else uid
        if isinstance(uid, str) and uid in game.units:
            return game.units[uid].side
    return None


def side_may_read(game: Game, row, side: str) -> bool:
    """A side reads the rows of its own doing; everything else is the umpire's."""
    return acting_side(game, row) == side


def worksheet_kinds(game: Game, system=None) -> frozenset[str]:
    """The kinds of action whose lines the acting side reads (ActionSpec.worksheet: its orders,
    its plots, the worksheets of its attacks); of the others it reads the summary."""
    from .engine import ACTIONS, ActionSpec
    from .ruleset import system_class
    system = system or system_class(game.rules)(game.rules)
    specs = [s for s in ACTIONS.values() if isinstance(s, ActionSpec)] + list(system.actions().values())
    return frozenset(s.name for s in specs if s.worksheet)


def spotting_line(line: str) -> bool:
    """A line a spotting pass wrote: what some side saw or lost -- the umpire's knowledge."""
    return " spots a new contact: " in line or " loses sight of " in line or line.lstrip().startswith(
        ("Spotting", "spots "))


def kept_for(reader, side: str | None) -> bool:
    """Whether a line's reader (a row's `readers` value: one reader, or the list of the sides
    that witnessed it, engine.Log.share) is `side`."""
    return side is not None and (reader == side or (isinstance(reader, list) and side in reader))


def readable(row, side: str, actor: bool) -> list[tuple[int, str]]:
    """The lines of `row` that `side` may read, with their places: as the side that acted, all
    but those kept for another reader; otherwise only those kept for it.  Never the dice,
    whose lines end every row (engine.perform) -- a worksheet prints its own die."""
    readers = row.readers or {}
    dice_from = len(row.log) - len(row.rolls)
    return [(i, x) for i, x in enumerate(row.log[:dice_from])
            if kept_for(readers.get(str(i), side if actor else None), side)]


def side_text(row, lines: list[tuple[int, str]] | None = None, side: str | None = None,
              worksheets: frozenset[str] = frozenset()) -> tuple[str, list[str]]:
    """A row a side may read, as it may read it: the summary without what the action revealed
    (spotting), a move as its path and how it ended, the worksheet lines of its orders, plots,
    fire and attacks, and any line kept for it alone (what befell its own formations)."""
    lines = readable(row, side or row.side_id, True) if lines is None else lines
    head = row.summary.split(". Spotting")[0].split(" Spotting:")[0]
    if row.kind == "move" and row.log:
        head = row.log[0] + (f" — {head}" if any(w in head for w in ("overrun", "mines", "destroyed", "stopped by"))
                             else "")
    for_it = {int(i) for i, x in (row.readers or {}).items() if kept_for(x, side)}
    # a spotting line is shown only when kept for this side: what it saw, not what others did
    shown = [x for i, x in lines
             if (row.kind in worksheets or i in for_it) and (i in for_it or not spotting_line(x))
             and not (row.kind == "move" and i == 0)]
    return head, shown


def labels_at(game: Game, side: str, seq: int | None = None) -> dict[str, str]:
    """The labels `side` knew enemy units by when action `seq` was journaled (None: now): a unit's
    contact label, or that of the detached record it was known by until a later action
    (Game.past_contacts, `until`) -- so an old line never names a unit by a label given later,
    which would tie the old contact to the new one."""
    labels = {uid: c.label for (s, uid), c in game.contacts.items() if s == side}
    if seq is not None:
        for p in sorted(game.past_contacts, key=lambda p: p.until, reverse=True):
            if p.side == side and p.until > seq:
                labels[p.unit] = p.label         # the earliest record still ahead of the row wins
    return labels


def in_side_words(game: Game, side: str, texts: list[str], labels: dict[str, str] | None = None) -> list[str]:
    """Texts as the side may read them: every enemy unit it has a contact for named by the
    contact's label (`labels`: as labels_at gives them; None: now), and any text still naming an
    enemy unit, formation or support it does not know is left out -- what it attacked, it knows by
    its own labels; what it never saw, it never reads.

    Only the places where a text names a unit are rewritten: an enemy id that is also a word of the
    game's own vocabulary -- inside a record sheet's or a terrain's label ("Scout car"), a side's
    name, a phase, or the name of one of the side's own units ("Red Scout") -- is that word there,
    not the unit (`game_words`): the longest match wins, and a vocabulary term is left as written."""
    labels = labels_at(game, side) if labels is None else labels
    enemy = {u.id for u in game.units.values() if u.side != side}
    if not enemy:
        return list(texts)
    words = game_words(game, side) - enemy          # an id equal to a word is a name where it stands alone
    pattern = _pattern(frozenset(enemy | words))
    secret = whole_names(_enemy_names(game, side))
    out = []
    for x in texts:
        named = pattern.sub(lambda mt: labels.get(mt.group(0), "\0") if mt.group(0) in enemy else mt.group(0), x)
        if "\0" not in named and not (secret and secret.search(named)):
            out.append(named)
    return out


@lru_cache(maxsize=32)
def _pattern(names: frozenset[str]):
    """The names' pattern, compiled once: a journal asks it for each of its rows."""
    return whole_names(names)


def game_words(game: Game, side: str) -> set[str]:
    """The words a journal line uses for things other than enemy units: every `label` of the rule
    system's tables (record sheets, weapons, terrain, markers...), its phases, the sides' names and
    the side's own units' ids and names."""
    words = {s.name for s in game.sides} | {p.label for p in game.rules.phases}
    words |= {x for u in game.units.values() if u.side == side for x in (u.id, u.name) if x}
    for table in game.rules.tables.values():
        for section in table.sections.values():
            words |= {e["label"] for e in section.values() if isinstance(e, dict) and isinstance(e.get("label"), str)}
    return {w for w in words if w}


def _enemy_names(game: Game, side: str) -> set[str]:
    """The names of the enemy's formations and fire support: never told to a side, which knows
    enemy units only as contacts."""
    battalions = {b.id: b for b in game.battalions if b.side != side}
    names = {x for b in battalions.values() for x in (b.id, b.name)}
    names |= {x for c in game.companies if c.battalion in battalions for x in (c.id, c.name)}
    names |= {x for a in list(game.artillery) + list(game.air) if a.side != side for x in (a.id, a.label)}
    return names


def side_journal(game: Game, side: str, rows, system=None) -> list[Entry]:
    """The journal as `side` may read it, oldest first: its own actions, and what enemy actions
    did to its units (fire it came under, attacks on its hexes, and lines the action kept for
    it), numbered in its own sequence."""
    worksheets = worksheet_kinds(game, system)
    out: list[Entry] = []
    for row in rows:
        labels = labels_at(game, side, row.seq)       # the labels the side had when it was written
        if side_may_read(game, row, side):
            head, lines = side_text(row, readable(row, side, True), side, worksheets)
            if row.kind == "fire" and row.params.get("target") in labels:
                # the worksheet names the target "T (C3)": the side knows it as C3
                t = row.params["target"]
                lines = [x.replace(f"{t} ({labels[t]})", t) for x in lines]
            said = in_side_words(game, side, [head], labels)
            head = said[0] if said else row.kind.replace("_", " ")
            out.append(Entry(len(out) + 1, row.turn, head, tuple(in_side_words(game, side, lines, labels)),
                             row.undone))
            continue
        if row.undone:
            continue
        head = _struck(game, side, row, labels)
        kept = [x for _, x in readable(row, side, False)]        # only lines kept for this side
        if head is None and kept:
            head = "Spotting:" if all(spotting_line(x) for x in kept) else "The umpire tells us:"
        if head is None:
            continue
        lines = tuple(in_side_words(game, side, kept, labels))
        last = out[-1] if out else None
        if head == "Spotting:" and last is not None and not last.own and last.head == head and last.turn == row.turn:
            # sightings between two of the side's own actions are one entry: how many enemy
            # actions brought them about is not the side's to count
            out[-1] = replace(last, lines=last.lines + lines)
            continue
        out.append(Entry(len(out) + 1, row.turn, head, lines, own=False))
    return out


def _struck(game: Game, side: str, row, labels: dict[str, str]) -> str | None:
    """What an enemy action did to the side's units, as the side lived it -- which unit, from
    which contacts (or an enemy not identified), the result -- not the enemy's worksheet.
    None if it struck none of them."""
    if row.kind == "fire":
        target = game.units.get(row.params.get("target"))
        firers = [game.units.get(f) for f in row.params.get("firers") or []]
        if target is None or target.side != side or any(f is None or f.side == side for f in firers):
            return None
        known = [labels[f.id] for f in firers if f.id in labels]
        source = ", ".join(known) if known and len(known) == len(firers) else "an enemy unit not identified"
        found = [mt.group(1) for x in row.log if (mt := re.search(r"1d6 = \d+, modified \d+: (\S+)", x))]
        # a rule system whose fire says its outcome in a line of its own: "Result: hit"
        found += [x.split("Result: ", 1)[1] for x in row.log if x.startswith("Result: ")]
        # what became of it, in words: "D3" alone did not say the side lost the unit
        lost = any(c[1] == "unit" and (c[2] or {}).get("id") == target.id and c[3] == "status" and c[5] == "destroyed"
                   for c in row.changes or [] if len(c) == 6)
        return (f"{target.id} came under fire from {source}: {found[0] if found else 'no shot'}"
                + (f" -- {target.id} is destroyed" if lost else ""))
    if row.side_id == side:
        return None
    # an attack on a hex, or a rule system's own attack (an air strike, a fire mission): it names
    # the defending side in a line "Defenders: ... of <side name>" and the result in "Result: ..."
    ids = row.params.get("units") or ([row.params["unit"]] if row.params.get("unit") else [])
    attackers = [game.units.get(x) for x in ids]
    if not attackers or any(a is None or a.side == side for a in attackers):
        return None
    if not any(x.startswith("Defenders:") and x.endswith(f" of {game.side(side).name}") for x in row.log):
        return None
    known = [labels[a.id] for a in attackers if a.id in labels]
    source = ", ".join(known) if known and len(known) == len(attackers) else "enemy units not identified"
    result = next((x for x in row.log if x.startswith("Result:")), "Result: not recorded")
    if row.kind != "assault":         # called from afar: who called it, the side cannot tell
        return f"Our units came under enemy attack. {result}"
    return f"Our units in {row.params.get('hex')} were attacked by {source}. {result}"
