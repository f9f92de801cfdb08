"""Hex Command Mechanized: a cannon fires at a structure's hex -- its buildings or works -- rather
than at a unit (HCM 3.7.17, 2.4.1; the chart is structures.toml, a sample; the readings are
structures.py's).

`umpire act GAME fire_structure unit=T1 hex=0504 what=works`, the Unit menu's "Fire at a
structure".  Umpire's reading of the shot: as 3.7.1 fires at a vehicle, with the structure's
defence in place of armour -- range + defence + the firer's modifiers (hit markers, C damage, its
commander: 3.7.5, 2.3.3, 3.10 d) on the gun's dice, that number or more hitting; within the gun's
auto-hit range 1d10 of 10 less a hit marker each (3.7.11; a structure has no cover but itself).
Only a cannon does it (1.1.4 gives structures the classes of "cannon weapons, bombs and mortars";
small arms do not bring down walls); a very light or light gun fires twice (1.1.4), the same
shots it has against units.  The line of sight, the arcs and the fire phases are those of any
shot (3.7.9, 2.3.2, 3.7).  Facing, the sudden-target rule and friends in the way are a unit
target's matters and are not asked here.
"""

from __future__ import annotations

from ...core.actionspec import ActionField
from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.play.rule_actions import unit_action
from . import cvs_combat, damage, fire, structures
from .fire_actions import in_fire_phase, in_its_group
from .spotting import Sight


def aim(game, params: dict):
    """The firer, the hex and the structure fired at, checked (one-line refusals)."""
    uid, side = params.get("unit"), params.get("side")
    u = game.units.get(uid)
    if u is None or u.side != side or not u.on_map or u.carried_by:
        raise UmpireError(f"fire at a structure: {side} has no unit {uid!r} standing on the table")
    in_its_group(game, uid, "fire at a structure")
    gun = game.unit_type(u)["gun"]
    if not gun:
        raise UmpireError(f"fire at a structure: {uid} has no cannon: only cannon damage structures (HCM 1.1.4, "
                          "3.7.17)")
    if u.marks.routed:
        raise UmpireError(f"fire at a structure: {uid} is routed and cannot fight (HCM 3.7.19)")
    if u.marks.limbered:
        raise UmpireError(f"fire at a structure: {uid} is limbered: unlimber it first (HCM 2.3.6)")
    if u.marks.labour_turn == game.turn:
        raise UmpireError(f"fire at a structure: {uid} laboured this turn and fires no more (HCM 2.4.1, 2.4.2)")
    try:
        h = game.map.grid.parse(str(params.get("hex", "")))
    except ValueError:
        raise UmpireError(f"fire at a structure: {params.get('hex')!r} is not a hex of the map (HCM 3.7.17)") from None
    if h not in game.map.terrain:
        raise UmpireError(f"fire at a structure: {params.get('hex')} is not a hex of the map (HCM 3.7.17)")
    if h == u.hex:
        raise UmpireError(f"fire at a structure: {uid} stands in {game.map.number(h)} itself (HCM 3.7.17)")
    what = structures.which(game, h, str(params.get("what") or ""))
    n = game.map.number(h)
    if what is None or side not in structures.knowers(game, h, what):
        raise UmpireError(f"fire at a structure: {game.side(side).name} knows of no standing "
                          f"{params.get('what') or 'structure'} in {n} (HCM 3.7.17)")
    if u.marks.shots >= fire.shots(gun):
        raise UmpireError(f"fire at a structure: {uid} has fired {u.marks.shots} time(s) this turn, its limit "
                          "(HCM 1.1.4)")
    return u, h, what, gun


def fire_structure(game, params: dict, dice) -> tuple[str, list[Change]]:
    u, h, what, gun = aim(game, params)
    ut, n = game.unit_type(u), game.map.number(h)
    rng = fire.fire_range(u.hex, h)
    reach = fire.reach(gun, ut["gun_range"])
    if rng > reach:
        raise UmpireError(f"fire at a structure: range {rng} is beyond {u.id}'s reach of {reach} (HCM 3.7.1)")
    if not Sight(game.map, game.rules).clear(u.hex, h):
        raise UmpireError(f"fire at a structure: {u.id} has no line of sight to {n} (HCM 3.7.9)")
    why, arc_mods = fire.arc_check(ut["arc"], u.marks.facing, u.hex, h, u.id)
    if why:
        raise UmpireError(f"fire at a structure: {why} (HCM 2.3.2)")
    cls = structures.structure_class(game, h, what)
    row = structures.chart()[cls]
    name = "works" if what == "works" else "buildings"
    lines = [f"{u.id} fires its {gun} gun at the {cls} {name} in {n}, range {rng} (HCM 3.7.17)"]
    auto = rng <= ut["auto_range"]
    if auto:
        needed = fire.auto_hit_needs(u.marks.hits)
        lines.append(f"  within its auto-hit range: 1d10 needs {needed} or less (HCM 3.7.11)")
        roll = dice.roll(f"fire of {u.id} at {n}", 1, 10).total
        hit = roll <= needed
    else:
        bonus, by_cvs = cvs_combat.commander_bonus(game, u)
        mods = fire.firer_modifiers(u.marks.hits, damage.combat_penalty(u.marks.damage), bonus, by_cvs) + arc_mods
        needed = fire.target_number(rng, row["defence"], mods)
        count = fire.dice_for(reach)[0]
        lines += [m.line() for m in mods]
        lines.append(f"  needs {rng} + defence {row['defence']}" + "".join(f" {m.value:+d}" for m in mods)
                     + f" = {needed} or more on {count}d10 (Structure chart, sample; HCM 3.7.1)")
        roll = dice.roll(f"fire of {u.id} at {n}", count, 10).total
        hit = fire.hits(roll, needed)
    lines.append(f"  roll {roll}: {'hit' if hit else 'miss'}")
    # the worksheet and the roll: the firer's side's to read (reader None: the side acting)
    changes = [Change("note", "", {}, tuple(lines)), Change("unit", u.id, {"fired": True, "shots": u.marks.shots + 1})]
    told = structures.knowers(game, h, what)
    if hit:
        seen, more = structures.damage(game, h, what, gun)
        changes += [Change("note", "", {}, tuple(seen), told)] + more
    return f"{u.id} fires at the {name} in {n}: {'hit' if hit else 'miss'}", changes


def fits(game, u) -> bool:
    return u.on_map and bool(game.unit_type(u)["gun"])


ACTIONS = {spec.name: spec for spec in (
    unit_action("fire_structure", "Fire at a structure", fire_structure, rule="HCM 3.7.17", worksheet=True,
                fields=(ActionField("hex", "Hex of the structure", kind="hex"),
                        ActionField("what", "Structure (empty: the works if any, else the buildings)",
                                    ("", "works", "building"), required=False)),
                open=in_fire_phase, when="only in a fire phase or a group's activation", fits=fits,
                help="A cannon fires at the buildings or works of a hex: range + the structure's defence; a hit "
                     "damages it, and enough damage leaves rubble (sample Structure chart)."),
)}
