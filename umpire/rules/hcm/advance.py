"""Retreat before melee and the advance after it (HCM 3.8.4, 3.8.5, 4.5), for melee_actions.py.

The defender steps back a hex, takes a hit marker and faces the hex it left (3.8.4, 3.5.5).  The
attacker's side may then claim the vacated hex: 1d6 of 4-6, +1 with a commander, or the optional
CVS roll (melee.py).  Readings (tested in tests/rules/test_hcm_advance.py):
* 3.8.5 neighbours: the units of the attacker's side in hexes next to the vacated one that have
  been in no melee this turn (3.8 h: "none of the forces engaged in melee") -- stands and
  vehicles, not guns, which do not move into a fight -- may advance instead
  of the attacker.  When the advance roll passes and there are such units, a die as large as
  the number of candidates -- the attacker first, then the neighbours by id -- picks the one
  that goes ("roll to see which").
* 4.5, with the optional sphere of influence (`[hcm] sphere`): a commander with the attacker whose
  influence reaches beyond his own hex (Morale 2, as command.influence reads 4.5) lets both go:
  the attacker and one neighbour, picked by the die among the neighbours.  A neighbour already in
  a melee does not go (4.5).
* Nobody goes beyond the stacking limit (3.5.6): two items in the hex; the hex is vacated only
  when no enemy item is left in it.
* An advancing unit faces the way it went (3.5; 3.5.2 lets it change facing once) and may still
  begin a melee of its own if it has not (3.8.5, 3.8 h).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.hexgrid import direction_to, hex_distance
from . import command, melee
from .fire_sheet import INFANTRY, commander_with
from .stacking import STACK
from .state import is_commander, kind, traits, units_at


def neighbours(game, a, vacated) -> list:
    """3.8.5: friendly units next to the vacated hex that have fought no melee this turn."""
    out = []
    for u in sorted(game.units.values(), key=lambda u: u.id):
        if (u.side == a.side and u.id != a.id and u.on_map and not u.carried_by and hex_distance(u.hex, vacated) == 1
                and kind(game, u) in INFANTRY + ("vehicle",) and not u.marks.routed and u.marks.melee_turn != game.turn
                and not any(e.side != u.side for e in units_at(game, u.hex))
                and game.rules.terrain_types[game.map.terrain[vacated]]["move"].get(game.unit_type(u)["move_class"])
                is not None):
            out.append(u)
    return out


def wide_commander(game, a) -> bool:
    """4.5 with the sphere option: the attacker's commander reaches beyond his hex (Morale 2)."""
    c = command.commander_with(game, a)
    return bool(game.rule_state.scenario.get("sphere", False)) and c is not None and command.cvs(c).morale >= 2


def pick(dice, among: list, why: str) -> tuple[object, str]:
    if len(among) == 1:
        return among[0], ""
    n = dice.roll(f"which unit advances ({why})", 1, len(among)).total
    return among[n - 1], f"1d{len(among)} = {n}: "


def retreat_before(game, sheet, d, dice, changes) -> tuple[str, list[Change]]:
    """HCM 3.8.4, 3.8.5, 3.5.5: the defender steps back, takes a hit marker, faces the hex it left;
    the attacker's side may claim the hex."""
    to = sheet.retreat
    changes.append(Change("unit", d.id, {"q": to.q, "r": to.r, "hits": d.marks.hits + 1,
                                         "facing": direction_to(to, d.hex)},
                          (f"{d.id} retreats before melee to {game.map.number(to)} and takes a hit marker "
                           "(HCM 3.8.4, 3.5.5)",), None))
    a = game.units[sheet.attackers[0]]
    if not sheet.advance:
        return f"{d.id} retreats before melee", changes
    vacated = d.hex
    left = [e for e in units_at(game, vacated) if e.side != a.side and e.id != d.id and not is_commander(game, e)]
    if left:
        changes.append(Change("note", "", {}, ("  the hex is not vacated: no advance (HCM 3.8.5)",)))
        return f"{d.id} retreats before melee", changes
    chief = next((c for c in units_at(game, a.hex, a.side) if kind(game, c) == "commander"), None)
    daring = traits(chief).aggressiveness if chief is not None else None
    if (game.rule_state.scenario or {}).get("advance_cvs") and daring is not None:
        d10 = dice.roll(f"advance after melee, {chief.id}'s Aggressiveness {daring}", 1, 10).total
        goes, how = melee.advances_cvs(d10, daring), f"1d10 = {d10} against Aggressiveness {daring} (optional)"
    else:
        cmd = commander_with(game, a)
        d6 = dice.d6(f"advance after melee, {a.id}")
        goes, how = melee.advances(d6, cmd), f"1d6 = {d6}{' +1 commander' if cmd else ''}"
    if not goes:
        changes.append(Change("note", "", {}, (f"  {how}: no advance (HCM 3.8.5)",)))
        return f"{d.id} retreats before melee", changes
    changes += advancing(game, a, vacated, dice, how)
    return f"{d.id} retreats before melee", changes


def advancing(game, a, vacated, dice, how: str) -> list[Change]:
    """Who goes into the vacated hex (3.8.5, 4.5), and their moves."""
    near = neighbours(game, a, vacated)
    there = [u for u in units_at(game, vacated, a.side) if not is_commander(game, u) and not u.carried_by]
    room = STACK - len(there)
    attacker_goes = a.hex != vacated
    if near and wide_commander(game, a):
        second, said = pick(dice, near, "a neighbour goes with the attacker, HCM 4.5")
        going = ([a] if attacker_goes else []) + [second]
        why = f"{said}{second.id} goes too, its commander's influence reaching beyond his hex (HCM 3.8.5, 4.5)"
    elif near:
        chosen, said = pick(dice, ([a] if attacker_goes else []) + near, "the attacker or a neighbour, HCM 3.8.5")
        going, why = [chosen], f"{said}{chosen.id} is the one to advance (HCM 3.8.5)"
    else:
        going, why = ([a] if attacker_goes else []), ""
    out = [Change("note", "", {}, (f"  {how}: the vacated hex may be claimed (HCM 3.8.5)",)
                  + ((f"  {why}",) if why else ()))]
    for u in going:
        if room <= 0:
            out.append(Change("note", "", {}, (f"  {u.id} stays: two items to a hex (HCM 3.5.6)",)))
            continue
        room -= 1
        facing = direction_to(u.hex, vacated) if hex_distance(u.hex, vacated) == 1 else u.marks.facing
        out.append(Change("unit", u.id, {"q": vacated.q, "r": vacated.r, "facing": facing},
                          (f"  {u.id} advances into {game.map.number(vacated)} (HCM 3.8.5)",)))
    return out
