"""Lock 'n Load Tactical attacks on a hex: their worksheet, direct fire (5.0, 5.2) and what a
successful attack does to the units struck.

Direct fire (5.0): the firing units of one hex roll 1d6 + firepower + the Good Order leader's
LM + the DFT modifiers; the defender rolls 1d6 + the hex's target modifier (at most +4, 5.5);
if the attacker's result is higher every unit in the hex takes a damage check: 1d6 + the
Damage Check Calculation Table's number, less a Good Order leader's LM in its hex, on the
Damage Check Table against its morale.  Several units: the strongest fires with its full
firepower, each other multi-man counter adds half of its own, rounded up (5.2).
DFT modifiers here: -1 a degrading hex on the way (10.3, at most 2), +2 against an adjacent
target or +3 when a firer has the "A" superscript (5.6), +1 against a leg unit marked Moved, -1
against a vehicle marked Moved or moving, -2 between two adjacent buildings (10.3.2).  The
DFT table prints +2 for leg units firing after assault movement; its Movement summary's -2 (a
penalty, as the OFT's +1 is) is the one taken.

Melee (8.0) is in melee.py, ordnance and close assault (14.1, 17.1) in ordnance.py, overrun
(15.3) in overrun.py; a squad's damage check under enemy fire may create a hero (damage.py).
A mortar weapon team (18.1) fires alone with the better of 2d6 at every unit of the hex; fire out
of smoke is -1 (7.0); assault movement and fire are -2 (6.1); support weapons add their
firepower by weapons.py (1.6).
Opportunity fire (5.3) is fire at the hex of a unit paused mid-move: by units not marked Moved
or Fired, one point of firepower less for each firer already Ops Complete; the +1 against a
moving target is the Moved modifier.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...core.changes import Change
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, hex_distance
from ...core.witness import whole_names
from . import guided, helicopter, melee, ordnance, overrun, pickup, skills, sniper, starshell, tables, weapons
from .sniper import defence_tm, is_sniper
from .damage import damage_check, vehicle_struck
from .lead import outside
from .smoke import in_smoke
from .state import (SMC, aircraft, assault_open, best_leader, between_buildings, good_order, kind, lowest_armour, mounted,
                    marks_after, moving, night_penalty, pending_assault, tm, vehicle)

KINDS = ("fire", "ordnance", "melee", "close_assault", "overrun", "assault_fire")


@dataclass(frozen=True)
class AttackSheet:
    legal: bool
    reason: str = ""
    rule: str = ""
    lines: tuple[str, ...] = ()
    kind: str = "fire"
    side: str = ""
    units: tuple[str, ...] = ()
    target: Hex | None = None
    defenders: tuple[str, ...] = ()
    firepower: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()
    defence: int = 0
    odds: str = ""
    counter_odds: str = ""
    range: int = 0
    mortar: bool = False
    arms: tuple[str, ...] = ()           # support weapons used (a captured one may be given up, 1.6)
    out_of_hand: bool = False            # melee on Shaken units with no Good Order friend in the hex (5.0)
    guided: bool = False                 # an ATGM shot: the firer is held for opportunity fire first (14.1)


def refuse(reason: str, rule: str = "") -> AttackSheet:
    return AttackSheet(False, reason, rule)


def riding_outside(game: Game, u: UnitState, how: str) -> bool:
    """16.2.1: a unit riding on (not in) a vehicle that has not moved fires small arms from it."""
    carrier = game.units.get(u.carried_by or "")
    v = vehicle(game, carrier) if carrier is not None else None
    return bool(v and v["transport"] in ("PO", "PPO") and not carrier.moved and how == "fire"
                and kind(game, u) != "support_weapon")


def backblast_target(game: Game, defenders: list[UnitState]) -> bool:
    """DFT/OFT target rows: a unit marked Fired in a building carrying an ordnance support
    weapon that may fire from buildings (ordnance.toml `backblast`) gives itself away."""
    table = game.rules.tables["ordnance"].section("entry")
    return any(v.fired and game.rules.terrain_types[game.map.terrain[v.hex]].get("building")
               and any(table.get(w.type, {}).get("backblast") for w in weapons.carried(game, v)) for v in defenders)


def combined_firepower(game: Game, units: list[UnitState], rng: int = 0, opportunity: bool = False,
                       notes: list | None = None, arms: list | None = None) -> int:
    """5.2: the strongest at full firepower, each other multi-man counter half, rounded up; a
    single-man counter (a hero, a sniper) adds only when it leads the fire; support weapons on
    the DFT add their whole firepower (1.6: `weapons.firing` says which each unit uses)."""
    use = {u.id: weapons.firing(game, u, rng, opportunity) for u in units}
    crews = weapons.crewed_by_two(game, units, use, opportunity)
    ranked = sorted(units, key=lambda u: -use[u.id][0])
    if not ranked:
        return 0
    rest = [use[u.id][0] for u in ranked[1:] if kind(game, u) not in SMC]
    total = use[ranked[0].id][0] + sum(math.ceil(f / 2) for f in rest) + sum(use[u.id][1] for u in units)
    for u in units:
        if arms is not None:
            arms += use[u.id][2]
        if use[u.id][2] and notes is not None:
            notes.append(f"{u.id}: {', '.join(game.unit_type(game.units[w])['label'] for w in use[u.id][2])} "
                         f"+{use[u.id][1]}" + ("" if use[u.id][0] else ", forgoing its own firepower")
                         + (f", {crews[u.id]} crewing it: full firepower" if u.id in crews else "") + " (1.6)")
    return total


def attack_sheet(game: Game, sight, unit_ids: list[str], target: Hex, how: str, aim: str | None = None) -> AttackSheet:
    if how not in KINDS:
        return refuse(f"unknown kind of attack {how!r} (Lock 'n Load: {', '.join(KINDS)})")
    units = [game.units[x] for x in unit_ids]
    side = units[0].side
    n = game.map.number
    enemy = [v for v in game.units.values() if v.on_map and v.hex == target and v.side != side and not v.carried_by]
    if not enemy:
        return refuse(f"no enemy unit in {n(target)}")
    opportunity = any(v.paused for v in enemy)           # 5.3: at a unit spending MPs in sight
    for u in units:
        if kind(game, u) == "support_weapon":
            return refuse(f"{u.id} is a support weapon: the unit carrying it fires it (1.6)", "LnLT 1.6")
        if kind(game, u) == "medic":
            return refuse(f"{u.id} is a medic: medics do not fire or attack (1.6 notes)", "LnLT 1.6")
        if not u.on_map:
            return refuse(f"{u.id} is not on the map")
        if u.carried_by and not riding_outside(game, u, how):
            return refuse(f"{u.id} rides aboard {u.carried_by}: it gets off first (16.1; riders on a vehicle that has "
                          "not moved may fire small arms, 16.2.1)", "LnLT 16.1")
        if not good_order(u):
            return refuse(f"{u.id} is Shaken: it may not fire or attack (5.0)", "LnLT 5.0")
        if opportunity and (u.moved or u.fired):
            return refuse(f"{u.id} is marked {'Moved' if u.moved else 'Fired'}: no opportunity fire (5.3)", "LnLT 5.3")
        follow = assault_open(game, u) == "move" and not u.fired and how in ("fire", "ordnance")   # 6.1
        if not opportunity and (u.moved or u.fired or u.acted) and not follow:
            half = {"fire": ": its assault fire is spent, it may move half its MPs (6.1.1)",
                    "move": ": after its assault move it fires (kind fire or ordnance, 6.1)"}.get(assault_open(game, u))
            return refuse(f"{u.id} has already acted this turn" + (half or " (4.1)"), "LnLT 4.1")
    waiting = [v.id for v in pending_assault(game, side) if v.id not in unit_ids]
    if waiting and not opportunity:
        return refuse(f"{waiting[0]}'s assault is not over: finish it, or pass to end the impulse (6.1)", "LnLT 6.1")
    away = None if opportunity else outside(game, side, unit_ids)
    if away:
        return refuse(away, "LnLT 4.0")
    if how == "assault_fire" and any(u.moved for u in units):
        return refuse("assault fire comes before the move (6.1.1, 15.2.1)", "LnLT 6.1.1")
    if opportunity and how not in ("fire", "ordnance"):
        return refuse("opportunity fire is fire, not a melee or an assault (5.3)", "LnLT 5.3")
    assaulting = how == "assault_fire" or any(assault_open(game, u) == "move" for u in units)
    mortar = how == "fire" and any(game.unit_type(u).get("mortar") for u in units)
    defenders = enemy if mortar else _targets(game, enemy, aim, how)       # 18.1: the whole hex
    if isinstance(defenders, AttackSheet):
        return defenders
    if aircraft(game, defenders[0]) and how != "ordnance":
        return refuse("only guided anti-aircraft weapons fire at air support (19.1.1)", "LnLT 19.1.1")
    defenders_line = f"Defenders: {len(defenders)} unit{'s' if len(defenders) != 1 else ''} of " \
                     f"{game.side(defenders[0].side).name}"
    if how == "melee":
        return melee.sheet(game, units, defenders, target, side, defenders_line, enemy)
    if how == "close_assault":
        return ordnance.close_assault_sheet(game, units, defenders[0], target, defenders_line)
    if how == "overrun":
        return overrun.sheet(game, units, defenders, target, defenders_line)
    if len({u.hex for u in units}) != 1:
        return refuse("units fire together only from one hex, the one activated (4.0, 5.2)", "LnLT 5.2")
    here = units[0].hex
    if how == "ordnance":
        return ordnance.sheet(game, sight, units, defenders, target, opportunity, defenders_line, assaulting)
    rng = hex_distance(here, target)
    reach = 2 * rng if helicopter.airborne(game, defenders[0]) else rng     # 19.2.8: half range at it
    for u in units:
        crewing = kind(game, u) in SMC and any(kind(game, v) in SMC and weapons.firing(game, v, reach)[2]
                                               for v in units if v is not u)             # 1.6 notes
        if not sum(weapons.firing(game, u, reach)[:2]) and reach > game.unit_type(u)["range"] and not crewing:
            return refuse(f"{n(target)} is {rng} hexes away, beyond {u.id}'s range of {game.unit_type(u)['range']} "
                          "(5.0)", "LnLT 5.0")
        problem = weapons.portage_problem(game, u)
        if problem:
            return refuse(problem, "LnLT 1.6")
    between = sight.degrading(here, target)
    if between is None:
        return refuse(f"no line of sight from {n(here)} to {n(target)} (10.3)", "LnLT 10.3")
    used: list[str] = []
    arms: list[str] = []
    fp = combined_firepower(game, units, reach, opportunity, used, arms)
    if not fp:
        return refuse("no firepower among the firing units (5.2)", "LnLT 5.2")
    if mortar and len(units) > 1:
        return refuse("a mortar weapon team fires on its own (18.1)", "LnLT 18.1")
    if any(is_sniper(game, u) for u in units) and len(units) > 1:
        return refuse("a sniper fires on its own (11.4)", "LnLT 11.4")
    mods = []
    done = [u for u in units if u.acted]
    if opportunity and done:
        mods.append(("Ops Complete firers, 1 each (5.3)", -len(done)))
    leader = 0 if mortar else best_leader(game, here, side,           # 18.1: no LM for mortars
                                          vehicles=all(vehicle(game, u) for u in units))      # 11.5
    if leader:
        mods.append(("leader's LM (5.0.1)", leader))          # 5.0.1, 11.1.3
    if between and not mortar:                                     # 18.1: mortars lob over them
        mods.append(("degrading hexes on the way (10.3)", -between))
    if in_smoke(game, here):
        mods.append(("firing out of smoke (7.0)", -1))
    dark = night_penalty(game, units[0], rng, ordnance=False, target=target)
    if dark:
        mods.append(dark)
    if assaulting:
        mods.append(("Hit & Run movement (6.7)" if any(u.marks.hit_run for u in units) else
                     "vehicle's assault movement or fire (15.2, 15.2.1)" if any(vehicle(game, u) for u in units)
                     else "assault movement or fire (6.1)", -2))
    if rng == 1:
        mods.append(("adjacent target (5.6)", 3 if any(game.unit_type(u)["assault"] for u in units) else 2))
    for u in units:                                   # 15.1.1: vehicles' machine guns off the front arc
        arc = ordnance.outside_arc(game, u, target)
        if arc in ("turret", "hull"):                                # 1.7.1's team pivot is the OFT's
            mods.append((f"{u.id}: turreted gun off its front arc (15.1.1)", -2) if arc == "turret" else
                        (f"{u.id}: after pivoting in its hex (15.1.1)", -1))
    mods += skills.modifiers(game, units, rng)        # 12.0: a hero's skill counter (samples)
    riders = [u for u in units if u.carried_by]
    if riders:
        mods.append(("firing from on a vehicle, per unit (16.2.1)", -len(riders)))     # 16.2: riders on, not in
    if backblast_target(game, defenders):
        mods.append(("target fired a backblast weapon from a building (DFT)", 1))
    if not mortar and between_buildings(game, here, target):
        mods.append(("between two adjacent buildings (10.3.2)", -2))
    if any(v.moved and not vehicle(game, v) and not mounted(game, v) and not v.marks.low_crawl
           and not v.marks.stealth for v in defenders):                     # 6.3, 6.4: not these
        mods.append(("target marked Moved (6.0)", 1))
    flier, flying_at = helicopter.firer_modifier(game, units, False), helicopter.target_modifier(game, defenders[0], False)
    if flier:
        mods.append(flier)                                                  # 19.2.1
    if helicopter.on_river(game, defenders):
        mods.append(("target in a rubber boat on a river (23.3.1)", 1))
    if flying_at:
        mods.append(flying_at)                                              # 19.2.1
    elif vehicle(game, defenders[0]) and moving(defenders[0]):
        mods.append(("vehicle target marked Moved or moving (6.0)", -1))
    elif mounted(game, defenders[0]):                                       # 6.6: mounted units
        still = not moving(defenders[0])
        mods.append(("mounted target not moving (6.6)", 1) if still else
                    ("mounted target marked Hit & Run (6.6, 6.7)", -1) if defenders[0].marks.hit_run else
                    ("mounted target marked Moved or moving (6.6)", -1))
    armour = lowest_armour(game, defenders[0]) if vehicle(game, defenders[0]) else 0
    cover = defence_tm(game, defenders, units)                 # a lone sniper's is doubled (5.5)
    if helicopter.helicopter(game, defenders[0]):              # 19.2.8: + its armour factor
        armour = helicopter.armour_factor(game, defenders[0])
        cover = 0 if helicopter.airborne(game, defenders[0]) else cover     # a level above its hex
    if mortar:
        return _mortar_sheet(game, units[0], target, rng, fp, tuple(mods), opportunity, defenders_line)
    what = "Opportunity fire" if opportunity else ("Assault fire" if assaulting else "Direct fire")
    lines = [f"{what} on {n(target)} by {', '.join(u.id for u in units)} "
             f"from {n(here)}, range {rng} (LnLT {'5.3' if opportunity else '5.0'})"
             + (f", at {defenders[0].id} (17.2)" if vehicle(game, defenders[0]) else ""),
             f"  firepower {fp}" + (" (5.2: the strongest in full, the others half)" if len(units) > 1 else ""),
             *[f"  {x}" for x in used],
             *[f"  {why}: {v:+d}" for why, v in mods],
             defenders_line,
             f"  target modifier {cover:+d} ({game.rules.terrain_types[game.map.terrain[target]]['label'].lower()}"
             + (", a lone sniper's doubled, 5.5)" if cover != tm(game, target) else ")")
             + (f", lowest armour {armour:+d} (17.2)" if armour else "")]
    if is_sniper(game, units[0]):
        lines[0] = lines[0].replace("Direct fire", "Sniper fire").replace("(LnLT 5.0)", "(LnLT 11.4: 2d6)")
    return AttackSheet(True, "", "", tuple(lines), how, side, tuple(unit_ids), target, tuple(v.id for v in defenders),
                       fp, tuple(mods), cover + armour, range=rng, arms=tuple(arms))


def _mortar_sheet(game, u, target, rng, fp, mods, opportunity, defenders_line) -> AttackSheet:
    """18.1: best of 2d6 + FP + the DFT modifiers (no LM, no degrading hexes) against every unit
    of the hex, friend or foe, each vehicle with its own defence roll."""
    n = game.map.number
    everyone = [v for v in game.units.values() if v.on_map and v.hex == target and not v.carried_by]
    lines = [f"{'Opportunity fire' if opportunity else 'Mortar fire'} on {n(target)} by {u.id} from {n(u.hex)}, "
             f"range {rng} (LnLT 18.1)", f"  firepower {fp}, the better of 2d6", *[f"  {w}: {v:+d}" for w, v in mods],
             defenders_line]
    return AttackSheet(True, "", "", tuple(lines), "fire", u.side, (u.id,), target, tuple(v.id for v in everyone),
                       fp, mods, tm(game, target), range=rng, mortar=True)


def _targets(game: Game, enemy: list[UnitState], aim: str | None, how: str) -> list[UnitState] | AttackSheet:
    """Who an attack strikes: small arms and ordnance strike the hex's leg units, or the one
    vehicle aimed at (17.2); a melee the leg units (vehicles do not melee, DCT); a close assault
    one vehicle (17.1)."""
    n = game.map.number(enemy[0].hex)
    vehicles = [v for v in enemy if vehicle(game, v)]
    legs = [v for v in enemy if not vehicle(game, v)]
    if aim:
        picked = next((v for v in enemy if v.id == aim), None)
        if picked is None:
            return refuse(f"{aim} is not an enemy unit in {n} that can be singled out")
        if how == "melee":                    # 8.0: the defenders the attacker chooses -- one, or all
            return refuse("vehicles do not melee: close assault it (17.1)", "LnLT 17.1") if vehicle(game, picked) \
                else [picked]
        if not vehicle(game, picked):
            return refuse("fire strikes every leg unit in a hex; only a vehicle is singled out (17.2)", "LnLT 17.2")
        return [picked]
    if how == "close_assault" or not legs:
        if not vehicles:
            return refuse(f"no enemy vehicle in {n} to close assault (17.1)", "LnLT 17.1")
        if how == "melee":
            return refuse(f"only vehicles in {n}: vehicles do not melee -- close assault them (17.1)", "LnLT 17.1")
        if len(vehicles) > 1:
            return refuse(f"{len(vehicles)} vehicles in {n}: name the one aimed at (17.2)", "LnLT 17.2")
        return vehicles
    return legs


def resolve(game: Game, sheet: AttackSheet, dice) -> tuple[str, list]:
    n = game.map.number(sheet.target)
    lines: list[str] = []
    out: dict[str, dict] = {}
    extra: list[Change] = []                 # markers and crews getting out
    attackers = [game.units[x] for x in sheet.units]
    defenders = [game.units[x] for x in sheet.defenders]
    if sheet.kind == "melee":
        summary = melee.resolve(game, sheet, dice, attackers, defenders, out, lines)
    elif sheet.kind == "ordnance" and sheet.guided:          # 14.1: in flight, resolved when halted
        summary = guided.declare(game, sheet, out, lines)
    elif sheet.kind == "ordnance":
        summary = ordnance.resolve(game, sheet, dice, out, lines, extra)
        pickup.used_up(game, sheet.arms, not summary.endswith(": misses"), lines, out)      # 1.6: a hit counts
    elif sheet.kind == "close_assault":
        summary = ordnance.resolve_close_assault(game, sheet, dice, out, lines, extra)
    elif sheet.kind == "overrun":
        summary = overrun.resolve(game, sheet, dice, out, lines, extra)
    elif sheet.kind == "fire" and is_sniper(game, attackers[0]):
        summary = sniper.resolve(game, sheet, dice, out, lines, extra)
    elif sheet.mortar:
        from .artillery import attack_hex
        start = len(lines)
        extra += attack_hex(game, sheet.target, sheet.firepower, dice, out, lines, sheet.side, best_of_two=True,
                            modifiers=sheet.modifiers)
        out.setdefault(sheet.units[0], {})["fired"] = True
        first = next((x.strip() for x in lines[start:] if x.startswith(f"  {n}:")), f"{n}: no effect")
        summary = f"mortar fire on {first}"
        lines.append(f"Result: mortar fire on {first} (18.1)")            # names no unit: the defender reads it
    else:                                         # fire, assault fire (6.1.1)
        marksman = all(kind(game, u) == "marksman" for u in attackers)          # 11.12: 2d6, as a sniper
        a = dice.roll(f"direct fire on {n}: firepower {sheet.firepower}", 2 if marksman else 1, 6,
                      (("firepower", sheet.firepower),) + sheet.modifiers)
        d = dice.roll(f"defence in {n}: target modifier {sheet.defence}", 1, 6, (("TM", sheet.defence),))
        dc = tables.dc_number(game.rules, a.total, d.total)
        if dc is None:
            lines.append(f"Result: {a.total} against {d.total} -- no effect (5.0)")
        else:
            lines.append(f"Result: {a.total} against {d.total} -- damage checks at DC+{dc} (5.0)")
            extra += strike(game, defenders, dc, "dft", dice, out, lines, attacker=sheet.side)
        extra += starshell.fire_check(game, sheet.target, a.faces[0], dice, lines)          # 10.5.6
        for u in attackers:
            out.setdefault(u.id, {})["fired"] = True
            ordnance.pivot(game, u, sheet.target, out)
        pickup.used_up(game, sheet.arms, dc is not None, lines, out)              # 1.6: a damage check counts
        summary = f"fire on {n}: {a.total} against {d.total}" + (f", DC+{dc}" if dc is not None else ", no effect")
    pickup.fate_of_carried(game, out)
    for u in attackers:                 # an assault's halves (6.1, 6.1.1): one done, the other to come
        if sheet.kind == "assault_fire":
            out[u.id]["marks"] = marks_after(out, u).but(assault="fire", assault_turn=game.turn)
        elif assault_open(game, u) == "move":        # 6.7: after a Hit & Run's fire, its second half move
            out.setdefault(u.id, {})["marks"] = marks_after(out, u).but(
                assault="fire" if u.marks.hit_run and sheet.kind == "fire" else None)
    return f"{', '.join(sheet.units)} {summary}", _notes(game, sheet, lines) + \
        [Change("unit", k, v) for k, v in out.items() if v] + extra


def _notes(game: Game, sheet: AttackSheet, lines: list[str]) -> list[Change]:
    """The attack's lines for the journal (the resolution; the worksheet is journaled before
    it), in order.  What the side fired on saw happen is both sides' (5.0, 17.1): a line naming
    one of its units -- a damage check, Shaken, a half-squad, its close assault on the
    attacker -- and an attacker destroyed; it read "Result: ..." alone and learnt nothing of its
    own squads' fate.  The attackers' other lines (a weapon used up, a turret turned) stay
    their own side's."""
    struck = {game.units[d].side for d in sheet.defenders if d in game.units} - {sheet.side}
    if not struck or not sheet.defenders:
        return [Change("note", "", {}, tuple(lines))]
    defenders = whole_names(sheet.defenders)
    attackers = whole_names(sheet.units)
    both = [sheet.side, *sorted(struck)]
    notes: list[Change] = []
    for line in lines:
        seen = defenders.search(line) or (attackers is not None and attackers.search(line) and " is destroyed" in line)
        reader = both if seen else None
        if notes and notes[-1].reader == reader:
            notes[-1] = Change("note", "", {}, notes[-1].lines + (line,), reader)
        else:
            notes.append(Change("note", "", {}, (line,), reader))
    return notes


def strike(game: Game, defenders: list[UnitState], dc: int, attack: str, dice, out: dict, lines: list,
           all_levels: bool = False, attacker: str | None = None) -> list[Change]:
    """A successful attack at DC+dc on these units: leg units check damage; a vehicle checks
    only if unarmoured or open-topped (17.2) -- any vehicle under artillery (`all_levels`,
    18.2) -- then the fate table (15.4) takes its crew and passengers."""
    extra: list[Change] = []
    for v in defenders:
        if v.marks.guiding is not None:
            guided.spoil(v, out, lines)              # 14.1: any damage check on the firer is a miss
        if not vehicle(game, v):
            damage_check(game, v, dc, dice, out.setdefault(v.id, {}), lines,
                         extra if attacker not in (None, v.side) else None)   # heroes rise under enemy fire only
            continue
        exposed = all_levels or vehicle(game, v)["open_topped"] or not vehicle(game, v)["armoured"]
        result = damage_check(game, v, dc, dice, {}, lines) if exposed else "No Effect"
        if not exposed:
            lines.append(f"  {v.id} is armoured and closed: small arms do it no harm (17.2)")
        extra += vehicle_struck(game, v, result, attack, dice, out, lines, dc, enemy=attacker not in (None, v.side))
    return extra
