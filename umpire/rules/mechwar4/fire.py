"""MechWar 4 direct fire (MW4 6.0 fire routine) with a worksheet for every shot, and the panic
check before it (13.0).

The worksheet is built before any die is rolled, so a shell can show it with the odds of each
result; `resolve` then reads the rolled die on the same sheet.  The steps, with their rules:

1. range: hexes to the target, counting its hex and not the firer's; beyond the printed
   range there is no shot (6.0 step 1); the target must be observed with a clear LOS (6.41);
2. target type: hard, protected or soft (6.0 step 2);
3. attack strength less 2 a suppression level for hard and most protected firers, 3 for the
   M113s, BMPs, BRDMs and BTR-60s and for soft ones (7.51, 7.52, 7.6); infantry riding a carrier
   shares the carrier's suppression (7.31, 7.52); plus the Range Attenuation Table (step 3; not for H class, 6.43);
   less the target's defense strength: the attack superiority (not for H class, 6.43);
4. the table: Anti-Armor by the firer's state (full, D1, D2) for hard and protected targets,
   the D2 table for on-map H class (6.43); Anti-Personnel for soft targets with -1 for a D1
   firer and -2 for a D2 firer (6.7);
5. the die: 1d6 plus the best terrain benefit only (6.6, 10.25; see `covering_terrain`) --
   none for a soft target that moved this turn (8.4) nor for H class fire at a hard target
   (10.22) -- and +2 against a unit in column (8.14); kept within 1-6.

Dual-class units fire their M weapons at hard and protected targets and their R weapons at
soft ones (a simplification of 6.87-6.88: the catalogue does not give both strengths yet).

Two other weapons a unit may choose (`mode`):
* "mg" -- tanks, tank destroyers and APCs fire their machine guns at a soft target as a 2R3
  attack instead of their main armament (6.44);
* R class fire at a vehicle (6.10) is suppressive: 3 hexes at most, attack less defense on
  the Anti-Personnel table with terrain, and any effect only suppresses (S1);
* "infantry_h" -- infantry attacks a vehicle close in with a 6H direct-fire H attack (6.45):
  -3 at 1 hex (the worked example); the rule's closing note allows 2 hexes at -3 too, read
  here as the same -3; -1 a step lost (7.16) and -3 a suppression level (7.6); on the D2
  table, no defense deducted, terrain ignored.
The tables are samples (crt.toml, attenuation.toml, panic.toml): the text does not print them.
"""

from __future__ import annotations

from ...core.errors import RulesetError
from ...core.game import Game, UnitState
from .state import ALL_ROUND
from ...core.hexgrid import DIRECTIONS, Hexside, hex_distance
from ...core.los import Eye, crossing_plan
from .helicopters import loses_ground_cover, point_blank
from .engineers import is_motorcycle, shielded, town_assault_bonus
from .impact import devastated, wrecked
from .special import anti_helicopter, dug_in, overrun_terrain
from .suppression import suppression_loss, suppression_of
from .worksheet import FireSheet, read_table, strength_state

MODES = ("main", "mg", "infantry_h")
MG_ROLES = ("armour", "anti_tank", "recon", "mechanized", "transport")     # tanks, TDs, APCs (6.44)


ELEMENT_SHARE = {"d1": 2, "d2": 1}     # a full platoon is three D2 elements, or a D1 and a D2 (6.93)


SHORT_HALT_DRM = -2         # MW4 19.31
HEX_METRES = 200            # MW4 1.0: a hex is 200 metres from side to side -- the worksheet's ranges in metres

def split_problem(game: Game, f: UnitState, elements: list[str]) -> str | None:
    """Why a platoon may not fire as these elements (6.93), or None.  A full vehicular platoon
    fires as one D1 and one D2 or as three D2s; our reading: a D1 platoon as two D2s."""
    t = game.unit_type(f)
    if t["move_class"] not in ("vehicle", "truck") or t["steps"] < 3:
        return f"{f.id} is not a vehicular platoon: it does not split its fire"
    bad = [e for e in elements if e not in ELEMENT_SHARE]
    if bad:
        return f"unknown element {bad[0]!r} (d1, d2)"
    room = t["steps"] - f.steps_lost
    if sum(ELEMENT_SHARE[e] for e in elements) > room:
        return (f"{f.id} at {strength_state(f).upper() if f.steps_lost else 'full strength'} has no room for "
                f"{' + '.join(e.upper() for e in elements)}")
    return None


