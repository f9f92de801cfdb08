"""Hex Command Mechanized: the `indirect_fire` action (HCM 3.7.13-3.7.15, 4.2, 4.3) on the game.

The firing weapon (units.toml `indirect`) names a target hex and a spotter -- any unit or
commander of its side, itself included, that sees the hex (3.7.14): a line of sight (3.7.9) no
longer than the spotting range of the turn summary (15 hexes, 20 from a hill; section 7).  The
round lands by indirect.py; one item of the hex it lands in is hit (our reading, indirect.py).
A structure in the hex it lands in is damaged too (3.7.17, structures.py).
A gun no enemy sees as it fires is sound-ranged (4.2: soundrange.py).
"""

from __future__ import annotations

from importlib import import_module

from ...core.acting import UMPIRE_ONLY
from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.hexgrid import Hex, hex_distance
from . import damage, fire, indirect, smallarms, structures
from .fire_effects import commanders_hit, riders, stand_hit
from .fire_sheet import HARD
from .spotting import Sight, spotting_range
from .state import kind, units_at, weight


def fires_indirect(game, u) -> bool:
    return bool(game.unit_type(u).get("indirect"))


def spotter_sees(game, spotter, h: Hex) -> bool:
    """HCM 3.7.14 with section 7: the spotter has a line of sight to the hex within its spotting
    range (the sight lines and ranges of spotting.py)."""
    sight = Sight(game.map, game.rules)
    return hex_distance(spotter.hex, h) <= spotting_range(sight, spotter.hex) and sight.clear(spotter.hex, h)


def sound_ranging(game, gun_id: str, dice) -> list[Change]:
    """HCM 4.2 through the command module's soundrange.sound_ranging, when it is there."""
    try:
        module = import_module(f"{__package__}.soundrange")
    except ImportError:
        return []
    return list(module.sound_ranging(game, gun_id, dice))


def indirect_fire(game, params, dice) -> tuple[str, list[Change]]:
    uid = params.get("unit")
    u = game.units.get(uid)
    if u is None or not u.on_map:
        raise UmpireError(f"indirect fire: no unit {uid!r} on the map")
    ut = game.unit_type(u)
    if not ut.get("indirect"):
        raise UmpireError(f"indirect fire: {uid} has no indirect-fire weapon (HCM 3.7.14)")
    if u.marks.limbered:
        raise UmpireError(f"indirect fire: {uid} is limbered (HCM 2.3.6)")
    allowed = fire.shots(ut["gun"]) if ut["gun"] else 1
    if u.marks.shots >= allowed:
        raise UmpireError(f"indirect fire: {uid} has fired its {allowed} shot{'s' if allowed > 1 else ''} this turn "
                          "(HCM 1.1.4)")
    try:
        target = game.map.grid.parse(params.get("hex"))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"indirect fire: {e}") from None
    spotter = game.units.get(params.get("spotter") or uid)
    if spotter is None or spotter.side != u.side or not spotter.on_map:
        raise UmpireError(f"indirect fire: the spotter must be a unit of {game.side(u.side).name} on the map "
                          "(HCM 3.7.14)")
    if not spotter_sees(game, spotter, target):
        raise UmpireError(f"indirect fire: {spotter.id} does not see {game.map.number(target)} (HCM 3.7.14)")
    rng = fire.fire_range(u.hex, target)
    least = indirect.minimum_range(ut["role"])
    if rng < least:
        raise UmpireError(f"indirect fire: range {rng} is inside the {least}-hex minimum of field and SP artillery "
                          "(HCM 3.7.13)")
    reach = ut["gun_range"] or fire.reach(ut["gun"] or "L")
    if rng > reach:
        raise UmpireError(f"indirect fire: range {rng} is beyond {uid}'s reach of {reach} (HCM 3.7.14)")
    n = game.map.number
    lines = [f"{uid} fires indirect at {n(target)}, spotted by {spotter.id}, range {rng} (HCM 3.7.14)"]
    where, how = indirect.lands(target, dice, game.map.grid.orientation, rockets="rocket" in u.type)
    lines += [f"  {x}" for x in how] + [f"  the round lands in {n(where)}"]
    changes = [Change("note", "", {}, tuple(lines)),
               Change("unit", uid, {"fired": True, "shots": u.marks.shots + 1})]
    changes += round_lands(game, u, where, dice)
    changes += structures.shelled(game, where, ut["gun"] or "L")      # 3.7.17: the hex's structure too
    changes += sound_ranging(game, uid, dice)
    return f"{uid} fires indirect at {n(target)}: lands in {n(where)}", changes


def round_lands(game, u, where: Hex, dice) -> list[Change]:
    """One item in the hex is hit (3.7.15): infantry take the HE effect, a vehicle its blocks."""
    items = sorted((x for x in units_at(game, where) if not x.carried_by and kind(game, x) not in ("commander",)),
                   key=lambda x: x.id)
    if not items:
        return [Change("note", "", {}, ("  nothing there is hit",))]
    pick = indirect.pick_item(len(items), dice.d6("which item the round hits")) if len(items) > 1 else 0
    t = items[pick]
    gun = game.unit_type(u)["gun"] or "L"
    if kind(game, t) == "dummy":
        return [Change("note", "", {}, (f"  {t.id} is a dummy: no effect (HCM 7.2)",), UMPIRE_ONLY)]
    if kind(game, t) in HARD:
        blocks, lines = damage.roll_blocks(t.marks.damage, gun, weight(game, t), dice, t.id)
        out = [Change("unit", t.id, {"damage": blocks}, tuple(lines), t.side)]
        if damage.wrecked(blocks):
            out += [Change("unit", x.id, {"status": "destroyed", "steps_lost": game.unit_type(x)["steps"]},
                           (f"{x.id} is lost: its vehicle cannot be saved (HCM 2.3.5)",), t.side)
                    for x in [t, *riders(game, t.id)]]
        return out + commanders_hit(game, t.id, dice)
    figures, markers = smallarms.he_effect(game.unit_type(u)["he"], fire.guns()[gun]["he_markers"])
    seen = game.contacts.get((u.side, t.id))
    readers = [t.side] + ([u.side] if seen is not None and seen.status == "seen" else [])
    _lines, out = stand_hit(game, t, markers, figures, "indirect HE hit (HCM 3.7.14, 3.7.15)", readers)
    return out + commanders_hit(game, t.id, dice)
