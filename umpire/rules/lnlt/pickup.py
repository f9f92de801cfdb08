"""Support weapons changing hands in Lock 'n Load Tactical's Rally phase (3.0, step 5; 1.6).

A Good Order squad, half-squad, crew or single-man counter that may carry weapons (not a sniper,
1.6) picks up a weapon lying in its hex, drops one it carries, or hands one to another Good
Order unit of its side in the hex -- each within the portage table's limits.  It is the rule
action "weapons", a free action (ActionSpec.free): either side takes it in the Rally
phase, as often as it likes, without taking a turn.

A weapon lying on the ground is a unit with the status "dropped" in its hex: no side's unit
on the map, so it is never a target, never spotted, never counted for stacking or objectives.
Its owner's order of battle still lists it as dropped there.  A unit eliminated outside a
vehicle leaves its weapons lying in its hex; aboard a vehicle they are lost with it (readings:
the player aid's note on captured weapons presumes weapons left on the field).

Capture (1.6 note): a unit picking up the enemy's weapon (named by its type: the enemy's ids
are not the side's to know) gets a new counter of its own, "<unit>-captured", marked captured.  The enemy's counter stays where its owner believes it
is, marked taken, until a unit of the owner stands in that hex (the Administrative phase) or
tries to pick it up: only then does the owner learn it is gone -- what a side knows never
changes because of what the enemy did out of its sight.  The first fire with a captured
weapon that causes no damage check, or its first ordnance shot that misses, uses it up.
Changing a weapon's mode (3.0 step 5, 1.6): a Good Order unit sets a weapon it carries to
another of its modes (modes.toml, samples); the change is its own side's to read.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.rulesystem import ActionField
from .state import good_order, kind
from .weapons import PORTAGE, carried, mode_of, modes

DOINGS = ("pick_up", "drop", "hand_over", "change_mode")
DROPPED = "dropped"


def lying(game: Game, unit: UnitState) -> list[UnitState]:
    """The weapons lying in the unit's hex that it could know of: any not taken, and its own
    side's even if taken (it believes them there)."""
    return sorted((w for w in game.units.values() if w.status == DROPPED and w.hex == unit.hex
                   and (not w.marks.taken or w.side == unit.side)), key=lambda w: w.id)


def handle(w: UnitState, side: str) -> str:
    """How a side names a weapon lying at its feet: its own by id, the enemy's by type (the
    enemy's ids are the umpire's knowledge)."""
    return w.id if w.side == side else w.type


def fields(game: Game, side: str, unit_id: str | None) -> tuple[ActionField, ...]:
    u = game.units.get(unit_id) if unit_id else None
    choices: tuple[str, ...] = ()
    mates: tuple[str, ...] = ()
    if u is not None and u.side == side and u.hex is not None:
        choices = tuple(w.id for w in carried(game, u)) + tuple(dict.fromkeys(handle(w, side) for w in lying(game, u)))
        mates = tuple(v.id for v in sorted(game.units.values(), key=lambda v: v.id)
                      if v.side == side and v.on_map and v.hex == u.hex and v.id != u.id and not v.carried_by
                      and PORTAGE.get(kind(game, v), 0))
    kinds: tuple[str, ...] = ()
    if u is not None and u.side == side:
        kinds = tuple(dict.fromkeys(m for w in carried(game, u) for m in (modes(game, w) or {}).get("modes", ())))
    return (ActionField("do", "What", DOINGS),
            ActionField("weapon", "Weapon (carried, or lying in the hex)", choices) if choices
            else ActionField("weapon", "Weapon"),
            ActionField("to", "Hand it to (hand over)", ("",) + mates, required=False),
            ActionField("mode", "Its new mode (change mode)", ("",) + kinds, required=False))


def _bearer(game: Game, uid: str | None, side: str, what: str) -> UnitState:
    u = game.units.get(uid or "")
    if u is None or u.side != side:
        raise UmpireError(f"{what}: {uid!r} is not a unit of {side}")
    if kind(game, u) == "support_weapon":
        raise UmpireError(f"{what}: {uid} is a support weapon: the unit carrying it acts (1.6)")
    if not u.on_map:
        raise UmpireError(f"{what}: {uid} is not on the map")
    if u.carried_by:
        raise UmpireError(f"{what}: {uid} rides aboard {u.carried_by}: it gets off first (16.1)")
    if not good_order(u):
        raise UmpireError(f"{what}: {uid} is Shaken; only Good Order units handle weapons (3.0)")
    if not PORTAGE.get(kind(game, u), 0):
        raise UmpireError(f"{what}: a {kind(game, u).replace('_', ' ')} carries no support weapons (1.6)")
    return u


def _room(game: Game, u: UnitState, what: str) -> None:
    most = PORTAGE[kind(game, u)]
    if len(carried(game, u)) >= most:
        raise UmpireError(f"{what}: {u.id} already carries {most} support weapon{'s' if most > 1 else ''} (1.6)")


