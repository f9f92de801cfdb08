"""Hex Command Mechanized: what a shot does (HCM 3.7), as the changes the core writes.

A vehicle or gun hit rolls damage blocks (2.3.3) -- what they show is for its own side and the
umpire; the firer learns only that it hit and, if the vehicle is out (2.3.5), what anyone would
see.  An infantry stand hit takes its figures and hit markers (3.7.2, 3.7.5, 3.7.15, 3.7.19) --
red markers and lost figures stand on the table, so both sides read them; with two stands of the
target's side in its hex, a die says which of them takes the hit (3.7.2).  A commander with a
unit that is hit may die (3.10 e): that is command.py's to settle, through the hook
`commanders_hit` below (command.commander_casualty).
"""

from __future__ import annotations

from ...core.acting import UMPIRE_ONLY
from ...core.changes import Change
from . import command, damage, fire, smallarms
from .stands import stand_hit
from .fire_sheet import HARD, INFANTRY, FireSheet, shot_hits
from .indirect import pick_item
from .state import anti_tank, kind, units_at, weight


def commanders_hit(game, unit_id: str, dice) -> list[Change]:
    """HCM 3.10 e: the commander with a unit that suffers a hit dies on a 1 (1d6)."""
    return list(command.commander_casualty(game, unit_id, dice))


def riders(game, uid: str) -> list:
    return [p for p in game.units.values() if p.carried_by == uid and p.status == "on_map"]


def vehicle_hit(game, sheet: FireSheet, dice) -> tuple[list[str], list[Change]]:
    """Damage blocks on a vehicle or gun (2.3.3); out with three doubles (2.3.5); the passengers
    of an APC marked when the firer is anti-vehicle (3.7.4); a towed gun lost with its tower."""
    t = game.units[sheet.target]
    blocks, lines = damage.roll_blocks(t.marks.damage, sheet.gun_weight, weight(game, t), dice, t.id)
    changes = [Change("unit", t.id, {"damage": blocks}, tuple(lines), t.side)]
    seen = ["hit: damage blocks rolled; what they show is hidden from the firer (HCM 2.3.3)"]
    if damage.wrecked(blocks):
        for x in [t, *riders(game, t.id)]:
            changes.append(Change("unit", x.id, {"status": "destroyed", "steps_lost": game.unit_type(x)["steps"]},
                                  (f"{x.id} is lost: its vehicle cannot be saved (HCM 2.3.5, 2.3.6)",), t.side))
        seen.append("the vehicle is knocked out (HCM 2.3.5)")
        return seen, changes
    for p in riders(game, t.id):               # 3.7.4: only anti-vehicle fire reaches them
        if kind(game, p) in ("infantry", "smg", "cavalry", "paratroop"):
            changes += stand_hit(game, p, 1, 0, f"fire on {t.id} it rides in (HCM 3.7.4)", [t.side])[1]
    return seen, changes


def apc_hit(game, u, t) -> list[Change]:
    """HCM 3.7.4: small arms hitting an APC reach the troops inside -- a hit marker each -- only if
    the firer has anti-vehicle capability; otherwise the hit does nothing."""
    if not smallarms.apc_passengers_marked(anti_tank(game, u)):
        return [Change("note", "", {}, ("  the small arms cannot reach the troops inside: no effect (HCM 3.7.4)",))]
    out = []
    for p in riders(game, t.id):
        if kind(game, p) in INFANTRY:
            out += stand_hit(game, p, 1, 0, f"small arms on {t.id} it rides in (HCM 3.7.4)", [t.side])[1]
    return out


def resolve(game, sheet: FireSheet, dice, reader=None) -> tuple[str, list[Change]]:
    """Roll the shot and say what it changes; the firer uses one of its shots (1.1.4).  `reader`:
    who reads the firer's lines when the firer's side is not the one acting (an ambush, 3.8.3)."""
    u, t = game.units[sheet.firer], game.units[sheet.target]
    hit, roll_line = shot_hits(sheet, dice)
    changes = [Change("unit", u.id, {"fired": True, "shots": u.marks.shots + 1})]
    both = [t.side] if sheet.blind else [u.side, t.side]     # a marker's fate is not the firer's to read
    if sheet.hidden:       # the roll against a number the firer may not know: the umpire's alone
        changes.append(Change("note", "", {}, (f"  {roll_line}",), UMPIRE_ONLY))
    else:
        changes.append(Change("note", "", {}, (f"  {roll_line}",), reader))
    summary = f"{u.id} fires at {t.id}: {'hit' if hit else 'miss'}"
    changes.append(Change("note", "", {}, (f"Result: {'hit' if hit else 'miss'}",), reader))
    if not hit:
        return summary, changes
    if kind(game, t) == "dummy":
        changes.append(Change("note", "", {}, (f"  {t.id} is a dummy: nothing there to hit (HCM 4.1, 7.2)",),
                              UMPIRE_ONLY))
        if not sheet.blind:          # at a marker the firer reads "hit" either way: no tell
            changes.append(Change("note", "", {}, ("  no effect seen",), reader))
        return summary, changes
    if kind(game, t) in HARD and sheet.weapon in ("small_arms", "mg"):
        more = apc_hit(game, u, t)
    elif kind(game, t) in HARD:
        seen, more = vehicle_hit(game, sheet, dice)
        if not sheet.blind:
            changes.append(Change("note", "", {}, tuple(f"  {x}" for x in seen), reader))
    else:
        if sheet.weapon == "gun":
            he = game.unit_type(u)["he"]
            figures, markers = smallarms.he_effect(he, fire.guns()[sheet.gun_weight]["he_markers"])
            why = "HE hit (HCM 3.7.15)" if he else "hit by a gun without HE: a marker only (HCM 3.7.15)"
        else:
            figures, markers, why = 0, 1, "small-arms hit (HCM 3.7.2)"
        t = stand_taking_it(game, t, dice)
        _lines, more = stand_hit(game, t, markers, figures, why, both)
    return summary, changes + more + commanders_hit(game, t.id, dice)


def stand_taking_it(game, t, dice):
    """HCM 3.7.2: with two stands of the target's side in its hex, a die says which takes the hit
    (1-3 the first by id, 4-6 the second: indirect.pick_item)."""
    stands = sorted((x for x in units_at(game, t.hex, t.side) if kind(game, x) in INFANTRY and not x.carried_by),
                    key=lambda x: x.id)
    if len(stands) < 2:
        return t
    return stands[pick_item(len(stands), dice.d6("which stand takes the hit (HCM 3.7.2)"))]