def fire_sheet(game: Game, sight, firer_id: str, target_id: str, mode: str = "main",
               overrun: bool = False, element: str | None = None, short_halt: bool = False) -> FireSheet:
    """The worksheet of one firer's shot at one target, before the die (MW4 6.0); `mode` picks
    a secondary weapon (6.44 machine guns, 6.45 infantry anti-tank attack).  `overrun`: a shot
    of an overrun firefight in one hex (12.0-12.4): range 0, no line of sight needed, earlier
    fire and moves do not matter, panicked units fire, terrain only as 12.1 allows.  `element`
    ("d1" or "d2"): one element of a vehicular platoon's split fire, on that strength (6.93).
    `short_halt`: a stabilised tank halting mid-move to fire, -2 on the die (19.3, 19.31)."""
    f, t = game.units.get(firer_id), game.units.get(target_id)
    # reasons name the target only as "the target": a side's view must not read the enemy's ids
    if f is None or t is None:
        return FireSheet(firer_id, target_id, False, f"no unit {firer_id if f is None else target_id!r}")
    no = lambda reason, rule="": FireSheet(firer_id, target_id, False, reason, rule)   # noqa: E731
    ft, tt = game.unit_type(f), game.unit_type(t)
    carrier = game.units.get(f.carried_by) if f.carried_by else None
    if not f.on_map or (f.carried_by and carrier is None):
        return no(f"{f.id} is not on the map to fire")
    if carrier is not None:
        problem = _mounted_fire_problem(game, f, carrier)
        if problem:
            return no(*problem)
    if ft["attack"] <= 0 or ft["weapons_class"] == "none":
        return no(f"{f.id} has no attack strength", "MW4 6.42")
    if f.marks.panicked and not overrun:                  # 12.4: the overrun may fire
        return no(f"{f.id} is panicked", "MW4 6.11")
    if f.fired and not overrun:                     # 12.2
        return no(f"{f.id} has already fired this turn", "MW4 6.13")
    if f.moved and not overrun and not (short_halt and f.paused):
        return no(f"{f.id} has moved this turn: a unit moves or fires", "MW4 4.1")
    if f.side == t.side:
        return no("the target is on the same side")
    if not t.on_map or t.carried_by:
        return no("the target is not on the map")
    if shielded(game, t) and not overrun:
        return no("the target is part of the infantry it stands with: fire at that unit", "MW4 19.613")
    if mode not in MODES:
        return no(f"unknown weapon {mode!r} (main, mg, infantry_h)")
    state = strength_state(f)
    if element is not None:
        problem = split_problem(game, f, [element])
        if problem:
            return no(problem, "MW4 6.93")
        state = element
    d = hex_distance(f.hex, t.hex)
    reach = {"main": ft["range"], "mg": 3, "infantry_h": 2}[mode]
    if carrier is not None and game.unit_type(carrier).get("mounted_fire") == "port":
        reach = min(reach, 1)                            # 9.51: through the firing ports, 1 hex
    if mode == "mg" and (ft["role"] not in MG_ROLES or ft["move_class"] == "foot" or tt["target"] != "soft"):
        return no("machine guns: tanks, tank destroyers and APCs, at soft targets", "MW4 6.44")
    if mode == "infantry_h" and (ft["move_class"] != "foot" or tt["target"] not in ("hard", "protected")):
        return no("the close-in H attack is infantry's, against vehicles", "MW4 6.45")
    night_reach = game.rules.tables["night"].section("entry")["weapons"]["range"] if game.night else None
    if night_reach is not None and d > night_reach:
        return no(f"at night no weapon reaches beyond {night_reach} hexes; the target is {d} away", "MW4 19.74")
    if d > reach and tt["target"] != "helicopter":           # flak reaches by its own table (17.31)
        return no(f"the target is {d} hexes away; {f.id} reaches {reach}", "MW4 6.0 step 1")
    if overrun and d != 0:
        return no("an overrun firefight is fought in one hex", "MW4 12.0")
    heli = {u.id: game.unit_type(u)["move_class"] == "helicopter" for u in (f, t)}
    next_to_heli = tt["target"] == "helicopter" and d <= 1           # 17.32: adjacent, always
    close_in = point_blank(game, f, d)                               # 17.23
    if not overrun and not next_to_heli and not close_in and not sight.line_of_sight(Eye(f.hex, heli[f.id], True), Eye(t.hex, heli[t.id], t.fired)).clear:
        return no(f"no clear line of sight from {f.id} to the target", "MW4 6.41")
    target = tt["target"]
    stacked_shot = close_in and d == 0
    if stacked_shot:
        d = 1                     # 17.23: a unit in its own hex is one hex away
    if target == "helicopter":
        return anti_helicopter(game, f, t, d, mode, no)
    wc = ft["weapons_class"]
    if wc == "dual":        # G at vehicles while its missiles last, else its conventional weapon (6.87, 6.88)
        wc = "G" if target in ("hard", "protected") and not f.marks.g_spent and mode == "main" else \
            ("R" if ft["move_class"] == "foot" else "M")
    elif wc == "G" and mode == "main":
        if f.marks.g_spent:
            return no(f"{f.id} has spent its missiles", "MW4 6.84")
        if target not in ("hard", "protected"):
            return no("G class fires only at vehicles", "MW4 6.85")
    if wc != "G" and mode == "main" and f.marks.ammo_level <= 0 and game.option("ammunition") != "none":
        return no(f"{f.id} is out of ammunition", "MW4 6.87")
    if wc == "G" and mode == "main" and d < ft.get("min_range", 0):
        return no(f"{f.id}'s missiles need {ft['min_range']} hexes at least", "MW4 6.86")
    sheet = FireSheet(firer_id, target_id, True, g_fire=wc == "G" and mode == "main")
    add = sheet.lines.append
    if element is not None:
        add(("split fire", f"one {element.upper()} element of the platoon", "MW4 6.93"))
    add(("range", f"{d} hexes, {d * HEX_METRES} m (of {reach})", "MW4 6.0 step 1, 1.0") if not stacked_shot else
        ("range", "1 hex: a unit in the helicopter's own hex", "MW4 17.23"))
    add(("target type", target, "MW4 6.0 step 2"))
    if mode == "infantry_h":
        return _infantry_h(game, f, sheet, d)
    attack = ft["attack"]
    if mode == "mg":
        attack, wc = 2, "R"
        add(("attack strength", "2 (machine guns, 2R3)", "MW4 6.44"))
    else:
        add(("attack strength", f"{attack} ({ft['weapons_class']} class" +
             (f", firing as {wc}" if wc != ft["weapons_class"] else "") + ")", "MW4 3.4"))
    if wc == "H" and f.steps_lost and target in ("hard", "protected"):
        attack = max(1, attack - f.steps_lost)
        add(("losses", f"-{f.steps_lost} H for steps lost, at least 1: {attack}", "MW4 7.16"))
    moving_carrier = carrier is not None and (carrier.moved or carrier.paused)
    if moving_carrier and game.unit_type(carrier).get("mounted_fire") == "open":
        attack = attack // 2
        add(("mounted fire", f"halved, its carrier has moved this turn: {attack}", "MW4 9.55"))
    suppression = suppression_of(game, f)
    if suppression:
        per, rule = suppression_loss(ft)
        attack -= per * suppression
        riding = " (its carrier's, 7.31)" if suppression > f.marks.suppression else ""
        add(("firer suppressed", f"S{suppression}{riding}: -{per * suppression}", rule))
    h_class = wc == "H"
    if h_class and mode == "main" and not overrun and element is None:
        sheet.whole_hex = True
        add(("tight pattern", "every unit in the target hex is attacked separately", "MW4 6.43, 6.82"))
    suppressive = wc == "R" and target in ("hard", "protected")       # 6.10
    if suppressive and d > 3:
        return no(f"R class fire at vehicles reaches 3 hexes; the target is {d} away", "MW4 6.10")
    if suppressive:
        superiority = attack - tt["defense"]
        add(("attack superiority", f"{attack} - defense {tt['defense']} = {superiority:+d}: suppressive fire at a "
             "vehicle, on the Anti-Personnel CRT; any effect is S1", "MW4 6.10"))
    elif not h_class:
        rows = game.rules.tables["attenuation"].section("entry")
        row = rows.get(f"{target}_{wc}")
        if row is None:
            raise RulesetError(f"no row for {target} targets and {wc} class", file="attenuation.toml")
        mod = row["by_range"][min(d, len(row["by_range"]) - 1)]
        attack += mod
        add(("range attenuation", f"{mod:+d} at {d} hexes: {attack}", "MW4 6.0 step 3"))
        superiority = attack - tt["defense"]
        add(("attack superiority", f"{attack} - defense {tt['defense']} = {superiority:+d}", "MW4 6.0 step 3"))
    else:
        superiority = attack
        add(("attack superiority", f"{attack}: H class, no attenuation and no defense deducted", "MW4 6.43"))
    die_mod = 0
    if suppressive:
        key = "anti_personnel"
    elif target in ("hard", "protected"):
        key = "anti_armor_d2" if h_class or f.marks.in_column else f"anti_armor_{state}"
        if f.marks.in_column and not h_class:
            add(("firer in column", "fires on the D2 table", "MW4 8.14"))
    else:
        key = "anti_personnel"
        firer_mod = {"full": 0, "d1": -1, "d2": -2}["d2" if f.marks.in_column else state]
        if firer_mod:
            die_mod += firer_mod
            add(("firer's losses", f"{firer_mod:+d} against a soft target", "MW4 6.7"))
    options = overrun_terrain(game, t) if overrun else covering_terrain(game, sight, f, t, h_class)
    if not overrun and not h_class and any(o.kind == "smoke" and o.hex == t.hex for o in game.map.overlays):
        options.append((-2, "smoke in its hex", "MW4 18.12"))          # not with terrain: the best only
    if overrun and not options:
        add(("terrain", "ignored in an overrun", "MW4 12.1"))
    elif options and target == "soft" and t.moved and not overrun:     # dismounting is moving too (9.31, 9.33)
        add(("terrain", "none: a soft target that moved loses its cover", "MW4 8.4"))
    elif options and h_class and target == "hard":
        add(("terrain", "none for H class fire at a hard target", "MW4 10.22"))
    elif options:
        best = min(options)
        die_mod += best[0]
        others = f"; not also {', '.join(o[1] for o in options if o is not best)}" if len(options) > 1 else ""
        add(("terrain", f"{best[0]:+d} for {best[1]} (the best one only{others})", f"{best[2]}, 10.25"))
    if not overrun and devastated(game, t):
        die_mod -= 1
        add(("devastation", "-1 for infantry in a devastated hex", "MW4 7.19"))
    if wrecked(game, t.hex):
        die_mod -= 1
        add(("wreck", "-1: a wreck lies in the target's hex", "MW4 19.52"))
    if t.marks.in_column:
        die_mod += 2
        add(("target in column", "+2", "MW4 8.14"))
    if overrun and town_assault_bonus(game, f, t):
        die_mod += 2
        add(("engineers", "+2: an engineer with it in a town close assault", "MW4 19.616"))
    if short_halt:
        die_mod += SHORT_HALT_DRM
        add(("short halt", f"{SHORT_HALT_DRM:+d}: fired from a short halt in its move", "MW4 19.31"))
    read_table(game, sheet, key, superiority, die_mod)
    if suppressive:         # 6.10: whatever the table says, a vehicle is only suppressed
        sheet.cells = tuple("-" if c == "-" else "S1" for c in sheet.cells)
    return sheet


