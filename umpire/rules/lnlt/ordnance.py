"""Lock 'n Load Tactical ordnance (14.1) and close assault on vehicles (17.1).

Ordnance fires alone, from its counter's to-hit table (ordnance.toml, a sample): 2d6 plus the
OFT modifiers at or under the to-hit number of the range band hits; a natural 2 always hits, a
natural 12 always misses.  Then:
* at an armoured vehicle: 1d6 + the penetration value at that range against 1d6 + the armour
  value facing the firer -- the turret's when the to-hit roll was even and over 2 and it has one.
  Higher: destroyed.  Equal: a morale check, failed abandoned, passed Shaken.  Lower: a morale
  check less the difference, failed Shaken, passed no effect.  A 1 against a 6 is a dud, a 6
  against a 1 destroys it whatever the values.
* at leg units (or an unarmoured vehicle): 1d6 + HE-equivalent (HEAT: -1 outside a building or
  bunker) against 1d6 with no modifiers; higher, every targeted unit takes a damage check at
  the Damage Check Calculation Table's number.
OFT modifiers here: the leader's LM (-), +1 per degrading hex on the way (10.3), +1 a target
marked Moved or moving, -2 an adjacent target, + the target hex's positive TM (at most 4), +2
an Ops Complete firer at opportunity fire (4.1), +2 between two adjacent buildings (10.3.2), -1
an open (open-topped, our reading of 15.0.1) vehicle firing, -1 at a unit marked Fired in a
building with a backblast weapon (ordnance.toml `backblast`).

Close assault (17.1): leg units next to an enemy vehicle each pass a morale check to go in, then
1d6 + their firepower + the leader's LM against 1d6 + the vehicle's lowest armour; higher
destroys it and its crew and passengers (15.4).  Passengers riding outside prevent it.

Readings: a vehicle faces the way it last moved (one that has not moved faces its attacker);
front is within 60 degrees of that way, rear beyond 120, side between.  Its covered arc is its
front: firing off it, a turret turns (+1 OFT, -2 DFT for its machine guns) and a turretless
vehicle pivots to face the target (+1 OFT, -1 DFT), 15.1.1.  HEAT penetrates 4 worse against
armour values printed red (vehicles.toml `red_armour`).  Optional speed modifiers: 15.6.  ATGM
depletion (14.1) and target acquisition (14.3): acquisition.py.  Not here: the optional vehicle
size modifiers (15.6).  An ATGM shot is held for opportunity fire at its firer: guided.py (14.1).
Aircraft over an air strike's hex (19.1.1): only `aa` ordnance fires at them, +2; penetration
against their armour destroys (a crash), damages (an abort) or does nothing -- airsupport.py.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.changes import Change
from ...core.game import Game, UnitState
from ...core.hexgrid import DIRECTIONS, Hex, hex_distance
from . import acquisition, helicopter, tables
from .damage import morale_check, vehicle_struck
from .smoke import in_smoke
from .sniper import defence_tm
from .state import (SMC, aircraft, best_leader, between_buildings, kind, lm, lowest_armour, marks_after, moving,
                    night_penalty, passengers, vehicle)
from .weapons import ordnance_of

if TYPE_CHECKING:
    from .combat import AttackSheet

ASPECTS = ("front", "side", "rear")
SHELTER = ("building", "wooden_building", "bunker")          # HEAT keeps its HE here (14.1)


def _fast(game: Game, v: UnitState) -> bool:
    """15.6 (optional): a vehicle whose movement factor reaches its class's speed; a road-bound
    one only on a road (read: its last hex entered along a road)."""
    e = game.rules.tables["misc"].section("entry")["speed"]
    t = game.unit_type(v)
    need = dict(zip(e["results"], e["rolls"])).get(t["move_class"])
    if need is None or t["movement"] < need:
        return False
    if t["move_class"] == "road":
        from ...core.hexgrid import Hexside
        path = v.path
        return len(path) > 1 and "road" in game.map.features(Hexside.between(path[-2], path[-1]))
    return True


def to_hit_number(g: dict, rng: int) -> int | None:
    """The to-hit number of the band the range falls in, None beyond the last band."""
    for band, number in zip(g["bands"], g["to_hit"]):
        if rng <= band:
            return number
    return None


def band_value(g: dict, key: str, rng: int) -> int:
    return next(v for band, v in zip(g["bands"], g[key]) if rng <= band)


def aspect(target: UnitState, firer: Hex) -> str:
    """Which armour faces a firer: by the angle between the vehicle's facing and the firer."""
    facing = target.marks.facing
    if facing is None:
        return "front"
    d = DIRECTIONS[facing]
    a = _angle(Hex(0, 0), d) - _angle(target.hex, firer)
    a = abs((a + math.pi) % (2 * math.pi) - math.pi)
    return "front" if a <= math.pi / 3 + 1e-9 else ("rear" if a > 2 * math.pi / 3 + 1e-9 else "side")


