"""Wardogs fire as played: the secret declaration action, the reveal and lock-on rolls, and the
simultaneous damage (Wardogs p. 7 steps 6-9, pp. 12-17).

* `declare_fire` (a side's action in the declaration phase): declare.py keeps it secret.
* `lock_on_phase` (the lock-on phase begins): the declarations revealed to the umpire, then one
  d10 for each firer against its target's thermal signature with Table 3 (lockon.py), read
  against the table as it stands.  Each side reads its own rolls; the enemy reads nothing.
* `damage_phase` (the damage phase begins): every locked firer's declared weapons roll their ROF
  in dice of their DMG (Table 5) with the range modifier (Table 6), all against the armour the
  target had as the turn began (Table 7; marks.ar_start), and only then is the damage applied --
  shields first, penetration on Table 8/9 (damage.py, penetration.py) -- so a unit destroyed in
  this phase still fires (p. 15).  Ammunition is spent: one round a die (our reading: the
  Crossbow's "6 tubes" fire one missile a die), fewer dice when fewer rounds are left.  Fire that
  misses reaches the terrain (terrain_fire.py).
What each side reads: its own shots in full -- lock-on, dice, hits -- but not what they did
inside the target (armour left, shields, systems: the target's owner's); the shots at its own
units as their effects, naming the firer only if the side sees it.
"""

from __future__ import annotations

from typing import Any

from ...core.actionspec import ActionField, ActionSpec
from ...core.changes import Change, apply
from ...core.engine import Context
from ...core.errors import UmpireError
from ...core.play.rule_actions import unit_action
from ...core.hexgrid import hex_distance
from . import declare, defensive, lockon, minelaying, mines
from .damage import TURRET_DAMAGED, apply_hits, resolve_dice, shields_up
from .penetration import roll_internal
from .spotting import Sight, sees
from .state import ammo_left, armour, armour_at_start, kind, weapons as sheet_weapons
from .fires import strike
from .structures import breach, fallen
from .terrain_fire import HEAT, strikes_terrain, terrain_at
from .weapons import band_at, die_for

DEFENSIVE, MINES, DECLARE, LOCK_ON, DAMAGE = "defensive", "mines", "declare", "lock_on", "damage"      # WA's phase keys (ruleset.toml)


def _declare(ctx: Context) -> tuple[str, Any]:
    side, game = ctx.params.get("side"), ctx.game
    if game.phase != DECLARE:
        raise UmpireError(f"declaration refused: fire is declared in the declaration phase, not now ({declare.RULE})")
    turn = ctx.params.get("turn", game.turn)
    if turn != game.turn:
        raise UmpireError(f"declaration refused: it is for turn {turn}, and this is turn {game.turn} ({declare.RULE})")
    shots = declare.parse_shots(ctx.params.get("shots"))
    summary, changes = declare.declare(game, side, declare.by_label(game, side, shots) if side in game.side_ids() else shots)
    apply(ctx, changes)
    return summary, None


ACTIONS = {spec.name: spec for spec in (
    ActionSpec("declare_fire", "Declare fire (secret)", _declare, "side",
               (ActionField("side", "Side", kind="side"),
                # left out: no fire, declared as such (p. 7 step 6) -- what the reveal's refusal advises
                ActionField("shots", "Shots: firer, weapon, target; ... (empty: no fire)", required=False, kind="text")),
               "Wardogs p. 7 step 6",
               "Each firer's target and weapons, kept secret from the enemy until the umpire resolves "
               "both sides' fire together; nothing declared is a pass.", worksheet=True,
               open=lambda game: game.phase == DECLARE, when="only in the declaration phase"),
    ActionSpec("orders", "Declaration of fire from an orders file", _declare, "side",
               (ActionField("side", "Side", kind="side"), ActionField("shots", "Shots", kind="text")),
               "Wardogs p. 7 step 6", "A side's secret declaration handed in as a file (`umpire orders`).",
               worksheet=True, open=lambda game: game.phase == DECLARE, when="only in the declaration phase"),
    unit_action("deploy", "Deploy smoke, flare or chaff", defensive.deploy, rule="Wardogs p. 18, Table 3",
                fields=(ActionField("measure", "Measure", choices=tuple(defensive.MEASURES)),),
                help="In the unit's hex for this turn: smoke or chaff +3 to lock on to it, a decoy flare "
                     "+5/+3/+1 by distance (Table 3).",
                open=lambda game: game.phase == DEFENSIVE, when="only in the defensive measures phase",
                fits=lambda game, u: defensive.carries(game, u)),
    unit_action("lay_mines", "Lay mines", minelaying.lay, rule="Wardogs p. 18",
                fields=(ActionField("hex", "In hex (its route this turn; empty: its own)", required=False, kind="hex"),),
                help="A mine laying unit lays a secret minefield in a hex it entered this turn, or its own.",
                open=lambda game: game.phase == DEFENSIVE, when="only in the defensive measures phase",
                fits=lambda game, u: minelaying.carries(game, u)),
    unit_action("clear_mines", "Clear mines (sweeper)", mines.clear, rule="Wardogs p. 18",
                help="A sweeper that has not moved spends the turn on a minefield it knows of, in or next to "
                     "its hex: a d6, odd clears it. It does not fire this turn.",
                open=lambda game: game.phase == DECLARE, when="only in the declaration phase",
                fits=lambda game, u: mines.has_sweeper(game, u)),
)}


