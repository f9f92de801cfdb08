"""Hex Command Mechanized: melee on the game (HCM 3.8) -- the `melee` action and the core's
attack of kind "melee"; the arithmetic is melee.py; retreat and advance advance.py (3.8.4-3.8.5),
what the contact leaves on the units contact.py (3.8 e note, i, j), going on past a rammed or
overrun hex (the action's `beyond`) overrun.py (3.8.1).

Attackers stand in the defender's hex or next to it (3.8 b) and have begun no other melee this
turn (3.8 h: a unit that moved into the enemy's hex began its melee there -- movement marks it
-- and fights that one); routed units cannot fight (3.7.19).  A unit moving into a hex the enemy
holds is ambushed as it enters: each waiting unit fires first (3.8.3, `ambush`, called at the
move's end).  Before the dice:
* a defender whose player chooses to (the action's `retreat`: a hex) retreats before melee if it
  may (3.8.4): it gets a hit marker (3.5.5), faces the hex it left, and the attacker may advance
  into that hex on 4-6, +1 with a commander (3.8.5; `advance` no to decline);
  with the scenario's `advance_cvs` and a commander of known Aggressiveness with the attacker,
  1d10 above that value instead (3.8.5 optional; section 7 reads a pass as the commander's choice
  and a failure as a forced advance -- we follow 3.8.5: a pass advances);
* an attacker that has moved into the defender's hex is ambushed: the defender fires first at it
  (3.8.3), and an attacker routed or destroyed by that fire does not melee.
Then each attacker in turn (3.8 c): a vehicle rams a vehicle or gun (3.8.1) or causes a casualty
among infantry (3.8 k); infantry swarm a vehicle (3.8.2) or roll against infantry.  A tie pushes
both back a hex and costs each a figure (3.8 d, g); the loser is captured (3.8 e), and the
commanders with it (3.10 c; one declared against himself: melee_commander.py).  A defender that loses or is pushed back ends the melee; one that
wins fights the next attacker without its defensive bonus (3.8 e note), and so in any later
melee that turn (Marks.melee_won_turn, contact.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.hexgrid import Hex, hex_distance
from . import command, contact, damage, melee, melee_commander, overrun
from .advance import retreat_before
from .blocking import overlap_problem
from .fire_sheet import HARD, INFANTRY, commander_with, fire_sheet
from .fire_effects import resolve as fire_resolve
from .fire_effects import commanders_hit
from .stands import stand_hit
from .rout import passable, push_back
from .state import kind, melee_now, units_at, weight


@dataclass(frozen=True)
class MeleeSheet:
    legal: bool
    reason: str = ""
    rule: str = "HCM 3.8"
    lines: tuple[str, ...] = ()
    kept: dict[int, str] = field(default_factory=dict)
    attackers: tuple[str, ...] = ()
    defender: str = ""
    retreat: Hex | None = None
    advance: bool = True
    beyond: Hex | None = None         # 3.8.1: the hex a vehicle goes on to past the one it rams
    commander: str = ""               # a commander declared against: caught or blind (melee_commander.py)
    blind: bool = False               # the attacking side knows the defender only as a marker (4.1)


def refuse(reason: str, rule: str = "HCM 3.8") -> MeleeSheet:
    return MeleeSheet(False, reason, rule)


def heavy_structure(game, h: Hex) -> bool:
    """A structure (3.8 k, 3.8.1; our reading, melee.py): heavy ground that is neither wood nor
    hill -- buildings -- or works that stop vehicles (2.4.1); a trench is no structure."""
    t = game.rules.terrain_types[game.map.terrain[h]]
    works = any(game.rules.overlays.get(o.kind, {}).get("heavy") and game.rules.overlays.get(o.kind, {}).get("stops")
                for o in game.map.overlays_at(h))
    return works or bool(t.get("heavy") and not t.get("forest") and not t.get("hill"))


def trench_levelled(game, a, d) -> list[Change]:
    """HCM 3.8.1: a vehicle heavier than Light overrunning a trench hex levels it."""
    h = d.hex
    if weight(game, a) in ("VL", "L") or not any(o.kind == "trench" for o in game.map.overlays_at(h)):
        return []
    return [Change("overlay", "trench", {"clear": True, "q": h.q, "r": h.r},
                   (f"{a.id} levels the trench in {game.map.number(h)} (HCM 3.8.1)",), [a.side, d.side])]


def melee_sheet(game, attackers, target: Hex, aim=None, retreat: Hex | None = None, advance: bool = True,
                beyond: Hex | None = None):
    if not melee_now(game):
        return refuse("melee is fought in the melee phase or a group's activation (HCM 3.8, 4.6)")
    units = [game.units.get(a) for a in attackers]
    if not units or any(a is None or not a.on_map for a in units):
        return refuse("name the attacking units on the map")
    side = units[0].side
    seen = [c.unit for (s, _u), c in game.contacts.items() if s == side and c.status == "seen" and c.hex == target]
    defender = aim or (seen[0] if len(seen) == 1 else None)
    if defender is None or defender not in seen:
        return refuse("name the defending unit, one the side sees in that hex")
    d = game.units[defender]
    for a in units:
        if a.side != side or hex_distance(a.hex, d.hex) > 1:
            return refuse(f"{a.id} is not in or next to the defender's hex (HCM 3.8 b)")
        if a.marks.melee_turn == game.turn and a.hex != d.hex:
            return refuse(f"{a.id} has begun a melee this turn already (HCM 3.8 h)")
        if a.marks.routed:
            return refuse(f"{a.id} is routed: routed units cannot fight (HCM 3.7.19)")
        if kind(game, a) not in INFANTRY + HARD:
            return refuse(f"{a.id} does not fight melee")
        if why := overlap_problem(game, a, d):
            return refuse(why, "HCM 3.4")
    label = game.contacts[(side, defender)].label
    lines = [f"Melee: {', '.join(attackers)} against {label} in {game.map.number(target)} (HCM 3.8)"]
    if kind(game, d) == "commander":                 # HCM 3.10 c, never refused for what a marker is
        how, blind = melee_commander.case(game, d), not melee_commander.identified(game, side, d)
        if how == melee_commander.REFUSED and not blind:
            return refuse(melee_commander.WITH_HIS_UNITS, "HCM 3.10 c")
        lines += melee_commander.umpire_lines() if how == melee_commander.REFUSED else ()
        return MeleeSheet(True, lines=tuple(lines), kept=melee_commander.kept(tuple(lines)),
                          attackers=tuple(attackers), defender=defender, commander=how, blind=blind)
    if retreat is not None:
        why = melee.may_retreat(game.unit_type(d)["movement"], max(game.unit_type(a)["movement"] for a in units),
                                d.marks.hits, passable(game, d, retreat) and hex_distance(retreat, d.hex) == 1)
        if why:
            return refuse(f"{label} may not retreat before melee: {why}", "HCM 3.8.4")
        lines.append(f"  the defender retreats before melee to {game.map.number(retreat)} (HCM 3.8.4)")
    if beyond is not None:
        why = overrun.beyond_problem(game, units[0], d, beyond) if len(units) == 1 else "one vehicle at a time"
        if why:
            return refuse(f"{attackers[0]} may not go on past the hex: {why}", "HCM 3.8.1")
        lines.append(f"  {attackers[0]} means to go on to {game.map.number(beyond)} (HCM 3.8.1)")
    return MeleeSheet(True, lines=tuple(lines), attackers=tuple(attackers), defender=defender, retreat=retreat,
                      advance=advance, beyond=beyond)


def roll_side(game, u, dice, defending: bool, first: bool) -> tuple[int, str]:
    """One side's 1d6 and modifiers (3.8 c)."""
    cls = weight(game, u) if weight(game, u) in ("L", "M", "H") else "M"
    bonus = defending and first and not contact.bonus_spent(game, u)    # 3.8 e note: not after a win this turn
    cover = game.rules.terrain_types[game.map.terrain[u.hex]].get("cover", 0) if bonus else 0
    mods = melee.modifiers(cls, u.marks.hits, commander_with(game, u), kind(game, u) == "smg", cover)
    d6 = dice.d6(f"melee, {u.id}")
    total = d6 + sum(m.value for m in mods)
    return total, f"  {u.id}: 1d6 = {d6}" + "".join(f", {m.value:+d} {m.label} (HCM {m.rule})" for m in mods) \
        + f" = {total}"