def outside_arc(game: Game, u: UnitState, target: Hex) -> str | None:
    """15.1.1: a vehicle firing at a target off its front arc turns its turret ("turret") or,
    without one, pivots its hull ("hull"); a weapon team pivots too ("team", 1.7.1: its facing is
    the way it last moved, our reading); None when in front or it has no facing yet."""
    v = vehicle(game, u)
    team = kind(game, u) == "weapon_team"
    if (v is None and not team) or u.marks.facing is None or aspect(u, target) == "front":
        return None
    return "team" if team else ("turret" if "turret_armour" in v else "hull")


def pivot(game: Game, u: UnitState, target: Hex, out: dict) -> None:
    """A turretless vehicle that fired off its front arc now faces its target (15.1.1)."""
    if outside_arc(game, u, target) in ("hull", "team"):
        want = _angle(u.hex, target)
        best = min(range(6), key=lambda i: abs((_angle(Hex(0, 0), DIRECTIONS[i]) - want + math.pi)
                                              % (2 * math.pi) - math.pi))
        out.setdefault(u.id, {})["marks"] = marks_after(out, u).but(facing=best)


def _angle(a: Hex, b: Hex) -> float:
    dq, dr = b.q - a.q, b.r - a.r
    return math.atan2(math.sqrt(3) * (dr + dq / 2), 1.5 * dq)


