"""Hex Command Mechanized's fire and melee actions for the shells: `fire` (a unit at an enemy unit
its side sees, HCM 3.7), `indirect_fire` (a hex a spotter sees, 3.7.13-3.7.14, 4.3) and `melee`
(3.8), each a unit action (core.play.rule_actions) that `umpire act` runs and the Unit menu
offers; and the same fire and melee as the core's attack on a hex (`umpire attack --kind fire`,
the Attack dialog), whose worksheet the umpire reads before the roll.

Fire belongs to the fire phases -- the non-phasing player's, then the phasing player's (3.7); the
core's turn checks keep each side to its own phase.  Melee belongs to the melee phase (3.8).
"""

from __future__ import annotations

from dataclasses import replace

from ...core.actionspec import ActionField
from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.hexgrid import hex_distance
from ...core.play.rule_actions import acting_side, unit_action
from . import fire_effects, groups, indirect_fire, melee_actions
from .fire import fire_range
from .blocking import overlap_problem
from .fire_sheet import WEAPONS, FireSheet, fire_sheet, refuse, weapon_reach, weapons_of
from .spotting import Sight
from .state import firing_now, melee_now

KINDS = ("fire", "melee")


# fire in the fire phases (3.7), melee in the melee phases (3.8), both in a group's activation
# (4.6): the readers of the turn in state.py
in_fire_phase, in_melee_phase = firing_now, melee_now


def sheet_lines(sheet) -> list[Change]:
    """The worksheet as journal lines: the firer's side reads them but those kept for another."""
    out = []
    for i, line in enumerate(sheet.lines):
        out.append(Change("note", "", {}, (line,), sheet.kept.get(i)))
    return out


def in_its_group(game, uid, what: str) -> None:
    """HCM 4.6: in a group's activation only that group's units (and floating artillery) act --
    groups.unit_problem, asked here since a unit action's turn checks do not ask it."""
    why = groups.unit_problem(game, uid) if uid in game.units else None
    if why:
        raise UmpireError(f"{what}: {why}")


def fire(game, params, dice) -> tuple[str, list[Change]]:
    """The `fire` action: params unit, target (a unit id or the side's contact label), weapon."""
    uid = params.get("unit")
    in_its_group(game, uid, "fire")
    target = contact_unit(game, params.get("side"), params.get("target"))
    sheet = fire_sheet(game, uid, target, params.get("weapon") or "")
    if not sheet.legal:
        raise UmpireError(f"fire refused, nothing rolled: {sheet.reason} ({sheet.rule})")
    if game.units.get(uid) and game.units.get(target) and (why := overlap_problem(game, game.units[uid],
                                                                                   game.units[target])):
        raise UmpireError(f"fire refused, nothing rolled: {why}")
    summary, changes = fire_effects.resolve(game, sheet, dice)
    return summary, sheet_lines(sheet) + changes


def contact_unit(game, side, name) -> str:
    """The enemy unit a side names: by its contact label (what a side knows it by) or its id."""
    if not name:
        raise UmpireError("fire: name the target (a contact label or unit id)")
    for (s, uid), c in game.contacts.items():
        if s == side and c.label == name:
            return uid
    return name


def odds_sheet(game, firer: str, target: str, weapon: str = "main") -> FireSheet:
    """The worksheet `umpire fire GAME FIRER --at TARGET --odds` prints, nothing rolled."""
    u = game.units.get(firer)
    aim = contact_unit(game, u.side if u is not None else None, target)
    # the weapon asked for, as the shot itself takes it ("main": the usual one): the window's fire
    # form shows this sheet live, and it must be the sheet the shot will roll on
    sheet = fire_sheet(game, firer, aim, "" if weapon in ("", "main", None) else weapon)
    return replace(sheet, firer=firer)