def captured(game, u, why: str) -> list[Change]:
    """HCM 3.8 e: the loser is captured (destroyed); 3.10 c: the commanders with it too."""
    out = [Change("unit", u.id, {"status": "destroyed", "steps_lost": game.unit_type(u)["steps"]},
                  (f"{u.id} is captured ({why})",), [u.side])]
    for c in units_at(game, u.hex, u.side):
        if kind(game, c) == "commander":
            out += command.capture(game, c.id, "his force lost a melee")
    return out


def tie(game, a, d, dice) -> list[Change]:
    """HCM 3.8 d, g: both lose a figure and are pushed back a hex."""
    out = []
    for u, other in ((a, d), (d, a)):
        if kind(game, u) in INFANTRY:
            out += stand_hit(game, u, 0, 1, "a tied melee (HCM 3.8 d)", [a.side, d.side], run=False)[1]
            out += commanders_hit(game, u.id, dice)          # a figure lost is a hit (3.10 e)
        to, routs = push_back(game, u, other.hex)
        if to is None:
            out.append(Change("unit", u.id, {"status": "destroyed"}, (f"{u.id} has nowhere to be pushed back: "
                                                                      "destroyed (HCM 3.8 g)",), [a.side, d.side]))
            continue
        values = {"q": to.q, "r": to.r} | ({"routed": True, "hits": 0} if routs else {})
        out.append(Change("unit", u.id, values, (f"{u.id} is pushed back to {game.map.number(to)}"
                                                 + (", into an enemy zone of control: routed" if routs else "")
                                                 + " (HCM 3.8 d, g)",), [a.side, d.side]))
    return out