def sheet(game: Game, sight, units: list[UnitState], defenders: list[UnitState], target: Hex, opportunity: bool,
          defenders_line: str, assaulting: bool = False) -> "AttackSheet":
    from .combat import AttackSheet, backblast_target, refuse
    n = game.map.number
    if len(units) != 1:
        return refuse("ordnance fires one gun at a time (14.1)", "LnLT 14.1")
    u = units[0]
    g, weapon = ordnance_of(game, u)
    if g is None:
        return refuse(f"{u.id} has no ordnance: it fires on the Direct Fire Table (5.0)", "LnLT 14.1")
    if defenders[0].marks.flight == "flying" and helicopter.airborne(game, defenders[0]) and not g.get("aa"):
        return refuse("only guided anti-aircraft weapons fire at a Flying helicopter (19.2.1)", "LnLT 19.2.1")
    plane = aircraft(game, defenders[0])
    if plane and not g.get("aa"):
        return refuse("only guided anti-aircraft weapons fire at air support (19.1.1)", "LnLT 19.1.1")
    if weapon is not None and game.unit_type(u).get("mounted"):
        return refuse(f"{u.id} is mounted: a mounted unit fires no ordnance support weapon (6.6.2)", "LnLT 6.6.2")
    if acquisition.expended(game, u, weapon):
        return refuse(f"{(weapon or u).id}'s missiles are spent: ATGM Expended (14.1)", "LnLT 14.1")
    rng = hex_distance(u.hex, target)
    need = to_hit_number(g, rng)
    if need is None:
        return refuse(f"{n(target)} is {rng} hexes away, beyond the {g['gun']}'s {g['bands'][-1]} (14.1)", "LnLT 14.1")
    between = sight.degrading(u.hex, target)
    if between is None:
        return refuse(f"no line of sight from {n(u.hex)} to {n(target)} (10.3)", "LnLT 10.3")
    mods = []
    leader = best_leader(game, u.hex, u.side, vehicles=bool(vehicle(game, u)))      # 11.5: or an armour leader
    if leader:
        mods.append(("leader's LM (14.1)", -leader))          # 11.1.3
    if between:
        mods.append(("degrading hexes on the way (10.3)", between))
    if in_smoke(game, u.hex):
        mods.append(("firing out of smoke (7.0)", 1))
    dark = night_penalty(game, u, rng, ordnance=True, target=target)
    if dark:
        mods.append(dark)
    v = vehicle(game, u)
    if assaulting and v:                      # 15.2, 15.2.1; a modern vehicle's 15.2.2
        mods.append(("modern vehicle's assault movement or fire (15.2.2)", 1) if v.get("modern") else
                    ("vehicle's assault movement or fire (15.2, 15.2.1)", 2))
    elif assaulting:
        mods.append(("after assault movement or fire (6.1)", 1))
    if opportunity and u.acted:
        mods.append(("modern vehicle marked Ops Complete (15.2.2)", 1) if v and v.get("modern") else
                    ("firer marked Ops Complete (4.1)", 2))
    arc = outside_arc(game, u, target)
    if arc:
        mods.append(("weapon team pivots to fire off its front arc (1.7.1)", 1) if arc == "team" else
                    (f"{'turret turns' if arc == 'turret' else 'vehicle pivots'} to fire off its front arc (15.1.1)", 1))
    if vehicle(game, u) and vehicle(game, u)["open_topped"]:
        mods.append(("open vehicle firing (15.0.1)", -1))
    if backblast_target(game, defenders):
        mods.append(("target fired a backblast weapon from a building (OFT)", -1))
    if weapon is not None and kind(game, u) in SMC:
        mods.append(("a single-man counter fires the support weapon (1.6)", 1))
    if weapon is not None and opportunity:
        mods.append(("support weapon in opportunity fire (5.3)", 2))
    if plane:                                               # its only target modifier (19.1.1)
        mods.append(("fixed-wing aircraft (19.1.1)", 2))
    elif any(moving(v) and not v.marks.low_crawl for v in defenders):
        fast = game.option("speed_modifiers") == "on" and any(_fast(game, v) for v in defenders if vehicle(game, v))
        mods.append(("fast target marked Moved (15.6)", 2) if fast else
                    ("target marked Hit & Run (6.7)", 1) if any(v.marks.hit_run for v in defenders) else
                    ("target marked Moved or moving (6.0)", 1))
    if game.unit_type(defenders[0]).get("mounted") and not moving(defenders[0]):
        mods.append(("mounted target not moving (6.6)", 1))
    if rng == 1:
        mods.append(("adjacent target (14.1)", -2))
    if between_buildings(game, u.hex, target):
        mods.append(("between two adjacent buildings (10.3.2)", 2))
    cover = defence_tm(game, defenders, units)              # a lone sniper's is doubled (5.5)
    if helicopter.airborne(game, defenders[0]) or plane:
        cover = 0                                           # a level above its hex (19.2.1, 19.1.1)
    if helicopter.on_river(game, defenders):
        mods.append(("target in a rubber boat on a river (23.3.1)", 1))
    for m in (helicopter.firer_modifier(game, [u], True), helicopter.target_modifier(game, defenders[0], True)):
        if m:
            mods.append(m)                                  # 19.2.1
    if cover > 0:
        mods.append(("target's terrain (TEC)", cover))
    acquired = acquisition.modifier(game, u, defenders[0])          # 14.3
    if acquired:
        mods.append(acquired)
    aimed = defenders[0] if vehicle(game, defenders[0]) else None
    lines = [f"{'Opportunity fire' if opportunity else 'Ordnance fire'} on {n(target)} by {u.id}'s {g['gun']} from "
             f"{n(u.hex)}, range {rng} (LnLT 14.1)" + (f", at {aimed.id}" if aimed else ", at the leg units"),
             f"  to hit: 2d6 + modifiers at or under {need}",
             *[f"  {why}: {v:+d}" for why, v in mods], defenders_line]
    # 14.1: an ATGM's firer may be fired at before its shot resolves -- unless it is itself
    # opportunity fire (our reading: one pause at a time), then it resolves at once
    return AttackSheet(True, "", "", tuple(lines), "ordnance", u.side, (u.id,), target, tuple(v.id for v in defenders),
                       0, tuple(mods), need, range=rng, arms=(weapon.id,) if weapon is not None else (),
                       guided=bool(g.get("atgm_depletion")) and not opportunity)