def _name(game, side: str, u) -> str:
    """A unit as `side` may name it: its id if it is the side's or seen by it now."""
    if u.side == side:
        return u.id
    c = game.contacts.get((side, u.id))
    return u.id if c is not None and c.status == "seen" else "an unseen enemy"


def situation(game, sight: Sight, u, t, weapon_keys: list[str]) -> lockon.Situation:
    """Table 3 for firer u on target t (our reading, lockon.py)."""
    view = sees(game, sight, u, t)
    sheet = dict(sheet_weapons(game, u))
    indirect = not view.seen and any(sheet[w]["indirect"] for w in weapon_keys)
    terrain = game.rules.terrain_types[terrain_at(game.map, t.hex)]       # churned: its new terrain (p. 16)
    near = [o for o in game.map.overlays if o.hex == t.hex]
    flares = [min(hex_distance(o.hex, u.hex), hex_distance(o.hex, t.hex)) for o in game.map.overlays if o.kind == "flare"]
    return lockon.Situation(
        signature=game.unit_type(t)["signature"], hexes_moved=t.marks.hexes_moved, has_sight=view.seen,
        # p. 16: a burning hex's smoke is a smoke dispenser's; the flames' heat lasts 3 turns
        indirect=indirect, smoke=any(o.kind in ("smoke", "chaff", "burning") for o in near),
        heat=HEAT if t.marks.hot_until >= game.turn else 0,
        flare_distance=min(flares) if flares and min(flares) <= 2 else None,
        forest_hexes=view.forest + (1 if terrain["forest"] else 0), partial_cover=view.partial,
        infantry_vs_infantry=kind(game, u) == "infantry" == kind(game, t))


def lock_on_phase(game, dice) -> list[Change]:
    """p. 7 step 7: reveal, then a lock-on d10 for each firer (Table 3).  Not before every side
    has declared (declare.not_declared): a side that has not is never taken for "no fire"."""
    waiting = declare.not_declared(game)
    if waiting:
        raise UmpireError(waiting)
    out = declare.reveal(game)
    sight = Sight(game.map, game.rules)
    for side in game.side_ids():
        shots = game.rule_state.declarations.get(side, ())
        firers: dict[str, tuple[str, list[str]]] = {}
        for s in shots:
            firers.setdefault(s["firer"], (s["target"], []))[1].append(s["weapon"])
        locks, lines = {}, []
        for fid, (tid, keys) in firers.items():
            u, t = game.units[fid], game.units[tid]
            try:
                s = situation(game, sight, u, t, keys)
                lockon.may_try(s)
            except UmpireError as e:                 # no sight and no indirect weapon: no roll
                locks[fid] = False
                lines.append(f"{fid} cannot lock on to {tid}: {e}")
                continue
            die = dice.roll(f"lock-on of {fid} at {tid} (Wardogs p. 12, Table 3)", 1, 10).total
            lock = lockon.lock_on(s, die)
            locks[fid] = lock.locked
            lines.append(f"{fid} at {tid}: {lock.describe()}")
        kept = tuple({**s, "lock": "yes" if locks.get(s["firer"]) else "no"} for s in shots)
        out.append(Change("game", ("declarations",), {side: kept},
                          tuple([f"Lock-on of {game.side(side).name} (Wardogs p. 7 step 7):"] + [f"  {x}" for x in lines]
                                if lines else ()), side))
    return out


def phase_start(game, key: str, dice) -> list[Change]:
    """WB's steps of the turn as their phases begin: mines (p. 7 step 4), lock-on and damage
    (steps 7-8)."""
    if key == MINES:
        return mines.mine_phase(game, dice)
    if key == LOCK_ON:
        return lock_on_phase(game, dice)
    if key == DAMAGE:
        return damage_phase(game, dice)
    return []


def phase_end(game, key: str, dice) -> list[Change]:
    """p. 7 step 8: the targets hit roll their stability checks as the damage phase ends, with
    Table 2's -1 for each hit (WA's stability.owed rolls every check the marks hold)."""
    if key == DAMAGE:
        from .stability import owed
        return owed(game, dice) + defensive.lifted()
    return []


def _shots_at(game) -> dict[str, list[tuple[Any, str, dict]]]:
    """target id -> [(firer, weapon key, weapon record)] of every locked declaration."""
    out: dict[str, list] = {}
    for side in game.side_ids():
        for s in game.rule_state.declarations.get(side, ()):
            if s.get("lock") == "yes":
                u = game.units[s["firer"]]
                out.setdefault(s["target"], []).append((u, s["weapon"], dict(sheet_weapons(game, u))[s["weapon"]]))
    return out