def covering_terrain(game: Game, sight, f: UnitState, t: UnitState, h_class: bool) -> list[tuple[int, str, str]]:
    """Every terrain benefit the target could claim against this firer (MW4 10.2-10.3), as
    (die modifier, what, rule); the caller keeps the best one only (10.25).
    * the target's hex: woods, town... from the Terrain Effects Chart (10.21);
    * defilade, -3: a hilltop hex, or behind a slope, crest or embankment hexside the line of
      fire crosses into its hex -- a slope only shields the unit above it, a crest or an
      embankment either side (10.21, 10.24); none when fired on from higher ground (10.45),
      and crests never against H class fire (10.22);
    * an improved position, -3 as defilade, for dismounted personnel and guns (11.1, 11.2);
    * fired on down a slope into its lower hex: -2 for hard targets, -1 for protected and
      soft ones, none for vehicles when the firer is two or more levels higher (10.31, 10.32).
    """
    rules, elev = game.rules, sight.elev
    out: list[tuple[int, str, str]] = []
    terrain = rules.terrain_types[game.map.terrain[t.hex]]
    if terrain["cover"]:
        out.append((terrain["cover"], terrain["label"].lower(), "MW4 6.6, 10.21"))
    here, there = elev[t.hex], elev[f.hex]
    if loses_ground_cover(game, f):       # 17.24: the helicopter sees over slopes and crests
        if t.marks.defilade is not None and _behind_marker(t, f):
            out.append((-3, "a defilade marker", "MW4 10.5"))
        return out
    entry = crossing_plan(t.hex - f.hex).entry_side
    side = Hexside(entry.a + f.hex, entry.b + f.hex) if entry is not None else None
    feats = game.map.features(side) if side is not None else {}
    if there <= here:                                               # 10.45
        if all(elev.get(n, here) < here for n in game.map.on_map_neighbours(t.hex)):
            out.append((-3, "a hilltop (defilade)", "MW4 10.21"))
        for kind, high in feats.items():
            if rules.hexside_features[kind]["obstruction_level"] <= 0:
                continue
            if rules.hexside_features[kind]["draw"] == "slope" and high != t.hex:
                continue                         # below a slope: 10.31 below, not defilade
            if kind == "crest" and h_class:
                continue                         # 10.22
            out.append((-3, f"behind a {rules.hexside_features[kind]['label'].lower()} hexside (defilade)",
                        "MW4 10.21, 10.24"))
    if dug_in(game, t):
        out.append((-3, "an improved position (as defilade)", "MW4 11.2"))
    if t.marks.suppression and is_motorcycle(game, t):
        out.append((-3, "a suppressed motorcycle (as defilade)", "MW4 19.621"))
    if t.marks.defilade is not None and _behind_marker(t, f):
        out.append((-3, "a defilade marker" + (" (infantry: all round)" if t.marks.defilade == ALL_ROUND else ""),
                    "MW4 10.5, 10.52" if t.marks.defilade == ALL_ROUND else "MW4 10.5"))
    for kind, high in feats.items():
        if rules.hexside_features[kind]["draw"] == "slope" and high is not None and high != t.hex:
            vehicle = game.unit_type(t)["move_class"] != "foot"
            if vehicle and there - here >= 2:
                continue                         # 10.31: no help to vehicles against fire from far above
            mod = -2 if game.unit_type(t)["target"] == "hard" else -1
            out.append((mod, "fire down a slope into its hex", "MW4 10.31, 10.32"))
    return out