def resolve(game: Game, sh: "AttackSheet", dice, out: dict, lines: list, extra: list[Change]) -> str:
    """14.1, then the gun's acquisition of a target it did not destroy (14.3)."""
    summary = _resolve(game, sh, dice, out, lines, extra)
    u, target = game.units[sh.units[0]], game.units[sh.defenders[0]]
    if not aircraft(game, target):                        # an aircraft does not stay to be acquired
        acquisition.acquire(game, u, target, summary.endswith("destroyed"), out, lines)
    return summary


def _resolve(game: Game, sh: "AttackSheet", dice, out: dict, lines: list, extra: list[Change]) -> str:
    from .combat import strike
    u = game.units[sh.units[0]]
    g, weapon = ordnance_of(game, u)
    n = game.map.number(sh.target)
    out.setdefault(u.id, {})["fired"] = True
    pivot(game, u, sh.target, out)
    for p in passengers(game, u) if vehicle(game, u) else []:     # riders on a firing vehicle get off (14.1)
        if vehicle(game, u)["transport"] in ("PO", "PPO"):
            out.setdefault(p.id, {}).update(carried_by=None, moved=True)
            lines.append(f"  {p.id}, riding on {u.id} as it fires, gets off (14.1)")
            if not morale_check(game, p, dice, lines):
                out[p.id]["marks"] = p.marks.but(shaken=True)
    r = dice.roll(f"to hit {n} with the {g['gun']} (at most {sh.defence})", 2, 6, sh.modifiers)
    natural = sum(r.faces)
    hit = natural == 2 or (natural != 12 and r.total <= sh.defence)
    why = " (a natural 2 always hits)" if natural == 2 else (" (a natural 12 always misses)" if natural == 12 else "")
    lines.append(f"To hit: {r.total} against {sh.defence}: {'hit' if hit else 'miss'}{why} (14.1)")
    acquisition.deplete(game, u, weapon, g, r.faces, out, lines)
    if not hit:                  # the side shot at reads this line (core.witness): a shot came, and missed
        lines.append("Result: missed (14.1)")
        return f"{g['gun']} fires on {n}: misses"
    target = game.units[sh.defenders[0]]
    armour = vehicle(game, target)
    if armour and armour["armoured"]:
        turret = natural % 2 == 0 and natural > 2 and "turret_armour" in armour
        side = aspect(target, u.hex)
        value = (armour["turret_armour"] if turret else armour["hull"])[ASPECTS.index(side)]
        pen = band_value(g, "penetration", sh.range)
        red = g["heat"] and f"{'turret' if turret else 'hull'}_{side}" in armour.get("red_armour", [])
        a = dice.roll(f"penetration on {target.id}: {pen}", 1, 6, (("penetration", pen),)
                      + ((("HEAT against red armour", -4),) if red else ()))               # 14.1
        d = dice.roll(f"armour of {target.id}: {'turret' if turret else 'hull'} {side} {value}", 1, 6,
                      (("armour", value),))
        if aircraft(game, target):                        # 19.1.1: airsupport.py's
            from .airsupport import aircraft_hit
            return aircraft_hit(game, target, a, d, dice, out, lines, extra)
        if a.faces[0] == 1 and d.faces[0] == 6:
            result, how = "No Effect", "a 1 against a 6: a dud"
        elif a.faces[0] == 6 and d.faces[0] == 1:
            result, how = "Destroyed", "a 6 against a 1: catastrophic"
        elif a.total > d.total:
            result, how = "Destroyed", "penetrates"
        elif a.total == d.total:
            result = "Shaken" if morale_check(game, target, dice, lines) else "Abandoned"
            how = "equal: morale check"
        else:
            result = "No Effect" if morale_check(game, target, dice, lines, less=d.total - a.total) else "Shaken"
            how = f"short by {d.total - a.total}: morale check"
        lines.append(f"Result: {a.total} against {d.total} on the {'turret' if turret else 'hull'} {side} -- {how}: "
                     f"{result.lower()} (14.1)")
        extra += vehicle_struck(game, target, result, "oft", dice, out, lines)
        return f"{g['gun']} hits {n}: {result.lower()}"
    he = g["he"] - (1 if g["heat"] and game.map.terrain[sh.target] not in SHELTER else 0)
    a = dice.roll(f"HE on {n}: {he}", 1, 6, (("HE", he),))
    d = dice.roll(f"defence in {n} (no modifiers once hit)", 1, 6)
    dc = tables.dc_number(game.rules, a.total, d.total)
    heat = " (HEAT: -1 outside a building or bunker)" if he != g["he"] else ""
    if dc is None:
        lines.append(f"Result: {a.total} against {d.total} -- no effect (14.1){heat}")
        return f"{g['gun']} hits {n}: no effect"
    lines.append(f"Result: {a.total} against {d.total} -- damage checks at DC+{dc} (14.1){heat}")
    extra += strike(game, [game.units[x] for x in sh.defenders], dc, "oft", dice, out, lines, attacker=sh.side)
    return f"{g['gun']} hits {n}: DC+{dc}"


