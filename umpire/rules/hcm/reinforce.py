"""Reinforcements (HCM 3.4): when they arrive, the optional Initiative roll, and what an enemy
near the entry hexes is told of them.

A reinforcement arrives on the turn its scenario entry names (the core's [[reinforcement]]),
entering in the phasing side's movement like any move from off the map.  With the optional roll
(`[hcm] arrival_roll = true`) it arrives only when 1d10 rolls higher than the Initiative of the
commander arriving with it, else of the side's overall commander; failing, it tries again on
the side's next turn.

Readings:
* The roll is made as the side's movement phase begins, once for each group due and not yet on
  the map; a group held back is kept off the map by a hold on its units (Marks.order_hold
  "late", which orders.move_problem refuses to move) until a later roll passes.
* "Apparent strength" is a count by the kind of item an onlooker can tell: vehicles, guns, and
  stands on foot or horse; a dummy marker counts as a stand on foot (it looks like one), and
  commanders are not counted.  Never a unit's name, type or company.
* Every enemy side with a unit on an entry hex or within 2 hexes of one is told, in a line kept
  for it, as the group becomes free to arrive -- a group held back is not announced.  The
  rolls and the report are made as the half's blocking phase begins, where the blocking force
  chooses to fall back or stay, and the flank overlap is held (blocking.py).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from ...core.hexgrid import hex_distance
from ...core.oob import Reinforcement
from .command import overall, test
from .state import is_commander, kind

NEAR = 2       # HCM 3.4: blocking units within two hexes of an entry hex are told


def waiting(game: Game, side: str) -> list[Reinforcement]:
    """The side's reinforcements due by now whose units have not yet come on (commanders aside:
    lifted commanders are off the map too)."""
    out = []
    for r in game.reinforcements:
        if r.side != side or r.turn > game.turn:
            continue
        units = [game.units[x] for x in r.units if x in game.units and not is_commander(game, game.units[x])]
        if units and all(u.status == "off_map" and not u.moved and not u.path for u in units):
            out.append(r)
    return out


def arrival_rolls(game: Game, side: str, dice) -> list[Change]:
    """HCM 3.4 option: each group due rolls 1d10 above its commander's Initiative to arrive."""
    if not game.rule_state.scenario.get("arrival_roll", False):
        return []
    out: list[Change] = []
    for r in waiting(game, side):
        own = [game.units[x] for x in r.units if x in game.units and is_commander(game, game.units[x])]
        c = own[0] if own else overall(game, side)
        if c is None:
            continue
        ok, _, line = test(dice, c, "initiative")
        names = ", ".join(r.units)
        out.append(Change("note", None, {}, (f"Reinforcements {names}: {line} (HCM 3.4)",), side))
        hold = "" if ok else "late"
        out += [Change("unit", x, {"order_hold": hold}) for x in r.units
                if x in game.units and game.units[x].marks.order_hold != hold]
    return out


def apparent_strength(game: Game, r: Reinforcement) -> str:
    """What an onlooker makes of the group (3.4): counts by kind, never names."""
    counts = {"vehicle": 0, "gun": 0, "stand": 0}
    for x in r.units:
        u = game.units.get(x)
        if u is None or is_commander(game, u):
            continue
        k = kind(game, u)
        counts[k if k in ("vehicle", "gun") else "stand"] += 1
    words = {"vehicle": ("vehicle", "vehicles"), "gun": ("gun", "guns"),
             "stand": ("stand on foot or horse", "stands on foot or horse")}
    parts = [f"{n} {words[k][n > 1]}" for k, n in counts.items() if n]
    return ", ".join(parts) or "nothing to be seen"


def strength_reports(game: Game, side: str, held: set[str] = frozenset(),
                     freed: set[str] = frozenset()) -> list[Change]:
    """HCM 3.4: each enemy side with a unit on or within 2 hexes of an entry hex of a group
    arriving now is told its apparent strength -- not of a group whose units are held back
    (`held` now, or still "late" and not `freed` by this phase's roll)."""
    out: list[Change] = []
    for r in waiting(game, side):
        late = {x for x in r.units if x in game.units and game.units[x].marks.order_hold == "late"}
        if any(x in held for x in r.units) or late - set(freed):
            continue
        entry = ", ".join(game.map.number(h) for h in r.entry)
        for enemy in (s for s in game.side_ids() if s != side):
            near = [u for u in game.units.values() if u.side == enemy and u.on_map
                    and any(hex_distance(u.hex, h) <= NEAR for h in r.entry)]
            if near:
                out.append(Change("note", None, {}, (
                    f"Enemy reinforcements are arriving at {entry}: apparent strength "
                    f"{apparent_strength(game, r)} (HCM 3.4)",), enemy))
    return out


def reinforcement_phase(game: Game, side: str, dice) -> list[Change]:
    """As the side's movement phase begins: the arrival rolls, then the reports to the enemy
    of the groups that do arrive (those the rolls hold back are not announced; those a roll
    frees after a failure are)."""
    rolls = arrival_rolls(game, side, dice)
    held = {c.key for c in rolls if c.what == "unit" and c.values.get("order_hold") == "late"}
    freed = {c.key for c in rolls if c.what == "unit" and c.values.get("order_hold") == ""}
    return rolls + strength_reports(game, side, held, freed)