# ---------------------------------------------------------------- the core's attack on a hex
def assault_sheet(game, unit_ids, target, kind="fire", aim=None):
    """RuleSystem.assault_sheet: one unit fires at one unit of the hex (kind "fire"), or units
    melee the hex (kind "melee")."""
    why = next((w for w in (groups.unit_problem(game, x) for x in unit_ids if x in game.units) if w), None)
    if why:
        return refuse(why, "HCM 4.6")
    if kind == "melee":
        return melee_actions.melee_sheet(game, unit_ids, target, aim)
    if kind != "fire":
        return refuse(f"Hex Command Mechanized has no {kind!r} attack: fire or melee")
    if len(unit_ids) != 1:
        return refuse("units fire one at a time, each at one target (HCM 3.7)")
    side = game.units[unit_ids[0]].side
    if aim is None:
        seen = [c.unit for (s, _u), c in game.contacts.items() if s == side and c.status == "seen" and c.hex == target]
        if len(seen) != 1:
            return refuse("name the unit fired at in that hex (HCM 3.7: a firer and a target)")
        aim = seen[0]
    if not in_fire_phase(game):
        return refuse("units fire in the fire phases or a group's activation (HCM 3.7, 4.6)")
    return fire_sheet(game, unit_ids[0], aim)


def resolve_assault(game, sheet, dice):
    if isinstance(sheet, FireSheet):
        return fire_effects.resolve(game, sheet, dice)
    return melee_actions.resolve(game, sheet, dice)


def seen_labels(game, side, unit, within: int | None = None) -> tuple[str, ...]:
    """The enemy units the side sees now, by its own contact labels, nearest to `unit` first."""
    u = game.units.get(unit) if unit else None
    seen = [c for (s, _u), c in game.contacts.items() if s == side and c.status == "seen"]
    if u is not None and u.on_map:
        seen = [c for c in seen if within is None or hex_distance(c.hex, u.hex) <= within]
        seen.sort(key=lambda c: (hex_distance(c.hex, u.hex), c.label))
    return tuple(c.label for c in seen)


def in_sight_of(game, side, unit) -> tuple[str, ...]:
    """The contacts `unit` itself could fire at, by the side's labels, nearest first: those its
    side sees now (4.1), to which the unit has a clear line (3.7.9) within the longest reach of
    its weapons (3.7.1), not in its own hex (3.8 a).  Read from the side's contacts (where the
    side saw each), the firer and the ground -- nothing the side does not know -- so a choice
    never names, nor by its absence betrays, an enemy the side has not seen."""
    u = game.units.get(unit) if unit else None
    if u is None or not u.on_map or u.carried_by or u.side != side:
        return ()
    have = weapons_of(game, u)
    gun_w = game.unit_type(u)["gun"] or "L"
    reach = max((weapon_reach(game, u, w, gun_w) for w in have), default=-1)
    sight = Sight(game.map, game.rules)
    near = [c for (s, _u), c in game.contacts.items() if s == side and c.status == "seen" and c.hex != u.hex
            and fire_range(u.hex, c.hex) <= reach and sight.clear(u.hex, c.hex)]
    return tuple(c.label for c in sorted(near, key=lambda c: (hex_distance(c.hex, u.hex), c.label)))


# the weapons as the form names them (the keys are what `umpire act` and the journal read)
WEAPON_NAMES = (("gun", "main gun"), ("mg", "machine guns"), ("small_arms", "small arms"),
                ("at", "anti-tank weapons"))


def weapon_field(weapons: tuple[str, ...]) -> ActionField:
    return ActionField("weapon", "Weapon (empty: the usual one)", weapons, required=False, names=WEAPON_NAMES)


def fire_fields(game, side, unit):
    """What the form asks of THIS unit's fire: a target it sees and reaches (in_sight_of), a
    weapon it has (fire_sheet.weapons_of); with no unit named (a listing), every weapon."""
    u = game.units.get(unit) if unit else None
    weapons = WEAPONS if u is None else ("",) + weapons_of(game, u)
    targets = in_sight_of(game, side, unit)
    if u is not None and not targets:     # a choice of nothing, not a line to type any name in
        return (ActionField("target", "Target (none: no enemy it sees is within its reach)", ("",), kind="enemy"),
                weapon_field(weapons))
    return (ActionField("target", "Target (an enemy unit it sees, within its reach)", targets, kind="enemy"),
            weapon_field(weapons))