def vehicle_blocks(game, t, count: int, incremental: bool, dice, why: str) -> list[Change]:
    blocks = t.marks.damage
    lines = [f"{t.id}: {count} damage block{'s' if count != 1 else ''} ({why})"]
    for k in range(count):
        shown = damage.face(dice.d6(f"damage block {k + 1} on {t.id}"))
        blocks = damage.place(blocks, shown, incremental)
        lines.append(f"  block {k + 1} shows {shown}: now {', '.join(blocks)}")
    out = [Change("unit", t.id, {"damage": blocks}, tuple(lines), t.side)]
    if damage.wrecked(blocks):
        out.append(Change("unit", t.id, {"status": "destroyed"}, (f"{t.id} cannot be saved (HCM 2.3.5)",)))
    return out + (commanders_hit(game, t.id, dice) if count else [])


def fight(game, a, d, dice, first: bool) -> tuple[str, list[str], list[Change]]:
    """One attacker against the defender: (who won, lines, changes)."""
    ak, dk = kind(game, a), kind(game, d)
    if ak in HARD and dk in HARD:                               # 3.8.1 ramming
        ut, dt = game.unit_type(a), game.unit_type(d)
        on_d, on_a = melee.ram(weight(game, a), weight(game, d), ut["wheels"] == "wheeled", dt["wheels"] == "wheeled")
        return "attacker", [f"  {a.id} rams (HCM 3.8.1)"], (
            vehicle_blocks(game, d, on_d, False, dice, "rammed, HCM 3.8.1")
            + vehicle_blocks(game, a, on_a, False, dice, "ramming, HCM 3.8.1"))
    if ak in HARD:                                              # 3.8 k
        if melee.structure_shelters(heavy_structure(game, d.hex), weight(game, a)):
            return "defender", [f"  {a.id} is stopped by a structure heavier than it: a hit marker (HCM 3.8.1)"], \
                stand_hit(game, d, 1, 0, "a vehicle at its structure (HCM 3.8.1)", [a.side, d.side])[1]
        return "attacker", [f"  {a.id} causes a casualty (HCM 3.8 k)"], \
            stand_hit(game, d, 0, 1, "a vehicle in the melee (HCM 3.8 k)", [a.side, d.side])[1] \
            + trench_levelled(game, a, d) + commanders_hit(game, d.id, dice)
    if dk in HARD:                                              # 3.8.2 swarming
        what, count, incremental = melee.swarm(weight(game, d), game.unit_type(d)["open_topped"])
        if what == "capture":
            return "attacker", [f"  {a.id} swarms the open-topped vehicle (HCM 3.8.2)"], \
                captured(game, d, "swarmed, open-topped, HCM 3.8.2")
        return "attacker", [f"  {a.id} swarms the vehicle (HCM 3.8.2)"], \
            vehicle_blocks(game, d, count, incremental, dice, "swarmed, HCM 3.8.2")
    at, aline = roll_side(game, a, dice, False, first)
    dt, dline = roll_side(game, d, dice, True, first)
    won = melee.contest(at, dt)
    lines = [aline, dline, f"  {'tie' if won == 'tie' else won + ' wins'} (HCM 3.8 d, e)"]
    if won == "tie":
        return won, lines, tie(game, a, d, dice)
    loser = d if won == "attacker" else a
    return won, lines, captured(game, loser, "lost a melee, HCM 3.8 e")