def act(game: Game, params: dict) -> tuple[str, list[Change]]:
    what = "support weapons"
    do, wid = params.get("do"), params.get("weapon")
    if do not in DOINGS:
        raise UmpireError(f"{what}: 'do' must be one of {', '.join(DOINGS)}, not {do!r}")
    u = _bearer(game, params.get("unit"), params.get("side"), what)
    n = game.map.number(u.hex)
    w = game.units.get(wid or "")
    if do in ("drop", "hand_over", "change_mode"):
        if w is None or w.carried_by != u.id or w.status != "on_map":
            raise UmpireError(f"{what}: {u.id} carries no weapon {wid!r}")
        if do == "change_mode":
            return _change_mode(game, u, w, params.get("mode"), what)
        if do == "drop":
            return f"{u.id} drops {w.id} in {n}", [Change("unit", w.id, {
                "status": DROPPED, "carried_by": None, "q": u.hex.q, "r": u.hex.r},
                (f"{u.id} drops {w.id} ({game.unit_type(w)['label']}) in {n} (3.0, 1.6)",))]
        if not params.get("to"):
            raise UmpireError(f"{what}: hand_over needs 'to', the unit of {n} that takes it")
        to = _bearer(game, params.get("to"), u.side, what)
        if to.hex != u.hex or to.id == u.id:
            raise UmpireError(f"{what}: {to.id} is not another unit in {n}")
        _room(game, to, what)
        return f"{u.id} hands {w.id} to {to.id}", [Change("unit", w.id, {"carried_by": to.id},
                                                          (f"{u.id} hands {w.id} to {to.id} in {n} (3.0, 1.6)",))]
    w = next((x for x in lying(game, u) if handle(x, u.side) == wid), None)
    if w is None:
        raise UmpireError(f"{what}: no weapon {wid!r} lies in {n}")
    if w.marks.taken:                    # its owner finds out only now, standing in the hex
        return f"{u.id} finds {w.id} gone", [Change("unit", w.id, {"status": "removed", "q": None, "r": None},
                                                    (f"{u.id} finds {w.id} gone from {n}: taken by the enemy",))]
    _room(game, u, what)
    if w.side == u.side:
        return f"{u.id} picks up {w.id}", [Change("unit", w.id, {"status": "on_map", "carried_by": u.id},
                                                  (f"{u.id} picks up {w.id} in {n} (3.0, 1.6)",))]
    issued = w.marks.issued_to or w.side            # retaken by the side it was issued to: its own again
    captured = issued != u.side
    label = game.unit_type(w)["label"]
    new = free_id(game, f"{u.id}-{'captured' if captured else 'retaken'}")
    return f"{u.id} picks up an enemy {label}", [
        Change("unit", w.id, {"taken": True}),
        Change("unit", new, {"new_like": u.id, "type": w.type, "q": u.hex.q, "r": u.hex.r, "carried_by": u.id,
                             "name": f"{label} (captured)" if captured else label,
                             "captured": captured, "untried": captured, "issued_to": issued},
               (f"{u.id} picks up an enemy {label} in {n}: now {new}"
                + (", captured (1.6)" if captured else ", its own side's again (1.6)"),))]


def _change_mode(game: Game, u: UnitState, w: UnitState, mode: str | None, what: str) -> tuple[str, list[Change]]:
    """3.0 step 5: the weapon turned to another of its modes (1.6, modes.toml)."""
    m = modes(game, w)
    if not m:
        raise UmpireError(f"{what}: {w.id} ({game.unit_type(w)['label']}) has one mode only (1.6)")
    if mode not in m["modes"]:
        raise UmpireError(f"{what}: mode={mode!r}: {w.id}'s modes are {', '.join(m['modes'])} (1.6)")
    if mode == mode_of(game, w):
        raise UmpireError(f"{what}: {w.id} is already in its {mode} mode")
    i = m["modes"].index(mode)
    return f"{u.id} sets {w.id} to {mode}", [Change("unit", w.id, {"mode": mode}, (
        f"{u.id} sets {w.id} ({game.unit_type(w)['label']}) to its {mode} mode: firepower {m['firepower'][i]}, "
        f"range {m['range'][i]} (3.0 step 5, 1.6)",))]


def free_id(game: Game, base: str) -> str:
    uid, k = base, 2
    while uid in game.units:
        uid, k = f"{base}{k}", k + 1
    return uid


def fate_of_carried(game: Game, out: dict) -> None:
    """Weapons of units eliminated by this attack: lying in the hex for a unit on foot, lost with
    one aboard a vehicle (see the module's readings)."""
    for uid, values in list(out.items()):
        if values.get("status") == "destroyed" and uid in game.units and game.units[uid].status == "on_map":
            u = game.units[uid]
            for w in carried(game, u):
                if u.carried_by or u.hex is None:
                    out.setdefault(w.id, {}).update(status="destroyed", q=None, r=None, carried_by=None)
                else:
                    out.setdefault(w.id, {}).update(status=DROPPED, q=u.hex.q, r=u.hex.r, carried_by=None)


def used_up(game: Game, weapon_ids, effect: bool, lines: list, out: dict) -> None:
    """1.6 note: a captured weapon's first attack without effect uses it up."""
    for wid in weapon_ids:
        w = game.units[wid]
        if not w.marks.untried:
            continue
        if effect:
            out.setdefault(wid, {})["marks"] = w.marks.but(untried=False)
        else:
            out.setdefault(wid, {}).update(status="removed", q=None, r=None, carried_by=None)
            lines.append(f"  {wid}, a captured weapon, fails on its first use and is given up (1.6)")


def found_gone(game: Game) -> list[Change]:
    """Administrative phase: an owner's unit standing where its taken weapon lay finds it gone."""
    out = []
    for w in sorted(game.units.values(), key=lambda w: w.id):
        if w.status == DROPPED and w.marks.taken:
            here = sorted(v.id for v in game.units.values() if v.on_map and v.side == w.side and v.hex == w.hex)
            if here:
                out.append(Change("unit", w.id, {"status": "removed", "q": None, "r": None},
                                  (f"{here[0]} finds {w.id} gone from {game.map.number(w.hex)}: taken by the enemy",)))
    return out