def _mounted_fire_problem(game: Game, f: UnitState, carrier: UnitState) -> tuple[str, str] | None:
    """Why a passenger may not fire from its carrier now (9.2, 9.4-9.5), or None."""
    kind = game.unit_type(carrier).get("mounted_fire")
    if not game.unit_type(carrier)["carries"]:
        return f"{f.id} rides on {carrier.id}: infantry on a tank does not fire", "MW4 9.2"
    if not kind:
        return f"{f.id} is aboard {carrier.id}, which has no firing ports or hatches: dismount first", "MW4 9.4"
    if any(v.carried_by == carrier.id and v.fired and v.id != f.id for v in game.units.values()):
        return f"one passenger unit of {carrier.id} has fired already this turn", "MW4 9.51-9.53"
    return None


def _behind_marker(t: UnitState, f: UnitState) -> bool:
    """Whether fire from f comes through the marker's facing hexside or the two beside it
    (MW4 10.5): within 90 degrees of the facing, measured on the hex lattice."""
    if t.marks.defilade == ALL_ROUND:
        return True
    face, toward = DIRECTIONS[t.marks.defilade], f.hex - t.hex
    flat = lambda h: (h.q + h.r / 2, h.r * 0.8660254037844386)          # noqa: E731  (a similarity)
    (ax, ay), (bx, by) = flat(face), flat(toward)
    return ax * bx + ay * by >= -1e-9          # on the edge between two hexsides: the defender's


def _infantry_h(game: Game, f: UnitState, sheet: FireSheet, d: int) -> FireSheet:
    """MW4 6.45: 6H, -3 at 1 (or 2) hexes, -1 a step lost (7.16), -3 a suppression level (7.6);
    the D2 table, no defense deducted, no terrain."""
    add = sheet.lines.append
    strength = 6
    add(("attack strength", "6H close-in attack on a vehicle", "MW4 6.45"))
    if d >= 1:
        strength -= 3
        add(("range", f"-3 at {d} hex{'es' if d > 1 else ''}", "MW4 6.45"))
    if f.steps_lost:
        strength -= f.steps_lost
        add(("losses", f"-{f.steps_lost} for the firer's steps lost", "MW4 7.16"))
    suppression = suppression_of(game, f)
    if suppression:
        strength -= 3 * suppression
        add(("firer suppressed", f"S{suppression}: -{3 * suppression}", "MW4 7.6"))
    add(("attack superiority", f"{strength:+d}: H class, no defense deducted, terrain ignored", "MW4 6.43, 6.45"))
    read_table(game, sheet, "anti_armor_d2", strength, 0)
    return sheet