def ambush_fire(game, d, a, dice) -> list[Change]:
    """HCM 3.8.3: waiting unit `d` fires at `a`, which has just entered its hex; its worksheet is
    its own side's to read (and the umpire's), [] when it has no shot."""
    sheet = fire_sheet(game, d.id, a.id, ambush=True)
    if not sheet.legal:
        return []
    notes = [Change("note", "", {}, (line,), sheet.kept.get(i, d.side)) for i, line in enumerate(sheet.lines)]
    return notes + fire_resolve(game, sheet, dice, reader=d.side)[1]


def ambush(game, mover_id: str, dice) -> list[Change]:
    """HCM 3.8.3, for the move's end (RuleSystem.move_ends): a unit that moves into a hex an enemy
    holds is fired on at once by each waiting unit there that can fire at it."""
    a = game.units.get(mover_id)
    if a is None or not a.on_map:
        return []
    out = []
    for d in sorted(units_at(game, a.hex), key=lambda x: x.id):
        if d.side != a.side and not d.carried_by and not d.marks.routed and kind(game, d) in INFANTRY + HARD:
            more = ambush_fire(game, d, a, dice)
            out += ([Change("note", "", {}, (f"{a.id} is ambushed in {game.map.number(a.hex)}: the waiting "
                                             "enemy fires first (HCM 3.8.3)",), [a.side, d.side])] + more) if more else []
    return out


def resolve(game, sheet: MeleeSheet, dice) -> tuple[str, list[Change]]:
    d = game.units[sheet.defender]
    if sheet.commander:
        side = game.units[sheet.attackers[0]].side
        return melee_commander.resolve(game, sheet.attackers, d, game.contacts[(side, d.id)].label, sheet.blind)
    changes = [Change("unit", a, {"melee_turn": game.turn}) for a in sheet.attackers]
    if sheet.retreat is not None:
        return retreat_before(game, sheet, d, dice, changes)
    lines, result, noted = [], "the defender holds", False
    for i, aid in enumerate(sheet.attackers):
        a = game.units[aid]
        if a.hex == d.hex and not d.fired:                     # 3.8.3: the waiting defender fires first
            more = ambush_fire(game, d, a, dice)
            if more:
                lines.append(f"  ambush: {d.id} fires first (HCM 3.8.3)")
                changes += more
                if any(c.key == a.id and (c.values.get("status") == "destroyed" or c.values.get("routed"))
                       for c in more):
                    lines.append(f"  {a.id} does not melee")
                    continue
        changes += contact.engage(game, a, d)                   # 3.8 i, j
        won, more_lines, more = fight(game, a, d, dice, first=i == 0)
        lines += more_lines
        changes += more
        if sheet.beyond is not None and won == "attacker":
            changes += overrun.go_on(game, a, d, sheet.beyond, changes, heavy_structure(game, d.hex))
        if won == "defender" and d.marks.melee_won_turn != game.turn and not noted:
            changes.append(contact.won_defending(game, d))     # 3.8 e note, for later melees this turn
            noted = True
        if won != "defender":
            result = "tie" if won == "tie" else "the attacker wins"
            break
    return f"Melee at {game.map.number(d.hex)}: {result}", [Change("note", "", {}, tuple(lines))] + changes


def hex_param(game, params, key: str) -> Hex | None:
    if not params.get(key):
        return None
    try:
        return game.map.grid.parse(params[key])
    except ValueError as e:
        raise UmpireError(f"melee: {key} {e} (HCM 3.8)") from None


def melee_action(game, params, dice) -> tuple[str, list[Change]]:
    """The `melee` unit action: params unit, target, retreat (a hex), advance (yes/no)."""
    from .fire_actions import contact_unit
    target = contact_unit(game, params.get("side"), params.get("target"))
    t, side = game.units.get(target), params.get("side")
    known = game.contacts.get((side, target))
    if t is None or not t.on_map or known is None or known.status != "seen":
        # one wording, seen or not, on the map or not: a refusal never tells whether such a unit exists (4.1)
        who = game.side(side).name if side in game.side_ids() else side
        raise UmpireError(f"melee: {who} sees no enemy unit {params.get('target')!r} now (HCM 3.8 b)")
    retreat, beyond = (hex_param(game, params, k) for k in ("retreat", "beyond"))
    sheet = melee_sheet(game, [params.get("unit")], t.hex, target, retreat, params.get("advance") not in ("no", False),
                        beyond)
    if not sheet.legal:
        raise UmpireError(f"melee refused, nothing rolled: {sheet.reason} ({sheet.rule})")
    summary, changes = resolve(game, sheet, dice)
    return summary, [Change("note", "", {}, (x,), sheet.kept.get(i)) for i, x in enumerate(sheet.lines)] + changes

