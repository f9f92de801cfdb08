"""Toy Skirmish combat (rule 6) and mines (rule 7): the worksheet of an attack on a hex, which the
core's assault action checks and rolls, and what the dice change."""

from __future__ import annotations

from dataclasses import dataclass

from umpire.core.changes import Change
from umpire.core.game import Game, UnitState
from umpire.core.hexgrid import Hex, hex_distance

RULE = "Toy 6"
KINDS = ("attack",)


@dataclass(frozen=True)
class AttackSheet:
    legal: bool
    reason: str = ""
    rule: str = RULE
    lines: tuple[str, ...] = ()
    side: str = ""
    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    target: Hex | None = None
    odds: int = 0                       # attack minus defence, added to the die


def refuse(reason: str) -> AttackSheet:
    return AttackSheet(False, reason)


def attack_sheet(game: Game, unit_ids: list[str], target: Hex, kind: str) -> AttackSheet:
    if kind not in KINDS:
        return refuse(f"Toy Skirmish has no {kind!r} attack: its one kind is 'attack'")
    n = game.map.number
    attackers = [game.units[x] for x in unit_ids]
    side = attackers[0].side
    defenders = [u for u in game.units.values()
                 if u.on_map and u.hex == target and u.side != side and not u.carried_by]
    opportunity = game.phase == "movement" and any(d.paused for d in defenders)
    if game.phase not in ("", "combat") and not opportunity:
        return refuse("units attack in the Combat phase, or a unit paused mid-move next to them")
    for a in attackers:
        if not a.on_map or hex_distance(a.hex, target) != 1:
            return refuse(f"{a.id} is not next to {n(target)}")
        if a.fired:
            return refuse(f"{a.id} has attacked this turn")
        if a.marks.shaken:
            return refuse(f"{a.id} is shaken: it may not attack until it rallies")
        if game.unit_type(a)["strength"] < 1:
            return refuse(f"{a.id} has no attack strength")
    attack = sum(game.unit_type(a)["strength"] for a in attackers)
    cover = game.rules.terrain_types[game.map.terrain[target]]["cover"]
    dug_in = sum(1 for d in defenders if d.marks.dug_in)
    defence = sum(game.unit_type(d)["defence"] for d in defenders) + cover + dug_in
    odds = attack - defence
    lines = (f"Attack on {n(target)} by {', '.join(a.id for a in attackers)}: strength {attack}",
             f"Defenders: {len(defenders)} unit{'s' if len(defenders) != 1 else ''} of {game.side(defenders[0].side).name}",
             f"Defence {defence} (units, cover {cover}, dug in {dug_in}); 1d6 {odds:+d}: 5 or more the defenders "
             "are hit, 3-4 shaken, 2 or less the attackers are shaken")
    return AttackSheet(True, lines=lines, side=side, attackers=tuple(a.id for a in attackers),
                       defenders=tuple(d.id for d in defenders), target=target, odds=odds)


def hit(game: Game, u: UnitState, reader: str | None, why: str) -> list[Change]:
    """The unit loses a step and is shaken; out of steps, it is destroyed and its passengers with it."""
    left = game.unit_type(u)["steps"] - u.steps_lost - 1
    if left > 0:
        return [Change("unit", u.id, {"steps_lost": u.steps_lost + 1, "shaken": True},
                       (f"{u.id} loses a step ({why}), {left} left, and is shaken",), reader)]
    riders = [p for p in game.units.values() if p.carried_by == u.id and p.status == "on_map"]
    return [Change("unit", x.id, {"status": "destroyed", "steps_lost": game.unit_type(x)["steps"]},
                   (f"{x.id} is destroyed ({why})",), reader) for x in [u, *riders]]


def resolve(game: Game, sheet: AttackSheet, dice) -> tuple[str, list[Change]]:
    n = game.map.number
    roll = dice.d6(f"attack on {n(sheet.target)}")
    total = roll + sheet.odds
    defenders = [game.units[x] for x in sheet.defenders]
    they = defenders[0].side
    changes = [Change("unit", a, {"fired": True}) for a in sheet.attackers]
    if total >= 5:
        result = "the defenders are hit"
        for d in defenders:
            changes += hit(game, d, they, "attack")
    elif total >= 3:
        result = "the defenders are shaken"
        changes += [Change("unit", d.id, {"shaken": True}, (f"{d.id} is shaken",), they) for d in defenders]
    else:
        result = "the attackers are shaken"
        changes += [Change("unit", a, {"shaken": True}, (f"{a} is shaken",)) for a in sheet.attackers]
    note = Change("note", "", {}, (f"1d6 = {roll}, modified {total}", f"Result: {result}"))
    return f"Attack on {n(sheet.target)}: {result}", [note, *changes]


def mine_attack(game: Game, uid: str, mine_type: str, leaving: bool, dice) -> list[Change]:
    """Rule 7: entering mines shakes the unit, and a roll of the type's loss_on or more costs it a
    step; leaving them is free.  What the mines do is told to the unit's own side."""
    if leaving:
        return []
    u = game.units[uid]
    loss_on = game.rules.mine_types[mine_type]["loss_on"]
    roll = dice.d6(f"mines under {uid} in {game.map.number(u.hex)} (a step lost on {loss_on}+)")
    if roll >= loss_on:
        return hit(game, u, u.side, "mines")
    return [Change("unit", uid, {"shaken": True}, (f"{uid} is shaken by mines",), u.side)]