BEYOND = ActionField("beyond", "A vehicle goes on past the hex to (HCM 3.8.1)", required=False, kind="hex")


def melee_fields(game, side, unit):
    return (ActionField("target", "Defender (in its hex or next to it)", seen_labels(game, side, unit, 1),
                        kind="enemy"),
            ActionField("retreat", "The defender retreats before melee to (its player's choice)", required=False,
                        kind="hex"),
            ActionField("advance", "Advance if it retreats", ("", "yes", "no"), required=False),
            BEYOND)


def grouped(game, params, dice, resolve, what: str):
    """A unit action checked against the group acting now (4.6), then resolved."""
    in_its_group(game, params.get("unit"), what)
    return resolve(game, params, dice)


def one_firer(params: dict) -> dict:
    """`umpire fire GAME FIRER --at TARGET` names its firers as a list: HCM's fire is one unit's."""
    if params.get("unit") or not params.get("firers"):
        return params
    if len(params["firers"]) != 1:
        raise UmpireError("units fire one at a time, each at one target (HCM 3.7)")
    return {**params, "unit": params["firers"][0]}


def with_firers(spec):
    """The fire action, taking `firers` (the core's fire command) as well as `unit`.  The journal
    keeps the firer as `firers` and the target by its unit id, as the core's witness reads a fire
    (what struck a side's unit, from which of its contacts)."""
    def run(ctx):
        ctx.params.update(one_firer(ctx.params))
        side = acting_side(ctx.game, ctx.params)
        ctx.params.update(firers=[ctx.params["unit"]], target=contact_unit(ctx.game, side, ctx.params.get("target")))
        return spec.run(ctx)
    return replace(spec, run=run, who=lambda game, params: acting_side(game, one_firer(params)))


ACTIONS = {spec.name: spec for spec in (
    with_firers(unit_action("fire", "Fire at a unit", fire, rule="HCM 3.7", worksheet=True,
                fields=(ActionField("target", "Target", kind="enemy"),
                        weapon_field(WEAPONS)),
                ask=fire_fields, fits=lambda game, u: u.on_map and bool(weapons_of(game, u)),
                open=in_fire_phase, when="only in a fire phase or a group's activation",
                help="One unit fires at an enemy unit it sees itself: range + armour + modifiers on 2d10 (1d10 "
                     "for short weapons), auto-hit ranges on 1d10, small arms on 1d6.")),
    unit_action("indirect_fire", "Indirect fire at a hex", lambda game, params, dice: grouped(
                    game, params, dice, indirect_fire.indirect_fire, "indirect fire"), rule="HCM 3.7.14",
                worksheet=True,
                fields=(ActionField("hex", "Target hex", kind="hex"),
                        ActionField("spotter", "Spotter (a unit of the side that sees the hex)", kind="unit")),
                open=in_fire_phase, when="only in a fire phase or a group's activation",
                fits=indirect_fire.fires_indirect,
                help="An indirect-fire weapon fires at a hex a spotter of its side sees: 5-6 on target, "
                     "otherwise it lands in a neighbouring hex counted clockwise."),
    unit_action("melee", "Melee", lambda game, params, dice: grouped(
                    game, params, dice, melee_actions.melee_action, "melee"), rule="HCM 3.8", worksheet=True,
                fields=(ActionField("target", "Defender", kind="enemy"),
                        ActionField("retreat", "The defender retreats before melee to (its player's choice)",
                                    required=False, kind="hex"),
                        ActionField("advance", "Advance if it retreats", ("", "yes", "no"), required=False),
                        BEYOND),
                ask=melee_fields, open=in_melee_phase, when="only in a melee phase or a group's activation",
                help="A unit in the defender's hex or next to it fights it: 1d6 each, modifiers, the higher "
                     "wins and captures; a tie costs both a figure and pushes both back."),
)}