def damage_phase(game, dice) -> list[Change]:
    """p. 7 steps 8-9, pp. 15-17: every locked weapon fires, then the damage is applied at once."""
    from .declare import weapon_bands
    marks = {u.id: u.marks for u in game.units.values()}
    lines: dict[tuple[str, str], list[str]] = {}          # (side, unit concerned) -> its lines
    killed, struck = [], []

    def say(side: str, line: str) -> None:
        lines.setdefault((side, ""), []).append(line)

    for tid, shots in sorted(_shots_at(game).items()):
        t = game.units[tid]
        all_dice = []
        for u, key, w in shots:
            rng = hex_distance(u.hex, t.hex)
            band = band_at(rng, weapon_bands(w))
            if band is None:
                say(u.side, f"{u.id} {w['label']}: {tid} is out of range ({rng} hexes, Wardogs p. 14, Table 4)")
                continue
            left = ammo_left(game, u, key)
            count = w["rof"] if left is None else min(w["rof"], marks[u.id].ammo.get(key, left))
            if count <= 0:
                say(u.side, f"{u.id} {w['label']}: no rounds left")
                continue
            if left is not None:
                marks[u.id] = marks[u.id].but(ammo={**marks[u.id].ammo, key: marks[u.id].ammo.get(key, left) - count})
            sides = die_for(w["dmg"])
            faces = list(dice.roll(f"{u.id} {w['label']} at {tid}, {band} range (Wardogs p. 15, Tables 5-6)",
                                   count, sides).faces)
            ruin = breach(game, u, t)            # p. 16: through a fallen section, no armour
            # Table 9, 7: a damaged turret's weapons are -2 to hit (the damage dice, p. 15)
            shaken = TURRET_DAMAGED if w["mount"] == "turret" and u.marks.damage.get("turret", 0) == 1 else 0
            rolled = resolve_dice(faces, band, 0 if ruin else armour_at_start(game, t), shaken)
            if shaken:
                say(u.side, f"{u.id} {w['label']}: its turret is damaged, -2 to hit (Wardogs p. 17, Table 9)")
            if ruin:
                say(u.side, f"{u.id} fires through a fallen section of the building: {tid} meets it unarmoured (Wardogs p. 16)")
            all_dice += rolled
            hits = sum(d.hit for d in rolled)
            say(u.side, f"{u.id} fires {w['label']} at {tid}, {band} range: {count}d{sides} "
                        f"{', '.join(map(str, faces))} -- {_hits(hits)} (Wardogs p. 15, Tables 5-7)")
            if strikes_terrain([d.hit for d in rolled]):
                struck.append((t.hex, w))
        if not all_dice:
            continue
        out = apply_hits(all_dice, shields_up(marks[tid]), armour(game, t), armour_at_start(game, t), kind(game, t))
        m = marks[tid].but(shields=out.shields, ar=out.armour)
        dead = out.killed
        story = [f"{tid} is under fire from " + ", ".join(sorted({_name(game, t.side, u) for u, _, _ in shots}))
                 + f": {_hits(sum(d.hit for d in all_dice))} (Wardogs p. 15)"] + [f"  {x}" for x in out.lines]
        m, hurt, broken = roll_internal(game, t, m, out.penetrations, dice)
        story += [f"  {x}" for x in hurt]
        dead = dead or broken
        if out.stability_check and not dead:         # p. 7 step 8: rolled as the phase ends, -1 a hit
            m = m.but(checks=(*m.checks, *(["fire_hit"] * sum(d.hit for d in all_dice))))
        marks[tid] = m
        lines.setdefault((t.side, tid), []).extend(story)
        if dead:
            killed.append(t)
    sight, done, gone = Sight(game.map, game.rules), set(), {t.id for t in killed}
    overlays = [c for h, w in struck for c in strike(game, sight, h, w, dice, done, gone)]
    return _changes(game, marks, lines, killed, overlays)


def _hits(n: int) -> str:
    return f"{n} hit{'s' if n != 1 else ''}"


def _changes(game, marks, lines, killed, overlays) -> list[Change]:
    out = []
    for (side, _), text in sorted(lines.items()):
        out.append(Change("note", "", {}, tuple(text), side))
    for u in sorted(game.units.values(), key=lambda x: x.id):
        if marks[u.id] != u.marks:
            out.append(Change("unit", u.id, {"marks": marks[u.id]}, (), u.side))
    for t in killed:
        seen_by = [s for s in game.side_ids() if s == t.side or getattr(game.contacts.get((s, t.id)), "status", "") == "seen"]
        out.append(Change("unit", t.id, {"status": "destroyed"}, (f"{t.id} is destroyed (Wardogs p. 16-17)",), seen_by))
        if kind(game, t) == "structure":                 # p. 16: its neighbours weakened
            out += fallen(game, t, marks, {x.id for x in killed})
    return out + overlays