def close_assault_sheet(game: Game, units: list[UnitState], target: UnitState, where: Hex,
                        defenders_line: str) -> "AttackSheet":
    from .combat import AttackSheet, refuse
    n = game.map.number
    if not vehicle(game, target):
        return refuse(f"{target.id} is not a vehicle: leg units are meleed (8.0)", "LnLT 17.1")
    for u in units:
        if hex_distance(u.hex, where) != 1:
            return refuse(f"{u.id} is not next to {n(where)}: a close assault goes in (17.1)", "LnLT 17.1")
        if vehicle(game, u):
            return refuse(f"{u.id} is a vehicle: leg units close assault (17.1)", "LnLT 17.1")
    if any(vehicle(game, target)["transport"] in ("PO", "PPO") for _ in passengers(game, target)):
        return refuse(f"{target.id} carries passengers outside: no close assault (15.4)", "LnLT 15.4")
    armour = lowest_armour(game, target)
    lines = [f"Close assault on {target.id} in {n(where)} by {', '.join(u.id for u in units)} (LnLT 17.1)",
             "  each passes a morale check, then 1d6 + firepower + leader's LM against 1d6 + lowest armour "
             f"{armour}", defenders_line]
    return AttackSheet(True, "", "", tuple(lines), "close_assault", units[0].side, tuple(u.id for u in units), where,
                       (target.id,), 0, (), armour)


def resolve_close_assault(game: Game, sh: "AttackSheet", dice, out: dict, lines: list, extra: list[Change]) -> str:
    target = game.units[sh.defenders[0]]
    n = game.map.number(sh.target)
    lead = max((lm(game, game.units[x]) for x in sh.units), default=0)
    for uid in sh.units:
        u = game.units[uid]
        out.setdefault(uid, {})["moved"] = True
        if not morale_check(game, u, dice, lines, why="close assault morale check"):
            continue
        fp = game.unit_type(u)["firepower"]
        a = dice.roll(f"close assault by {uid}", 1, 6, (("firepower", fp),) + ((("leader's LM", lead),) if lead else ()))
        lead = 0                                 # a leader helps one attack (17.1)
        d = dice.roll(f"{target.id} against the close assault", 1, 6, (("lowest armour", sh.defence),))
        if a.total > d.total:
            lines.append(f"Result: {uid} {a.total} against {d.total} -- {target.id} destroyed (17.1)")
            extra += vehicle_struck(game, target, "Destroyed", "close_assault", dice, out, lines)
            return f"close assault in {n}: vehicle destroyed"
        lines.append(f"Result: {uid} {a.total} against {d.total} -- no effect (17.1)")
    return f"close assault in {n}: the vehicle survives"
